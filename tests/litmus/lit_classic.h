/*
 * lit_classic.h -- the classic two-to-four-thread litmus shapes.
 *
 * Each function is a checker_setup_fn reading the current lit_variant
 * (lit_ctx.h).  Locations are words of region "m": x = m[0], y = m[1].
 * Which variant fields each test reads is listed here; `sc`/`sc0`/`mixed`
 * (scopes) and `place` (CTA placement) apply to all of them.
 *
 *  lit_sb    SB ring of n (default 2) threads: thread i: m[i] = 1 (w);
 *            fence f; r = m[(i+1)%n] (r).
 *  lit_mp    MP: T0: x = 1 (d); fence f; y = 1 (w).
 *            T1: r = y (r); [opt MP_GUARDED: if r != 0] { fence acq_of(f);
 *            x (d) }.  Guarded is the shape for non-atomic payloads.
 *  lit_lb    LB ring of n (default 2): thread i: r = m[(i+1)%n] (r);
 *            m[i] = 1 (w).  With acq/rel this is GPUMC's LB-n.
 *  lit_iriw  IRIW: T0: x = 1 (w); T1: y = 1 (w); T2: x (r); fence f; y (r);
 *            T3: y (r); fence f; x (r).
 *  lit_wrc   WRC: T0: x = 1 (w); T1: x (r); y = 1 (w); T2: y (r); x (r).
 *  lit_2p2w  2+2W: T0: x = 1; y = 2 (w).  T1: y = 1; x = 2 (w).
 *  lit_r     R: T0: x = 1; y = 1 (w).  T1: y = 2 (w); x (r).
 *  lit_s     S: T0: x = 2 (d); y = 1 (w).  T1: y (r); x = 1 (d).
 */
#ifndef LIT_CLASSIC_H
#define LIT_CLASSIC_H

#include "gpumc/harness.h"

#define MP_GUARDED 1

int lit_sb(gpumc_setup *s);
int lit_mp(gpumc_setup *s);
int lit_lb(gpumc_setup *s);
int lit_iriw(gpumc_setup *s);
int lit_wrc(gpumc_setup *s);
int lit_2p2w(gpumc_setup *s);
int lit_r(gpumc_setup *s);
int lit_s(gpumc_setup *s);

#endif
