/*
 * spin.c -- a thread that computes forever without touching shared
 * memory: no stop point is ever reached, so only a second SIGINT ends it.
 */
#include "gpumc/harness.h"

static const gpumc_srcloc srcs[] = {{"spin.c", 1, 1, "store"}};

static void worker(gpumc_thread *t, void *arg)
{
    volatile unsigned long n = 0;
    (void)arg;
    for (;;)
        n++;
    gpumc_store(t, NULL, 4, 1, GPUMC_RLX, GPUMC_SCOPE_SYS, 0);
}

int gpumc_harness_setup(gpumc_setup *s)
{
    gpumc_coord c = {0, 0, {0, 0, 0}, {0, 0, 0}};
    if (gpumc_sources(s, srcs, 1) < 0)
        return -1;
    return gpumc_thread_add(s, worker, NULL, &c) >= 0 ? 0 : -1;
}
