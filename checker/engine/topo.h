/*
 * topo.h -- the thread hierarchy: who is in whose scope.
 *
 * Built once per run from the threads' gpumc_coord.  topo_level(t, u) is
 * the narrowest scope of t that includes u: THREAD for t == u, CTA for the
 * same CTA of the same GPU, GPU for the same GPU, SYS otherwise (and always
 * when a host thread is involved).  A scope s of t includes u iff
 * s >= topo_level(t, u).  Barrier groups (the threads one barrier instance
 * waits for) are the CTA / GPU / all-device-thread sets.
 */
#ifndef GPUMC_TOPO_H
#define GPUMC_TOPO_H

#include <stdint.h>
#include "gpumc/harness.h"

typedef struct topo_group {
    uint32_t n;
    uint32_t *members; /* thread ids, ascending */
} topo_group;

typedef struct topo {
    uint32_t nthreads;
    gpumc_coord *where;      /* per thread */
    uint32_t *group[5];      /* per thread: group index at level CTA..SYS, 4 = warp */
    topo_group *groups[5];   /* per level */
    uint32_t ngroups[5];
    uint32_t *lane;          /* per thread: its place in its warp */
    uint32_t warp_size;      /* threads per warp, 1..32 */
} topo;

int topo_build(topo *tp, const gpumc_coord *where, uint32_t n, uint32_t warp_size);
void topo_free(topo *tp);

static inline int topo_level(const topo *tp, uint32_t t, uint32_t u)
{
    if (t == u)
        return GPUMC_SCOPE_THREAD;
    const gpumc_coord *a = &tp->where[t], *b = &tp->where[u];
    if (a->host || b->host || a->gpu != b->gpu)
        return GPUMC_SCOPE_SYS;
    if (a->cta[0] == b->cta[0] && a->cta[1] == b->cta[1] && a->cta[2] == b->cta[2])
        return GPUMC_SCOPE_CTA;
    return GPUMC_SCOPE_GPU;
}

/* The barrier group of thread t at scope sc (CTA, GPU or SYS) or level
 * TOPO_WARP (its CTA's threads in declaration order, warp_size to a warp), or
 * NULL for a host thread / thread scope. */
#define TOPO_WARP 4
#define TOPO_WARP_SIZE 32 /* unless the harness says otherwise (gpumc_warp_size) */
const topo_group *topo_barrier_group(const topo *tp, uint32_t t, int sc);

/* Thread t's lane in its warp (0 for a host thread). */
static inline unsigned topo_lane(const topo *tp, uint32_t t)
{
    return tp->lane ? tp->lane[t] : 0;
}

#endif
