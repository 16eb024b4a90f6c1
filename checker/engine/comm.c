/* comm.c -- see comm.h. */
#include "comm.h"

/* Operation families that commute with themselves: add and sub together,
 * and each bitwise and min/max operation alone.  Exchange, inc/dec (they
 * wrap) and floating-point adds (rounding depends on the order) never. */
static unsigned family(gpumc_rmw_op op)
{
    switch (op) {
    case GPUMC_RMW_ADD:
    case GPUMC_RMW_SUB: return 1;
    case GPUMC_RMW_AND: return 2;
    case GPUMC_RMW_OR: return 3;
    case GPUMC_RMW_XOR: return 4;
    case GPUMC_RMW_MIN: return 5;
    case GPUMC_RMW_MAX: return 6;
    case GPUMC_RMW_UMIN: return 7;
    case GPUMC_RMW_UMAX: return 8;
    default: return 0;
    }
}

uint8_t comm_class(struct gpumc_exec *x, uint32_t loc, gpumc_rmw_op op, int unused,
                   gpumc_order o, gpumc_scope sc)
{
    unsigned f = family(op);
    if (!unused || !f || (o != GPUMC_RLX && o != GPUMC_NA) || x->comm_off ||
        x->locs[loc].comm_off) /* comm_off: also once an SC access was seen */
        return 0;
    x->locs[loc].comm_seen = 1;
    x->comm_used = 1;
    return (uint8_t)(f * 4 + (unsigned)sc); /* one scope per class: see comm_guard */
}

static int restart(struct gpumc_exec *x, uint32_t loc)
{
    x->locs[loc].comm_off = 1;
    if (!x->stop)
        x->stop = EXEC_RESTART;
    return 1;
}

static int is_acquire(uint8_t order)
{
    return order == GPUMC_ACQ || order == GPUMC_ACQ_REL || order == GPUMC_SC;
}

/* Must a and b be hb-ordered for the reduction to hold?  Two blind RMWs of
 * one class commute; every other pair with a blind RMW in it must be
 * ordered (a class differs by operation or by scope: with two scopes the
 * release sequences through the RMWs would depend on their order). */
static int must_order(const event *a, const event *b)
{
    if (!a->comm && !b->comm)
        return 0;
    return a->comm != b->comm;
}

static int ordered(const graph *g, eid a, eid b)
{
    return graph_hb_before(g, a, b) || graph_hb_before(g, b, a);
}

static int unordered_with(const graph *g, eid e, const eid *list, uint32_t n)
{
    const event *ev = graph_ev(g, e);
    for (uint32_t i = 0; i < n; i++)
        if (list[i] != e && must_order(ev, graph_ev(g, list[i])) && !ordered(g, list[i], e))
            return 1;
    return 0;
}

/* An acquire fence synchronises with the release heads of the writes that
 * the atomic reads before it read (back to the previous acquire fence);
 * through a blind write, that depends on the RMWs' order. */
static int fence_observes(struct gpumc_exec *x, const graph *g, eid f)
{
    const gthread *th = &g->th[EID_T(f)];
    for (uint32_t j = EID_I(f); j-- > 0;) {
        const event *ev = &th->ev[j];
        if (ev->kind == EV_FENCE && is_acquire(ev->order))
            return 0;
        if (ev->kind == EV_READ && ev->rf != EID_INIT && ev->rf != EID_NONE &&
            graph_ev(g, ev->rf)->comm && !x->locs[ev->loc].comm_off)
            return restart(x, ev->loc);
    }
    return 0;
}

/* Switch the reduction off for every location of a reduced blind RMW
 * hb-before e (po-before it, or before a barrier e's thread passed since);
 * 1 if there was one. */
static int blinds_before(struct gpumc_exec *x, const graph *g, eid e)
{
    const uint32_t *hb = graph_hb(g, e);
    int found = 0;
    for (uint32_t u = 0; u < g->nthreads; u++) {
        uint32_t n = u == EID_T(e) ? EID_I(e) : hb[u];
        for (uint32_t j = 0; j < n; j++) {
            const event *ev = &g->th[u].ev[j];
            if (ev->comm && !x->locs[ev->loc].comm_off) {
                restart(x, ev->loc);
                found = 1;
            }
        }
    }
    return found;
}

/* The order of two blind RMWs is also fixed by a path from one to the
 * other: b2 -hb-> w -rf-> r -po-> b1 forces b2 before b1 (hb ; rf ; po is
 * acyclic), and the explorer, having put them the other way, would never
 * revisit r with w.  Such a path leaves a blind RMW's hb-successors
 * through a plain write (not a blind one: those commute) read by another
 * thread: a write hb-after a reduced blind RMW that another thread reads,
 * or that a read of another thread already added could be revisited by
 * (checked when w is added, before any placement: the graph where r reads
 * w may be inconsistent in the one order explored). */
static int path_after_blind(struct gpumc_exec *x, const graph *g, eid e, const event *ev)
{
    if (ev->kind == EV_READ) {
        eid w = ev->rf;
        if (w == EID_INIT || w == EID_NONE || EID_T(w) == EID_T(e) || graph_ev(g, w)->comm)
            return 0;
        return blinds_before(x, g, w);
    }
    if (ev->comm)
        return 0;
    const gloc *gl = &g->loc[ev->loc];
    for (uint32_t i = 0; i < gl->nrd; i++)
        if (EID_T(gl->rd[i]) != EID_T(e))
            return blinds_before(x, g, e);
    return 0;
}

int comm_guard(struct gpumc_exec *x, eid e)
{
    const graph *g = x->g;
    const event *ev = graph_ev(g, e);
    if (!x->comm_used)
        return 0;
    if (ev->kind == EV_FENCE)
        return is_acquire(ev->order) && fence_observes(x, g, e);
    if (ev->kind != EV_READ && ev->kind != EV_WRITE)
        return 0;
    if (path_after_blind(x, g, e, ev))
        return 1;
    const rt_loc *l = &x->locs[ev->loc];
    if (!l->comm_seen || l->comm_off)
        return 0;
    if (ev->kind == EV_READ && is_acquire(ev->order) && ev->rf != EID_INIT &&
        ev->rf != EID_NONE && graph_ev(g, ev->rf)->comm)
        return restart(x, ev->loc);
    const gloc *gl = &g->loc[ev->loc];
    if (unordered_with(g, e, gl->co, gl->nco) || unordered_with(g, e, gl->rd, gl->nrd))
        return restart(x, ev->loc);
    return 0;
}

void comm_sc_seen(struct gpumc_exec *x)
{
    x->comm_off = 1;
    if (x->comm_used && !x->stop)
        x->stop = EXEC_RESTART;
}
