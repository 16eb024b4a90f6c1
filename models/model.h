/*
 * model.h -- memory models behind one interface.
 *
 * A model answers one question for the explorer: is the graph still
 * consistent after the events in `fresh` were added or changed (a read with
 * a new rf, a write at a new co position, a fence), given that it was
 * consistent without them?  It also says whether scopes matter (`scoped`):
 * RC11 and SC treat every scope as sys, which the explorer uses when it
 * computes hb views and heterogeneous races.  Adding a model means adding a
 * file here and one line to model_get(); the explorer never changes.
 *
 * The helpers below are shared by the models: coherence via the co
 * position of the latest write an event's hb-prefix has observed,
 * atomicity of RMWs, and the full SC-axiom check (incl & psc acyclic).
 */
#ifndef GPUMC_MODEL_H
#define GPUMC_MODEL_H

#include "../checker/engine/graph.h"
#include "../checker/engine/hb.h"

typedef struct model_ops {
    const char *name;
    int scoped;
    int (*consistent)(const hb_ctx *c, const graph *g, const eid *fresh, int nfresh);
    /* The lowest 0-based co slot a new (unplaced) write w can take without
     * breaking coherence: lets the explorer skip hopeless placements. */
    uint32_t (*co_min_slot)(const hb_ctx *c, const graph *g, eid w);
} model_ops;

const model_ops *model_get(checker_model m);

extern const model_ops model_src11, model_rc11, model_sc;

/* co position of the co-latest write that e's strict hb-prefix has seen
 * at e's location (a write hb-before e, or the source of a read hb-before
 * e); 0 = the initial write. */
uint32_t model_observed(const graph *g, eid e);
/* Read r (with rf) / write w (placed) is coherent with its hb-prefix. */
int model_read_coherent(const graph *g, eid r);
int model_write_coherent(const graph *g, eid w);
/* co_min_slot for models whose coherence includes hb;co irreflexivity. */
uint32_t model_coherent_min_slot(const hb_ctx *c, const graph *g, eid w);
/* Write w does not break the atomicity of any RMW (including itself). */
int model_write_atomic(const graph *g, eid w);
/* incl & psc acyclic (SPEC 4.3 SC axiom); cheap when < 2 SC events. */
int model_psc_acyclic(const hb_ctx *c, const graph *g);
/* po U rf U co U fr (plus barrier/spawn/join edges) acyclic: SC. */
int model_sc_acyclic(const hb_ctx *c, const graph *g);

#endif
