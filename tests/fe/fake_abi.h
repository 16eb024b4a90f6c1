/*
 * fake_abi.h -- a tiny implementation of gpumc/harness.h for frontend tests.
 *
 * It runs a lowered kernel (fe_harness: C glue + instrumented bitcode,
 * linked by clang) without the checker: gpumc_harness_setup is
 * called once, then every thread added with gpumc_thread_add runs to its
 * end, one after the other in id order, against real memory (a spawned
 * thread runs at once, inside gpumc_spawn).  Every ABI call on a region
 * is recorded as one line of text, e.g.
 *     T0 ld4 na sys 6:3
 *     T1 rmw4 add rlx cta 9:3
 *     T0 cas4 rlx/rlx gpu ok 8:10
 *     T0 fence sc cta 5:3      T0 bar cta #0 10:3
 *     T0 assert-fail 14:3      T0 blocked 8:3 (false assume)
 *     T0 spin 7:3 (a loop that went on for 10,000 iterations)
 *     T0 spawn T1 / T0 join T1  T0 wsync 5:3 (warp barrier)
 * so tests can compare the exact event sequence a construct lowers to.
 * Accesses outside regions (thread-private memory) are performed but not
 * recorded, as in the checker.
 */
#ifndef GPUMC_TESTS_FAKE_ABI_H
#define GPUMC_TESTS_FAKE_ABI_H

#include <stddef.h>

#include "fe.h"

typedef struct fake_result {
    char log[16384];     /* the events, one per line */
    char error[4096];    /* setup error / compile error / fe_lower message */
    int nthreads;
    int setup_rc;
} fake_result;

/* Link the harness (clang -shared) and run it; 0 on success. */
int fake_run(const fe_harness *h, const char *include_dir, fake_result *r);

/* The lines of `log` for thread `t`, joined with "; " (no trailing). */
void fake_thread_log(const fake_result *r, int t, char *out, size_t n);

/* Read back a region's bytes after the run (by name); NULL if unknown. */
const void *fake_region(const char *name, size_t *size);

#endif
