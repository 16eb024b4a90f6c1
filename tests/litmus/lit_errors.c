/* lit_errors.c -- see lit_errors.h. */
#include "lit_errors.h"

#include "lit_ctx.h"

enum { X = 0, Y = 1 };

enum { S_WX, S_WY, S_RY, S_RX, S_ASSERT, S_OOB, S_N };

static const gpumc_srcloc srcs[S_N] = {
    [S_WX] = LIT_SRC("mp_assert: x = 1"),
    [S_WY] = LIT_SRC("mp_assert: y = 1"),
    [S_RY] = LIT_SRC("mp_assert: r = y"),
    [S_RX] = LIT_SRC("mp_assert: d = x"),
    [S_ASSERT] = LIT_SRC("mp_assert: assert(d == 1)"),
    [S_OOB] = LIT_SRC("oob: buf[k]"),
};

static uint32_t *begin(gpumc_setup *s, unsigned nwords)
{
    if (gpumc_sources(s, srcs, S_N) < 0)
        return NULL;
    return lit_mem(s, nwords);
}

static void mpa_thread(gpumc_thread *t, void *arg)
{
    const lit_thr *a = arg;
    if (a->id == 0) {
        lit_st(t, a, X, 1, a->v->d, S_WX);
        lit_st(t, a, Y, 1, a->v->w, S_WY);
    } else if (lit_ld(t, a, Y, a->v->r, S_RY) != 0) {
        uint32_t d = lit_ld(t, a, X, a->v->d, S_RX);
        gpumc_assert(t, d == 1, S_ASSERT);
    }
}

int lit_mp_assert(gpumc_setup *s)
{
    uint32_t *m = begin(s, 2);
    return m ? lit_add_all(s, mpa_thread, 2, m) : -1;
}

static void oob_thread(gpumc_thread *t, void *arg)
{
    const lit_thr *a = arg;
    int k = (a->v->opt & OOB_PAST) ? 1 : 0;
    (void)lit_ld(t, a, k, GPUMC_NA, S_OOB);
}

int lit_oob(gpumc_setup *s)
{
    uint32_t *m = begin(s, 1);
    return m ? lit_add_all(s, oob_thread, 1, m) : -1;
}
