/*
 * lit_table.c -- the expected results (see lit_table.h).
 *
 * How the numbers were derived: by hand, enumerating rf (each read picks a
 * same-location write) x co (a total order of each location's writes after
 * the initial one) and dropping the graphs that break an axiom of SPEC
 * 4.3 (coherence hb;eco? irreflexive, atomicity, incl-psc acyclic,
 * po U rf acyclic); SC counts are the graphs some interleaving produces.
 * The `why` string of each row names the dropped combinations.
 *
 * Conventions the numbers rest on (docs/litmus.md discusses them):
 *  - "x-CTA": threads in different CTAs with cta scope, so no two threads'
 *    events are in incl: no sw, no cross-thread psc edge -> weak outcomes
 *    allowed and every conflicting cross-CTA pair is a heterogeneous race.
 *  - psc edges between SC accesses of different locations count when the
 *    two events' scopes include each other (the issue's IRIW-sc = 15); the
 *    same-location clause of incl is read as applying to rf/sw/races only.
 *  - RC11: scopes are all sys, so no heterogeneous races and scope-narrow
 *    synchronisation synchronises.  SC: consistency is interleavings; races
 *    are judged over those executions with RC11's hb (orders as written,
 *    scopes as sys), as the brute-force enumerator (tests/prop) does: a
 *    relaxed handoff still races, a scope-narrow one does not.
 *  - A CTA barrier's instance is the CTA in every model (RC11 widens
 *    scopes of accesses, not barrier groups).
 */
#include "lit_table.h"

#include "lit_barrier.h"
#include "lit_classic.h"
#include "lit_coherence.h"
#include "lit_errors.h"
#include "lit_lock.h"

#define NA GPUMC_NA
#define RLX GPUMC_RLX
#define ACQ GPUMC_ACQ
#define REL GPUMC_REL
#define AR GPUMC_ACQ_REL
#define SC GPUMC_SC
#define CTA GPUMC_SCOPE_CTA
#define GPU GPUMC_SCOPE_GPU
#define SYS GPUMC_SCOPE_SYS
#define ONE LIT_ONE_CTA
#define EACH LIT_CTA_EACH

#define F_D (1u << FINDING_DATA_RACE)
#define F_H (1u << FINDING_HETERO_RACE)
#define F_V (1u << FINDING_DIVERGENCE)
#define F_A (1u << FINDING_ASSERT)
#define F_M (1u << FINDING_MEMORY)
#define F_NONE 0u

/* Expectations of one model; three in SRC11, RC11, SC order. */
#define E(c, b, f) { (c), (b), (f) }
#define M3(a, b, c) { a, b, c }
/* The same count in every model, no blocked executions, no findings. */
#define ALL(c) M3(E(c, 0, F_NONE), E(c, 0, F_NONE), E(c, 0, F_NONE))
/* Weak count w (SRC11, RC11), s under SC, no findings. */
#define WS(w, s) M3(E(w, 0, F_NONE), E(w, 0, F_NONE), E(s, 0, F_NONE))
/* x-CTA: counts x (SRC11), r (RC11), s (SC); findings f in SRC11 only
 * (RC11 and SC judge races with every scope sys: none here). */
#define XC(x, r, s, f) M3(E(x, 0, f), E(r, 0, F_NONE), E(s, 0, F_NONE))

