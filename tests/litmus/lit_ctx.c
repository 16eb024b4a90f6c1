/* lit_ctx.c -- see lit_ctx.h. */
#include "lit_ctx.h"

#include <string.h>

/* The variant and the thread-argument pool.  Statics because a
 * checker_setup_fn has no user pointer (see lit_ctx.h); the runner is
 * single-threaded, so one of each suffices. */
static lit_variant cur_variant;
static lit_thr thr_pool[LIT_MAX_THREADS];

void lit_select(const lit_variant *v)
{
    cur_variant = *v;
}

const lit_variant *lit_current(void)
{
    return &cur_variant;
}

int lit_nthreads(int dflt)
{
    int n = cur_variant.n > 0 ? cur_variant.n : dflt;
    if (n < 1)
        return 1;
    return n > LIT_MAX_THREADS ? LIT_MAX_THREADS : n;
}

uint32_t *lit_mem(gpumc_setup *s, unsigned nwords)
{
    return gpumc_region(s, "m", (size_t)nwords * sizeof(uint32_t), NULL);
}

gpumc_coord lit_coord(lit_place p, int i)
{
    gpumc_coord c;
    memset(&c, 0, sizeof c);
    switch (p) {
    case LIT_ONE_CTA:
        c.tid[0] = i;
        break;
    case LIT_CTA_EACH:
        c.cta[0] = i;
        break;
    case LIT_GPU_EACH:
        c.gpu = i;
        break;
    case LIT_HOST_FIRST:
        if (i == 0)
            c.host = 1;
        else
            c.tid[0] = i - 1;
        break;
    case LIT_CTA_PAIRS:
        c.cta[0] = i / 2;
        c.tid[0] = i % 2;
        break;
    }
    return c;
}

int lit_add(gpumc_setup *s, gpumc_thread_fn fn, int i, int n, uint32_t *m)
{
    if (i < 0 || i >= LIT_MAX_THREADS || m == NULL)
        return -1;
    lit_thr *a = &thr_pool[i];
    a->id = i;
    a->n = n;
    a->v = &cur_variant;
    a->m = m;
    gpumc_coord c = lit_coord(cur_variant.place, i);
    return gpumc_thread_add(s, fn, a, &c);
}

int lit_add_all(gpumc_setup *s, gpumc_thread_fn fn, int n, uint32_t *m)
{
    for (int i = 0; i < n; i++)
        if (lit_add(s, fn, i, n, m) < 0)
            return -1;
    return 0;
}

gpumc_scope lit_scope(const lit_thr *a)
{
    if (a->v->mixed && a->id == 0)
        return a->v->sc0;
    return a->v->sc;
}

gpumc_order lit_acq_of(gpumc_order o)
{
    return o == GPUMC_REL ? GPUMC_ACQ : o;
}

uint32_t lit_ld(gpumc_thread *t, const lit_thr *a, int k, gpumc_order o,
                unsigned src)
{
    return (uint32_t)gpumc_load(t, &a->m[k], 4, o, lit_scope(a), src);
}

void lit_st(gpumc_thread *t, const lit_thr *a, int k, uint32_t val,
            gpumc_order o, unsigned src)
{
    gpumc_store(t, &a->m[k], 4, val, o, lit_scope(a), src);
}

void lit_fence(gpumc_thread *t, const lit_thr *a, gpumc_order o,
               unsigned src)
{
    if (o != GPUMC_NA)
        gpumc_fence(t, o, a->v->fsc, src);
}
