/*
 * hb.h -- computing an event's views (SPEC section 4.3).
 *
 * hb_compute() fills the hb and porf views of event e from its program-order
 * predecessor, its rf source, spawn/join and barrier edges, and the
 * synchronisation edges sw = prel; rseq; (incl & rf); pacq restricted to
 * incl.  Everything e depends on must already be in the graph with views.
 * `scoped` = 0 treats every scope as sys (RC11, SC).
 */
#ifndef GPUMC_HB_H
#define GPUMC_HB_H

#include "graph.h"
#include "topo.h"

/* The joined views of the last barrier instance passed: every member of a
 * CTA computes the same join when it leaves the barrier, so the first one
 * computes it (members x threads) and the others copy it (threads).  Keyed
 * by the versions of the members' barrier events, which change whenever
 * one of them is re-added. */
typedef struct hb_barcache {
    int valid;
    const topo_group *grp;
    uint32_t level, ordinal;
    uint64_t key;
    view_acc acc; /* the join (GRAPH_MAX_VIEWS x threads), owned */
    /* The row of the exit of the last instance left: made by the first
     * member to leave (exit_owner, at version exit_ver), shared by the
     * others while that event is unchanged -- then so is every member's
     * barrier event, as they are all in its porf-prefix. */
    const topo_group *exit_grp;
    uint32_t exit_level, exit_ordinal;
    eid exit_owner;
    uint64_t exit_ver;
    /* hb.c's exit_row_maker answer for the instance last asked about, in
     * graph alike_g at change count alike_gen (appends since leave the
     * members' barrier events and rows as they are): one scan of the
     * members per instance, not one per member leaving. */
    const void *alike_g;
    uint32_t alike_gen, alike_level, alike_ordinal;
    const topo_group *alike_grp;
    int alike;
} hb_barcache;

typedef struct hb_ctx {
    const topo *tp;
    hb_barcache *bar; /* may be NULL: no caching */
    int scoped;
    int has_sc; /* some SC access or fence was ever seen: psc matters */
    int lockstep; /* warps run in lockstep: a convergence point orders memory */
    /* Long model checks call poll now and then; nonzero: give up (the
     * run is stopping: timeout, interrupt).  May be NULL. */
    int (*poll)(void *ud);
    void *poll_ud;
} hb_ctx;

/* Nonzero when the run asks a long check to give up. */
static inline int hb_poll(const hb_ctx *c)
{
    return c->poll && c->poll(c->poll_ud);
}

static inline int hb_atomic(const event *ev)
{
    return ev->order != GPUMC_NA;
}
static inline int hb_scope(const hb_ctx *c, const event *ev)
{
    return c->scoped ? ev->scope : GPUMC_SCOPE_SYS;
}
/* incl(a, b): both atomic and each one's scope includes the other's
 * thread.  (No location clause: see docs/model.md.) */
int hb_incl(const hb_ctx *c, const graph *g, eid a, eid b);
/* Computes into g->scratch and stores with graph_set_views; -1 when out
 * of memory.  What an event costs is the window of threads its views
 * cover, not the launch. */
int hb_compute(const hb_ctx *c, graph *g, eid e);

/* Is thread t's point after its first p events (where an access it made
 * then stands) before, in view v, thread u's point after its first n
 * events -- which sees what u's last event sees and, after a barrier, the
 * barrier's exit?  (t != u.)  scratch: an accumulator of g's threads and
 * views, used when t is not a member of that barrier. */
int hb_point_sees(const hb_ctx *c, graph *g, uint32_t u, uint32_t n, unsigned v, uint32_t t,
                  uint32_t p, view_acc *scratch);

#endif
