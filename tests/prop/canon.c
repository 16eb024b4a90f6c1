/*
 * canon.c -- canonical execution strings.  See canon.h for the contract.
 */
#include "canon.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void canon_init(canon *c)
{
    memset(c, 0, sizeof *c);
}

void canon_read(canon *c, unsigned rsrc, unsigned iter, canon_write from)
{
    if (c->nr >= CANON_MAX_READS) {
        c->overflow = 1;
        return;
    }
    c->rd[c->nr].src = rsrc;
    c->rd[c->nr].iter = iter;
    c->rd[c->nr].from = from;
    c->nr++;
}

void canon_co(canon *c, int loc, canon_write w)
{
    if (loc < 0 || loc >= CANON_NLOCS || c->nco[loc] >= CANON_MAX_CO) {
        c->overflow = 1;
        return;
    }
    c->co[loc][c->nco[loc]++] = w;
}

int canon_same_write(canon_write a, canon_write b)
{
    return a.init == b.init &&
           (a.init || (a.src == b.src && a.iter == b.iter && a.rmw == b.rmw));
}

static int cmp_read(const void *a, const void *b)
{
    const struct canon_rd *x = a, *y = b;
    if (x->src != y->src)
        return x->src < y->src ? -1 : 1;
    return x->iter < y->iter ? -1 : x->iter > y->iter;
}

static int put_name(char *buf, size_t len, unsigned src, unsigned iter)
{
    return iter ? snprintf(buf, len, "%u.%u", src, iter) : snprintf(buf, len, "%u", src);
}

static int put_write(char *buf, size_t len, canon_write w)
{
    if (w.init)
        return snprintf(buf, len, "init");
    int k = put_name(buf, len, w.src, w.iter);
    return k + snprintf(buf + k, len - (size_t)k, "%s", w.rmw ? "w" : "");
}

char *canon_str(canon *c)
{
    qsort(c->rd, (size_t)c->nr, sizeof c->rd[0], cmp_read);
    size_t cap = 64 + (size_t)c->nr * 32 + CANON_NLOCS * CANON_MAX_CO * 16;
    char *s = malloc(cap);
    if (!s)
        abort();
    size_t k = 0;
    for (int i = 0; i < c->nr; i++) {
        k += (size_t)snprintf(s + k, cap - k, "%sr", i ? " " : "");
        k += (size_t)put_name(s + k, cap - k, c->rd[i].src, c->rd[i].iter);
        k += (size_t)snprintf(s + k, cap - k, "<-");
        k += (size_t)put_write(s + k, cap - k, c->rd[i].from);
    }
    k += (size_t)snprintf(s + k, cap - k, " |");
    for (int l = 0; l < CANON_NLOCS; l++) {
        k += (size_t)snprintf(s + k, cap - k, " x%d:", l);
        for (int i = 0; i < c->nco[l]; i++) {
            k += (size_t)snprintf(s + k, cap - k, "%s", i ? "," : "");
            k += (size_t)put_write(s + k, cap - k, c->co[l][i]);
        }
    }
    if (c->overflow)
        snprintf(s + k, cap - k, " OVERFLOW");
    return s;
}

void canon_loads_init(canon_loads *l)
{
    memset(l, 0, sizeof *l);
}

void canon_load(canon_loads *l, unsigned src, unsigned iter, unsigned long value)
{
    if (l->n >= CANON_MAX_READS) {
        l->overflow = 1;
        return;
    }
    l->v[l->n].src = src;
    l->v[l->n].iter = iter;
    l->v[l->n].value = value;
    l->n++;
}

static int cmp_load(const void *a, const void *b)
{
    const struct canon_ld *x = a, *y = b;
    if (x->src != y->src)
        return x->src < y->src ? -1 : 1;
    return x->iter < y->iter ? -1 : x->iter > y->iter;
}

char *canon_loads_str(canon_loads *l)
{
    qsort(l->v, (size_t)l->n, sizeof l->v[0], cmp_load);
    size_t cap = 32 + (size_t)l->n * 40;
    char *s = malloc(cap);
    if (!s)
        abort();
    size_t k = 0;
    s[0] = '\0';
    for (int i = 0; i < l->n; i++) {
        k += (size_t)snprintf(s + k, cap - k, "%s", i ? " " : "");
        k += (size_t)put_name(s + k, cap - k, l->v[i].src, l->v[i].iter);
        k += (size_t)snprintf(s + k, cap - k, "=%lu", l->v[i].value);
    }
    if (l->overflow)
        snprintf(s + k, cap - k, " OVERFLOW");
    return s;
}
