/* repair_lex.c -- see repair_lex.h. */
#include "repair_lex.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static int toks_push(rlex_toks *t, rlex_tok k)
{
    if (t->n == t->cap) {
        int cap = t->cap ? t->cap * 2 : 256;
        rlex_tok *v = realloc(t->v, (size_t)cap * sizeof *v);
        if (!v)
            return -1;
        t->v = v;
        t->cap = cap;
    }
    t->v[t->n++] = k;
    return 0;
}

static int is_id0(int c) { return isalpha(c) || c == '_'; }

int rlex_is_id(int c) { return isalnum(c) || c == '_'; }

/* Skip a comment, string or character literal at p; returns the new p. */
size_t rlex_skip(const char *s, size_t p, size_t end, int *line,
                         size_t *bol)
{
    if (s[p] == '/' && p + 1 < end && s[p + 1] == '/') {
        while (p < end && s[p] != '\n')
            p++;
        return p;
    }
    if (s[p] == '/' && p + 1 < end && s[p + 1] == '*') {
        for (p += 2; p + 1 < end && !(s[p] == '*' && s[p + 1] == '/'); p++)
            if (s[p] == '\n') {
                (*line)++;
                *bol = p + 1;
            }
        return p + 2 <= end ? p + 2 : end;
    }
    char q = s[p];
    for (p++; p < end && s[p] != q && s[p] != '\n'; p++)
        if (s[p] == '\\')
            p++;
    return p < end ? p + 1 : end;
}

/* Tokenize s[begin, end).  Directive lines are skipped unless `all`. */
int rlex_lex(const char *s, size_t begin, size_t end, int all, rlex_toks *out)
{
    int line = 1;
    size_t bol = 0;
    for (size_t i = 0; i < begin; i++)
        if (s[i] == '\n') {
            line++;
            bol = i + 1;
        }
    int at_bol = 1;
    for (size_t p = begin; p < end;) {
        int c = (unsigned char)s[p];
        if (c == '\n') {
            line++;
            bol = ++p;
            at_bol = 1;
        } else if (isspace(c)) {
            p++;
        } else if (c == '/' && p + 1 < end && (s[p + 1] == '/' || s[p + 1] == '*')) {
            p = rlex_skip(s, p, end, &line, &bol);
        } else if (c == '"' || c == '\'') {
            p = rlex_skip(s, p, end, &line, &bol);
            at_bol = 0;
        } else if (c == '#' && at_bol && !all) {
            while (p < end && !(s[p] == '\n' && s[p - 1] != '\\'))
                p++;
        } else {
            rlex_tok t = {p, 1, line, (int)(p - bol) + 1, 0};
            if (is_id0(c)) {
                while (p + t.len < end && rlex_is_id((unsigned char)s[p + t.len]))
                    t.len++;
                t.ident = 1;
            } else if (isdigit(c)) {
                while (p + t.len < end && rlex_is_id((unsigned char)s[p + t.len]))
                    t.len++;
            } else if (c == ':' && p + 1 < end && s[p + 1] == ':') {
                t.len = 2;
            } else if (c == '-' && p + 1 < end && s[p + 1] == '>') {
                t.len = 2;
            }
            if (toks_push(out, t) != 0)
                return -1;
            p += t.len;
            at_bol = 0;
        }
    }
    return 0;
}

int rlex_is(const char *s, const rlex_tok *t, const char *w)
{
    return t->len == strlen(w) && memcmp(s + t->off, w, t->len) == 0;
}

int rlex_find(const rlex_toks *t, int line, int col)
{
    for (int i = 0; i < t->n; i++)
        if (t->v[i].line > line || (t->v[i].line == line && t->v[i].col >= col))
            return i;
    return -1;
}

int rlex_punct(const char *s, const rlex_tok *t, char c)
{
    return t->len == 1 && s[t->off] == c;
}

int rlex_adjacent(const rlex_tok *a, const rlex_tok *b)
{
    return a->off + a->len == b->off;
}

int rlex_opens(const char *s, const rlex_tok *t)
{
    return rlex_punct(s, t, '(') || rlex_punct(s, t, '[') || rlex_punct(s, t, '{');
}

int rlex_closes(const char *s, const rlex_tok *t)
{
    return rlex_punct(s, t, ')') || rlex_punct(s, t, ']') || rlex_punct(s, t, '}');
}

int rlex_open_of(const char *s, const rlex_toks *t, int k)
{
    int depth = 0;
    for (int i = k; i >= 0; i--) {
        if (rlex_closes(s, &t->v[i]))
            depth++;
        else if (rlex_opens(s, &t->v[i]) && --depth == 0)
            return i;
    }
    return -1;
}

int rlex_close_of(const char *s, const rlex_toks *t, int k)
{
    int depth = 0;
    for (int i = k; i < t->n; i++) {
        if (rlex_opens(s, &t->v[i]))
            depth++;
        else if (rlex_closes(s, &t->v[i]) && --depth == 0)
            return i;
    }
    return -1;
}

int rlex_at(const rlex_toks *t, int line, int col)
{
    int k = rlex_find(t, line, col);
    return k >= 0 && t->v[k].line == line && t->v[k].col == col ? k : -1;
}

int rlex_file(const char *text, size_t len, rlex_toks *out)
{
    memset(out, 0, sizeof *out);
    if (rlex_lex(text, 0, len, 0, out) == 0)
        return 0;
    free(out->v);
    memset(out, 0, sizeof *out);
    return -1;
}
