/*
 * shadow.h -- plain accesses without events: race detection on shadow
 * state, FastTrack-style (docs/model.md, "Plain accesses without events").
 *
 * In an execution with no race so far, a plain read has exactly one write
 * it can read -- the hb-latest one, which is the last one made -- so plain
 * accesses need no choice points and no graph events: the thread reads and
 * writes its memory directly, and each location keeps only what a later
 * access must be checked against:
 *   - its last write, as the writer's point (thread t, after its first p
 *     events: an access there is hb-before whatever sees t's event p);
 *   - the reads since that write that no later read covers: one point, or a
 *     list when reads of several threads are unordered among themselves.
 * A write races with the last write and the reads it does not see; a read
 * with the last write.  Whether a point is seen is the caller's question
 * (shadow_sees_fn: hb views of the graph, hb.c).
 *
 * This module is the state machine only: cells and reader lists, no
 * knowledge of regions, graphs or threads (runtime.c owns the cells of a
 * region and decides which accesses take this path).
 * Ownership: a shadow_lists owns the reader lists; cells are plain
 * structs in the caller's arrays, all zero when nothing was accessed.
 * Errors: -1 when a list cannot grow (out of memory).
 */
#ifndef GPUMC_SHADOW_H
#define GPUMC_SHADOW_H

#include <stdint.h>

/* One location's state: wt/rt are thread + 1 (0: none -- for the write,
 * the initial value, which everything sees); rt == SHADOW_MANY: the reads
 * are list rp of the shadow_lists. */
typedef struct shadow_cell {
    uint32_t wt, wp;
    uint32_t rt, rp;
} shadow_cell;
#define SHADOW_MANY UINT32_MAX

/* A point: thread t after its first p events. */
typedef struct shadow_point {
    uint32_t t, p;
} shadow_point;

typedef struct shadow_list {
    shadow_point *v;
    uint32_t n, cap;
    uint32_t prune_at; /* prune covered reads when n reaches it */
} shadow_list;

typedef struct shadow_lists {
    shadow_list *l;
    uint32_t n, cap;
    uint32_t *free; /* indices of lists not in use */
    uint32_t nfree, capfree;
} shadow_lists;

/* Is point (t, p) hb-before the accessing thread's current point?  Never
 * asked for the accessing thread itself (po orders those). */
typedef int (*shadow_sees_fn)(void *ud, uint32_t t, uint32_t p);

/* The access of thread u at its point n (after its first n events).
 * 0: no race; 1: a race with an earlier access; -1: out of memory. */
int shadow_read(shadow_lists *L, shadow_cell *c, uint32_t u, uint32_t n, shadow_sees_fn sees,
                void *ud);
int shadow_write(shadow_lists *L, shadow_cell *c, uint32_t u, uint32_t n, shadow_sees_fn sees,
                 void *ud);

/* Every list back to unused (the cells that named them are being
 * cleared); shadow_lists_free also gives back the memory. */
void shadow_lists_reset(shadow_lists *L);
void shadow_lists_free(shadow_lists *L);

#endif
