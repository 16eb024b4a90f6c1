/*
 * barrier.c -- the two-phase shared-memory shape, by hand against the
 * harness ABI: what the frontend generates for
 *
 *   __global__ void exchange(void) {
 *       __shared__ int s[2];
 *       s[threadIdx.x] = threadIdx.x + 1;
 *       __syncthreads();
 *       assert(s[1 - threadIdx.x] == 2 - threadIdx.x);
 *   }
 *
 * launched as 1 CTA x 2 threads.  The barrier orders every write before
 * every read: no error, exactly 1 execution.  With -DNO_BARRIER the reads
 * race with the other thread's write (data race) and may see 0, which
 * fails the assertion.
 */
#include "gpumc/harness.h"

#define FILE_NAME "kernels/harness/barrier.c"

enum { SRC_W, SRC_BAR, SRC_R, SRC_ASSERT };

static const gpumc_srcloc srcs[] = {
    [SRC_W] = {FILE_NAME, 34, 5, "s[threadIdx.x] = threadIdx.x + 1"},
    [SRC_BAR] = {FILE_NAME, 36, 5, "__syncthreads()"},
    [SRC_R] = {FILE_NAME, 38, 18, "s[1 - threadIdx.x]"},
    [SRC_ASSERT] = {FILE_NAME, 39, 5, "assert(...)"},
};

static void exchange(gpumc_thread *t, void *arg)
{
    int *s = arg;
    int tid = gpumc_where(t)->tid[0];
    gpumc_store(t, &s[tid], 4, (uint64_t)(tid + 1), GPUMC_NA, GPUMC_SCOPE_CTA, SRC_W);
#ifndef NO_BARRIER
    gpumc_barrier(t, GPUMC_SCOPE_CTA, 0, SRC_BAR);
#endif
    uint64_t v = gpumc_load(t, &s[1 - tid], 4, GPUMC_NA, GPUMC_SCOPE_CTA, SRC_R);
    gpumc_assert(t, v == (uint64_t)(2 - tid), SRC_ASSERT);
}

int gpumc_harness_setup(gpumc_setup *s)
{
    if (gpumc_sources(s, srcs, sizeof srcs / sizeof srcs[0]) < 0)
        return -1;
    int *shared = gpumc_region(s, "s", 2 * sizeof(int), NULL);
    if (!shared)
        return -1;
    for (int tid = 0; tid < 2; tid++) {
        gpumc_coord w = {0, 0, {0, 0, 0}, {tid, 0, 0}};
        if (gpumc_thread_add(s, exchange, shared, &w) < 0)
            return -1;
    }
    return 0;
}
