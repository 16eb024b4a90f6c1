/*
 * lit_coherence.h -- single-location coherence shapes and RMW chains.
 *
 * checker_setup_fns reading the current lit_variant (lit_ctx.h): writes use
 * `w`, reads `r`, scopes `sc`, placement `place`.  One location x = m[0].
 *
 *  lit_corr  CoRR: T0: x = 1.  T1: x; x.
 *  lit_coww  CoWW: T0: x = 1; x = 2 (one thread).
 *  lit_corw  CoRW: T0: x; x = 1.  T1: x = 2.
 *  lit_cowr  CoWR: T0: x = 1; x.  T1: x = 2.
 *  lit_rmw   n threads (default 3), each fetch_add(x, 1) with order w.
 */
#ifndef LIT_COHERENCE_H
#define LIT_COHERENCE_H

#include "gpumc/harness.h"

int lit_corr(gpumc_setup *s);
int lit_coww(gpumc_setup *s);
int lit_corw(gpumc_setup *s);
int lit_cowr(gpumc_setup *s);
int lit_rmw(gpumc_setup *s);

#endif
