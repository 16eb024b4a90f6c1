/*
 * sc.c -- sequential consistency: an execution is consistent iff
 * po U rf U co U fr, together with the spawn/join/barrier edges, is
 * acyclic (it is then an interleaving).  RMWs must stay atomic.
 *
 * The graph was acyclic before the fresh events were added or changed
 * (model.h), and every edge they bring touches one of them, so a new cycle
 * passes through a fresh event: the check is a depth-first search from the
 * fresh events only, whose cost is what they reach, not the graph.  Visit
 * marks live in a hash table sized by that.  A barrier instance of a fixed
 * group (CTA, GPU, SYS, warp) is one node between its members' barrier
 * events and their continuations, so an instance of n threads costs 2n
 * edges, not n^2.
 */
#include "model.h"

#include <stdlib.h>

typedef struct scg {
    const hb_ctx *c;
    const graph *g;
    uint64_t *key; /* visited nodes: events (eids) and barrier instances */
    uint8_t *state; /* 1 on the DFS stack, 2 done */
    size_t cap, used;
    eid *joins;    /* every EV_JOIN, found on the first END visited */
    uint32_t njoins;
    int joins_known, oom;
} scg;

#define SC_EMPTY UINT64_MAX
/* An instance node: the top bit, the level, the group's index, the ordinal
 * (eids have a thread below 2^31 in their high half: never the top bit). */
#define SC_INSTANCE(level, grp, ord) \
    ((1ull << 63) | ((uint64_t)(level) << 56) | ((uint64_t)(grp) << 24) | ((ord) & 0xffffffu))

static size_t slot_of(const scg *s, uint64_t k)
{
    uint64_t h = k * 0x9e3779b97f4a7c15ull;
    size_t i = (size_t)(h >> 20) & (s->cap - 1);
    while (s->key[i] != SC_EMPTY && s->key[i] != k)
        i = (i + 1) & (s->cap - 1);
    return i;
}

static int grow(scg *s)
{
    size_t cap = s->cap ? s->cap * 2 : 256;
    uint64_t *key = malloc(cap * sizeof *key);
    uint8_t *state = malloc(cap);
    if (!key || !state) {
        free(key);
        free(state);
        return -1;
    }
    for (size_t i = 0; i < cap; i++)
        key[i] = SC_EMPTY;
    scg old = *s;
    s->key = key;
    s->state = state;
    s->cap = cap;
    for (size_t i = 0; i < old.cap; i++)
        if (old.key[i] != SC_EMPTY) {
            size_t j = slot_of(s, old.key[i]);
            s->key[j] = old.key[i];
            s->state[j] = old.state[i];
        }
    free(old.key);
    free(old.state);
    return 0;
}

static uint8_t state_of(const scg *s, uint64_t k)
{
    if (!s->cap)
        return 0;
    size_t i = slot_of(s, k);
    return s->key[i] == k ? s->state[i] : 0;
}

static int set_state(scg *s, uint64_t k, uint8_t st)
{
    if (2 * (s->used + 1) > s->cap && grow(s) != 0)
        return -1;
    size_t i = slot_of(s, k);
    if (s->key[i] == SC_EMPTY) {
        s->key[i] = k;
        s->used++;
    }
    s->state[i] = st;
    return 0;
}

static int visit(scg *s, eid e);
static int visit_instance(scg *s, uint64_t k, const event *eb, const topo_group *grp, int level);

/* 1: the edge to `to` closes a cycle -- or memory for the visit marks ran
 * out (a few bytes per node reached): the graph is then taken as
 * inconsistent, as the old full check took it as consistent; neither is
 * right, and the engine runs out of memory long before this does. */
static int edge(scg *s, eid to)
{
    if (to == EID_NONE || to == EID_INIT)
        return 0;
    uint8_t st = state_of(s, to);
    if (st == 1)
        return 1;
    return st == 0 && visit(s, to);
}

static int find_joins(scg *s)
{
    const graph *g = s->g;
    uint32_t n = 0, cap = 0;
    s->joins_known = 1;
    for (uint32_t u = 0; u < g->nthreads; u++)
        for (uint32_t k = 0; k < g->th[u].n; k++) {
            if (g->th[u].ev[k].kind != EV_JOIN)
                continue;
            if (n == cap) {
                cap = cap ? 2 * cap : 16;
                eid *j = realloc(s->joins, cap * sizeof *j);
                if (!j)
                    return -1;
                s->joins = j;
            }
            s->joins[n++] = EID(u, k);
        }
    s->njoins = n;
    return 0;
}

/* A thread's end precedes the joins that wait for it. */
static int end_edges(scg *s, uint32_t t)
{
    if (!s->joins_known && find_joins(s) != 0)
        return s->oom = 1;
    for (uint32_t k = 0; k < s->njoins; k++) {
        const event *j = graph_ev(s->g, s->joins[k]);
        if (t - j->loc < j->aux && edge(s, s->joins[k]))
            return 1;
    }
    return 0;
}

