/* lit_lock.c -- see lit_lock.h. */
#include "lit_lock.h"

#include "lit_ctx.h"

enum { LOCK = 0, COUNTER = 1 };

enum { S_CAS, S_ASSUME, S_RC, S_WC, S_UNLOCK, S_N };

static const gpumc_srcloc srcs[S_N] = {
    [S_CAS] = LIT_SRC("lock: CAS(lock, 0, 1)"),
    [S_ASSUME] = LIT_SRC("lock: spin-assume CAS succeeded"),
    [S_RC] = LIT_SRC("lock: r = counter"),
    [S_WC] = LIT_SRC("lock: counter = r + 1"),
    [S_UNLOCK] = LIT_SRC("lock: lock = 0"),
};

static void lock_thread(gpumc_thread *t, void *arg)
{
    const lit_thr *a = arg;
    uint64_t expected = 0;
    int ok = gpumc_cas(t, &a->m[LOCK], 4, &expected, 1, GPUMC_ACQ, GPUMC_RLX,
                       lit_scope(a), 0, S_CAS);
    gpumc_assume(t, ok, S_ASSUME);
    if (!ok) /* assume(0) does not return; this only keeps the code honest */
        return;
    uint32_t r = lit_ld(t, a, COUNTER, GPUMC_NA, S_RC);
    lit_st(t, a, COUNTER, r + 1, GPUMC_NA, S_WC);
    lit_st(t, a, LOCK, 0, a->v->w, S_UNLOCK);
}

int lit_lock(gpumc_setup *s)
{
    int n = lit_nthreads(2);
    if (gpumc_sources(s, srcs, S_N) < 0)
        return -1;
    uint32_t *m = lit_mem(s, 2);
    return m ? lit_add_all(s, lock_thread, n, m) : -1;
}
