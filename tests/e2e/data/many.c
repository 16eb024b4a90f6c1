/*
 * many.c -- a pre-lowered harness with many executions, for the progress
 * line tests: THREADS CTAs each do OPS relaxed device-scope increments of
 * one counter, so the executions are the interleavings of the RMW chains,
 * (THREADS*OPS)! / (OPS!)^THREADS of them.  No error.
 */
#include "gpumc/harness.h"

#ifndef THREADS
#define THREADS 4
#endif
#ifndef OPS
#define OPS 3
#endif

static const gpumc_srcloc srcs[] = {
    {"tests/e2e/data/many.c", 24, 9, "atomicAdd(counter, 1)"},
};

static void count(gpumc_thread *t, void *arg)
{
    for (int i = 0; i < OPS; i++)
        gpumc_rmw(t, arg, 4, GPUMC_RMW_ADD, 1, GPUMC_RLX, GPUMC_SCOPE_GPU, 0);
}

int gpumc_harness_setup(gpumc_setup *s)
{
    if (gpumc_sources(s, srcs, 1) < 0)
        return -1;
    int *counter = gpumc_region(s, "counter", sizeof(int), NULL);
    if (!counter)
        return -1;
    for (int cta = 0; cta < THREADS; cta++) {
        gpumc_coord w = {0, 0, {cta, 0, 0}, {0, 0, 0}};
        if (gpumc_thread_add(s, count, counter, &w) < 0)
            return -1;
    }
    return 0;
}
