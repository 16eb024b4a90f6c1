/* repair_rmw.c -- see repair_rmw.h. */
#include "repair_rmw.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "repair_lex.h"

repair_lang repair_lang_of(const char *path)
{
    const char *dot = strrchr(path, '.');
    if (dot && (!strcmp(dot, ".cu") || !strcmp(dot, ".cuh")))
        return REPAIR_LANG_CUDA;
    if (dot && !strcmp(dot, ".cl"))
        return REPAIR_LANG_OPENCL;
    return REPAIR_LANG_OTHER;
}

/* One statement's tokens and what it does. */
typedef struct rmw {
    const char *s;
    const rlex_toks *t;
    int lo, semi;           /* the statement: tokens [lo, semi), t[semi] is ';' */
    int lhs0, lhs1;         /* LHS: tokens [lhs0, lhs1) */
    int rhs0, rhs1;         /* RHS: [rhs0, rhs1), empty for ++ and -- */
    int op0, op1;           /* the operator's tokens: where the access must be */
    int copy0;              /* LHS = LHS op RHS: the read LHS's first token, else -1 */
    char op;                /* + - | & ^, or 'i' / 'd' for ++ / -- */
} rmw;

/* The first token of the statement holding token i, or -1 when token i
 * lies inside parentheses (an argument, a condition) rather than in an
 * expression statement of its own. */
static int statement_start(const char *s, const rlex_toks *t, int i)
{
    int depth = 0;
    for (int k = i; k > 0; k--) {
        const rlex_tok *p = &t->v[k - 1];
        if (depth == 0 && (rlex_punct(s, p, ';') || rlex_punct(s, p, '{') || rlex_punct(s, p, '}') ||
                           rlex_punct(s, p, ':') || rlex_is(s, p, "else") || rlex_is(s, p, "do")))
            return k;
        if (depth == 0 && rlex_punct(s, p, ')')) { /* the header of if/while/for? */
            int o = rlex_open_of(s, t, k - 1);
            if (o > 0 && (rlex_is(s, &t->v[o - 1], "if") || rlex_is(s, &t->v[o - 1], "while") ||
                          rlex_is(s, &t->v[o - 1], "for")))
                return k;
        }
        if (rlex_closes(s, p))
            depth++;
        else if (rlex_opens(s, p) && --depth < 0)
            return -1;
    }
    return 0;
}

/* The ';' ending the statement from token i at depth 0, or -1. */
static int statement_end(const char *s, const rlex_toks *t, int i)
{
    int depth = 0;
    for (int k = i; k < t->n; k++) {
        const rlex_tok *x = &t->v[k];
        if (depth == 0 && (rlex_punct(s, x, ';')))
            return k;
        if (depth == 0 && (rlex_punct(s, x, ',') || rlex_punct(s, x, '{')))
            return -1;
        if (rlex_opens(s, x))
            depth++;
        else if (rlex_closes(s, x) && --depth < 0)
            return -1;
    }
    return -1;
}

/* An lvalue of names, subscripts, member accesses, leading '*'s. */
static int lvalue(const char *s, const rlex_toks *t, int a, int b)
{
    while (a < b && rlex_punct(s, &t->v[a], '*'))
        a++;
    if (a >= b || !t->v[a].ident)
        return 0;
    int depth = 0, prev_ident = 0;
    for (int k = a; k < b; k++) {
        const rlex_tok *x = &t->v[k];
        if (rlex_opens(s, x))
            depth++;
        else if (rlex_closes(s, x) && --depth < 0)
            return 0;
        if (depth > 0 || rlex_closes(s, x) || rlex_opens(s, x)) {
            prev_ident = 0;
            continue;
        }
        if (x->ident && prev_ident)
            return 0; /* `int x`: a declaration */
        if (!x->ident && !rlex_punct(s, x, '.') && !rlex_is(s, x, "->") && !rlex_is(s, x, "::"))
            return 0;
        prev_ident = x->ident;
    }
    return depth == 0;
}

