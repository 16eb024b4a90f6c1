/*
 * psc.c -- the SC axiom of SRC11 (SPEC 4.3): incl & psc is acyclic.
 *
 * Evaluated from scratch with boolean matrices over the memory and fence
 * events of the graph, but only when at least two SC events exist, so
 * programs without seq_cst pay nothing.  n is small in practice (the
 * events of one execution); matrices are rows of 64-bit words.  A long
 * check (thousands of events: cubic time) polls the run (hb_poll) every 64
 * rows and gives up, answering "inconsistent", when the run is stopping.
 */
#include "model.h"

#include <stdlib.h>
#include <string.h>

typedef struct bm {
    uint32_t n, words;
    uint64_t *bits;
} bm;

static int bm_init(bm *m, uint32_t n)
{
    m->n = n;
    m->words = (n + 63) / 64;
    m->bits = calloc((size_t)n * m->words + 1, sizeof(uint64_t));
    return m->bits ? 0 : -1;
}
static inline uint64_t *bm_row(const bm *m, uint32_t i) { return m->bits + (size_t)i * m->words; }
static inline void bm_set(bm *m, uint32_t i, uint32_t j) { bm_row(m, i)[j / 64] |= 1ull << (j % 64); }
static inline int bm_get(const bm *m, uint32_t i, uint32_t j) { return (bm_row(m, i)[j / 64] >> (j % 64)) & 1; }

/* Every 64 rows of an O(n^2) or worse loop: is the run stopping? */
static int stopping(const hb_ctx *c, uint32_t row)
{
    return (row & 63) == 63 && hb_poll(c);
}

/* out = a ; b.  0, or -1 when the run is stopping. */
static int bm_mul(const hb_ctx *c, const bm *a, const bm *b, bm *out)
{
    memset(out->bits, 0, (size_t)out->n * out->words * sizeof(uint64_t));
    for (uint32_t i = 0; i < a->n; i++) {
        if (stopping(c, i))
            return -1;
        uint64_t *o = bm_row(out, i);
        for (uint32_t k = 0; k < a->n; k++) {
            if (!bm_get(a, i, k))
                continue;
            const uint64_t *bk = bm_row(b, k);
            for (uint32_t w = 0; w < a->words; w++)
                o[w] |= bk[w];
        }
    }
    return 0;
}

static void bm_or(bm *dst, const bm *src)
{
    for (size_t i = 0; i < (size_t)dst->n * dst->words; i++)
        dst->bits[i] |= src->bits[i];
}

typedef struct ctx {
    const hb_ctx *c;
    const graph *g;
    eid *ev;   /* memory and fence events */
    uint32_t n;
} ctx;

static int is_mem(const event *e) { return e->kind == EV_READ || e->kind == EV_WRITE; }

static uint32_t obs_pos(const graph *g, eid e)
{
    const event *ev = graph_ev(g, e);
    return ev->kind == EV_WRITE ? ev->aux : graph_copos(g, ev->rf);
}

/* eco between two same-location memory events, via co positions. */
static int eco(const graph *g, eid a, eid b)
{
    const event *ea = graph_ev(g, a), *eb = graph_ev(g, b);
    if (!is_mem(ea) || !is_mem(eb) || ea->loc != eb->loc || a == b)
        return 0;
    uint32_t pa = obs_pos(g, a), pb = obs_pos(g, b);
    if (ea->kind == EV_WRITE && eb->kind == EV_READ)
        return pa <= pb; /* rf or co;rf */
    return pa < pb;      /* co, fr, fr;rf */
}

static int same_loc(const event *a, const event *b)
{
    return is_mem(a) && is_mem(b) && a->loc == b->loc;
}

static int collect(ctx *x)
{
    uint32_t total = 0, nsc = 0;
    for (uint32_t t = 0; t < x->g->nthreads; t++)
        total += x->g->th[t].n;
    x->ev = malloc(sizeof(eid) * (total + 1));
    if (!x->ev)
        return -1;
    x->n = 0;
    for (uint32_t t = 0; t < x->g->nthreads; t++) {
        for (uint32_t i = 0; i < x->g->th[t].n; i++) {
            const event *e = &x->g->th[t].ev[i];
            if (is_mem(e) || e->kind == EV_FENCE) {
                x->ev[x->n++] = EID(t, i);
                nsc += e->order == GPUMC_SC;
            }
        }
    }
    return (int)nsc;
}

static int dfs_cycle(const bm *r, uint32_t v, uint8_t *state)
{
    state[v] = 1;
    for (uint32_t j = 0; j < r->n; j++) {
        if (!bm_get(r, v, j))
            continue;
        if (state[j] == 1)
            return 1;
        if (state[j] == 0 && dfs_cycle(r, j, state))
            return 1;
    }
    state[v] = 2;
    return 0;
}

