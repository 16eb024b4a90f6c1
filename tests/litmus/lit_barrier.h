/*
 * lit_barrier.h -- CTA-barrier shapes: correct phases, missing barriers,
 * and barrier divergence.
 *
 * checker_setup_fns reading the current lit_variant (lit_ctx.h): `n`
 * threads (default 3 or 2 as listed), `place`, `opt`.  All barriers are
 * CTA barriers; data accesses are non-atomic words of region "m".
 *
 *  lit_phase     thread i: m[i] = i+1; [opt BAR_ON: barrier 0];
 *                r = m[(i+1)%n].  (default n = 3)
 *  lit_war       thread i: m[i] = i+1; barrier 0; r = m[(i+1)%n];
 *                [opt BAR_ON: barrier 1]; m[i] = r.  (default n = 3)
 *  lit_div_ids   2 threads; thread i reaches barrier statement i.
 *  lit_div_exit  2 threads; T0: m[0] = 1; barrier 0.  T1: m[1] = 1; exits.
 *  lit_div_data  2 threads; T0: m[0] = 1 (rlx); barrier 0.
 *                T1: r = m[0] (rlx); if (r) barrier 0.
 *  lit_bar_twice thread i: barrier 0 twice (one statement in a loop).
 */
#ifndef LIT_BARRIER_H
#define LIT_BARRIER_H

#include "gpumc/harness.h"

#define BAR_ON 1

int lit_phase(gpumc_setup *s);
int lit_war(gpumc_setup *s);
int lit_div_ids(gpumc_setup *s);
int lit_div_exit(gpumc_setup *s);
int lit_div_data(gpumc_setup *s);
int lit_bar_twice(gpumc_setup *s);

#endif
