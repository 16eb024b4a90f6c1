/* repair_insert.c -- see repair_insert.h. */
#include "repair_insert.h"

#include <stdio.h>
#include <stdlib.h>

#include "repair_lex.h"

#define RB_MAX_NEST 64

const char *repair_insert_barrier(repair_lang lang)
{
    return lang == REPAIR_LANG_CUDA     ? "__syncthreads();"
           : lang == REPAIR_LANG_OPENCL ? "barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);"
                                        : NULL;
}

const char *repair_insert_fence(repair_lang lang, int scope)
{
    static const char *const cuda[] = {NULL, "__threadfence_block();", "__threadfence();",
                                       "__threadfence_system();"};
    static const char *const cl[] = {
        NULL,
        "atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE, "
        "memory_order_acq_rel, memory_scope_work_group);",
        "atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE, "
        "memory_order_acq_rel, memory_scope_device);",
        "atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE, "
        "memory_order_acq_rel, memory_scope_all_svm_devices);"};
    if (scope < GPUMC_SCOPE_CTA || scope > GPUMC_SCOPE_SYS)
        return NULL;
    return lang == REPAIR_LANG_CUDA ? cuda[scope] : lang == REPAIR_LANG_OPENCL ? cl[scope] : NULL;
}

/* The '{' of the blocks around token i, innermost first; their count. */
static int blocks_around(const char *s, const rlex_toks *t, int i, int *open, int max)
{
    int n = 0, depth = 0;
    for (int k = i - 1; k >= 0 && n < max; k--) {
        if (rlex_punct(s, &t->v[k], '}'))
            depth++;
        else if (rlex_punct(s, &t->v[k], '{') && depth-- == 0) {
            open[n++] = k;
            depth = 0;
        }
    }
    return n;
}

enum { BLK_PLAIN, BLK_LOOP, BLK_BRANCH, BLK_DATA };

/* What the block opened at o is the body of. */
static int block_kind(const char *s, const rlex_toks *t, int o)
{
    if (o == 0)
        return BLK_PLAIN;
    const rlex_tok *p = &t->v[o - 1];
    if (rlex_is(s, p, "else"))
        return BLK_BRANCH;
    if (rlex_is(s, p, "do"))
        return BLK_LOOP;
    if (rlex_punct(s, p, ')')) {
        int m = rlex_open_of(s, t, o - 1);
        const rlex_tok *kw = m > 0 ? &t->v[m - 1] : NULL;
        if (kw && (rlex_is(s, kw, "if") || rlex_is(s, kw, "switch")))
            return BLK_BRANCH;
        if (kw && (rlex_is(s, kw, "for") || rlex_is(s, kw, "while")))
            return BLK_LOOP;
        return BLK_PLAIN; /* a function's parameters */
    }
    if (rlex_punct(s, p, '=') || rlex_punct(s, p, ',') || rlex_punct(s, p, '(') ||
        rlex_punct(s, p, '['))
        return BLK_DATA; /* an initializer */
    return BLK_PLAIN;
}

/* Does token k end a statement (the next token does not continue it)? */
static int ends_statement(const char *s, const rlex_toks *t, int k)
{
    if (k + 1 >= t->n)
        return 1;
    const rlex_tok *n = &t->v[k + 1];
    if (rlex_is(s, n, "else") || rlex_punct(s, n, ';'))
        return 0;
    return !(rlex_punct(s, &t->v[k], '}') && rlex_is(s, n, "while")); /* do { } while */
}

/* The token ending the statement of the block opened at o that holds
 * token i, or -1; *start: its first token. */
