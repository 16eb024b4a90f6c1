/*
 * deep.c -- one execution with N choice points: a writer stores 1..N to x
 * (relaxed), a reader then loads x N times, and each load may read any of
 * the writes at or after the one before it.  The explorer recurses once
 * per choice point, so a large N is deeper than a small explorer stack.
 * -DN sets N.
 */
#include "gpumc/harness.h"

#ifndef N
#define N 50000
#endif

static const gpumc_srcloc srcs[] = {{"deep.c", 1, 1, "x"}};

static void writer(gpumc_thread *t, void *arg)
{
    for (int i = 1; i <= N; i++)
        gpumc_store(t, arg, 4, (unsigned long long)i, GPUMC_RLX, GPUMC_SCOPE_SYS, 0);
}

static void reader(gpumc_thread *t, void *arg)
{
    for (int i = 0; i < N; i++)
        gpumc_load(t, arg, 4, GPUMC_RLX, GPUMC_SCOPE_SYS, 0);
}

int gpumc_harness_setup(gpumc_setup *s)
{
    gpumc_coord c = {0, 0, {0, 0, 0}, {0, 0, 0}};
    if (gpumc_sources(s, srcs, 1) < 0)
        return -1;
    int *x = gpumc_region(s, "x", sizeof(int), NULL);
    return x && gpumc_thread_add(s, writer, x, &c) >= 0 &&
                   gpumc_thread_add(s, reader, x, &c) >= 0
               ? 0
               : -1;
}
