/* topo.c -- see topo.h. */
#include "topo.h"

#include <stdlib.h>
#include <string.h>

/* Same group at `level` (CTA, GPU or SYS) for two device threads? */
static int same_group(const gpumc_coord *a, const gpumc_coord *b, int level)
{
    if (level == GPUMC_SCOPE_SYS)
        return 1;
    if (a->gpu != b->gpu)
        return 0;
    if (level == GPUMC_SCOPE_GPU)
        return 1;
    return a->cta[0] == b->cta[0] && a->cta[1] == b->cta[1] && a->cta[2] == b->cta[2];
}

static int build_level(topo *tp, int level)
{
    uint32_t n = tp->nthreads;
    tp->group[level] = malloc(sizeof(uint32_t) * (n ? n : 1));
    tp->groups[level] = calloc(n ? n : 1, sizeof(topo_group));
    if (!tp->group[level] || !tp->groups[level])
        return -1;
    for (uint32_t t = 0; t < n; t++) {
        tp->group[level][t] = UINT32_MAX;
        if (tp->where[t].host)
            continue;
        uint32_t g;
        for (g = 0; g < tp->ngroups[level]; g++) {
            uint32_t rep = tp->groups[level][g].members[0];
            if (same_group(&tp->where[rep], &tp->where[t], level))
                break;
        }
        if (g == tp->ngroups[level]) {
            tp->groups[level][g].members = malloc(sizeof(uint32_t) * n);
            if (!tp->groups[level][g].members)
                return -1;
            tp->ngroups[level]++;
        }
        topo_group *grp = &tp->groups[level][g];
        grp->members[grp->n++] = t;
        tp->group[level][t] = g;
    }
    return 0;
}

/* Warps: each CTA group's members (ascending = declaration order) cut
 * into runs of warp_size. */
static int build_warps(topo *tp)
{
    uint32_t n = tp->nthreads;
    tp->group[TOPO_WARP] = malloc(sizeof(uint32_t) * (n ? n : 1));
    tp->groups[TOPO_WARP] = calloc(n ? n : 1, sizeof(topo_group));
    tp->lane = calloc(n ? n : 1, sizeof(uint32_t));
    if (!tp->group[TOPO_WARP] || !tp->groups[TOPO_WARP] || !tp->lane)
        return -1;
    for (uint32_t t = 0; t < n; t++)
        tp->group[TOPO_WARP][t] = UINT32_MAX;
    for (uint32_t c = 0; c < tp->ngroups[GPUMC_SCOPE_CTA]; c++) {
        const topo_group *cta = &tp->groups[GPUMC_SCOPE_CTA][c];
        uint32_t ws = tp->warp_size;
        for (uint32_t m = 0; m < cta->n; m += ws) {
            uint32_t k = cta->n - m < ws ? cta->n - m : ws;
            topo_group *w = &tp->groups[TOPO_WARP][tp->ngroups[TOPO_WARP]];
            w->members = malloc(sizeof(uint32_t) * k);
            if (!w->members)
                return -1;
            for (uint32_t i = 0; i < k; i++) {
                uint32_t t = cta->members[m + i];
                w->members[w->n++] = t;
                tp->group[TOPO_WARP][t] = tp->ngroups[TOPO_WARP];
                tp->lane[t] = i;
            }
            tp->ngroups[TOPO_WARP]++;
        }
    }
    return 0;
}

int topo_build(topo *tp, const gpumc_coord *where, uint32_t n, uint32_t warp_size)
{
    memset(tp, 0, sizeof *tp);
    tp->nthreads = n;
    tp->warp_size = warp_size >= 1 && warp_size <= 32 ? warp_size : TOPO_WARP_SIZE;
    tp->where = malloc(sizeof(gpumc_coord) * (n ? n : 1));
    if (!tp->where)
        return -1;
    memcpy(tp->where, where, sizeof(gpumc_coord) * n);
    for (int level = GPUMC_SCOPE_CTA; level <= GPUMC_SCOPE_SYS; level++)
        if (build_level(tp, level) != 0)
            return -1;
    int host = 0;
    for (uint32_t t = 0; t < n; t++)
        host |= tp->where[t].host;
    tp->widest = host || tp->ngroups[GPUMC_SCOPE_GPU] > 1 ? GPUMC_SCOPE_SYS
               : tp->ngroups[GPUMC_SCOPE_CTA] > 1    ? GPUMC_SCOPE_GPU
               : n > 1                                ? GPUMC_SCOPE_CTA
                                                      : GPUMC_SCOPE_THREAD;
    return build_warps(tp);
}

void topo_free(topo *tp)
{
    for (int level = GPUMC_SCOPE_CTA; level <= TOPO_WARP; level++) {
        for (uint32_t g = 0; g < tp->ngroups[level]; g++)
            free(tp->groups[level][g].members);
        free(tp->groups[level]);
        free(tp->group[level]);
    }
    free(tp->where);
    free(tp->lane);
    memset(tp, 0, sizeof *tp);
}

const topo_group *topo_barrier_group(const topo *tp, uint32_t t, int sc)
{
    if (sc < GPUMC_SCOPE_CTA || sc > TOPO_WARP || tp->where[t].host ||
        tp->group[sc][t] == UINT32_MAX)
        return NULL;
    return &tp->groups[sc][tp->group[sc][t]];
}