static int statement_end_in(const char *s, const rlex_toks *t, int o, int i, int *start)
{
    int depth = 0, paren = 0;
    *start = o + 1;
    for (int k = o + 1; k < t->n; k++) {
        const rlex_tok *x = &t->v[k];
        if (rlex_punct(s, x, '(') || rlex_punct(s, x, '['))
            paren++;
        else if (rlex_punct(s, x, ')') || rlex_punct(s, x, ']'))
            paren--;
        else if (rlex_punct(s, x, '{'))
            depth++;
        else if (rlex_punct(s, x, '}')) {
            if (depth-- == 0)
                return -1; /* the block ends first */
            if (depth == 0 && paren == 0 && ends_statement(s, t, k)) {
                if (k > i)
                    return k;
                *start = k + 1;
            }
        } else if (rlex_punct(s, x, ';') && depth == 0 && paren == 0 && ends_statement(s, t, k)) {
            if (k > i)
                return k;
            *start = k + 1;
        }
    }
    return -1;
}

/* The end of the line token e ends, when only blanks or a // comment
 * follow it there (else no barrier line can go after it): its offset. */
static long line_end_after(const char *s, size_t len, const rlex_tok *e)
{
    size_t p = e->off + e->len;
    while (p < len && (s[p] == ' ' || s[p] == '\t' || s[p] == '\r'))
        p++;
    if (p + 1 < len && s[p] == '/' && s[p + 1] == '/')
        while (p < len && s[p] != '\n')
            p++;
    if (p < len && s[p] != '\n')
        return -1;
    while (p > e->off + e->len && s[p - 1] == '\r')
        p--; /* before a CRLF's CR */
    return (long)p;
}

/* The newline (the file's own: CRLF or LF), the indentation of the line
 * of token t, and the call. */
static void barrier_line(const char *s, size_t lineend, const rlex_tok *t, const char *call,
                         char *out, size_t n)
{
    size_t bol = t->off;
    while (bol > 0 && s[bol - 1] != '\n')
        bol--;
    size_t ind = 0;
    while (bol + ind < t->off && (s[bol + ind] == ' ' || s[bol + ind] == '\t'))
        ind++;
    int crlf = s[lineend] == '\r';
    snprintf(out, n, "%s%.*s%s", crlf ? "\r\n" : "\n", (int)(ind < 64 ? ind : 64), s + bol,
             call);
}

int repair_insert_points(const repair_src *s, int file, int la, int ca, int lb, int cb,
                         const char *call, int uniform, repair_point *pts, int max)
{
    if (!call || file < 0 || file >= s->nfiles)
        return 0;
    const char *txt = s->files[file].text;
    const rlex_toks *t = &s->files[file].toks;
    int i = rlex_at(t, la, ca), j = rlex_at(t, lb, cb), n = 0;
    int open[RB_MAX_NEST];
    int nb = i >= 0 && j >= 0 ? blocks_around(txt, t, i, open, RB_MAX_NEST) : 0;
    int fn_close = nb ? rlex_close_of(txt, t, open[nb - 1]) : -1;
    if (nb == 0 || j <= open[nb - 1] || j >= fn_close)
        nb = 0; /* the second access is in another function */
    for (int b = 0; b < nb && n < max; b++) {
        int kind = block_kind(txt, t, open[b]);
        if (kind == BLK_DATA || (!uniform && b > 0))
            break;
        if (kind == BLK_BRANCH && uniform)
            continue;
        int start, end = statement_end_in(txt, t, open[b], i, &start);
        long at = end >= 0 ? line_end_after(txt, s->files[file].len, &t->v[end]) : -1;
        if (at < 0)
            continue;
        int in_loop = 0; /* j in a loop around the point: the next iteration's */
        for (int l = b; l < nb && !in_loop; l++)
            in_loop = block_kind(txt, t, open[l]) == BLK_LOOP &&
                      j > open[l] && j < rlex_close_of(txt, t, open[l]);
        if (j <= end && !in_loop)
            continue;
        const rlex_tok *e = &t->v[end];
        repair_point *p = &pts[n++];
        p->at = (repair_tok){RTOK_INSERT, file, (size_t)at, 0, e->line,
                             e->col + (int)((size_t)at - e->off), 0};
        barrier_line(txt, (size_t)at, &t->v[start], call, p->text, sizeof p->text);
    }
    return n;
}
