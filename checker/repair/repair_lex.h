/*
 * repair_lex.h -- the lexical view of C, CUDA and OpenCL source that the
 * repair works on.
 *
 * Contract: rlex_lex() splits text into identifiers, numbers and
 * punctuation (one character each, except `::` and `->`), each with its
 * byte offset and 1-based line and byte column; comments and string and
 * character literals are skipped, and so are preprocessor directive lines
 * unless `all`.  It fails only when memory runs out (-1).  The caller owns
 * the token array (free(toks.v)).
 */
#ifndef GPUMC_REPAIR_LEX_H
#define GPUMC_REPAIR_LEX_H

#include <stddef.h>

typedef struct rlex_tok {
    size_t off, len;
    int line, col;
    int ident;           /* 1: identifier */
} rlex_tok;

typedef struct rlex_toks {
    rlex_tok *v; int n, cap;
} rlex_toks;

/* Tokenize s[begin, end) (lines counted from the start of s). */
int rlex_lex(const char *s, size_t begin, size_t end, int all, rlex_toks *out);
/* Skip the comment, string or character literal at s[p]; returns the
 * offset after it, counting lines in *line and their starts in *bol. */
size_t rlex_skip(const char *s, size_t p, size_t end, int *line, size_t *bol);
/* 1 if c may continue an identifier. */
int rlex_is_id(int c);
/* 1 if token t of s is spelled w. */
int rlex_is(const char *s, const rlex_tok *t, const char *w);
/* The first token at or after line:col, or -1. */
int rlex_find(const rlex_toks *t, int line, int col);
/* The token exactly at line:col, or -1. */
int rlex_at(const rlex_toks *t, int line, int col);
/* A whole file's tokens (no directives) into *out; -1 (and nothing to
 * free) when memory runs out. */
int rlex_file(const char *text, size_t len, rlex_toks *out);
/* 1 if token t is the one punctuation character c. */
int rlex_punct(const char *s, const rlex_tok *t, char c);
/* 1 if b follows a with nothing between them (`+=` is two tokens). */
int rlex_adjacent(const rlex_tok *a, const rlex_tok *b);
/* 1 if t is ( [ or {; rlex_closes: ) ] or }. */
int rlex_opens(const char *s, const rlex_tok *t);
int rlex_closes(const char *s, const rlex_tok *t);
/* The bracket matching the closing one at index k / the opening one at
 * index k, or -1. */
int rlex_open_of(const char *s, const rlex_toks *t, int k);
int rlex_close_of(const char *s, const rlex_toks *t, int k);

#endif