static const lit_case cases[] = {
    /* ---- SB: T_i: m[i] = 1; [fence]; r = m[i+1] ---------------------- */
    { "SB", lit_sb, { .name = "rlx/one-cta", .w = RLX, .r = RLX, .sc = CTA, .place = ONE },
      WS(4, 3), "hb = po: all 2x2 rf pairs; SC forbids r0 = r1 = 0" },
    { "SB", lit_sb, { .name = "rel-acq/one-cta", .w = REL, .r = ACQ, .sc = CTA, .place = ONE },
      WS(4, 3), "rel/acq gives no psc: 4 as relaxed; SC forbids 0/0" },
    { "SB", lit_sb, { .name = "rlx/x-cta", .w = RLX, .r = RLX, .sc = CTA, .place = EACH },
      XC(4, 4, 3, F_H), "as one-cta (4, SC 3); W x / R x across CTAs not incl: hetero race" },
    { "SB", lit_sb, { .name = "sc/one-cta", .w = SC, .r = SC, .sc = CTA, .place = ONE },
      ALL(3), "0/0 is the psc cycle Wx-po-Ry-fr-Wy-po-Rx-fr-Wx" },
    { "SB", lit_sb, { .name = "sc/x-cta", .w = SC, .r = SC, .sc = CTA, .place = EACH },
      XC(4, 3, 3, F_H), "fr edges cross CTAs, not incl: psc cycle broken, 0/0 allowed" },
    { "SB", lit_sb, { .name = "sc/gpu-scope/x-cta", .w = SC, .r = SC, .sc = GPU, .place = EACH },
      ALL(3), "gpu scope spans both CTAs: incl holds, psc cycle forbids 0/0" },
    { "SB", lit_sb, { .name = "rlx+sc-fence(cta)/one-cta", .w = RLX, .r = RLX, .f = SC, .sc = GPU, .fsc = CTA, .place = ONE },
      ALL(3), "0/0 gives F0 psc_F F1 (F0;R0 fr W1;F1) and back: cycle" },
    { "SB", lit_sb, { .name = "rlx+sc-fence(cta)/x-cta", .w = RLX, .r = RLX, .f = SC, .sc = GPU, .fsc = CTA, .place = EACH },
      M3(E(4, 0, F_NONE), E(3, 0, F_NONE), E(3, 0, F_NONE)),
      "fences of different CTAs at cta scope not incl: 0/0 allowed; gpu accesses: no race" },
    { "SB", lit_sb, { .name = "rlx+sc-fence(gpu)/x-cta", .w = RLX, .r = RLX, .f = SC, .sc = GPU, .fsc = GPU, .place = EACH },
      ALL(3), "gpu-scope fences are incl: psc_F cycle forbids 0/0" },
    { "SB-3", lit_sb, { .name = "rlx/one-cta", .w = RLX, .r = RLX, .sc = CTA, .place = ONE, .n = 3 },
      WS(8, 7), "ring of 3: 2^3 rf choices; SC forbids all-0 (cycle W_i<R_i<W_i+1)" },
    { "SB-3", lit_sb, { .name = "rlx+sc-fence/one-cta", .w = RLX, .r = RLX, .f = SC, .sc = CTA, .fsc = CTA, .place = ONE, .n = 3 },
      ALL(7), "a 0 read of thread i gives F_i psc F_i+1; all-0 is a cycle, rest allowed" },

    /* ---- MP: T0: x = 1; y = 1.  T1: r = y; x ------------------------ */
    { "MP", lit_mp, { .name = "rlx/one-cta", .w = RLX, .r = RLX, .d = RLX, .sc = CTA, .place = ONE },
      WS(4, 3), "no sw: all 2x2; SC forbids y=1,x=0" },
    { "MP", lit_mp, { .name = "rel-acq/one-cta", .w = REL, .r = ACQ, .d = RLX, .sc = CTA, .place = ONE },
      ALL(3), "y=1 gives sw, Wx hb Rx: x=0 breaks coherence" },
    { "MP", lit_mp, { .name = "rel-acq/x-cta", .w = REL, .r = ACQ, .d = RLX, .sc = CTA, .place = EACH },
      XC(4, 3, 3, F_H), "rf on y not incl: no sw, y=1,x=0 allowed; x and y pairs hetero" },
    { "MP", lit_mp, { .name = "rel-acq/gpu-scope/x-cta", .w = REL, .r = ACQ, .d = RLX, .sc = GPU, .place = EACH },
      ALL(3), "gpu scope includes both CTAs: sw, as one-cta" },
    { "MP", lit_mp, { .name = "rel-acq/writer-gpu,reader-cta/x-cta", .w = REL, .r = ACQ, .d = RLX, .sc = CTA, .sc0 = GPU, .mixed = 1, .place = EACH },
      XC(4, 3, 3, F_H), "incl needs mutual inclusion; the reader's cta scope misses T0" },
    { "MP", lit_mp, { .name = "rel-acq/gpu-scope/2-gpus", .w = REL, .r = ACQ, .d = RLX, .sc = GPU, .place = LIT_GPU_EACH },
      XC(4, 3, 3, F_H), "gpu scope does not reach the other GPU: no sw" },
    { "MP", lit_mp, { .name = "rel-acq/sys-scope/2-gpus", .w = REL, .r = ACQ, .d = RLX, .sc = SYS, .place = LIT_GPU_EACH },
      ALL(3), "sys scope includes everything: sw" },
    { "MP", lit_mp, { .name = "rel-acq/sys-scope/host-writer", .w = REL, .r = ACQ, .d = RLX, .sc = SYS, .place = LIT_HOST_FIRST },
      ALL(3), "host thread and GPU thread both sys: sw" },
    { "MP", lit_mp, { .name = "rel-acq/host-sys,reader-gpu", .w = REL, .r = ACQ, .d = RLX, .sc = GPU, .sc0 = SYS, .mixed = 1, .place = LIT_HOST_FIRST },
      XC(4, 3, 3, F_H), "gpu scope never includes a host thread: no sw" },
    { "MP", lit_mp, { .name = "rlx+fences(cta)/one-cta", .w = RLX, .r = RLX, .d = RLX, .f = REL, .sc = GPU, .fsc = CTA, .place = ONE },
      ALL(3), "F_rel;Wy rf Ry;F_acq is sw between incl fences: x=0 forbidden" },
    { "MP", lit_mp, { .name = "rlx+fences(cta)/x-cta", .w = RLX, .r = RLX, .d = RLX, .f = REL, .sc = GPU, .fsc = CTA, .place = EACH },
      M3(E(4, 0, F_NONE), E(3, 0, F_NONE), E(3, 0, F_NONE)),
      "cta fences in different CTAs not incl: no sw; gpu accesses: no race" },
    { "MP", lit_mp, { .name = "rlx+fences(gpu)/x-cta", .w = RLX, .r = RLX, .d = RLX, .f = REL, .sc = GPU, .fsc = GPU, .place = EACH },
      ALL(3), "gpu fences incl: sw, x=0 forbidden" },

    /* ---- MP with a non-atomic payload, read only when y = 1 ---------- */
    { "MP-na", lit_mp, { .name = "rel-acq/one-cta", .w = REL, .r = ACQ, .d = NA, .sc = CTA, .place = ONE, .opt = MP_GUARDED },
      ALL(2), "y=0 (no x read) | y=1 then x must read 1 (hb)" },
    { "MP-na", lit_mp, { .name = "rlx-flag/one-cta", .w = RLX, .r = RLX, .d = NA, .sc = CTA, .place = ONE, .opt = MP_GUARDED },
      M3(E(3, 0, F_D), E(3, 0, F_D), E(2, 0, F_D)),
      "y=0 | y=1 with x=0 or 1 (SC: x=1 only); no sw: na x pair races" },
    { "MP-na", lit_mp, { .name = "rel-acq/x-cta", .w = REL, .r = ACQ, .d = NA, .sc = CTA, .place = EACH, .opt = MP_GUARDED },
      XC(3, 2, 2, F_D | F_H), "no sw across CTAs: y=1,x=0 allowed; y hetero, x data race" },
    { "MP-na", lit_mp, { .name = "rel-acq/gpu-scope/x-cta", .w = REL, .r = ACQ, .d = NA, .sc = GPU, .place = EACH, .opt = MP_GUARDED },
      ALL(2), "gpu scope synchronises: as one-cta, no race" },

    /* ---- LB: T_i: r = m[i+1]; m[i] = 1 ------------------------------ */
    { "LB", lit_lb, { .name = "rlx/one-cta", .w = RLX, .r = RLX, .sc = CTA, .place = ONE },
      ALL(3), "1/1 is a po U rf cycle (no-thin-air); other 3 rf pairs fine" },
    { "LB", lit_lb, { .name = "rlx/x-cta", .w = RLX, .r = RLX, .sc = CTA, .place = EACH },
      XC(3, 3, 3, F_H), "no-thin-air ignores scopes: 3; cross-CTA pairs hetero" },
    /* GPUMC's LB-n: load_acquire(x[i+1]); store_release(x[i], 1).  Each
     * read sees 0 or 1 independently except all-1, a porf (and hb) cycle. */
    { "LB-n", lit_lb, { .name = "n=2", .w = REL, .r = ACQ, .sc = GPU, .place = ONE, .n = 2 }, ALL(3), "2^2-1" },
    { "LB-n", lit_lb, { .name = "n=3", .w = REL, .r = ACQ, .sc = GPU, .place = ONE, .n = 3 }, ALL(7), "2^3-1" },
    { "LB-n", lit_lb, { .name = "n=4", .w = REL, .r = ACQ, .sc = GPU, .place = ONE, .n = 4 }, ALL(15), "2^4-1" },
    { "LB-n", lit_lb, { .name = "n=5", .w = REL, .r = ACQ, .sc = GPU, .place = ONE, .n = 5 }, ALL(31), "2^5-1" },
    { "LB-n", lit_lb, { .name = "n=6", .w = REL, .r = ACQ, .sc = GPU, .place = ONE, .n = 6 }, ALL(63), "2^6-1" },
    { "LB-n", lit_lb, { .name = "n=7", .w = REL, .r = ACQ, .sc = GPU, .place = ONE, .n = 7 }, ALL(127), "2^7-1" },
    { "LB-n", lit_lb, { .name = "n=8", .w = REL, .r = ACQ, .sc = GPU, .place = ONE, .n = 8 }, ALL(255), "2^8-1" },
    { "LB-n", lit_lb, { .name = "n=3/x-cta", .w = REL, .r = ACQ, .sc = CTA, .place = EACH, .n = 3 },
      XC(7, 7, 7, F_H), "still 2^3-1 (porf); no sw across CTAs: hetero races" },

    /* ---- IRIW: T0: x=1  T1: y=1  T2: x; y  T3: y; x ------------------ */
    { "IRIW", lit_iriw, { .name = "rlx/one-cta", .w = RLX, .r = RLX, .sc = CTA, .place = ONE },
      WS(16, 15), "2^4 rf; readers may disagree on order; SC forbids (1,0,1,0)" },
    { "IRIW", lit_iriw, { .name = "rel-acq/one-cta", .w = REL, .r = ACQ, .sc = CTA, .place = ONE },
      WS(16, 15), "rel/acq does not forbid IRIW (no psc); SC forbids (1,0,1,0)" },
    { "IRIW", lit_iriw, { .name = "sc/one-cta", .w = SC, .r = SC, .sc = CTA, .place = ONE },
      ALL(15), "(1,0,1,0) is the psc cycle Wx-Rx-po-Ry-fr-Wy-Ry-po-Rx-fr-Wx" },
    { "IRIW", lit_iriw, { .name = "sc/x-cta", .w = SC, .r = SC, .sc = CTA, .place = EACH },
      XC(16, 15, 15, F_H), "every cross-thread psc edge crosses CTAs: not incl, cycle gone" },
    { "IRIW", lit_iriw, { .name = "sc/gpu-scope/x-cta", .w = SC, .r = SC, .sc = GPU, .place = EACH },
      ALL(15), "gpu scope: incl, psc cycle forbids (1,0,1,0)" },
    { "IRIW", lit_iriw, { .name = "rlx+sc-fences(cta)/one-cta", .w = RLX, .r = RLX, .f = SC, .sc = GPU, .fsc = CTA, .place = ONE },
      ALL(15), "(1,0,1,0): F2 hb;fr;rf;hb F3 and F3 ... F2: psc_F cycle" },
    { "IRIW", lit_iriw, { .name = "rlx+sc-fences(cta)/x-cta", .w = RLX, .r = RLX, .f = SC, .sc = GPU, .fsc = CTA, .place = EACH },
      M3(E(16, 0, F_NONE), E(15, 0, F_NONE), E(15, 0, F_NONE)),
      "fences in different CTAs not incl; gpu accesses: no race" },

    /* ---- WRC: T0: x=1  T1: x; y=1  T2: y; x ------------------------- */
    { "WRC", lit_wrc, { .name = "rlx/one-cta", .w = RLX, .r = RLX, .sc = CTA, .place = ONE },
      WS(8, 7), "2^3 rf, hb = po; SC forbids T1 x=1, T2 y=1, x=0" },
    { "WRC", lit_wrc, { .name = "rel-acq/one-cta", .w = REL, .r = ACQ, .sc = CTA, .place = ONE },
      ALL(7), "x=1,y=1 chain two sw: Wx hb T2's Rx, x=0 breaks coherence" },
    { "WRC", lit_wrc, { .name = "rel-acq/x-cta", .w = REL, .r = ACQ, .sc = CTA, .place = EACH },
      XC(8, 7, 7, F_H), "no sw across CTAs: all 8; hetero races on x and y" },

    /* ---- 2+2W: T0: x=1; y=2  T1: y=1; x=2 (co only) ------------------ */
    { "2+2W", lit_2p2w, { .name = "rlx/one-cta", .w = RLX, .sc = CTA, .place = ONE },
      WS(4, 3), "2x2 co orders; SC forbids the po U co cycle x=1,y=1 final" },
    { "2+2W", lit_2p2w, { .name = "rel/one-cta", .w = REL, .sc = CTA, .place = ONE },
      WS(4, 3), "no reads, no sw: as relaxed" },
    { "2+2W", lit_2p2w, { .name = "sc/one-cta", .w = SC, .sc = CTA, .place = ONE },
      ALL(3), "the po-co-po-co cycle is a psc cycle" },
    { "2+2W", lit_2p2w, { .name = "sc/x-cta", .w = SC, .sc = CTA, .place = EACH },
      XC(4, 3, 3, F_H), "co edges cross CTAs, not incl: cycle allowed; write-write hetero" },

    /* ---- R: T0: x=1; y=1  T1: y=2; x -------------------------------- */
    { "R", lit_r, { .name = "rlx/one-cta", .w = RLX, .r = RLX, .sc = CTA, .place = ONE },
      WS(4, 3), "2 co(y) x 2 rf(x); SC forbids y=1 co-before y=2 with x=0" },
    { "R", lit_r, { .name = "sc/one-cta", .w = SC, .r = SC, .sc = CTA, .place = ONE },
      ALL(3), "that outcome is the psc cycle Wx-po-Wy-co-Wy2-po-Rx-fr-Wx" },
    { "R", lit_r, { .name = "sc/x-cta", .w = SC, .r = SC, .sc = CTA, .place = EACH },
      XC(4, 3, 3, F_H), "co/fr edges cross CTAs: not incl, allowed; hetero races" },

    /* ---- S: T0: x=2; y=1  T1: y; x=1 -------------------------------- */
    { "S", lit_s, { .name = "rlx/one-cta", .w = RLX, .r = RLX, .d = RLX, .sc = CTA, .place = ONE },
      WS(4, 3), "2 rf(y) x 2 co(x); SC forbids y=1 with x=1 co-before x=2" },
    { "S", lit_s, { .name = "rel-acq/one-cta", .w = REL, .r = ACQ, .d = RLX, .sc = CTA, .place = ONE },
      ALL(3), "y=1: sw, x=2 hb x=1, so co x=1 < x=2 breaks coherence" },
    { "S", lit_s, { .name = "rel-acq/x-cta", .w = REL, .r = ACQ, .d = RLX, .sc = CTA, .place = EACH },
      XC(4, 3, 3, F_H), "no sw across CTAs: all 4; hetero on x and y" },

    /* ---- coherence shapes (one location) ----------------------------- */
    { "CoRR", lit_corr, { .name = "rlx/one-cta", .w = RLX, .r = RLX, .sc = CTA, .place = ONE },
      ALL(3), "rf pairs (0,0),(0,1),(1,1); (1,0) breaks hb;eco (R1 po R2 fr W rf R1)" },
    { "CoRR", lit_corr, { .name = "rlx/x-cta", .w = RLX, .r = RLX, .sc = CTA, .place = EACH },
      XC(3, 3, 3, F_H), "coherence is per thread (po): still 3; hetero race" },
    { "CoWW", lit_coww, { .name = "rlx/one-cta", .w = RLX, .sc = CTA, .place = ONE },
      ALL(1), "co must follow po: x=1 < x=2" },
    { "CoRW", lit_corw, { .name = "rlx/one-cta", .w = RLX, .r = RLX, .sc = CTA, .place = ONE },
      ALL(3), "R=init: 2 co; R=x2: only co x2<x1; R=own x1: porf cycle" },
    { "CoRW", lit_corw, { .name = "rlx/x-cta", .w = RLX, .r = RLX, .sc = CTA, .place = EACH },
      XC(3, 3, 3, F_H), "constraints are po-local: 3; hetero race" },
    { "CoWR", lit_cowr, { .name = "rlx/one-cta", .w = RLX, .r = RLX, .sc = CTA, .place = ONE },
      ALL(3), "R=x1: 2 co; R=x2: only x1<x2; R=init: fr to po-earlier x1" },
    { "CoWR", lit_cowr, { .name = "rlx/x-cta", .w = RLX, .r = RLX, .sc = CTA, .place = EACH },
      XC(3, 3, 3, F_H), "constraints are po-local: 3; hetero race" },

    /* ---- RMW chains: fetch_add(x, 1) from n threads ------------------ */
    { "RMW", lit_rmw, { .name = "n=2/rlx", .w = RLX, .sc = CTA, .place = ONE, .n = 2 },
      ALL(2), "co orders of 2 RMWs, each reading its co-predecessor (atomicity)" },
    { "RMW", lit_rmw, { .name = "n=3/rlx", .w = RLX, .sc = CTA, .place = ONE, .n = 3 },
      ALL(6), "3! co orders; rf forced by atomicity" },
    { "RMW", lit_rmw, { .name = "n=4/acq_rel", .w = AR, .sc = CTA, .place = ONE, .n = 4 },
      ALL(24), "4! co orders" },
    { "RMW", lit_rmw, { .name = "n=3/x-cta", .w = RLX, .sc = CTA, .place = EACH, .n = 3 },
      XC(6, 6, 6, F_H), "atomicity ignores scopes: 3!; RMW pairs hetero" },

    /* ---- barriers (non-atomic shared words, CTA barrier) ------------- */
    { "phase", lit_phase, { .name = "n=3/barrier", .place = ONE, .n = 3, .opt = BAR_ON },
      ALL(1), "barrier: each read hb after its neighbour's write, must read it" },
    { "phase", lit_phase, { .name = "n=4/barrier", .place = ONE, .n = 4, .opt = BAR_ON },
      ALL(1), "arrival order is not a source of executions" },
    { "phase", lit_phase, { .name = "n=3/no-barrier", .place = ONE, .n = 3 },
      M3(E(8, 0, F_D), E(8, 0, F_D), E(7, 0, F_D)),
      "SB ring on na words: 2^3 (SC 2^3-1); write/read pairs race" },
    { "phase", lit_phase, { .name = "2x2/barrier/x-cta", .place = LIT_CTA_PAIRS, .n = 4, .opt = BAR_ON },
      M3(E(4, 0, F_D), E(4, 0, F_D), E(3, 0, F_D)),
      "T1 and T3 read across the CTA boundary: 0 or 1 each (SC: not both 0); race" },
    { "phase", lit_phase, { .name = "n=2/barrier/x-cta", .place = EACH, .n = 2, .opt = BAR_ON },
      M3(E(4, 0, F_D), E(4, 0, F_D), E(3, 0, F_D)),
      "one-thread CTAs: the barriers order nothing across threads, SB on na words" },
    { "war", lit_war, { .name = "n=3/2-barriers", .place = ONE, .n = 3, .opt = BAR_ON },
      ALL(1), "both phases separated: reads see the first writes only" },
    { "war", lit_war, { .name = "n=3/1-barrier", .place = ONE, .n = 3 },
      M3(E(7, 0, F_D), E(7, 0, F_D), E(7, 0, F_D)),
      "each read: first or second write of its neighbour; all-second is a porf cycle" },
    { "bar-twice", lit_bar_twice, { .name = "n=3", .place = ONE, .n = 3 },
      ALL(1), "same statement reached twice by all: uniform, no branching" },
    /* A divergent execution ends with threads stuck at a barrier: it is
     * counted as blocked (as in tests/prop/brute.c), never complete. */
    { "div-ids", lit_div_ids, { .name = "one-cta", .place = ONE },
      M3(E(0, 1, F_V), E(0, 1, F_V), E(0, 1, F_V)),
      "T0 waits at barrier 0, T1 at barrier 1: one execution, blocked, divergence" },
    { "div-exit", lit_div_exit, { .name = "one-cta", .place = ONE },
      M3(E(0, 1, F_V), E(0, 1, F_V), E(0, 1, F_V)),
      "T1 exits while T0 waits: one execution, blocked, divergence" },
    { "div-exit", lit_div_exit, { .name = "x-cta", .place = EACH },
      ALL(1), "each CTA's instance has one thread: T0 passes alone, no divergence" },
    { "div-data", lit_div_data, { .name = "one-cta", .sc = CTA, .place = ONE },
      M3(E(1, 1, F_V), E(1, 1, F_V), E(1, 1, F_V)),
      "r=1: both pass (complete); r=0: T1 skips the barrier (blocked, divergence)" },

    /* ---- CAS spin lock (spin-assume), counter na ----------------------
     * Complete executions: one per lock order (n!).  Blocked ones: the
     * other threads run to their end, so a blocked execution is a full
     * graph in which k >= 1 threads succeed (in one of k! orders) and each
     * of the n-k others fails reading one of the k lock writes (value 1;
     * a relaxed failed read has no hb constraint): sum over k = 1..n-1 of
     * C(n,k) k! k^(n-k) = 2, 15, 124 for n = 2, 3, 4.  Same under SC (the
     * failed read sits inside the chosen holder's critical section). */
    { "lock", lit_lock, { .name = "n=2", .w = REL, .sc = GPU, .place = ONE, .n = 2 },
      M3(E(2, 2, F_NONE), E(2, 2, F_NONE), E(2, 2, F_NONE)),
      "2! lock orders; unlock rel -> CAS acq gives hb, counter reads forced" },
    { "lock", lit_lock, { .name = "n=3", .w = REL, .sc = GPU, .place = ONE, .n = 3 },
      M3(E(6, 15, F_NONE), E(6, 15, F_NONE), E(6, 15, F_NONE)),
      "3! lock orders; blocked 3*1*1 + 3*2*2" },
    { "lock", lit_lock, { .name = "n=4", .w = REL, .sc = GPU, .place = ONE, .n = 4 },
      M3(E(24, 124, F_NONE), E(24, 124, F_NONE), E(24, 124, F_NONE)),
      "4! lock orders; blocked 4*1*1 + 6*2*4 + 4*6*3" },
    { "lock", lit_lock, { .name = "n=2/rlx-unlock", .w = RLX, .sc = GPU, .place = ONE, .n = 2 },
      M3(E(6, 2, F_D), E(6, 2, F_D), E(2, 2, F_D)),
      "no sw: per order, 2nd reader sees init|W1 x co 2, minus R=W1 with W2<W1; SC 2" },
    { "lock", lit_lock, { .name = "n=2/x-cta", .w = REL, .sc = CTA, .place = EACH, .n = 2 },
      M3(E(6, 2, F_D | F_H), E(2, 2, F_NONE), E(2, 2, F_NONE)), "cta scope across CTAs: as rlx-unlock; lock pair hetero" },

    /* ---- errors ------------------------------------------------------ */
    /* An execution stopped by an assertion or memory error is counted as
     * complete (it is a full graph: the erring thread simply ends). */
    { "assert", lit_mp_assert, { .name = "rlx/one-cta", .w = RLX, .r = RLX, .d = RLX, .sc = CTA, .place = ONE },
      M3(E(3, 0, F_A), E(3, 0, F_A), E(2, 0, F_NONE)),
      "y=0 | y=1,x=1 | y=1,x=0 (assert fails); SC drops the last" },
    { "assert", lit_mp_assert, { .name = "rel-acq/one-cta", .w = REL, .r = ACQ, .d = RLX, .sc = CTA, .place = ONE },
      ALL(2), "sw: y=1 implies x=1, never fails" },
    { "assert", lit_mp_assert, { .name = "rel-acq/x-cta", .w = REL, .r = ACQ, .d = RLX, .sc = CTA, .place = EACH },
      M3(E(3, 0, F_A | F_H), E(2, 0, F_NONE), E(2, 0, F_NONE)),
      "no sw across CTAs: y=1,x=0 possible and fails the assert" },
    { "oob", lit_oob, { .name = "one-past-end", .place = ONE, .opt = OOB_PAST },
      M3(E(1, 0, F_M), E(1, 0, F_M), E(1, 0, F_M)),
      "load of word 1 of a 1-word region: memory error, one execution" },
    { "oob", lit_oob, { .name = "last-word", .place = ONE },
      ALL(1), "word 0 is in bounds: one execution reading init" },
};

const lit_case *lit_cases(unsigned *n)
{
    *n = (unsigned)(sizeof cases / sizeof cases[0]);
    return cases;
}
