/* lit_classic.c -- see lit_classic.h. */
#include "lit_classic.h"

#include "lit_ctx.h"

enum { X = 0, Y = 1 };

/* One source id per access site, so findings deduplicated by source pair
 * keep distinct races apart. */
enum {
    S_SB_W, S_SB_F, S_SB_R,
    S_MP_WD, S_MP_WF, S_MP_FW, S_MP_RF, S_MP_FR, S_MP_RD,
    S_LB_R, S_LB_W,
    S_IRIW_WX, S_IRIW_WY, S_IRIW_R1, S_IRIW_F, S_IRIW_R2,
    S_WRC_WX, S_WRC_RX, S_WRC_WY, S_WRC_RY, S_WRC_RX2,
    S_2W_A, S_2W_B,
    S_R_WX, S_R_WY, S_R_WY2, S_R_RX,
    S_S_WX, S_S_WY, S_S_RY, S_S_WX2,
    S_N
};

static const gpumc_srcloc srcs[S_N] = {
    [S_SB_W] = LIT_SRC("sb: m[i] = 1"),
    [S_SB_F] = LIT_SRC("sb: fence"),
    [S_SB_R] = LIT_SRC("sb: r = m[i+1]"),
    [S_MP_WD] = LIT_SRC("mp: x = 1"),
    [S_MP_WF] = LIT_SRC("mp: y = 1"),
    [S_MP_FW] = LIT_SRC("mp: writer fence"),
    [S_MP_RF] = LIT_SRC("mp: r = y"),
    [S_MP_FR] = LIT_SRC("mp: reader fence"),
    [S_MP_RD] = LIT_SRC("mp: x"),
    [S_LB_R] = LIT_SRC("lb: r = m[i+1]"),
    [S_LB_W] = LIT_SRC("lb: m[i] = 1"),
    [S_IRIW_WX] = LIT_SRC("iriw: x = 1"),
    [S_IRIW_WY] = LIT_SRC("iriw: y = 1"),
    [S_IRIW_R1] = LIT_SRC("iriw: first read"),
    [S_IRIW_F] = LIT_SRC("iriw: fence"),
    [S_IRIW_R2] = LIT_SRC("iriw: second read"),
    [S_WRC_WX] = LIT_SRC("wrc: x = 1"),
    [S_WRC_RX] = LIT_SRC("wrc: T1 x"),
    [S_WRC_WY] = LIT_SRC("wrc: y = 1"),
    [S_WRC_RY] = LIT_SRC("wrc: T2 y"),
    [S_WRC_RX2] = LIT_SRC("wrc: T2 x"),
    [S_2W_A] = LIT_SRC("2+2w: first write"),
    [S_2W_B] = LIT_SRC("2+2w: second write"),
    [S_R_WX] = LIT_SRC("r: x = 1"),
    [S_R_WY] = LIT_SRC("r: y = 1"),
    [S_R_WY2] = LIT_SRC("r: y = 2"),
    [S_R_RX] = LIT_SRC("r: x"),
    [S_S_WX] = LIT_SRC("s: x = 2"),
    [S_S_WY] = LIT_SRC("s: y = 1"),
    [S_S_RY] = LIT_SRC("s: y"),
    [S_S_WX2] = LIT_SRC("s: x = 1"),
};

/* Region of nwords words plus the source table: every setup starts so. */
static uint32_t *begin(gpumc_setup *s, unsigned nwords)
{
    if (gpumc_sources(s, srcs, S_N) < 0)
        return NULL;
    return lit_mem(s, nwords);
}

/* ---- SB ring -------------------------------------------------------- */

static void sb_thread(gpumc_thread *t, void *arg)
{
    const lit_thr *a = arg;
    lit_st(t, a, a->id, 1, a->v->w, S_SB_W);
    lit_fence(t, a, a->v->f, S_SB_F);
    (void)lit_ld(t, a, (a->id + 1) % a->n, a->v->r, S_SB_R);
}

int lit_sb(gpumc_setup *s)
{
    int n = lit_nthreads(2);
    uint32_t *m = begin(s, (unsigned)n);
    return m ? lit_add_all(s, sb_thread, n, m) : -1;
}

/* ---- MP ------------------------------------------------------------- */

static void mp_writer(gpumc_thread *t, void *arg)
{
    const lit_thr *a = arg;
    lit_st(t, a, X, 1, a->v->d, S_MP_WD);
    lit_fence(t, a, a->v->f, S_MP_FW);
    lit_st(t, a, Y, 1, a->v->w, S_MP_WF);
}

static void mp_reader(gpumc_thread *t, void *arg)
{
    const lit_thr *a = arg;
    uint32_t flag = lit_ld(t, a, Y, a->v->r, S_MP_RF);
    /* Guarded: a non-atomic payload may only be read once the flag is
     * seen, otherwise the flag == 0 execution races by construction. */
    if ((a->v->opt & MP_GUARDED) && flag == 0)
        return;
    lit_fence(t, a, lit_acq_of(a->v->f), S_MP_FR);
    (void)lit_ld(t, a, X, a->v->d, S_MP_RD);
}

