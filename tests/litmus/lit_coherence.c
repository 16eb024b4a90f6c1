/* lit_coherence.c -- see lit_coherence.h. */
#include "lit_coherence.h"

#include "lit_ctx.h"

enum { X = 0 };

enum {
    S_CORR_W, S_CORR_R1, S_CORR_R2,
    S_COWW_W1, S_COWW_W2,
    S_CORW_R, S_CORW_W1, S_CORW_W2,
    S_COWR_W1, S_COWR_R, S_COWR_W2,
    S_RMW,
    S_N
};

static const gpumc_srcloc srcs[S_N] = {
    [S_CORR_W] = LIT_SRC("corr: x = 1"),
    [S_CORR_R1] = LIT_SRC("corr: first x"),
    [S_CORR_R2] = LIT_SRC("corr: second x"),
    [S_COWW_W1] = LIT_SRC("coww: x = 1"),
    [S_COWW_W2] = LIT_SRC("coww: x = 2"),
    [S_CORW_R] = LIT_SRC("corw: x"),
    [S_CORW_W1] = LIT_SRC("corw: x = 1"),
    [S_CORW_W2] = LIT_SRC("corw: x = 2"),
    [S_COWR_W1] = LIT_SRC("cowr: x = 1"),
    [S_COWR_R] = LIT_SRC("cowr: x"),
    [S_COWR_W2] = LIT_SRC("cowr: x = 2"),
    [S_RMW] = LIT_SRC("rmw: fetch_add(x, 1)"),
};

static uint32_t *begin(gpumc_setup *s)
{
    if (gpumc_sources(s, srcs, S_N) < 0)
        return NULL;
    return lit_mem(s, 1);
}

static void corr_thread(gpumc_thread *t, void *arg)
{
    const lit_thr *a = arg;
    if (a->id == 0) {
        lit_st(t, a, X, 1, a->v->w, S_CORR_W);
        return;
    }
    (void)lit_ld(t, a, X, a->v->r, S_CORR_R1);
    (void)lit_ld(t, a, X, a->v->r, S_CORR_R2);
}

int lit_corr(gpumc_setup *s)
{
    uint32_t *m = begin(s);
    return m ? lit_add_all(s, corr_thread, 2, m) : -1;
}

static void coww_thread(gpumc_thread *t, void *arg)
{
    const lit_thr *a = arg;
    lit_st(t, a, X, 1, a->v->w, S_COWW_W1);
    lit_st(t, a, X, 2, a->v->w, S_COWW_W2);
}

int lit_coww(gpumc_setup *s)
{
    uint32_t *m = begin(s);
    return m ? lit_add_all(s, coww_thread, 1, m) : -1;
}

static void corw_thread(gpumc_thread *t, void *arg)
{
    const lit_thr *a = arg;
    if (a->id == 0) {
        (void)lit_ld(t, a, X, a->v->r, S_CORW_R);
        lit_st(t, a, X, 1, a->v->w, S_CORW_W1);
    } else {
        lit_st(t, a, X, 2, a->v->w, S_CORW_W2);
    }
}

int lit_corw(gpumc_setup *s)
{
    uint32_t *m = begin(s);
    return m ? lit_add_all(s, corw_thread, 2, m) : -1;
}

static void cowr_thread(gpumc_thread *t, void *arg)
{
    const lit_thr *a = arg;
    if (a->id == 0) {
        lit_st(t, a, X, 1, a->v->w, S_COWR_W1);
        (void)lit_ld(t, a, X, a->v->r, S_COWR_R);
    } else {
        lit_st(t, a, X, 2, a->v->w, S_COWR_W2);
    }
}

int lit_cowr(gpumc_setup *s)
{
    uint32_t *m = begin(s);
    return m ? lit_add_all(s, cowr_thread, 2, m) : -1;
}

static void rmw_thread(gpumc_thread *t, void *arg)
{
    const lit_thr *a = arg;
    (void)gpumc_rmw(t, &a->m[X], 4, GPUMC_RMW_ADD, 1, a->v->w, lit_scope(a),
                    S_RMW);
}

int lit_rmw(gpumc_setup *s)
{
    int n = lit_nthreads(3);
    uint32_t *m = begin(s);
    return m ? lit_add_all(s, rmw_thread, n, m) : -1;
}
