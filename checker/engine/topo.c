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

static uint64_t group_key_hash(const gpumc_coord *w, int level)
{
    uint64_t h = (uint64_t)w->gpu * 0x9E3779B97F4A7C15ull;
    if (level == GPUMC_SCOPE_CTA)
        for (int i = 0; i < 3; i++)
            h = (h ^ (uint32_t)w->cta[i]) * 0x100000001B3ull;
    return h ^ (h >> 29);
}

/* Thread t's group at `level`, a new one if none of its kind exists yet.
 * Threads come block by block, so the previous thread's group is tried
 * first; a hash table of each group's first member finds the rest, so
 * grouping a launch is O(threads), not O(threads x groups). */
static uint32_t group_of(topo *tp, int level, uint32_t t, uint32_t prev, uint32_t *slot,
                         uint32_t mask)
{
    const topo_group *grps = tp->groups[level];
    const gpumc_coord *w = &tp->where[t];
    if (prev != UINT32_MAX && same_group(&tp->where[grps[prev].members[0]], w, level))
        return prev;
    uint32_t h = (uint32_t)group_key_hash(w, level) & mask;
    for (;; h = (h + 1) & mask) {
        uint32_t g = slot[h];
        if (g == UINT32_MAX) {
            slot[h] = tp->ngroups[level];
            return tp->ngroups[level]++;
        }
        if (same_group(&tp->where[grps[g].members[0]], w, level))
            return g;
    }
}

/* Every group's size first, then its members: ascending thread ids. */
static int fill_members(topo *tp, int level)
{
    uint32_t n = tp->nthreads;
    topo_group *grps = tp->groups[level];
    for (uint32_t g = 0; g < tp->ngroups[level]; g++) {
        grps[g].members = malloc(sizeof(uint32_t) * grps[g].n);
        if (!grps[g].members)
            return -1;
        grps[g].n = 0;
    }
    for (uint32_t t = 0; t < n; t++) {
        uint32_t g = tp->group[level][t];
        if (g != UINT32_MAX)
            grps[g].members[grps[g].n++] = t;
    }
    return 0;
}

static int build_level(topo *tp, int level)
{
    uint32_t n = tp->nthreads, size = 16;
    while (size < 2 * n)
        size *= 2;
    tp->group[level] = malloc(sizeof(uint32_t) * (n ? n : 1));
    tp->groups[level] = calloc(n ? n : 1, sizeof(topo_group));
    /* first members, for same_group while counting (members[0] only) */
    uint32_t *first = malloc(sizeof(uint32_t) * (n ? n : 1));
    uint32_t *slot = malloc(sizeof(uint32_t) * size);
    if (!tp->group[level] || !tp->groups[level] || !first || !slot) {
        free(first);
        free(slot);
        return -1;
    }
    memset(slot, 0xFF, sizeof(uint32_t) * size);
    uint32_t prev = UINT32_MAX;
    for (uint32_t t = 0; t < n; t++) {
        tp->group[level][t] = UINT32_MAX;
        if (tp->where[t].host)
            continue;
        uint32_t g = group_of(tp, level, t, prev, slot, size - 1);
        topo_group *grp = &tp->groups[level][g];
        if (grp->n++ == 0) {
            first[g] = t;
            grp->members = &first[g]; /* until fill_members */
        }
        tp->group[level][t] = prev = g;
    }
    free(slot);
    for (uint32_t g = 0; g < tp->ngroups[level]; g++)
        tp->groups[level][g].members = NULL;
    int rc = fill_members(tp, level);
    free(first);
    return rc;
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
