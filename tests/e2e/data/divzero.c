/*
 * divzero.c -- a thread divides by a value it reads from memory (0): an
 * integer division by zero at run time (SIGFPE, FPE_INTDIV).
 */
#include "gpumc/harness.h"

static const gpumc_srcloc srcs[] = {{"divzero.c", 1, 1, "out[0] = 10 / d[0]"}};

typedef struct mem {
    int *d, *out;
} mem;

static void worker(gpumc_thread *t, void *arg)
{
    mem *m = arg;
    int d = (int)gpumc_load(t, m->d, 4, GPUMC_NA, GPUMC_SCOPE_SYS, 0);
    gpumc_store(t, m->out, 4, (uint64_t)(10 / d), GPUMC_NA, GPUMC_SCOPE_SYS, 0);
}

int gpumc_harness_setup(gpumc_setup *s)
{
    static mem m;
    gpumc_coord c = {0, 0, {0, 0, 0}, {0, 0, 0}};
    if (gpumc_sources(s, srcs, 1) < 0)
        return -1;
    m.d = gpumc_region(s, "d", sizeof(int), NULL);
    m.out = gpumc_region(s, "out", sizeof(int), NULL);
    return m.d && m.out && gpumc_thread_add(s, worker, &m, &c) >= 0 ? 0 : -1;
}
