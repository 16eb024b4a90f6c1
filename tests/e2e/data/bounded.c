/*
 * bounded.c -- a pre-lowered harness for the "incomplete" verdict: thread 1
 * waits for thread 0's flag with a loop of at most two reads (no await-loop
 * detection), so the executions in which both reads see 0 are cut by the
 * loop bound: 2 complete executions (the first or the second read sees 1)
 * and 1 blocked one.  No error, but not every execution was explored.
 * With -DNEVER thread 1 assumes the flag is 2, which it never is: both
 * executions are blocked, none completes.
 */
#include "gpumc/harness.h"

#define FILE_NAME "tests/e2e/data/bounded.c"

static const gpumc_srcloc srcs[] = {
    {FILE_NAME, 22, 5, "gpumc_store(flag)"},
    {FILE_NAME, 31, 13, "gpumc_load(flag)"},
    {FILE_NAME, 30, 5, "for (...)"},
};

static void writer(gpumc_thread *t, void *flag)
{
    gpumc_store(t, flag, 4, 1, GPUMC_RLX, GPUMC_SCOPE_GPU, 0);
}

static void waiter(gpumc_thread *t, void *flag)
{
#ifdef NEVER
    gpumc_assume(t, gpumc_load(t, flag, 4, GPUMC_RLX, GPUMC_SCOPE_GPU, 1) == 2, 1);
#else
    for (int i = 0; i < 2; i++)
        if (gpumc_load(t, flag, 4, GPUMC_RLX, GPUMC_SCOPE_GPU, 1) == 1)
            return;
    gpumc_loop_bound(t, 2);
#endif
}

int gpumc_harness_setup(gpumc_setup *s)
{
    if (gpumc_sources(s, srcs, 3) < 0)
        return -1;
    int *flag = gpumc_region(s, "flag", sizeof(int), NULL);
    gpumc_coord a = {0, 0, {0, 0, 0}, {0, 0, 0}}, b = {0, 0, {1, 0, 0}, {0, 0, 0}};
    if (!flag || gpumc_thread_add(s, writer, flag, &a) < 0 ||
        gpumc_thread_add(s, waiter, flag, &b) < 0)
        return -1;
    return 0;
}
