/*
 * longpsc.c -- one execution whose last SC-axiom check is long: a thread
 * makes N relaxed stores (no psc check while fewer than two SC events
 * exist), then two SC fences, so the check runs once over N+2 events
 * (cubic in N).  -DN sets N.
 */
#include "gpumc/harness.h"

#ifndef N
#define N 8000
#endif

static const gpumc_srcloc srcs[] = {{"longpsc.c", 1, 1, "store"}, {"longpsc.c", 2, 1, "fence"}};

static void worker(gpumc_thread *t, void *arg)
{
    int *a = arg;
    for (int i = 0; i < N; i++)
        gpumc_store(t, &a[i], 4, 1, GPUMC_RLX, GPUMC_SCOPE_SYS, 0);
    gpumc_fence(t, GPUMC_SC, GPUMC_SCOPE_SYS, 1);
    gpumc_fence(t, GPUMC_SC, GPUMC_SCOPE_SYS, 1);
}

int gpumc_harness_setup(gpumc_setup *s)
{
    gpumc_coord c = {0, 0, {0, 0, 0}, {0, 0, 0}};
    if (gpumc_sources(s, srcs, 2) < 0)
        return -1;
    int *a = gpumc_region(s, "a", sizeof(int) * N, NULL);
    return a && gpumc_thread_add(s, worker, a, &c) >= 0 ? 0 : -1;
}
