/* lit_barrier.c -- see lit_barrier.h. */
#include "lit_barrier.h"

#include "lit_ctx.h"

enum {
    S_PH_W, S_PH_BAR, S_PH_R,
    S_WAR_W1, S_WAR_BAR0, S_WAR_R, S_WAR_BAR1, S_WAR_W2,
    S_DIV_BAR0, S_DIV_BAR1, S_DIV_W, S_DIV_R,
    S_TWICE_BAR,
    S_N
};

static const gpumc_srcloc srcs[S_N] = {
    [S_PH_W] = LIT_SRC("phase: s[tid] = tid + 1"),
    [S_PH_BAR] = LIT_SRC("phase: __syncthreads()"),
    [S_PH_R] = LIT_SRC("phase: r = s[tid + 1]"),
    [S_WAR_W1] = LIT_SRC("war: s[tid] = tid + 1"),
    [S_WAR_BAR0] = LIT_SRC("war: first __syncthreads()"),
    [S_WAR_R] = LIT_SRC("war: r = s[tid + 1]"),
    [S_WAR_BAR1] = LIT_SRC("war: second __syncthreads()"),
    [S_WAR_W2] = LIT_SRC("war: s[tid] = r"),
    [S_DIV_BAR0] = LIT_SRC("div: barrier statement 0"),
    [S_DIV_BAR1] = LIT_SRC("div: barrier statement 1"),
    [S_DIV_W] = LIT_SRC("div: m[tid] = 1"),
    [S_DIV_R] = LIT_SRC("div: r = m[0]"),
    [S_TWICE_BAR] = LIT_SRC("twice: __syncthreads() in a loop"),
};

static uint32_t *begin(gpumc_setup *s, unsigned nwords)
{
    if (gpumc_sources(s, srcs, S_N) < 0)
        return NULL;
    return lit_mem(s, nwords);
}

static void bar(gpumc_thread *t, unsigned id, unsigned src)
{
    gpumc_barrier(t, GPUMC_SCOPE_CTA, id, src);
}

/* ---- two-phase shared-memory kernel -------------------------------- */

static void phase_thread(gpumc_thread *t, void *arg)
{
    const lit_thr *a = arg;
    lit_st(t, a, a->id, (uint32_t)a->id + 1, GPUMC_NA, S_PH_W);
    if (a->v->opt & BAR_ON)
        bar(t, 0, S_PH_BAR);
    (void)lit_ld(t, a, (a->id + 1) % a->n, GPUMC_NA, S_PH_R);
}

int lit_phase(gpumc_setup *s)
{
    int n = lit_nthreads(3);
    uint32_t *m = begin(s, (unsigned)n);
    return m ? lit_add_all(s, phase_thread, n, m) : -1;
}

/* ---- write-after-read across a second phase ------------------------ */

static void war_thread(gpumc_thread *t, void *arg)
{
    const lit_thr *a = arg;
    lit_st(t, a, a->id, (uint32_t)a->id + 1, GPUMC_NA, S_WAR_W1);
    bar(t, 0, S_WAR_BAR0);
    uint32_t r = lit_ld(t, a, (a->id + 1) % a->n, GPUMC_NA, S_WAR_R);
    if (a->v->opt & BAR_ON)
        bar(t, 1, S_WAR_BAR1);
    lit_st(t, a, a->id, r, GPUMC_NA, S_WAR_W2);
}

int lit_war(gpumc_setup *s)
{
    int n = lit_nthreads(3);
    uint32_t *m = begin(s, (unsigned)n);
    return m ? lit_add_all(s, war_thread, n, m) : -1;
}

/* ---- divergence ---------------------------------------------------- */

static void div_ids_thread(gpumc_thread *t, void *arg)
{
    const lit_thr *a = arg;
    bar(t, (unsigned)a->id, a->id == 0 ? S_DIV_BAR0 : S_DIV_BAR1);
}

int lit_div_ids(gpumc_setup *s)
{
    uint32_t *m = begin(s, 2);
    return m ? lit_add_all(s, div_ids_thread, 2, m) : -1;
}

static void div_exit_thread(gpumc_thread *t, void *arg)
{
    const lit_thr *a = arg;
    lit_st(t, a, a->id, 1, GPUMC_NA, S_DIV_W);
    if (a->id == 0) /* thread 1 returns early: `if (tid) return;` */
        bar(t, 0, S_DIV_BAR0);
}

int lit_div_exit(gpumc_setup *s)
{
    uint32_t *m = begin(s, 2);
    return m ? lit_add_all(s, div_exit_thread, 2, m) : -1;
}

static void div_data_thread(gpumc_thread *t, void *arg)
{
    const lit_thr *a = arg;
    if (a->id == 0) {
        lit_st(t, a, 0, 1, GPUMC_RLX, S_DIV_W);
        bar(t, 0, S_DIV_BAR0);
    } else if (lit_ld(t, a, 0, GPUMC_RLX, S_DIV_R) != 0) {
        bar(t, 0, S_DIV_BAR0);
    }
}

int lit_div_data(gpumc_setup *s)
{
    uint32_t *m = begin(s, 1);
    return m ? lit_add_all(s, div_data_thread, 2, m) : -1;
}

static void twice_thread(gpumc_thread *t, void *arg)
{
    (void)arg;
    for (int k = 0; k < 2; k++)
        bar(t, 0, S_TWICE_BAR);
}

int lit_bar_twice(gpumc_setup *s)
{
    int n = lit_nthreads(3);
    uint32_t *m = begin(s, 1);
    return m ? lit_add_all(s, twice_thread, n, m) : -1;
}
