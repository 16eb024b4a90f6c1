/*
 * lit_ctx.h -- what every litmus harness shares: the variant being run,
 * thread placement, and short access helpers.
 *
 * A litmus test is a setup function `int lit_xxx(gpumc_setup *s)` (the
 * checker_setup_fn shape).  That signature carries no user pointer, so the
 * runner hands the variant over through lit_select() before checker_run()
 * and the setup function reads it back with lit_current().  The setup
 * declares one zeroed region of 32-bit words (lit_mem) -- location k of the
 * test is word k -- and its threads (lit_add), whose argument is a lit_thr
 * from a pool owned by this module.  Both the variant copy and the pool are
 * module statics: the runner is single-threaded and runs one checker_run at
 * a time, and the checker only needs them to outlive that run.
 *
 * Placement (lit_place) decides each thread's gpumc_coord; scopes and
 * orders come from the variant, so one thread function serves every
 * order/scope/placement combination of its test.
 */
#ifndef LIT_CTX_H
#define LIT_CTX_H

#include <stdint.h>
#include "gpumc/harness.h"

#define LIT_MAX_THREADS 8

typedef enum lit_place {
    LIT_ONE_CTA = 0, /* every thread in CTA 0 of GPU 0 (tid = i) */
    LIT_CTA_EACH,    /* thread i alone in CTA i of GPU 0 */
    LIT_GPU_EACH,    /* thread i alone in GPU i */
    LIT_HOST_FIRST,  /* thread 0 is a host thread, the rest in CTA 0 */
    LIT_CTA_PAIRS    /* threads 2k and 2k+1 in CTA k of GPU 0 */
} lit_place;

/* One variant of a test.  Fields a test does not use are ignored; each
 * test's comment in its module says which it reads.  GPUMC_NA as a fence
 * order means "no fence". */
typedef struct lit_variant {
    const char *name;
    gpumc_order w;   /* order of the test's synchronising / racing writes */
    gpumc_order r;   /* order of its reads */
    gpumc_order d;   /* order of "data" accesses (MP payload, S's x writes) */
    gpumc_order f;   /* fence order (writer side; readers use lit_acq_of) */
    gpumc_scope sc;  /* scope of every atomic access ... */
    gpumc_scope sc0; /* ... except thread 0's when `mixed` is set */
    int mixed;
    gpumc_scope fsc; /* scope of fences */
    lit_place place;
    int n;           /* thread count of the sized tests (LB-n, lock-n, ...) */
    int opt;         /* test-specific switch (see the test) */
} lit_variant;

/* A thread's argument: everything its function needs. */
typedef struct lit_thr {
    int id;               /* index of the thread within the test */
    int n;                /* number of threads of the test */
    const lit_variant *v; /* the variant being run */
    uint32_t *m;          /* the test's locations (words of one region) */
} lit_thr;

/* Runner side: make v the variant that setup functions see (copied). */
void lit_select(const lit_variant *v);
const lit_variant *lit_current(void);

/* v->n if set, else dflt; clamped to [1, LIT_MAX_THREADS]. */
int lit_nthreads(int dflt);

/* Declare the region "m" of nwords zeroed words; NULL on error. */
uint32_t *lit_mem(gpumc_setup *s, unsigned nwords);

/* Declare thread i of n running fn, placed per the current variant, with a
 * pool lit_thr as argument.  Returns the gpumc thread id or < 0. */
int lit_add(gpumc_setup *s, gpumc_thread_fn fn, int i, int n, uint32_t *m);

/* Declare threads 0..n-1 all running fn.  Returns 0 or < 0. */
int lit_add_all(gpumc_setup *s, gpumc_thread_fn fn, int n, uint32_t *m);

/* The coordinate of thread i under placement p. */
gpumc_coord lit_coord(lit_place p, int i);

/* Scope of the calling thread's atomic accesses. */
gpumc_scope lit_scope(const lit_thr *a);

/* The acquire-side counterpart of a writer fence order (rel -> acq). */
gpumc_order lit_acq_of(gpumc_order o);

/* 4-byte accesses to location k with the thread's scope. */
uint32_t lit_ld(gpumc_thread *t, const lit_thr *a, int k, gpumc_order o,
                unsigned src);
void lit_st(gpumc_thread *t, const lit_thr *a, int k, uint32_t val,
            gpumc_order o, unsigned src);
/* A fence of order o and the variant's fence scope; no-op for GPUMC_NA. */
void lit_fence(gpumc_thread *t, const lit_thr *a, gpumc_order o,
               unsigned src);

#define LIT_SRC(text) { __FILE__, __LINE__, 0, text }

#endif
