/*
 * longpsc.c -- an execution whose SC-axiom check is long: a thread makes N
 * relaxed stores (no psc check while fewer than two SC events exist), then
 * the two threads run SB with SC accesses.  Where a load reads the initial
 * value although the other thread's store exists (an fr edge out of a
 * fresh event), the check runs over N+4 events (cubic in N); the loads
 * that read the latest value need no check.  -DN sets N.
 */
#include "gpumc/harness.h"

#ifndef N
#define N 8000
#endif

static const gpumc_srcloc srcs[] = {{"longpsc.c", 1, 1, "store"}, {"longpsc.c", 2, 1, "sb"}};

static int *xy; /* x = xy[0], y = xy[1] */

static void worker(gpumc_thread *t, void *arg)
{
    int *a = arg;
    for (int i = 0; i < N; i++)
        gpumc_store(t, &a[i], 4, 1, GPUMC_RLX, GPUMC_SCOPE_SYS, 0);
    gpumc_store(t, &xy[0], 4, 1, GPUMC_SC, GPUMC_SCOPE_SYS, 1);
    (void)gpumc_load(t, &xy[1], 4, GPUMC_SC, GPUMC_SCOPE_SYS, 1);
}

static void other(gpumc_thread *t, void *arg)
{
    (void)arg;
    gpumc_store(t, &xy[1], 4, 1, GPUMC_SC, GPUMC_SCOPE_SYS, 1);
    (void)gpumc_load(t, &xy[0], 4, GPUMC_SC, GPUMC_SCOPE_SYS, 1);
}

int gpumc_harness_setup(gpumc_setup *s)
{
    gpumc_coord c = {0, 0, {0, 0, 0}, {0, 0, 0}}, d = {0, 0, {0, 0, 0}, {1, 0, 0}};
    if (gpumc_sources(s, srcs, 2) < 0)
        return -1;
    int *a = gpumc_region(s, "a", sizeof(int) * N, NULL);
    xy = gpumc_region(s, "xy", sizeof(int) * 2, NULL);
    return a && xy && gpumc_thread_add(s, worker, a, &c) >= 0 &&
                   gpumc_thread_add(s, other, NULL, &d) >= 0
               ? 0
               : -1;
}