static int acyclic(const bm *r)
{
    uint8_t *state = calloc(r->n + 1, 1);
    if (!state)
        return 1;
    int cyc = 0;
    for (uint32_t v = 0; v < r->n && !cyc; v++)
        if (state[v] == 0)
            cyc = dfs_cycle(r, v, state);
    free(state);
    return !cyc;
}

static int check(ctx *x)
{
    const graph *g = x->g;
    uint32_t n = x->n;
    bm hb, ponl, scb, eco_m, t1, t2, left, right, psc;
    bm *all[] = {&hb, &ponl, &scb, &eco_m, &t1, &t2, &left, &right, &psc};
    int ok = 1;
    for (unsigned k = 0; k < sizeof all / sizeof *all; k++)
        if (bm_init(all[k], n) != 0)
            ok = -1;
    if (ok < 0)
        goto out;
    for (uint32_t i = 0; i < n; i++) {
        eid a = x->ev[i];
        const event *ea = graph_ev(g, a);
        if (stopping(x->c, i)) {
            ok = 0;
            goto out;
        }
        for (uint32_t j = 0; j < n; j++) {
            eid b = x->ev[j];
            const event *eb = graph_ev(g, b);
            if (i == j)
                continue;
            int po = EID_T(a) == EID_T(b) && EID_I(a) < EID_I(b);
            int h = graph_hb_before(g, a, b);
            int e = eco(g, a, b);
            if (h) bm_set(&hb, i, j);
            if (po && !same_loc(ea, eb)) bm_set(&ponl, i, j);
            if (e) bm_set(&eco_m, i, j);
            /* po, hb|loc, co, fr (eco minus rf-ending edges) */
            int cofr = e && !(eb->kind == EV_READ);
            if (po || (h && same_loc(ea, eb)) || cofr)
                bm_set(&scb, i, j);
        }
    }
    /* scb |= po!=loc ; hb ; po!=loc */
    if (bm_mul(x->c, &ponl, &hb, &t1) || bm_mul(x->c, &t1, &ponl, &t2)) {
        ok = 0;
        goto out;
    }
    bm_or(&scb, &t2);
    /* left = [E_sc] U [F_sc];hb?   right = [E_sc] U hb?;[F_sc] (as
     * relations from/to SC events) */
    for (uint32_t i = 0; i < n; i++) {
        const event *ea = graph_ev(g, x->ev[i]);
        if (ea->order != GPUMC_SC)
            continue;
        bm_set(&left, i, i);
        bm_set(&right, i, i);
        if (ea->kind != EV_FENCE)
            continue;
        for (uint32_t j = 0; j < n; j++) {
            if (bm_get(&hb, i, j)) bm_set(&left, i, j);
            if (bm_get(&hb, j, i)) bm_set(&right, j, i);
        }
    }
    /* psc_F = [F_sc]; (hb U hb;eco;hb); [F_sc] */
    if (bm_mul(x->c, &left, &scb, &t1) || bm_mul(x->c, &t1, &right, &psc) ||
        bm_mul(x->c, &hb, &eco_m, &t1) || bm_mul(x->c, &t1, &hb, &t2)) {
        ok = 0;
        goto out;
    }
    bm_or(&t2, &hb);
    for (uint32_t i = 0; i < n; i++) {
        const event *ea = graph_ev(g, x->ev[i]);
        uint64_t *row = bm_row(&psc, i);
        for (uint32_t j = 0; j < n; j++) {
            const event *eb = graph_ev(g, x->ev[j]);
            int sc_pair = ea->order == GPUMC_SC && eb->order == GPUMC_SC;
            if (sc_pair && ea->kind == EV_FENCE && eb->kind == EV_FENCE && bm_get(&t2, i, j))
                bm_set(&psc, i, j);
            /* keep only incl pairs of SC events */
            if (!sc_pair || !hb_incl(x->c, g, x->ev[i], x->ev[j]))
                row[j / 64] &= ~(1ull << (j % 64));
        }
    }
    ok = acyclic(&psc);
out:
    for (unsigned k = 0; k < sizeof all / sizeof *all; k++)
        free(all[k]->bits);
    return ok;
}

int model_psc_acyclic(const hb_ctx *c, const graph *g)
{
    ctx x = {c, g, NULL, 0};
    int nsc = collect(&x);
    int ok = 1;
    if (nsc >= 2)
        ok = check(&x);
    free(x.ev);
    return ok != 0; /* allocation failure (-1) errs on the side of exploring */
}
