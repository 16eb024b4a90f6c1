/* bench_progs.c -- see bench_progs.h. */
#include "bench_progs.h"

#include <string.h>

enum { S_LOAD, S_STORE, S_CAS, S_ASSUME, S_CNT_R, S_CNT_W, S_UNLOCK, S_N };

static const gpumc_srcloc srcs[S_N] = {
    [S_LOAD] = { __FILE__, __LINE__, 0, "r = x[(i+1) % n]" },
    [S_STORE] = { __FILE__, __LINE__, 0, "x[i] = 1" },
    [S_CAS] = { __FILE__, __LINE__, 0, "CAS(lock, 0, 1)" },
    [S_ASSUME] = { __FILE__, __LINE__, 0, "spin-assume CAS succeeded" },
    [S_CNT_R] = { __FILE__, __LINE__, 0, "r = counter" },
    [S_CNT_W] = { __FILE__, __LINE__, 0, "counter = r + 1" },
    [S_UNLOCK] = { __FILE__, __LINE__, 0, "lock = 0" },
};

typedef struct bench_thr {
    int id, n;
    uint32_t *x; /* LB/SB: x[0..n-1]; lock: x[0] lock, x[1] counter */
} bench_thr;

/* The selected program and its thread arguments (see bench_progs.h). */
static bench_kind sel_kind;
static int sel_n;
static bench_thr thr[BENCH_MAX_THREADS];

int bench_select(bench_kind kind, int n)
{
    if (n < 1 || n > BENCH_MAX_THREADS)
        return -1;
    sel_kind = kind;
    sel_n = n;
    return 0;
}

static void lb_thread(gpumc_thread *t, void *arg)
{
    const bench_thr *a = arg;
    (void)gpumc_load(t, &a->x[(a->id + 1) % a->n], 4, GPUMC_ACQ,
                     GPUMC_SCOPE_GPU, S_LOAD);
    gpumc_store(t, &a->x[a->id], 4, 1, GPUMC_REL, GPUMC_SCOPE_GPU, S_STORE);
}

static void sb_thread(gpumc_thread *t, void *arg)
{
    const bench_thr *a = arg;
    gpumc_store(t, &a->x[a->id], 4, 1, GPUMC_RLX, GPUMC_SCOPE_GPU, S_STORE);
    (void)gpumc_load(t, &a->x[(a->id + 1) % a->n], 4, GPUMC_RLX,
                     GPUMC_SCOPE_GPU, S_LOAD);
}

static void lock_thread(gpumc_thread *t, void *arg)
{
    const bench_thr *a = arg;
    uint64_t expected = 0;
    /* spin-assume: the await loop becomes one CAS and an assume */
    int ok = gpumc_cas(t, &a->x[0], 4, &expected, 1, GPUMC_ACQ, GPUMC_RLX,
                       GPUMC_SCOPE_GPU, 0, S_CAS);
    gpumc_assume(t, ok, S_ASSUME);
    if (!ok)
        return;
    uint64_t r = gpumc_load(t, &a->x[1], 4, GPUMC_NA, GPUMC_SCOPE_GPU, S_CNT_R);
    gpumc_store(t, &a->x[1], 4, r + 1, GPUMC_NA, GPUMC_SCOPE_GPU, S_CNT_W);
    gpumc_store(t, &a->x[0], 4, 0, GPUMC_REL, GPUMC_SCOPE_GPU, S_UNLOCK);
}

int bench_setup(gpumc_setup *s)
{
    static const gpumc_thread_fn fns[] = { lb_thread, sb_thread, lock_thread };
    unsigned words = sel_kind == BENCH_LOCK ? 2u : (unsigned)sel_n;
    if (gpumc_sources(s, srcs, S_N) < 0)
        return -1;
    uint32_t *x = gpumc_region(s, "x", words * sizeof(uint32_t), NULL);
    if (!x)
        return -1;
    for (int i = 0; i < sel_n; i++) {
        gpumc_coord c;
        memset(&c, 0, sizeof c);
        c.tid[0] = i;
        thr[i] = (bench_thr){ .id = i, .n = sel_n, .x = x };
        if (gpumc_thread_add(s, fns[sel_kind], &thr[i], &c) < 0)
            return -1;
    }
    return 0;
}

uint64_t bench_expected(bench_kind kind, int n, int sc)
{
    if (n < 1 || n > 62)
        return 0;
    uint64_t pow2 = (uint64_t)1 << n;
    switch (kind) {
    case BENCH_LB:
        return pow2 - 1;
    case BENCH_SB:
        return sc ? pow2 - 1 : pow2;
    case BENCH_LOCK: {
        if (n > 20)
            return 0;
        uint64_t f = 1;
        for (int i = 2; i <= n; i++)
            f *= (uint64_t)i;
        return f;
    }
    }
    return 0;
}
