/* coherence.c -- coherence and atomicity checks shared by the models
 * (see model.h).  In a consistent graph the writes observed along one
 * thread's accesses to a location only move forward in co, so the co-latest
 * observation of e's prefix decides coherence for a freshly added e. */
#include "model.h"

uint32_t model_observed(const graph *g, eid e)
{
    const event *ev = graph_ev(g, e);
    const gloc *l = &g->loc[ev->loc];
    uint32_t best = 0;
    for (uint32_t i = l->nco; i-- > 0;) {
        eid w = l->co[i];
        if (w != e && graph_hb_before(g, w, e)) {
            best = i + 1;
            break;
        }
    }
    /* no read can show a later write than the latest there is but e */
    uint32_t top = l->nco - (ev->kind == EV_WRITE && l->nco && graph_copos(g, e) == l->nco);
    if (best >= top)
        return best;
    for (uint32_t i = 0; i < l->nrd; i++) {
        eid r = l->rd[i];
        if (r == e || !graph_hb_before(g, r, e))
            continue;
        eid src = graph_ev(g, r)->rf;
        if (src == e)
            continue; /* reading from e itself cannot precede e */
        uint32_t p = graph_copos(g, src);
        if (p > best)
            best = p;
    }
    return best;
}

uint32_t model_coherent_min_slot(const hb_ctx *c, const graph *g, eid w)
{
    (void)c;
    return model_observed(g, w); /* slot p puts w at position p + 1 */
}

/* Reading or being the co-latest write is coherent whatever e's prefix
 * observed: the common case (a thread working on the latest data, a chain
 * of RMWs) skips the scan of the location's reads. */
static int co_latest(const graph *g, eid e, uint32_t pos)
{
    return pos == g->loc[graph_ev(g, e)->loc].nco;
}

int model_read_coherent(const graph *g, eid r)
{
    uint32_t p = graph_copos(g, graph_ev(g, r)->rf);
    return co_latest(g, r, p) || p >= model_observed(g, r);
}

int model_write_coherent(const graph *g, eid w)
{
    uint32_t p = graph_copos(g, w); /* 0: not placed in co yet */
    return (p && co_latest(g, w, p)) || p > model_observed(g, w);
}

/* Is w an RMW write whose read part reads from `src`? */
static int rmw_reads_from(const graph *g, eid w, eid src)
{
    if (w == EID_NONE || w == EID_INIT || !graph_ev(g, w)->rmw)
        return 0;
    return graph_ev(g, w - 1)->rf == src;
}

int model_write_atomic(const graph *g, eid w)
{
    const event *ev = graph_ev(g, w);
    const gloc *l = &g->loc[ev->loc];
    uint32_t p = ev->aux; /* 1-based */
    eid prev = p >= 2 ? l->co[p - 2] : EID_INIT;
    eid next = p < l->nco ? l->co[p] : EID_NONE;
    if (ev->rmw && graph_ev(g, w - 1)->rf != prev)
        return 0; /* something sits between w and what its read saw */
    return !rmw_reads_from(g, next, prev);
}