static int same_spelling(const char *s, const rlex_toks *t, int a, int b, int c)
{
    if (c + (b - a) > t->n)
        return 0;
    for (int k = 0; k < b - a; k++) {
        const rlex_tok *x = &t->v[a + k], *y = &t->v[c + k];
        if (x->len != y->len || memcmp(s + x->off, s + y->off, x->len))
            return 0;
    }
    return 1;
}

static int is_rmw_op(char c)
{
    return c == '+' || c == '-' || c == '|' || c == '&' || c == '^';
}

/* RHS of `LHS = LHS op RHS` may not hold a top-level operator that binds
 * as loosely as op: `x = x - a + b` is not x -= (a + b). */
static int tight(const char *s, const rlex_toks *t, int a, int b)
{
    int depth = 0;
    for (int k = a; k < b; k++) {
        const rlex_tok *x = &t->v[k];
        if (rlex_opens(s, x))
            depth++;
        else if (rlex_closes(s, x))
            depth--;
        else if (depth == 0 && x->len == 1 && strchr("+-|&^?<>=,!", s[x->off]))
            return 0;
    }
    return a < b;
}

/* `LHS op= RHS` or `LHS = LHS op RHS` with the '=' at token e. */
static int assignment(rmw *m, int e)
{
    const char *s = m->s;
    const rlex_toks *t = m->t;
    const rlex_tok *eq = &t->v[e];
    if (e + 1 < m->semi && rlex_punct(s, &t->v[e + 1], '=') && rlex_adjacent(eq, &t->v[e + 1]))
        return 0; /* == */
    const rlex_tok *prev = e > m->lo ? &t->v[e - 1] : NULL;
    if (prev && rlex_adjacent(prev, eq) && prev->len == 1) {
        char c = s[prev->off];
        if (!is_rmw_op(c) || (e - 1 > m->lo && rlex_adjacent(&t->v[e - 2], prev) &&
                              t->v[e - 2].len == 1 && strchr("+-|&^<>=!", s[t->v[e - 2].off])))
            return 0; /* <=, >=, !=, <<=, ... */
        *m = (rmw){s, t, m->lo, m->semi, m->lo, e - 1, e + 1, m->semi, e - 1, e + 1, -1, c};
        return lvalue(s, t, m->lhs0, m->lhs1) && m->rhs0 < m->rhs1;
    }
    int n = e - m->lo, c = e + 1, o = c + n;
    if (n <= 0 || o + 1 >= m->semi || !same_spelling(s, t, m->lo, e, c) ||
        !lvalue(s, t, m->lo, e))
        return 0;
    const rlex_tok *op = &t->v[o];
    if (op->len != 1 || !is_rmw_op(s[op->off]) ||
        (rlex_adjacent(op, &t->v[o + 1]) && t->v[o + 1].len == 1 &&
         (s[t->v[o + 1].off] == s[op->off] || s[t->v[o + 1].off] == '=')))
        return 0; /* x = x ++ ..., x = x && ... */
    if (!tight(s, t, o + 1, m->semi))
        return 0;
    *m = (rmw){s, t, m->lo, m->semi, m->lo, e, o + 1, m->semi, e, e + 1, c, s[op->off]};
    return 1;
}

/* `++LHS`, `LHS++` and the same with --. */
static int increment(rmw *m)
{
    const char *s = m->s;
    const rlex_toks *t = m->t;
    const rlex_tok *v = t->v;
    if (m->semi - m->lo < 3)
        return 0;
    int pre = m->lo, post = m->semi - 2;
    for (int k = 0; k < 2; k++) {
        int a = k == 0 ? pre : post;
        char c = s[v[a].off];
        if (v[a].len != 1 || (c != '+' && c != '-') || v[a + 1].len != 1 ||
            s[v[a + 1].off] != c || !rlex_adjacent(&v[a], &v[a + 1]))
            continue;
        int l0 = k == 0 ? pre + 2 : m->lo, l1 = k == 0 ? m->semi : post;
        if (!lvalue(s, t, l0, l1))
            continue;
        *m = (rmw){s, t, m->lo, m->semi, l0, l1, 0, 0, a, a + 2, -1, c == '+' ? 'i' : 'd'};
        return 1;
    }
    return 0;
}