/* Barrier edges out of barrier event e of thread t: every member's barrier
 * precedes every member's continuation -- through the instance's node for
 * a fixed group; a counted barrier's members are whichever threads reached
 * it (its arrivals also precede what follows each wait of the round, and
 * nothing precedes what follows a split arrival), a partial-mask
 * collective's or a convergence point's are lanes of the warp. */
static int barrier_edges(scg *s, eid e, uint32_t t)
{
    const graph *g = s->g;
    const event *ev = graph_ev(g, e);
    if (ev->scope < GRAPH_BAR_COUNT) {
        const topo_group *grp = topo_barrier_group(s->c->tp, t, ev->scope);
        if (!grp)
            return 0;
        uint64_t k = SC_INSTANCE(ev->scope, grp - s->c->tp->groups[ev->scope], ev->loc);
        uint8_t st = state_of(s, k);
        return st == 1 || (st == 0 && visit_instance(s, k, ev, grp, ev->scope));
    }
    int counted = ev->scope == GRAPH_BAR_COUNT;
    int warp = ev->scope == GRAPH_BAR_MASK || ev->scope == GRAPH_BAR_CONV;
    const topo_group *grp = counted ? NULL : topo_barrier_group(s->c->tp, t, GRAPH_BAR_WARP);
    uint32_t n = counted ? g->nthreads : warp && grp ? grp->n : 0;
    for (uint32_t m = 0; m < n; m++) {
        uint32_t u = grp ? grp->members[m] : m;
        eid b = graph_instance_event(g, u, ev);
        eid w = counted ? graph_round_wait(g, u, ev) : EID_NONE;
        if (w != EID_NONE && EID_I(w) + 1 < g->th[u].n && edge(s, w + 1))
            return 1;
        if (u == t || b == EID_NONE || !graph_barrier_joins(graph_ev(g, b)))
            continue;
        if (EID_I(b) + 1 < g->th[u].n && edge(s, b + 1))
            return 1;
    }
    return 0;
}

static int visit_instance(scg *s, uint64_t k, const event *eb, const topo_group *grp, int level)
{
    const graph *g = s->g;
    if (set_state(s, k, 1) != 0)
        return s->oom = 1;
    for (uint32_t m = 0; m < grp->n; m++) {
        uint32_t u = grp->members[m];
        eid b = graph_barrier(g, u, level, eb->loc);
        if (b != EID_NONE && EID_I(b) + 1 < g->th[u].n && edge(s, b + 1))
            return 1;
    }
    return set_state(s, k, 2) != 0 ? (s->oom = 1) : 0;
}

/* Successors of e: po-next, rf readers, co-next, fr targets, spawned
 * child, joining thread, barrier partners' continuations. */
static int visit(scg *s, eid e)
{
    const graph *g = s->g;
    if (set_state(s, e, 1) != 0)
        return s->oom = 1;
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
        if (end_edges(s, t))
            return 1;
    } else if (ev->kind == EV_BARRIER) {
        if (barrier_edges(s, e, t))
            return 1;
    }
    return set_state(s, e, 2) != 0 ? (s->oom = 1) : 0;
}

/* Is there a cycle through one of from[0..n)?  (All of the graph's nodes
 * when from is NULL.) */
static int cyclic_from(const hb_ctx *c, const graph *g, const eid *from, int n)
{
    scg s = {c, g, NULL, NULL, 0, 0, NULL, 0, 0, 0};
    int cyc = 0;
    if (from) {
        for (int k = 0; k < n && !cyc; k++)
            if (state_of(&s, from[k]) == 0)
                cyc = visit(&s, from[k]);
    } else {
        for (uint32_t t = 0; t < g->nthreads && !cyc; t++)
            for (uint32_t i = 0; i < g->th[t].n && !cyc; i++)
                if (state_of(&s, EID(t, i)) == 0)
                    cyc = visit(&s, EID(t, i));
    }
    free(s.key);
    free(s.state);
    free(s.joins);
    return cyc;
}

int model_sc_acyclic(const hb_ctx *c, const graph *g)
{
    return !cyclic_from(c, g, NULL, 0);
}

static int sc_consistent(const hb_ctx *c, const graph *g, const eid *fresh, int nfresh)
{
    for (int k = 0; k < nfresh; k++) {
        const event *ev = graph_ev(g, fresh[k]);
        if (ev->kind == EV_WRITE && !model_write_atomic(g, fresh[k]))
            return 0;
    }
    return nfresh > 0 ? !cyclic_from(c, g, fresh, nfresh) : model_sc_acyclic(c, g);
}

const model_ops model_sc = {"sc", 0, sc_consistent, model_coherent_min_slot};
