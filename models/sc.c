/*
 * sc.c -- sequential consistency: an execution is consistent iff
 * po U rf U co U fr, together with the spawn/join/barrier edges, is
 * acyclic (it is then an interleaving).  RMWs must stay atomic.
 */
#include "model.h"

#include <stdlib.h>

typedef struct scg {
    const hb_ctx *c;
    const graph *g;
    uint32_t *base; /* first dense index of each thread */
    uint32_t n;
    uint8_t *state;
} scg;

static uint32_t dense(const scg *s, eid e) { return s->base[EID_T(e)] + EID_I(e); }

static int visit(scg *s, eid e);

static int edge(scg *s, eid to)
{
    if (to == EID_NONE || to == EID_INIT)
        return 0;
    uint8_t st = s->state[dense(s, to)];
    if (st == 1)
        return 1;
    return st == 0 && visit(s, to);
}

/* Successors of e: po-next, rf readers, co-next, fr targets, spawned
 * child, joining thread, barrier partners' continuations. */
static int visit(scg *s, eid e)
{
    const graph *g = s->g;
    s->state[dense(s, e)] = 1;
    uint32_t t = EID_T(e), i = EID_I(e);
    const event *ev = graph_ev(g, e);
    if (i + 1 < g->th[t].n && edge(s, e + 1))
        return 1;
    if (ev->kind == EV_WRITE) {
        const gloc *l = &g->loc[ev->loc];
        for (uint32_t k = 0; k < l->nrd; k++)
            if (graph_ev(g, l->rd[k])->rf == e && edge(s, l->rd[k]))
                return 1;
        if (edge(s, graph_co_next(g, ev->loc, e)))
            return 1;
    } else if (ev->kind == EV_READ && ev->rf != EID_NONE) {
        const gloc *l = &g->loc[ev->loc];
        uint32_t p = graph_copos(g, ev->rf);
        if (p < l->nco && edge(s, l->co[p]))
            return 1;
    } else if (ev->kind == EV_SPAWN && ev->loc < g->nthreads && g->th[ev->loc].n) {
        if (edge(s, EID(ev->loc, 0)))
            return 1;
    } else if (ev->kind == EV_END) {
        for (uint32_t u = 0; u < g->nthreads; u++)
            for (uint32_t k = 0; k < g->th[u].n; k++) {
                const event *j = &g->th[u].ev[k];
                if (j->kind == EV_JOIN && t - j->loc < j->aux && edge(s, EID(u, k)))
                    return 1;
            }
    } else if (ev->kind == EV_BARRIER) {
        /* every member's barrier precedes every member's continuation; a
         * counted barrier's members are whichever threads reached it, a
         * partial-mask collective's or a convergence point's are lanes of
         * the warp (graph_instance_event finds the members among them) */
        int counted = ev->scope == GRAPH_BAR_COUNT;
        int warp = ev->scope == GRAPH_BAR_MASK || ev->scope == GRAPH_BAR_CONV;
        const topo_group *grp = counted ? NULL
                                        : topo_barrier_group(s->c->tp, t,
                                                             warp ? GRAPH_BAR_WARP : ev->scope);
        uint32_t n = counted ? g->nthreads : grp ? grp->n : 0;
        for (uint32_t m = 0; m < n; m++) {
            uint32_t u = grp ? grp->members[m] : m;
            eid b = graph_instance_event(g, u, ev);
            /* a counted round's arrivals also precede what follows its
             * waits, and nothing precedes what follows a split arrival */
            eid w = counted ? graph_round_wait(g, u, ev) : EID_NONE;
            if (w != EID_NONE && EID_I(w) + 1 < g->th[u].n && edge(s, w + 1))
                return 1;
            if (u == t || b == EID_NONE || !graph_barrier_joins(graph_ev(g, b)))
                continue;
            if (EID_I(b) + 1 < g->th[u].n && edge(s, b + 1))
                return 1;
        }
    }
    s->state[dense(s, e)] = 2;
    return 0;
}

int model_sc_acyclic(const hb_ctx *c, const graph *g)
{
    scg s = {c, g, calloc(g->nthreads + 1, sizeof(uint32_t)), 0, NULL};
    if (!s.base)
        return 1;
    for (uint32_t t = 0; t < g->nthreads; t++) {
        s.base[t] = s.n;
        s.n += g->th[t].n;
    }
    s.state = calloc(s.n + 1, 1);
    int cyc = 0;
    for (uint32_t t = 0; s.state && t < g->nthreads && !cyc; t++)
        for (uint32_t i = 0; i < g->th[t].n && !cyc; i++)
            if (s.state[s.base[t] + i] == 0)
                cyc = visit(&s, EID(t, i));
    free(s.state);
    free(s.base);
    return !cyc;
}

static int sc_consistent(const hb_ctx *c, const graph *g, const eid *fresh, int nfresh)
{
    for (int k = 0; k < nfresh; k++) {
        const event *ev = graph_ev(g, fresh[k]);
        if (ev->kind == EV_WRITE && !model_write_atomic(g, fresh[k]))
            return 0;
    }
    return model_sc_acyclic(c, g);
}

const model_ops model_sc = {"sc", 0, sc_consistent, model_coherent_min_slot};
