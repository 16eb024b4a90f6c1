/*
 * longexec.c -- one long execution: a thread makes N relaxed stores over
 * 1000 locations (N events in a single execution, no choice point).
 * -DN sets N.
 */
#include "gpumc/harness.h"

#ifndef N
#define N 200000
#endif

static const gpumc_srcloc srcs[] = {{"longexec.c", 1, 1, "store"}};

static void worker(gpumc_thread *t, void *arg)
{
    int *a = arg;
    for (int i = 0; i < N; i++)
        gpumc_store(t, &a[i % 1000], 4, 1, GPUMC_RLX, GPUMC_SCOPE_SYS, 0);
}

int gpumc_harness_setup(gpumc_setup *s)
{
    gpumc_coord c = {0, 0, {0, 0, 0}, {0, 0, 0}};
    if (gpumc_sources(s, srcs, 1) < 0)
        return -1;
    int *a = gpumc_region(s, "a", sizeof(int) * 1000, NULL);
    return a && gpumc_thread_add(s, worker, a, &c) >= 0 ? 0 : -1;
}
