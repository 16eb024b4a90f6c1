/*
 * mp.c -- message passing between two CTAs, written by hand against the
 * harness ABI: what the frontend generates for
 *
 *   __global__ void mp(int *data, int *flag, int *out) {
 *       if (blockIdx.x == 0) { data[0] = 42; store_release(flag, 1, SCOPE); }
 *       else if (load_acquire(flag, SCOPE) == 1) out[0] = data[0];
 *   }
 *
 * launched as 2 CTAs x 1 thread.  SCOPE is gpu: the release/acquire pair
 * synchronises, no error, 2 executions (flag read as 0 or 1).  With
 * -DCTA_SCOPE the pair's scope does not include the other CTA: a
 * heterogeneous race on flag and a data race on data, 3 executions (data
 * read as 0 or 42 once flag is seen).
 */
#include "gpumc/harness.h"

#ifdef CTA_SCOPE
#define SCOPE GPUMC_SCOPE_CTA
#else
#define SCOPE GPUMC_SCOPE_GPU
#endif

#define FILE_NAME "kernels/harness/mp.c"

enum { SRC_DATA_W, SRC_FLAG_W, SRC_FLAG_R, SRC_DATA_R, SRC_OUT_W };

static const gpumc_srcloc srcs[] = {
    [SRC_DATA_W] = {FILE_NAME, 43, 5, "data[0] = 42"},
    [SRC_FLAG_W] = {FILE_NAME, 44, 5, "store_release(flag, 1)"},
    [SRC_FLAG_R] = {FILE_NAME, 50, 9, "load_acquire(flag)"},
    [SRC_DATA_R] = {FILE_NAME, 51, 22, "data[0]"},
    [SRC_OUT_W] = {FILE_NAME, 52, 9, "out[0] = data[0]"},
};

typedef struct mp_mem {
    int *data, *flag, *out;
} mp_mem;

static void writer(gpumc_thread *t, void *arg)
{
    mp_mem *m = arg;
    gpumc_store(t, m->data, 4, 42, GPUMC_NA, GPUMC_SCOPE_SYS, SRC_DATA_W);
    gpumc_store(t, m->flag, 4, 1, GPUMC_REL, SCOPE, SRC_FLAG_W);
}

static void reader(gpumc_thread *t, void *arg)
{
    mp_mem *m = arg;
    if (gpumc_load(t, m->flag, 4, GPUMC_ACQ, SCOPE, SRC_FLAG_R) == 1) {
        uint64_t v = gpumc_load(t, m->data, 4, GPUMC_NA, GPUMC_SCOPE_SYS, SRC_DATA_R);
        gpumc_store(t, m->out, 4, v, GPUMC_NA, GPUMC_SCOPE_SYS, SRC_OUT_W);
    }
}

int gpumc_harness_setup(gpumc_setup *s)
{
    static mp_mem m;
    gpumc_coord cta0 = {0, 0, {0, 0, 0}, {0, 0, 0}};
    gpumc_coord cta1 = {0, 0, {1, 0, 0}, {0, 0, 0}};
    if (gpumc_sources(s, srcs, sizeof srcs / sizeof srcs[0]) < 0)
        return -1;
    m.data = gpumc_region(s, "data", sizeof(int), NULL);
    m.flag = gpumc_region(s, "flag", sizeof(int), NULL);
    m.out = gpumc_region(s, "out", sizeof(int), NULL);
    if (!m.data || !m.flag || !m.out)
        return -1;
    if (gpumc_thread_add(s, writer, &m, &cta0) < 0 ||
        gpumc_thread_add(s, reader, &m, &cta1) < 0)
        return -1;
    return 0;
}
