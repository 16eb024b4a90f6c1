/*
 * fe_ast.h -- small helpers over the libclang C API.
 *
 * libclang 14 exposes neither operator kinds nor cast kinds, so this module
 * recovers operators from tokens: the frontend first rewrites macro
 * invocations inside function bodies into their expansions (fe_pp.h), so
 * every operator it lowers is a real token of a file.  A per-file token
 * cache (fe_toks) makes each lookup a binary search.
 *
 * Contract: functions returning int give 0 on success and < 0 when the
 * answer cannot be determined; they never record errors themselves (the
 * caller knows what it was looking for and reports it).
 */
#ifndef GPUMC_FE_AST_H
#define GPUMC_FE_AST_H

#include <clang-c/Index.h>
#include <stddef.h>

typedef struct fe_tokfile {
    CXFile file;
    CXToken *toks;
    unsigned n;
    unsigned *off;   /* start offset of each token */
    unsigned *end;   /* end offset of each token */
} fe_tokfile;

typedef struct fe_toks {
    CXTranslationUnit tu;
    fe_tokfile *files;
    int n, cap;
} fe_toks;

void fe_toks_free(fe_toks *t);

/* Children of a cursor in source order. */
typedef struct fe_kids {
    CXCursor *v;
    int n, cap;
} fe_kids;

/* Only expressions and statements (skips TypeRef, attributes, ...). */
int fe_kids_code(CXCursor c, fe_kids *k);
/* Everything clang_visitChildren yields. */
int fe_kids_all(CXCursor c, fe_kids *k);
void fe_kids_free(fe_kids *k);

/* The spelling of a binary or compound-assignment operator ("+", "<<=").*/
int fe_binop(fe_toks *t, CXCursor e, char op[4]);
/* The spelling of a unary operator; *postfix for x++ / x--. */
int fe_unop(fe_toks *t, CXCursor e, char op[4], int *postfix);
/* The token spellings of a cursor's extent joined by single spaces. */
int fe_extent_text(fe_toks *t, CXCursor e, char *out, size_t n);

/* Integer value of a constant expression. */
int fe_eval_int(CXCursor e, long long *v, int *is_unsigned);
/* Floating value of a constant expression. */
int fe_eval_float(CXCursor e, double *v);

/* Skip ParenExpr and single-child UnexposedExpr wrappers. */
CXCursor fe_strip(CXCursor e);
/* Skip ParenExpr only. */
CXCursor fe_strip_parens(CXCursor e);

/* Canonical type with typedefs, elaboration and attributes removed. */
CXType fe_canon(CXType t);
/* Is t (canonically) an array / pointer / record / function type? */
int fe_is_array(CXType t);
int fe_is_pointer(CXType t);
int fe_is_record(CXType t);
int fe_is_function(CXType t);

/* malloc'd cursor spelling (never NULL unless OOM). */
char *fe_spelling(CXCursor c);
/* Same cursor (by canonical declaration)? */
int fe_same_decl(CXCursor a, CXCursor b);
/* Is the cursor declared in a system header or a prelude file? */
int fe_in_system(CXCursor c);

#endif
