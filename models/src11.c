/*
 * src11.c -- scoped RC11 (SPEC 4.3) and RC11 (the same with every scope
 * treated as sys).  Coherence and atomicity are checked for the fresh
 * events only (nothing is hb-after a fresh event but, after a revisit, the
 * fresh read itself, which is checked too); the SC axiom is re-evaluated
 * when the graph holds SC events.  No-thin-air holds by construction: the
 * explorer never lets a read take a write from its own porf-suffix.
 */
#include "model.h"

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
        need_psc = 1;
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
