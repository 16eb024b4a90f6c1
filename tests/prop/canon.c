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

void canon_read(canon *c, unsigned rsrc, canon_write from)
{
    if (c->nr >= CANON_MAX_READS) {
        c->overflow = 1;
        return;
    }
    c->rd[c->nr].src = rsrc;
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

static int cmp_read(const void *a, const void *b)
{
    unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
    return x < y ? -1 : x > y;
}

static int put_write(char *buf, size_t len, canon_write w)
{
    if (w.init)
        return snprintf(buf, len, "init");
    return snprintf(buf, len, "%u%s", w.src, w.rmw ? "w" : "");
}

char *canon_str(canon *c)
{
    /* rd[] starts with the src field, so sorting by the first unsigned of
     * each record orders reads by source id. */
    qsort(c->rd, (size_t)c->nr, sizeof c->rd[0], cmp_read);
    size_t cap = 64 + (size_t)c->nr * 32 + CANON_NLOCS * CANON_MAX_CO * 16;
    char *s = malloc(cap);
    if (!s)
        abort();
    size_t k = 0;
    for (int i = 0; i < c->nr; i++) {
        k += (size_t)snprintf(s + k, cap - k, "%sr%u<-", i ? " " : "",
                              c->rd[i].src);
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
