/*
 * bitrel.c -- bit-matrix relations.  See bitrel.h for the contract.
 */
#include "bitrel.h"

#include <string.h>

void br_clear(bitrel *x, int n)
{
    memset(x->r, 0, sizeof(uint64_t) * (size_t)n);
    memset(x->r + n, 0, sizeof(uint64_t) * (size_t)(BR_MAX - n));
}

void br_set(bitrel *x, int a, int b)
{
    x->r[a] |= 1ull << b;
}

int br_has(const bitrel *x, int a, int b)
{
    return (int)((x->r[a] >> b) & 1);
}

void br_ident(bitrel *out, uint64_t s, int n)
{
    br_clear(out, n);
    for (int a = 0; a < n; a++)
        if ((s >> a) & 1)
            out->r[a] = 1ull << a;
}

void br_union(bitrel *out, const bitrel *a, const bitrel *b, int n)
{
    for (int i = 0; i < n; i++)
        out->r[i] = a->r[i] | b->r[i];
}

void br_inter(bitrel *out, const bitrel *a, const bitrel *b, int n)
{
    for (int i = 0; i < n; i++)
        out->r[i] = a->r[i] & b->r[i];
}

void br_compose(bitrel *out, const bitrel *a, const bitrel *b, int n)
{
    br_clear(out, n);
    for (int i = 0; i < n; i++)
        for (int k = 0; k < n; k++)
            if ((a->r[i] >> k) & 1)
                out->r[i] |= b->r[k];
}

void br_restrict(bitrel *out, const bitrel *a, uint64_t dom, uint64_t ran,
                 int n)
{
    for (int i = 0; i < n; i++)
        out->r[i] = ((dom >> i) & 1) ? (a->r[i] & ran) : 0;
}

void br_inverse(bitrel *out, const bitrel *a, int n)
{
    bitrel t;
    br_clear(&t, n);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            if ((a->r[i] >> j) & 1)
                t.r[j] |= 1ull << i;
    *out = t;
}

void br_closure(bitrel *x, int n)
{
    for (int k = 0; k < n; k++)
        for (int i = 0; i < n; i++)
            if ((x->r[i] >> k) & 1)
                x->r[i] |= x->r[k];
}

void br_reflexive(bitrel *x, int n)
{
    for (int i = 0; i < n; i++)
        x->r[i] |= 1ull << i;
}

int br_irreflexive(const bitrel *x, int n)
{
    for (int i = 0; i < n; i++)
        if ((x->r[i] >> i) & 1)
            return 0;
    return 1;
}

int br_acyclic(const bitrel *x, int n)
{
    bitrel c = *x;
    br_closure(&c, n);
    return br_irreflexive(&c, n);
}

int br_empty(const bitrel *x, int n)
{
    for (int i = 0; i < n; i++)
        if (x->r[i])
            return 0;
    return 1;
}