int lit_mp(gpumc_setup *s)
{
    uint32_t *m = begin(s, 2);
    if (!m || lit_add(s, mp_writer, 0, 2, m) < 0)
        return -1;
    return lit_add(s, mp_reader, 1, 2, m) < 0 ? -1 : 0;
}

/* ---- LB ring -------------------------------------------------------- */

static void lb_thread(gpumc_thread *t, void *arg)
{
    const lit_thr *a = arg;
    (void)lit_ld(t, a, (a->id + 1) % a->n, a->v->r, S_LB_R);
    lit_st(t, a, a->id, 1, a->v->w, S_LB_W);
}

int lit_lb(gpumc_setup *s)
{
    int n = lit_nthreads(2);
    uint32_t *m = begin(s, (unsigned)n);
    return m ? lit_add_all(s, lb_thread, n, m) : -1;
}

/* ---- IRIW ----------------------------------------------------------- */

static void iriw_thread(gpumc_thread *t, void *arg)
{
    const lit_thr *a = arg;
    if (a->id < 2) { /* T0 writes x, T1 writes y */
        lit_st(t, a, a->id, 1, a->v->w, a->id == 0 ? S_IRIW_WX : S_IRIW_WY);
        return;
    }
    int first = a->id == 2 ? X : Y; /* T2 reads x then y, T3 y then x */
    (void)lit_ld(t, a, first, a->v->r, S_IRIW_R1);
    lit_fence(t, a, a->v->f, S_IRIW_F);
    (void)lit_ld(t, a, 1 - first, a->v->r, S_IRIW_R2);
}

int lit_iriw(gpumc_setup *s)
{
    uint32_t *m = begin(s, 2);
    return m ? lit_add_all(s, iriw_thread, 4, m) : -1;
}

/* ---- WRC ------------------------------------------------------------ */

static void wrc_thread(gpumc_thread *t, void *arg)
{
    const lit_thr *a = arg;
    const lit_variant *v = a->v;
    if (a->id == 0) {
        lit_st(t, a, X, 1, v->w, S_WRC_WX);
    } else if (a->id == 1) {
        (void)lit_ld(t, a, X, v->r, S_WRC_RX);
        lit_st(t, a, Y, 1, v->w, S_WRC_WY);
    } else {
        (void)lit_ld(t, a, Y, v->r, S_WRC_RY);
        (void)lit_ld(t, a, X, v->r, S_WRC_RX2);
    }
}

int lit_wrc(gpumc_setup *s)
{
    uint32_t *m = begin(s, 2);
    return m ? lit_add_all(s, wrc_thread, 3, m) : -1;
}

/* ---- 2+2W ----------------------------------------------------------- */

static void w22_thread(gpumc_thread *t, void *arg)
{
    const lit_thr *a = arg;
    int first = a->id == 0 ? X : Y; /* T0: x=1; y=2   T1: y=1; x=2 */
    lit_st(t, a, first, 1, a->v->w, S_2W_A);
    lit_st(t, a, 1 - first, 2, a->v->w, S_2W_B);
}

int lit_2p2w(gpumc_setup *s)
{
    uint32_t *m = begin(s, 2);
    return m ? lit_add_all(s, w22_thread, 2, m) : -1;
}

/* ---- R -------------------------------------------------------------- */

static void r_thread(gpumc_thread *t, void *arg)
{
    const lit_thr *a = arg;
    if (a->id == 0) {
        lit_st(t, a, X, 1, a->v->w, S_R_WX);
        lit_st(t, a, Y, 1, a->v->w, S_R_WY);
    } else {
        lit_st(t, a, Y, 2, a->v->w, S_R_WY2);
        (void)lit_ld(t, a, X, a->v->r, S_R_RX);
    }
}

int lit_r(gpumc_setup *s)
{
    uint32_t *m = begin(s, 2);
    return m ? lit_add_all(s, r_thread, 2, m) : -1;
}

/* ---- S -------------------------------------------------------------- */

static void s_thread(gpumc_thread *t, void *arg)
{
    const lit_thr *a = arg;
    if (a->id == 0) {
        lit_st(t, a, X, 2, a->v->d, S_S_WX);
        lit_st(t, a, Y, 1, a->v->w, S_S_WY);
    } else {
        (void)lit_ld(t, a, Y, a->v->r, S_S_RY);
        lit_st(t, a, X, 1, a->v->d, S_S_WX2);
    }
}

int lit_s(gpumc_setup *s)
{
    uint32_t *m = begin(s, 2);
    return m ? lit_add_all(s, s_thread, 2, m) : -1;
}
