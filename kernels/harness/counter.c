/*
 * counter.c -- three CTAs increment one counter, by hand against the
 * harness ABI: what the frontend generates for
 *
 *   __global__ void count(int *counter) { atomicAdd(counter, 1); }
 *
 * launched as 3 CTAs x 1 thread.  Relaxed gpu-scope RMWs: no error and
 * exactly 3! = 6 executions (one per order of the RMW chain).  With
 * -DCTA_SCOPE (atomicAdd_block) the RMWs of different CTAs do not include
 * each other: a heterogeneous race, still 6 executions.
 */
#include "gpumc/harness.h"

#ifdef CTA_SCOPE
#define SCOPE GPUMC_SCOPE_CTA
#else
#define SCOPE GPUMC_SCOPE_GPU
#endif

#define FILE_NAME "kernels/harness/counter.c"

static const gpumc_srcloc srcs[] = {
    {FILE_NAME, 28, 5, "atomicAdd(counter, 1)"},
};

static void count(gpumc_thread *t, void *arg)
{
    gpumc_rmw(t, arg, 4, GPUMC_RMW_ADD, 1, GPUMC_RLX, SCOPE, 0);
}

int gpumc_harness_setup(gpumc_setup *s)
{
    if (gpumc_sources(s, srcs, 1) < 0)
        return -1;
    int *counter = gpumc_region(s, "counter", sizeof(int), NULL);
    if (!counter)
        return -1;
    for (int cta = 0; cta < 3; cta++) {
        gpumc_coord w = {0, 0, {cta, 0, 0}, {0, 0, 0}};
        if (gpumc_thread_add(s, count, counter, &w) < 0)
            return -1;
    }
    return 0;
}
