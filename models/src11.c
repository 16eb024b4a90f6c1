/*
 * src11.c -- scoped RC11 (SPEC 4.3) and RC11 (the same with every scope
 * treated as sys).  Coherence and atomicity are checked for the fresh
 * events only (nothing is hb-after a fresh event but, after a revisit, the
 * fresh read itself, which is checked too); the SC axiom is re-evaluated
 * when the graph holds SC events and a fresh event could close a cycle
 * (psc_sink).  No-thin-air holds by construction: the
 * explorer never lets a read take a write from its own porf-suffix.
 */
#include "model.h"

static int read_by_none(const graph *g, eid w)
{
    const gloc *l = &g->loc[graph_ev(g, w)->loc];
    for (uint32_t i = 0; i < l->nrd; i++)
        if (graph_ev(g, l->rd[i])->rf == w)
            return 0;
    return 1;
}

/* A write with no co successor that nothing reads. */
static int write_is_sink(const graph *g, eid w)
{
    return graph_co_next(g, graph_ev(g, w)->loc, w) == EID_NONE && read_by_none(g, w);
}

/* Does fresh event e have no successor in any relation psc is made of
 * (po, rf, co, fr, sw, barriers)?  Then every edge it brings ends in it
 * and no derived edge passes through it: adding it to a graph whose psc
 * is acyclic keeps psc acyclic.  So: po-last in its thread (an RMW's read
 * part: followed only by its own write part, itself a sink), and a write
 * co-last and read by nothing, a read of a write whose only co successor
 * is its own write part.  The common case of a thread working on its own
 * or the latest data skips the SC check entirely. */
static int psc_sink(const graph *g, eid e)
{
    uint32_t t = EID_T(e), i = EID_I(e), n = g->th[t].n;
    const event *ev = graph_ev(g, e);
    switch (ev->kind) {
    case EV_FENCE:
        return i + 1 == n;
    case EV_WRITE:
        return i + 1 == n && write_is_sink(g, e);
    case EV_READ: {
        eid next = graph_co_next(g, ev->loc, ev->rf);
        if (!ev->rmw || next == EID_NONE) /* a failed CAS, or a plain read */
            return i + 1 == n && next == EID_NONE;
        return i + 2 == n && next == EID(t, i + 1) && write_is_sink(g, next);
    }
    default:
        return 0;
    }
}

static int rc11_consistent(const hb_ctx *c, const graph *g, const eid *fresh, int nfresh)
{
    int need_psc = 0;
    for (int k = 0; k < nfresh; k++) {
        const event *ev = graph_ev(g, fresh[k]);
        if (ev->kind == EV_READ && !model_read_coherent(g, fresh[k]))
            return 0;
        if (ev->kind == EV_WRITE &&
            (!model_write_coherent(g, fresh[k]) || !model_write_atomic(g, fresh[k])))
            return 0;
        need_psc |= c->has_sc && !psc_sink(g, fresh[k]); /* a scan: only when it matters */
    }
    return !need_psc || !c->has_sc || model_psc_acyclic(c, g);
}

const model_ops model_src11 = {"src11", 1, rc11_consistent, model_coherent_min_slot};
const model_ops model_rc11 = {"rc11", 0, rc11_consistent, model_coherent_min_slot};

const model_ops *model_get(checker_model m)
{
    switch (m) {
    case MODEL_RC11: return &model_rc11;
    case MODEL_SC: return &model_sc;
    default: return &model_src11;
    }
}