static int classify(rmw *m)
{
    int depth = 0;
    for (int k = m->lo; k < m->semi; k++) {
        const rlex_tok *x = &m->t->v[k];
        if (rlex_opens(m->s, x))
            depth++;
        else if (rlex_closes(m->s, x))
            depth--;
        else if (depth == 0 && rlex_punct(m->s, x, '='))
            return assignment(m, k);
    }
    return increment(m);
}

static const char *atomic_name(repair_lang lang, char op)
{
    static const char ops[] = "+-|&^id";
    static const char *const cuda[] = {"atomicAdd", "atomicSub", "atomicOr", "atomicAnd",
                                       "atomicXor", "atomicAdd", "atomicSub"};
    static const char *const cl[] = {"atomic_add", "atomic_sub", "atomic_or", "atomic_and",
                                     "atomic_xor", "atomic_inc", "atomic_dec"};
    const char *at = strchr(ops, op);
    if (!at || !op)
        return NULL;
    return lang == REPAIR_LANG_CUDA ? cuda[at - ops] : lang == REPAIR_LANG_OPENCL ? cl[at - ops]
                                                                                   : NULL;
}

/* The text of tokens [a, b) as written (comments and spacing kept). */
static void span(const rmw *m, int a, int b, const char **p, int *n)
{
    *p = m->s + m->t->v[a].off;
    *n = (int)(m->t->v[b - 1].off + m->t->v[b - 1].len - m->t->v[a].off);
}

static char *replacement(const rmw *m, repair_lang lang)
{
    const char *name = atomic_name(lang, m->op);
    if (!name)
        return NULL;
    const char *l, *r = "1";
    int ln, rn = 1;
    span(m, m->lhs0, m->lhs1, &l, &ln);
    if (m->rhs0 < m->rhs1)
        span(m, m->rhs0, m->rhs1, &r, &rn);
    int unary = lang == REPAIR_LANG_OPENCL && (m->op == 'i' || m->op == 'd');
    size_t size = strlen(name) + (size_t)ln + (size_t)rn + 8;
    char *out = malloc(size);
    if (!out)
        return NULL;
    if (unary)
        snprintf(out, size, "%s(&%.*s)", name, ln, l);
    else
        snprintf(out, size, "%s(&%.*s, %.*s)", name, ln, l, rn, r);
    return out;
}

int repair_rmw_at(const repair_src *s, int file, int line, int col, repair_lang lang,
                  repair_tok *range, char **text)
{
    *text = NULL;
    if (lang == REPAIR_LANG_OTHER || file < 0 || file >= s->nfiles)
        return 0;
    const char *txt = s->files[file].text;
    const rlex_toks *t = &s->files[file].toks;
    int i = rlex_at(t, line, col), found = 0;
    rmw m = {txt, t, -1, -1, 0, 0, 0, 0, 0, 0, -1, 0};
    if (i >= 0) {
        m.lo = statement_start(txt, t, i);
        m.semi = m.lo >= 0 ? statement_end(txt, t, i) : -1;
    }
    if (m.semi > m.lo && m.lo >= 0 && classify(&m) &&
        ((i >= m.op0 && i < m.op1) || i == m.copy0)) {
        const rlex_tok *a = &t->v[m.lo], *z = &t->v[m.semi - 1];
        *range = (repair_tok){RTOK_RMW_STMT, file, a->off, z->off + z->len - a->off,
                              a->line, a->col, 0};
        *text = replacement(&m, lang);
        found = *text ? 1 : -1;
    }
    return found;
}
