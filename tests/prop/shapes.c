/*
 * shapes.c -- classic litmus shapes with hand-derived expectations.
 * See shapes.h for the contract and the findings notation.
 */
#include "shapes.h"

#include <stdio.h>

#define RLX GPUMC_RLX
#define NA GPUMC_NA
#define ACQ GPUMC_ACQ
#define REL GPUMC_REL
#define AR GPUMC_ACQ_REL
#define SC GPUMC_SC
#define CTA GPUMC_SCOPE_CTA
#define GPU GPUMC_SCOPE_GPU
#define SYS GPUMC_SCOPE_SYS

const char *shapes_model_name(checker_model m)
{
    return m == MODEL_SRC11 ? "src11" : m == MODEL_RC11 ? "rc11" : "sc";
}

void shapes_findings_str(const outcome *o, char *buf, size_t len)
{
    size_t k = 0;
    buf[0] = 0;
    for (size_t i = 0; i < o->findings.n && k < len; i++) {
        const fkey *f = &o->findings.v[i];
        const char *sep = i ? " " : "";
        if (f->kind == FINDING_DIVERGENCE)
            k += (size_t)snprintf(buf + k, len - k, "%sV%u", sep, f->a);
        else
            k += (size_t)snprintf(buf + k, len - k, "%s%c%u-%u", sep,
                                  f->kind == FINDING_DATA_RACE ? 'D' : 'H',
                                  f->a, f->b);
    }
}

/* Same expectation under all three models. */
static void check_all(shape_sink *t, const char *name, const prog *p,
                      size_t complete, size_t blocked, const char *finds)
{
    t->check(t, name, p, MODEL_SRC11, complete, blocked, finds);
    t->check(t, name, p, MODEL_RC11, complete, blocked, finds);
    t->check(t, name, p, MODEL_SC, complete, blocked, finds);
}

/* ---- store buffering ------------------------------------------------- */

/* T0: x0 := 1; r = x1      T1: x1 := 2; r = x0
 * Two reads, each from init or the other thread's store: 4 under RC11.
 * SC forbids both reading init (each read would precede the other
 * thread's store).  sc accesses: the psc cycle #0 po #1 fr #2 po #3 fr #0
 * forbids it too.  na accesses: both pairs race. */
static void sb(prog *p, gpumc_order st, gpumc_order ld, gpumc_scope sc,
               int cta1)
{
    prog_init(p);
    int a = prog_thread_add(p, 0), b = prog_thread_add(p, cta1);
    prog_st(p, a, 0, 1, st, sc);
    prog_ld(p, a, 1, ld, sc);
    prog_st(p, b, 1, 2, st, sc);
    prog_ld(p, b, 0, ld, sc);
}

/* SB with fences between the accesses: #0 st, #1 fence, #2 ld | #3..#5. */
static void sb_fenced(prog *p, gpumc_order f, gpumc_scope fsc, int cta1)
{
    prog_init(p);
    int a = prog_thread_add(p, 0), b = prog_thread_add(p, cta1);
    prog_st(p, a, 0, 1, RLX, SYS);
    prog_fence(p, a, f, fsc);
    prog_ld(p, a, 1, RLX, SYS);
    prog_st(p, b, 1, 2, RLX, SYS);
    prog_fence(p, b, f, fsc);
    prog_ld(p, b, 0, RLX, SYS);
}

static void test_sb(shape_sink *t)
{
    prog p;
    sb(&p, RLX, RLX, SYS, 0);
    t->check(t, "SB rlx", &p, MODEL_SRC11, 4, 0, "");
    t->check(t, "SB rlx", &p, MODEL_RC11, 4, 0, "");
    t->check(t, "SB rlx", &p, MODEL_SC, 3, 0, "");
    sb(&p, SC, SC, SYS, 0);
    check_all(t, "SB sc", &p, 3, 0, "");
    sb(&p, REL, ACQ, SYS, 0); /* rel/acq cannot forbid SB: no sw */
    t->check(t, "SB rel/acq", &p, MODEL_SRC11, 4, 0, "");
    sb(&p, NA, NA, SYS, 0);
    t->check(t, "SB na", &p, MODEL_SRC11, 4, 0, "D0-3 D1-2");
    t->check(t, "SB na", &p, MODEL_RC11, 4, 0, "D0-3 D1-2");
    t->check(t, "SB na", &p, MODEL_SC, 3, 0, "D0-3 D1-2");
    /* sc accesses with cta scope across CTAs: incl fails between the
     * threads, so psc has no cross-thread edges: all 4, and every
     * conflicting pair is a heterogeneous race.  RC11 ignores scopes. */
    sb(&p, SC, SC, CTA, 1);
    t->check(t, "SB sc cta x-CTA", &p, MODEL_SRC11, 4, 0, "H0-3 H1-2");
    t->check(t, "SB sc cta x-CTA", &p, MODEL_RC11, 3, 0, "");
    sb(&p, SC, SC, GPU, 1);
    t->check(t, "SB sc gpu x-CTA", &p, MODEL_SRC11, 3, 0, "");
    /* sc fences: psc_base [F_sc]; hb?; scb; hb?; [F_sc] gives
     * F0 -> F1 (F0 po ld x1 fr st x1 po F1) and back: 3. */
    sb_fenced(&p, SC, SYS, 0);
    check_all(t, "SB sc fences", &p, 3, 0, "");
    sb_fenced(&p, AR, SYS, 0); /* acq_rel fences are not enough */
    t->check(t, "SB acq_rel fences", &p, MODEL_SRC11, 4, 0, "");
    sb_fenced(&p, SC, CTA, 1); /* cta fences across CTAs: not incl */
    t->check(t, "SB sc fences cta x-CTA", &p, MODEL_SRC11, 4, 0, "");
    t->check(t, "SB sc fences cta x-CTA", &p, MODEL_RC11, 3, 0, "");
}

/* ---- message passing -------------------------------------------------- */

/* T0: #0 x0 := 1 (data); #1 x1 := 2 (flag)   T1: #2 r = x1; #3 r = x0
 * 4 rf combinations.  (flag=2, data=0) is forbidden iff #1 sw #2 (then
 * #0 hb #3 and #3 fr #0: hb;eco reflexive) -- or under SC. */
static void mp(prog *p, gpumc_order data, gpumc_order st, gpumc_order ld,
               gpumc_scope fsc, int cta1)
{
    prog_init(p);
    int a = prog_thread_add(p, 0), b = prog_thread_add(p, cta1);
    prog_st(p, a, 0, 1, data, SYS);
    prog_st(p, a, 1, 2, st, fsc);
    prog_ld(p, b, 1, ld, fsc);
    prog_ld(p, b, 0, data, SYS);
}

static void test_mp(shape_sink *t)
{
    prog p;
    mp(&p, RLX, RLX, RLX, SYS, 0);
    t->check(t, "MP rlx", &p, MODEL_SRC11, 4, 0, "");
    t->check(t, "MP rlx", &p, MODEL_RC11, 4, 0, "");
    t->check(t, "MP rlx", &p, MODEL_SC, 3, 0, "");
    mp(&p, RLX, REL, ACQ, CTA, 0);
    check_all(t, "MP rel/acq cta same CTA", &p, 3, 0, "");
    mp(&p, RLX, REL, ACQ, GPU, 1);
    check_all(t, "MP rel/acq gpu x-CTA", &p, 3, 0, "");
    /* cta scope across CTAs: not incl, so no sw: 4, and the flag
     * accesses race heterogeneously.  RC11 treats cta as sys: 3. */
    mp(&p, RLX, REL, ACQ, CTA, 1);
    t->check(t, "MP rel/acq cta x-CTA", &p, MODEL_SRC11, 4, 0, "H1-2");
    t->check(t, "MP rel/acq cta x-CTA", &p, MODEL_RC11, 3, 0, "");
    t->check(t, "MP rel/acq cta x-CTA", &p, MODEL_SC, 3, 0, "");
    /* na data: the execution reading flag=0 has no sw, so the data
     * accesses race there (races are over all executions). */
    mp(&p, NA, REL, ACQ, CTA, 0);
    check_all(t, "MP na data rel/acq", &p, 3, 0, "D0-3");
    /* flag via fences: #0 x0:=1; #1 fence rel; #2 x1:=2 | #3 r=x1; #4 fence
     * acq; #5 r=x0.  prel = [F rel]; po, pacq = po; [F acq]: sw, so 3. */
    prog_init(&p);
    int a = prog_thread_add(&p, 0), b = prog_thread_add(&p, 0);
    prog_st(&p, a, 0, 1, RLX, SYS);
    prog_fence(&p, a, REL, SYS);
    prog_st(&p, a, 1, 2, RLX, SYS);
    prog_ld(&p, b, 1, RLX, SYS);
    prog_fence(&p, b, ACQ, SYS);
    prog_ld(&p, b, 0, RLX, SYS);
    check_all(t, "MP fences", &p, 3, 0, "");
    /* The same across CTAs: with cta-scope fences incl ∩ sw drops the
     * fence-to-fence sw (the rf itself is sys-sys): 4; gpu fences: 3. */
    p.th[b].cta = 1;
    p.th[a].ins[1].scope = CTA;
    p.th[b].ins[1].scope = CTA;
    t->check(t, "MP fences cta x-CTA", &p, MODEL_SRC11, 4, 0, "");
    t->check(t, "MP fences cta x-CTA", &p, MODEL_RC11, 3, 0, "");
    p.th[a].ins[1].scope = GPU;
    p.th[b].ins[1].scope = GPU;
    t->check(t, "MP fences gpu x-CTA", &p, MODEL_SRC11, 3, 0, "");
    /* Across CTAs with a sys release fence: an acquire fence syncs only if
     * its own scope includes the releasing thread.  T1: #3 r = x1;
     * #4 fence acq cta; #5 fence acq sys; #6 r = x0.  #5 syncs: 3.  With
     * #5 dropped (only the cta fence): no sw: 4. */
    prog_init(&p);
    a = prog_thread_add(&p, 0);
    b = prog_thread_add(&p, 1);
    prog_st(&p, a, 0, 1, RLX, SYS);
    prog_fence(&p, a, REL, SYS);
    prog_st(&p, a, 1, 2, RLX, SYS);
    prog_ld(&p, b, 1, RLX, SYS);
    prog_fence(&p, b, ACQ, CTA);
    prog_fence(&p, b, ACQ, SYS);
    prog_ld(&p, b, 0, RLX, SYS);
    check_all(t, "MP cta+sys acquire fences x-CTA", &p, 3, 0, "");
    p.th[b].ins[2] = p.th[b].ins[3];
    p.th[b].n = 3;
    t->check(t, "MP cta acquire fence x-CTA", &p, MODEL_SRC11, 4, 0, "");
    t->check(t, "MP cta acquire fence x-CTA", &p, MODEL_RC11, 3, 0, "");
}

/* ---- release sequences ------------------------------------------------ */

/* T0: #0 x0 := 1 na; #1 x1 := 2 rel   T1: #2 fetch_add(x1, 1) rlx
 * T2: #3 r = x1 acq; #4 r = x0 na
 * rseq continues through the RMW: if #3 reads the RMW's write and the RMW
 * read #1, #1 sw #3 and #4 must read #0.  Counting: RMW reads init (co
 * #2w < #1) or #1 (co #1 < #2w): 2 cases; #3 reads one of init/#1/#2w.
 *  RMW reads init: co init,#2w,#1.  #3=init: #4 free (2).  #3=#2w: no sw
 *   (the RMW read init, not #1): #4 free (2).  #3=#1: sw, #4=#0 (1).  = 5
 *  RMW reads #1: co init,#1,#2w.  #3=init: 2.  #3=#1: 1.  #3=#2w: rseq
 *   #1 rf;rmw #2w: sw, #4=#0: 1.  = 4
 * Total 9.  #3=init leaves #0/#4 unordered: data race. */
static void test_rseq(shape_sink *t)
{
    prog p;
    prog_init(&p);
    int a = prog_thread_add(&p, 0), b = prog_thread_add(&p, 0),
        c = prog_thread_add(&p, 0);
    prog_st(&p, a, 0, 1, NA, SYS);
    prog_st(&p, a, 1, 2, REL, SYS);
    prog_fadd(&p, b, 1, 1, RLX, SYS);
    prog_ld(&p, c, 1, ACQ, SYS);
    prog_ld(&p, c, 0, NA, SYS);
    t->check(t, "release sequence", &p, MODEL_SRC11, 9, 0, "D0-4");
    t->check(t, "release sequence", &p, MODEL_RC11, 9, 0, "D0-4");
    /* The RMW with cta scope in another CTA: not incl with #1 or #3, so
     * the rseq step (incl ∩ rf); rmw breaks: #3=#2w never syncs -> the
     * RMW-reads-#1 case has 2 executions for #3=#2w: total 10.  The RMW
     * races heterogeneously with #1 and #3. */
    p.th[b].cta = 1;
    p.th[b].ins[0].scope = CTA;
    t->check(t, "release sequence cta RMW x-CTA", &p, MODEL_SRC11, 10, 0,
          "D0-4 H1-2 H2-3");
}

/* ---- load buffering, thin air ------------------------------------------ */

static void test_lb(shape_sink *t)
{
    prog p;
    /* T0: #0 r = x0; #1 x1 := 1   T1: #2 r = x1; #3 x0 := 2
     * (1, 1) needs the po ∪ rf cycle #0 po #1 rf #2 po #3 rf #0, which
     * no-thin-air forbids: 3 in every model (not 4). */
    prog_init(&p);
    int a = prog_thread_add(&p, 0), b = prog_thread_add(&p, 0);
    prog_ld(&p, a, 0, RLX, SYS);
    prog_st(&p, a, 1, 1, RLX, SYS);
    prog_ld(&p, b, 1, RLX, SYS);
    prog_st(&p, b, 0, 2, RLX, SYS);
    check_all(t, "LB rlx", &p, 3, 0, "");
    /* GPUMC's LB-n: thread i: r = load_acq(x[i+1 mod n]);
     * store_rel(x[i], 1).  Any subset of reads may see 1 except all of
     * them (a cycle): 2^n - 1. */
    for (int n = 2; n <= 3; n++) {
        prog_init(&p);
        for (int i = 0; i < n; i++) {
            int th = prog_thread_add(&p, 0);
            prog_ld(&p, th, (i + 1) % n, ACQ, SYS);
            prog_st(&p, th, i, (uint32_t)(10 + i), REL, SYS);
        }
        check_all(t, n == 2 ? "LB-2 acq/rel" : "LB-3 acq/rel", &p,
                  (size_t)((1 << n) - 1), 0, "");
    }
}

/* ---- IRIW -------------------------------------------------------------- */

/* T0: #0 x0 := 1   T1: #1 x1 := 2   T2: #2 r = x0; #3 r = x1
 * T3: #4 r = x1; #5 r = x0.  Four reads, two choices each: 16.  RC11
 * allows the non-multi-copy-atomic outcome (1,0,2,0) unless all accesses
 * are sc: then the psc cycle #2 po #3 fr #1 hb|loc #4 po #5 fr #0
 * hb|loc #2 forbids it: 15.  SC: 15. */
static void iriw(prog *p, gpumc_order st, gpumc_order ld, gpumc_scope sc,
                 const int *cta)
{
    prog_init(p);
    int t0 = prog_thread_add(p, cta[0]), t1 = prog_thread_add(p, cta[1]);
    int t2 = prog_thread_add(p, cta[2]), t3 = prog_thread_add(p, cta[3]);
    prog_st(p, t0, 0, 1, st, sc);
    prog_st(p, t1, 1, 2, st, sc);
    prog_ld(p, t2, 0, ld, sc);
    prog_ld(p, t2, 1, ld, sc);
    prog_ld(p, t3, 1, ld, sc);
    prog_ld(p, t3, 0, ld, sc);
}

static void test_iriw(shape_sink *t)
{
    prog p;
    static const int same[4] = {0, 0, 0, 0}, split[4] = {0, 1, 0, 1};
    iriw(&p, RLX, RLX, SYS, same);
    t->check(t, "IRIW rlx", &p, MODEL_SRC11, 16, 0, "");
    t->check(t, "IRIW rlx", &p, MODEL_RC11, 16, 0, "");
    t->check(t, "IRIW rlx", &p, MODEL_SC, 15, 0, "");
    iriw(&p, REL, ACQ, SYS, same);
    t->check(t, "IRIW rel/acq", &p, MODEL_SRC11, 16, 0, "");
    iriw(&p, SC, SC, SYS, same);
    check_all(t, "IRIW sc", &p, 15, 0, "");
    iriw(&p, SC, SC, GPU, split);
    t->check(t, "IRIW sc gpu x-CTA", &p, MODEL_SRC11, 15, 0, "");
    /* cta scope, CTAs {T0,T2} {T1,T3}: the cycle's edge #3 fr #1 joins
     * T2 and T1 (different CTAs), so incl drops it: 16.  Cross-CTA
     * conflicting pairs race: #1-#3, #0-#5. */
    iriw(&p, SC, SC, CTA, split);
    t->check(t, "IRIW sc cta x-CTA", &p, MODEL_SRC11, 16, 0, "H0-5 H1-3");
    t->check(t, "IRIW sc cta x-CTA", &p, MODEL_RC11, 15, 0, "");
}

/* ---- coherence shapes ------------------------------------------------- */

static void test_coherence(shape_sink *t)
{
    prog p;
    int a, b;
    /* 2+2W: T0: #0 x0 := 1; #1 x1 := 2   T1: #2 x1 := 3; #3 x0 := 4
     * No reads, co has 2 orders per location: 4.  RC11 coherence only
     * relates hb to eco per location, so the po ∪ co cycle is allowed
     * for rlx; sc (and SC) forbid co #1<#2 with co #3<#0: 3. */
    for (int s = 0; s < 2; s++) {
        gpumc_order o = s ? SC : RLX;
        prog_init(&p);
        a = prog_thread_add(&p, 0);
        b = prog_thread_add(&p, 0);
        prog_st(&p, a, 0, 1, o, SYS);
        prog_st(&p, a, 1, 2, o, SYS);
        prog_st(&p, b, 1, 3, o, SYS);
        prog_st(&p, b, 0, 4, o, SYS);
        t->check(t, s ? "2+2W sc" : "2+2W rlx", &p, MODEL_SRC11, s ? 3 : 4, 0,
              "");
        t->check(t, s ? "2+2W sc" : "2+2W rlx", &p, MODEL_SC, 3, 0, "");
    }
    /* CoRR: T0: #0 x0 := 1   T1: #1 r = x0; #2 r = x0
     * 4 rf pairs; (1, init) gives #1 hb #2 fr #0 rf #1: 3. */
    prog_init(&p);
    a = prog_thread_add(&p, 0);
    b = prog_thread_add(&p, 0);
    prog_st(&p, a, 0, 1, RLX, SYS);
    prog_ld(&p, b, 0, RLX, SYS);
    prog_ld(&p, b, 0, RLX, SYS);
    check_all(t, "CoRR", &p, 3, 0, "");
    /* CoWW: T0: #0 x0 := 1; #1 x0 := 2: co must follow po: 1. */
    prog_init(&p);
    a = prog_thread_add(&p, 0);
    prog_st(&p, a, 0, 1, RLX, SYS);
    prog_st(&p, a, 0, 2, RLX, SYS);
    check_all(t, "CoWW", &p, 1, 0, "");
    /* CoRW: T0: #0 r = x0; #1 x0 := 1   T1: #2 x0 := 3
     * r = init: both co orders (2); r = #2: co #1 < #2 would give
     * #0 hb #1 eco #0: only co #2 < #1 (1).  3. */
    prog_init(&p);
    a = prog_thread_add(&p, 0);
    b = prog_thread_add(&p, 0);
    prog_ld(&p, a, 0, RLX, SYS);
    prog_st(&p, a, 0, 1, RLX, SYS);
    prog_st(&p, b, 0, 3, RLX, SYS);
    check_all(t, "CoRW", &p, 3, 0, "");
    /* CoWR: T0: #0 x0 := 1; #1 r = x0   T1: #2 x0 := 3
     * r = init impossible (#0 hb #1 fr #0); r = #0: co free (2); r = #2:
     * co #0 < #2 only (1).  3. */
    prog_init(&p);
    a = prog_thread_add(&p, 0);
    b = prog_thread_add(&p, 0);
    prog_st(&p, a, 0, 1, RLX, SYS);
    prog_ld(&p, a, 0, RLX, SYS);
    prog_st(&p, b, 0, 3, RLX, SYS);
    check_all(t, "CoWR", &p, 3, 0, "");
}

/* ---- R, S, WRC ---------------------------------------------------------- */

static void test_r_s_wrc(shape_sink *t)
{
    prog p;
    int a, b;
    /* R: T0: #0 x0 := 1; #1 x1 := 2   T1: #2 x1 := 3; #3 r = x0
     * rlx: 2 co orders x 2 rf = 4; sc: co #1 < #2 with r = init closes
     * #0 po #1 co #2 po #3 fr #0: 3. */
    for (int s = 0; s < 2; s++) {
        gpumc_order o = s ? SC : RLX;
        prog_init(&p);
        a = prog_thread_add(&p, 0);
        b = prog_thread_add(&p, 0);
        prog_st(&p, a, 0, 1, o, SYS);
        prog_st(&p, a, 1, 2, o, SYS);
        prog_st(&p, b, 1, 3, o, SYS);
        prog_ld(&p, b, 0, o, SYS);
        t->check(t, s ? "R sc" : "R rlx", &p, MODEL_SRC11, s ? 3 : 4, 0, "");
    }
    /* S: T0: #0 x0 := 1; #1 x1 := 2 rel   T1: #2 r = x1 acq; #3 x0 := 3
     * 2 rf x 2 co = 4; r = #1 syncs, so #0 hb #3 and co #3 < #0 is
     * incoherent: 3.  Relaxed: 4. */
    for (int s = 0; s < 2; s++) {
        prog_init(&p);
        a = prog_thread_add(&p, 0);
        b = prog_thread_add(&p, 0);
        prog_st(&p, a, 0, 1, RLX, SYS);
        prog_st(&p, a, 1, 2, s ? REL : RLX, SYS);
        prog_ld(&p, b, 1, s ? ACQ : RLX, SYS);
        prog_st(&p, b, 0, 3, RLX, SYS);
        t->check(t, s ? "S rel/acq" : "S rlx", &p, MODEL_SRC11, s ? 3 : 4, 0,
              "");
    }
    /* WRC: T0: #0 x0 := 1   T1: #1 r = x0; #2 x1 := 2   T2: #3 r = x1;
     * #4 r = x0.  8 rf combinations; with rel/acq everywhere (1, 2, init)
     * is forbidden by #0 sw #1 po #2 sw #3 po #4 fr #0: 7.  rlx: 8. */
    for (int s = 0; s < 2; s++) {
        gpumc_order st = s ? REL : RLX, ld = s ? ACQ : RLX;
        prog_init(&p);
        a = prog_thread_add(&p, 0);
        b = prog_thread_add(&p, 0);
        int c = prog_thread_add(&p, 0);
        prog_st(&p, a, 0, 1, st, SYS);
        prog_ld(&p, b, 0, ld, SYS);
        prog_st(&p, b, 1, 2, st, SYS);
        prog_ld(&p, c, 1, ld, SYS);
        prog_ld(&p, c, 0, ld, SYS);
        t->check(t, s ? "WRC rel/acq" : "WRC rlx", &p, MODEL_SRC11, s ? 7 : 8,
              0, "");
    }
}

/* ---- RMWs -------------------------------------------------------------- */

static void test_rmw(shape_sink *t)
{
    prog p;
    int a, b, c;
    /* Three fetch_adds on x0: atomicity makes each read the co-previous
     * write, so executions = co orders = 3! = 6. */
    prog_init(&p);
    for (int i = 0; i < 3; i++)
        prog_fadd(&p, prog_thread_add(&p, 0), 0, 1, RLX, SYS);
    check_all(t, "fetch_add x3", &p, 6, 0, "");
    /* Two fetch_adds and a reader: 2 co orders x 3 values read = 6. */
    prog_init(&p);
    prog_fadd(&p, prog_thread_add(&p, 0), 0, 1, RLX, SYS);
    prog_fadd(&p, prog_thread_add(&p, 0), 0, 1, RLX, SYS);
    prog_ld(&p, prog_thread_add(&p, 0), 0, RLX, SYS);
    check_all(t, "fetch_add x2 + load", &p, 6, 0, "");
    /* Two exchanges: 2. */
    prog_init(&p);
    prog_xchg(&p, prog_thread_add(&p, 0), 0, 1, RLX, SYS);
    prog_xchg(&p, prog_thread_add(&p, 0), 0, 2, RLX, SYS);
    check_all(t, "xchg x2", &p, 2, 0, "");
    /* T0: #0 cas(x0, 0 -> 1)   T1: #1 cas(x0, 0 -> 2)
     * Both reading 0 would make both succeed, violating atomicity; one
     * succeeds, the other reads its value and fails: 2. */
    prog_init(&p);
    prog_cas(&p, prog_thread_add(&p, 0), 0, 0, 1, AR, SYS);
    prog_cas(&p, prog_thread_add(&p, 0), 0, 0, 2, AR, SYS);
    check_all(t, "CAS x2", &p, 2, 0, "");
    /* T0: #0 xchg(x0, 5)   T1: #1 cas(x0, 5 -> 7)
     * CAS reads init: fails, 1 execution.  CAS reads 5: succeeds, co
     * #0w < #1w (the other order breaks #0's atomicity): 1.  Total 2. */
    prog_init(&p);
    prog_xchg(&p, prog_thread_add(&p, 0), 0, 5, RLX, SYS);
    prog_cas(&p, prog_thread_add(&p, 0), 0, 5, 7, RLX, SYS);
    check_all(t, "xchg + CAS", &p, 2, 0, "");
    /* fetch_adds with cta scope in different CTAs: no sync between them,
     * heterogeneous race; RC11: none.  Still 2 executions. */
    prog_init(&p);
    prog_fadd(&p, prog_thread_add(&p, 0), 0, 1, RLX, CTA);
    prog_fadd(&p, prog_thread_add(&p, 1), 0, 1, RLX, CTA);
    t->check(t, "fetch_add cta x-CTA", &p, MODEL_SRC11, 2, 0, "H0-1");
    t->check(t, "fetch_add cta x-CTA", &p, MODEL_RC11, 2, 0, "");
    /* A failed CAS is a read with the failure order: CAS acq_rel fails
     * as acq.  T0: #0 x0 := 1 na; #1 x1 := 9 rel   T1: #2 cas(x1, 9 ->
     * 3) acq_rel; #3 r = x0 na.  CAS reads init: fails, #3 free (2) and
     * races with #0; reads #1: succeeds, sw, #3 = #0 (1).  3. */
    prog_init(&p);
    a = prog_thread_add(&p, 0);
    b = prog_thread_add(&p, 0);
    prog_st(&p, a, 0, 1, NA, SYS);
    prog_st(&p, a, 1, 9, REL, SYS);
    prog_cas(&p, b, 1, 9, 3, AR, SYS);
    prog_ld(&p, b, 0, NA, SYS);
    t->check(t, "CAS acq_rel", &p, MODEL_SRC11, 3, 0, "D0-3");
    /* Same with CAS rel: fail order rlx, success read is rel (not ⊒ acq):
     * never syncs: 4 executions. */
    p.th[b].ins[0].order = REL;
    t->check(t, "CAS rel", &p, MODEL_SRC11, 4, 0, "D0-3");
    /* Blind fetch_adds whose order a CAS observes through po U rf:
     * T0: #0 x1 += 1 (blind); #1 xchg(x1, 2); #2 x0 += 2 (blind)
     * T1: #3 x0 += 1 (blind); #4 cas(x1, 1 -> 5)
     * The CAS fails reading init or #1 (x1 co #0 #1), times the 2 orders
     * of the x0 adds: 4.  It succeeds reading #0 only if #1 reads it
     * (co #0 #4 #1): #3 -po-> #4 -rf-> #1 -po-> #2 forces #3 before #2,
     * one order: 5 in all.  Exploring the x0 adds in one order (the
     * other one) would lose it: that order is observed, not blind. */
    prog_init(&p);
    a = prog_thread_add(&p, 0);
    b = prog_thread_add(&p, 0);
    prog_fadd(&p, a, 1, 1, RLX, SYS);
    prog_xchg(&p, a, 1, 2, RLX, SYS);
    prog_fadd(&p, a, 0, 2, RLX, GPU);
    prog_fadd(&p, b, 0, 1, RLX, GPU);
    prog_cas(&p, b, 1, 1, 5, RLX, SYS);
    p.th[a].ins[0].blind = p.th[a].ins[2].blind = p.th[b].ins[0].blind = 1;
    t->check(t, "blind adds observed by a CAS", &p, MODEL_SRC11, 5, 0, "");
    t->check(t, "blind adds observed by a CAS", &p, MODEL_RC11, 5, 0, "");
    /* The same through a barrier: T0 (cta 1): #0 x2 += 1; #1 r = x2; #2
     * x0 += 1 (blind)   T1: #3 bar; #4 cas(x2, 1 -> 8)   T2: #5 x0 += 1
     * (blind); #6 bar.  CAS fails (reads init) and #1 reads #0: 2 orders of
     * the x0 adds; CAS succeeds (reads #0), #1 reads #0: 2; #1 reads the
     * CAS: #5 -hb-> #4 -rf-> #1 -po-> #2 fixes the order: 1.  5 in all. */
    prog_init(&p);
    a = prog_thread_add(&p, 1);
    b = prog_thread_add(&p, 0);
    c = prog_thread_add(&p, 0);
    prog_fadd(&p, a, 2, 1, RLX, SYS);
    prog_ld(&p, a, 2, RLX, SYS);
    prog_fadd(&p, a, 0, 1, RLX, GPU);
    prog_bar(&p, b, 0);
    prog_cas(&p, b, 2, 1, 8, RLX, SYS);
    prog_fadd(&p, c, 0, 1, RLX, GPU);
    prog_bar(&p, c, 0);
    p.th[a].ins[2].blind = p.th[c].ins[0].blind = 1;
    t->check(t, "blind adds observed through a barrier", &p, MODEL_SRC11, 5, 0, "");
    t->check(t, "blind adds observed through a barrier", &p, MODEL_RC11, 5, 0, "");
    /* And along a chain of reads: T0: #0 r = x2; #1 x0 += 1 (blind)
     * T1: #2 r = x1; #3 x2 := 1   T2: #4 x0 += 1 (blind); #5 x1 := 1.
     * Each read from init or the store: 4, times 2 orders of the adds,
     * minus #2 and #0 reading the stores with #1 before #4 (#4 -po-> #5
     * -rf-> #2 -po-> #3 -rf-> #0 -po-> #1 -rf-> #4 is a cycle): 7. */
    prog_init(&p);
    a = prog_thread_add(&p, 0);
    b = prog_thread_add(&p, 0);
    c = prog_thread_add(&p, 0);
    prog_ld(&p, a, 2, RLX, SYS);
    prog_fadd(&p, a, 0, 1, RLX, SYS);
    prog_ld(&p, b, 1, RLX, SYS);
    prog_st(&p, b, 2, 1, RLX, SYS);
    prog_fadd(&p, c, 0, 1, RLX, SYS);
    prog_st(&p, c, 1, 1, RLX, SYS);
    p.th[a].ins[1].blind = p.th[c].ins[0].blind = 1;
    t->check(t, "blind adds observed along reads", &p, MODEL_SRC11, 7, 0, "");
    t->check(t, "blind adds observed along reads", &p, MODEL_RC11, 7, 0, "");
    /* Blind exchanges a read sees after a barrier: T0: #0 xchg(x0, 1)
     * (blind); #1 bar; #2 r = x0   T1: #3 xchg(x0, 2) (blind); #4 bar.
     * The read reads the co-last exchange: 2 orders, 2 values seen.  One
     * order only (x0 write-only) would lose one. */
    prog_init(&p);
    a = prog_thread_add(&p, 0);
    b = prog_thread_add(&p, 0);
    prog_xchg(&p, a, 0, 1, RLX, GPU);
    prog_bar(&p, a, 0);
    prog_ld(&p, a, 0, RLX, GPU);
    prog_xchg(&p, b, 0, 2, RLX, GPU);
    prog_bar(&p, b, 0);
    p.th[a].ins[0].blind = p.th[b].ins[0].blind = 1;
    t->check(t, "blind exchanges read after a barrier", &p, MODEL_SRC11, 2, 0, "");
    t->check(t, "blind exchanges read after a barrier", &p, MODEL_RC11, 2, 0, "");
    /* Blind RMWs of three kinds that nothing else reads: T0: #0 xchg(x0,
     * 1)   T1: #1 cas(x0, 1 -> 5)   T2: #2 x0 += 1, all blind.  Every
     * order and outcome is an execution of its own; the engine explores
     * one (x0 is write-only), equal up to them (commute.h). */
    prog_init(&p);
    a = prog_thread_add(&p, 0);
    b = prog_thread_add(&p, 0);
    c = prog_thread_add(&p, 0);
    prog_xchg(&p, a, 0, 1, RLX, GPU);
    prog_cas(&p, b, 0, 1, 5, RLX, GPU);
    prog_fadd(&p, c, 0, 1, RLX, GPU);
    p.th[a].ins[0].blind = p.th[b].ins[0].blind = p.th[c].ins[0].blind = 1;
    t->check(t, "blind RMWs at a write-only location", &p, MODEL_SRC11, 6, 0, "");
}

/* ---- barriers ---------------------------------------------------------- */

/* T0: #0 x0 := 1 na; #1 bar; #2 r = x1 na
 * T1: #3 x1 := 2 na; #4 bar; #5 r = x0 na */
static void two_phase(prog *p, int with_bar, int cta1)
{
    prog_init(p);
    int a = prog_thread_add(p, 0), b = prog_thread_add(p, cta1);
    prog_st(p, a, 0, 1, NA, SYS);
    if (with_bar)
        prog_bar(p, a, 0);
    prog_ld(p, a, 1, NA, SYS);
    prog_st(p, b, 1, 2, NA, SYS);
    if (with_bar)
        prog_bar(p, b, 0);
    prog_ld(p, b, 0, NA, SYS);
}

static void test_barrier(shape_sink *t)
{
    prog p;
    int a, b;
    /* The barrier orders writes before reads: 1 execution, no race. */
    two_phase(&p, 1, 0);
    check_all(t, "two-phase barrier", &p, 1, 0, "");
    /* Without it: SB with na accesses (src ids shift: #0 #1 | #2 #3). */
    two_phase(&p, 0, 0);
    t->check(t, "two-phase no barrier", &p, MODEL_SRC11, 4, 0, "D0-3 D1-2");
    /* Threads in different CTAs: two single-thread instances, no sync. */
    two_phase(&p, 1, 1);
    t->check(t, "two-phase barrier x-CTA", &p, MODEL_SRC11, 4, 0,
          "D0-5 D2-3");
    t->check(t, "two-phase barrier x-CTA", &p, MODEL_SC, 3, 0, "D0-5 D2-3");
    /* T0: #0 x0 := 1 na; #1 bar; #2 r = x1   T1: #3 x1 := 2 na;
     * #4 r = x0 na (no barrier: T1 exits, T0 waits forever).  Events:
     * #0, #3, #4; #4 reads init or #0: 2 blocked executions, #0/#4
     * race. */
    prog_init(&p);
    a = prog_thread_add(&p, 0);
    b = prog_thread_add(&p, 0);
    prog_st(&p, a, 0, 1, NA, SYS);
    prog_bar(&p, a, 0);
    prog_ld(&p, a, 1, NA, SYS);
    prog_st(&p, b, 1, 2, NA, SYS);
    prog_ld(&p, b, 0, NA, SYS);
    check_all(t, "divergence: early exit", &p, 0, 2, "D0-4 V1");
    /* Different barrier statements: T0: #0 bar(0); #1 x0 := 1
     * T1: #2 bar(1); #3 r = x0.  Both stop: 1 blocked execution. */
    prog_init(&p);
    a = prog_thread_add(&p, 0);
    b = prog_thread_add(&p, 0);
    prog_bar(&p, a, 0);
    prog_st(&p, a, 0, 1, NA, SYS);
    prog_bar(&p, b, 1);
    prog_ld(&p, b, 0, NA, SYS);
    check_all(t, "divergence: different ids", &p, 0, 1, "V0 V2");
    /* Second instance diverges: T0: #0 bar; #1 x0 := 1 na; #2 bar
     * T1: #3 bar; #4 r = x0 na.  Instance 0 passes; #1 and #4 are both
     * after it, unordered: #4 reads init or #1 (2 blocked), race. */
    prog_init(&p);
    a = prog_thread_add(&p, 0);
    b = prog_thread_add(&p, 0);
    prog_bar(&p, a, 0);
    prog_st(&p, a, 0, 1, NA, SYS);
    prog_bar(&p, a, 0);
    prog_bar(&p, b, 0);
    prog_ld(&p, b, 0, NA, SYS);
    check_all(t, "divergence: second instance", &p, 0, 2, "D1-4 V2");
}

/* Split arrival: T0 #0 x0 := 1 na; #1 arrive; [#2 x1 := 2 na;] wait
 * T1 #. arrive; wait; r = x0 na; [r = x1 na]. */
static void test_split_barrier(shape_sink *t)
{
    prog p;
    int a, b;
    /* What precedes the arrival is ordered before what follows the wait. */
    prog_init(&p);
    a = prog_thread_add(&p, 0);
    b = prog_thread_add(&p, 0);
    prog_st(&p, a, 0, 1, NA, SYS); /* #0 */
    prog_arrive(&p, a);            /* #1 */
    prog_wait(&p, a);              /* #2 */
    prog_arrive(&p, b);            /* #3 */
    prog_wait(&p, b);              /* #4 */
    prog_ld(&p, b, 0, NA, SYS);    /* #5 */
    check_all(t, "split barrier hand-off", &p, 1, 0, "");
    /* A write between the arrival and the wait is not: #3 reads init or
     * #2, and they race. */
    prog_init(&p);
    a = prog_thread_add(&p, 0);
    b = prog_thread_add(&p, 0);
    prog_arrive(&p, a);            /* #0 */
    prog_st(&p, a, 0, 1, NA, SYS); /* #1 */
    prog_wait(&p, a);              /* #2 */
    prog_arrive(&p, b);            /* #3 */
    prog_wait(&p, b);              /* #4 */
    prog_ld(&p, b, 0, NA, SYS);    /* #5 */
    check_all(t, "split barrier: write after the arrival", &p, 2, 0, "D1-5");
    /* A wait without every arrival blocks: T1 never arrives, T0 waits at
     * #1 forever; T1's read #3 of x0 races with nothing (T0 wrote none). */
    prog_init(&p);
    a = prog_thread_add(&p, 0);
    b = prog_thread_add(&p, 0);
    prog_arrive(&p, a);            /* #0 */
    prog_wait(&p, a);              /* #1 */
    prog_st(&p, a, 0, 1, NA, SYS); /* #2 */
    prog_ld(&p, b, 0, NA, SYS);    /* #3 */
    check_all(t, "split barrier: a round too few arrive at", &p, 0, 1, "V1");
}

static void test_barrier_lb(shape_sink *t)
{
    prog p;
    int a, b;
    /* Load buffering through a barrier.  T0: #0 bar; #1 x1 := 1
     * T1: #2 r = x2; #3 bar   T2 (CTA 1): #4 r = x1; #5 x2 := 5 (all rlx)
     * 4 rf pairs; (#2 = #5, #4 = #1) needs #2 bar #1 rf #4 po #5 rf #2.
     * That is not an hb;eco cycle (no sw), but barrier edges are porf
     * (GPUMC encodes a barrier as an acq_rel RMW + await on an auxiliary
     * location), so no-thin-air forbids it: 3. */
    prog_init(&p);
    a = prog_thread_add(&p, 0);
    b = prog_thread_add(&p, 0);
    int c = prog_thread_add(&p, 1);
    prog_bar(&p, a, 0);
    prog_st(&p, a, 1, 1, RLX, SYS);
    prog_ld(&p, b, 2, RLX, SYS);
    prog_bar(&p, b, 0);
    prog_ld(&p, c, 1, RLX, SYS);
    prog_st(&p, c, 2, 5, RLX, SYS);
    check_all(t, "LB through barrier", &p, 3, 0, "");
    /* Barrier only in a thread alone in its CTA: passes trivially. */
    prog_init(&p);
    a = prog_thread_add(&p, 0);
    b = prog_thread_add(&p, 1);
    prog_bar(&p, a, 0);
    prog_st(&p, a, 0, 1, RLX, SYS);
    prog_ld(&p, b, 0, RLX, SYS);
    check_all(t, "barrier alone in CTA", &p, 2, 0, "");
}

/* ---- races only the later access can see --------------------------------- */

static void test_porf_race(shape_sink *t)
{
    prog p;
    /* T0: #0 r = x0 na; #1 x1 := 1 rlx   T1: #2 await x1 == 1 rlx; #3 x0 := 2 na.
     * #0 is porf-before #3 in every execution (through the await), so #3
     * can never revisit it: only #3's own check, against the reads since
     * x0's last write, sees the race (relaxed: no hb).  1 execution. */
    prog_init(&p);
    int a = prog_thread_add(&p, 0), b = prog_thread_add(&p, 0);
    prog_ld(&p, a, 0, NA, SYS);
    prog_st(&p, a, 1, 1, RLX, SYS);
    prog_emit(&p, b, OP_AWAIT, RLX, SYS, 1, 1, 0);
    prog_st(&p, b, 0, 2, NA, SYS);
    t->check(t, "race seen only by the write", &p, MODEL_SRC11, 1, 0, "D0-3");
    t->check(t, "race seen only by the write", &p, MODEL_RC11, 1, 0, "D0-3");
    /* The same with the flag released and acquired: ordered, no race. */
    p.th[a].ins[1].order = GPUMC_REL;
    p.th[b].ins[0].order = GPUMC_ACQ;
    t->check(t, "release/acquire orders the read and the write", &p, MODEL_SRC11, 1, 0, "");
}

/* ---- orders explored once: what they must not lose ------------------------ */

static void test_one_order(shape_sink *t)
{
    prog p;
    /* T0: #0 r = x1 rlx; #1 x0 += 1 (blind)   T1: #2 CAS x0 0 -> 3 (ignored);
     * #3 x1 += 2 (blind).  x0 is write-only, its RMWs in one order: #1
     * first fails the CAS, and then #3 has #1 in its prefix and cannot let
     * #0 read it.  The failed CAS is still a blind RMW before #3 whose order
     * with #1 that read fixes: 3 executions (#0 reads 3w only with the CAS
     * first). */
    prog_init(&p);
    int a = prog_thread_add(&p, 0), b = prog_thread_add(&p, 0);
    prog_ld(&p, a, 1, RLX, SYS);
    prog_fadd(&p, a, 0, 1, RLX, GPU);
    prog_cas(&p, b, 0, 0, 3, RLX, GPU);
    prog_fadd(&p, b, 1, 2, RLX, SYS);
    p.th[a].ins[1].blind = p.th[b].ins[0].blind = p.th[b].ins[1].blind = 1;
    t->check(t, "a failed ignored CAS still fixes an order", &p, MODEL_SRC11, 3, 0, "");
    /* T0: #0 r = x1 rlx   T1: #1 x0 := 7 rlx   T2: #2 x0 := 8 na; #3 x1 += 1
     * (blind).  Plain store #2 after an atomic store to x0 takes every co
     * slot, and #3 revisiting #0 may delete #1: 4 executions, a race. */
    prog_init(&p);
    a = prog_thread_add(&p, 0), b = prog_thread_add(&p, 0);
    int c = prog_thread_add(&p, 0);
    prog_ld(&p, a, 1, RLX, SYS);
    prog_st(&p, b, 0, 7, RLX, SYS);
    prog_st(&p, c, 0, 8, NA, SYS);
    prog_fadd(&p, c, 1, 1, RLX, SYS);
    p.th[c].ins[1].blind = 1;
    t->check(t, "a plain store after an atomic one is not pinned", &p, MODEL_SRC11, 4, 0,
             "D1-2");
    /* T0: #0 x2 := 3 rlx   T1: #1 x2 := 4 na; #2 x2 := 5 rlx: the atomic
     * store #0 may follow the plain #1: 3 co orders, a race. */
    prog_init(&p);
    a = prog_thread_add(&p, 0), b = prog_thread_add(&p, 0);
    prog_st(&p, a, 2, 3, RLX, SYS);
    prog_st(&p, b, 2, 4, NA, SYS);
    prog_st(&p, b, 2, 5, RLX, SYS);
    t->check(t, "an atomic store may follow a plain one", &p, MODEL_SRC11, 3, 0, "D0-1");
    /* T0: #0 x2 := 1 na; #1 fence rel; #2 x0 += 1 (blind)   T1: #3 x0 += 1
     * (blind); #4 fence acq; #5 r = x2 na.  #3 reading #2 synchronises the
     * fences (#2 is after a release fence): 1 execution, #5 reads 1; in the
     * other order nothing does: #5 reads 0 or 1, a race.  The order where the
     * acquire fence sees a release head cannot stand for the other. */
    prog_init(&p);
    a = prog_thread_add(&p, 0), b = prog_thread_add(&p, 0);
    prog_st(&p, a, 2, 1, NA, SYS);
    prog_fence(&p, a, REL, SYS);
    prog_fadd(&p, a, 0, 1, RLX, SYS);
    prog_fadd(&p, b, 0, 1, RLX, SYS);
    prog_fence(&p, b, ACQ, SYS);
    prog_ld(&p, b, 2, NA, SYS);
    p.th[a].ins[2].blind = p.th[b].ins[0].blind = 1;
    check_all(t, "an acquire fence after a blind RMW that read a release head", &p, 3, 0,
              "D0-5");
    /* T0: #0 x2 := 1 na; #1 fence rel; #2 x0 := 1 rlx   T2: #3 x0 += 1 (blind)
     * T1: #4 x0 += 1 (blind); #5 fence acq; #6 r = x2 na.  #4 synchronises
     * with #1 whenever #2 is before it in co, through #3 when #3 is between:
     * 3 of the 6 orders, 1 execution each; the other 3 race, 2 each. */
    prog_init(&p);
    a = prog_thread_add(&p, 0), b = prog_thread_add(&p, 0), c = prog_thread_add(&p, 0);
    prog_st(&p, a, 2, 1, NA, SYS);
    prog_fence(&p, a, REL, SYS);
    prog_st(&p, a, 0, 1, RLX, SYS);
    prog_fadd(&p, c, 0, 1, RLX, SYS);
    prog_fadd(&p, b, 0, 1, RLX, SYS);
    prog_fence(&p, b, ACQ, SYS);
    prog_ld(&p, b, 2, NA, SYS);
    p.th[c].ins[0].blind = p.th[b].ins[0].blind = 1;
    check_all(t, "an acquire fence after a blind RMW in a release sequence", &p, 9, 0,
              "D0-6");
    /* T0: #0 x0 += 1 (blind); #1 x0 := 5 rlx   T1: #2 x0 += 1 (blind).  #2
     * reading #1 has #0 in its writer's prefix: their order is fixed then,
     * and #2 may come first, between or last: 3 executions (x0 = 5, 5, 6).
     * (Only #2's own location can have its order fixed through it.) */
    prog_init(&p);
    a = prog_thread_add(&p, 0), b = prog_thread_add(&p, 0);
    prog_fadd(&p, a, 0, 1, RLX, SYS);
    prog_st(&p, a, 0, 5, RLX, SYS);
    prog_fadd(&p, b, 0, 1, RLX, SYS);
    p.th[a].ins[0].blind = p.th[b].ins[0].blind = 1;
    check_all(t, "a blind RMW reading a store after another", &p, 3, 0, "");
    /* T0: #0 x0 := 1 (blind exchange); #1 barrier   T1: #2 x0 := 1 (blind
     * exchange); #3 barrier   T2: #4 barrier; #5 r = x0 rlx.  Identical
     * exchanges commute: the load after the barrier reads the co-latest,
     * whichever it is -- 2 executions (co orders), which the engine
     * explores one of. */
    prog_init(&p);
    a = prog_thread_add(&p, 0), b = prog_thread_add(&p, 0);
    c = prog_thread_add(&p, 0);
    prog_xchg(&p, a, 0, 1, RLX, SYS);
    prog_bar(&p, a, 0);
    prog_xchg(&p, b, 0, 1, RLX, SYS);
    prog_bar(&p, b, 0);
    prog_bar(&p, c, 0);
    prog_ld(&p, c, 0, RLX, SYS);
    p.th[a].ins[0].blind = p.th[b].ins[0].blind = 1;
    check_all(t, "identical blind exchanges read after a barrier", &p, 2, 0, "");
    /* The same with exchanges of 1 and 2: the value left depends on their
     * order, which the load sees: 2 executions, both explored. */
    p.th[b].ins[0].value = 2;
    check_all(t, "blind exchanges of different values read after a barrier", &p, 2, 0, "");
    /* T0: #0 x1 := 1 rlx; #1 fence sc; #2 x0 += 1 (blind)
     * T1: #3 x0 += 1 (blind); #4 x2 := 1 rel
     * T2: #5 r1 = x2 acq; #6 fence sc; #7 r2 = x1 rlx.
     * r1 = 1, r2 = 0 puts #6 before #1 in psc (#6 po #7 fr #0 po #1); with
     * #2 before #3 in co, #1 po #2 co #3 hb #6 closes a cycle: that outcome
     * only with #3 first.  No acquire reads a blind write (the release
     * sequence checks stay quiet): the SC fences, one before a blind add
     * and one after the other, are what make their order count.
     * 7 executions: r1 = 0 (2 orders x r2), r1 = r2 = 1 (2 orders), and
     * r1 = 1, r2 = 0 (one order). */
    prog_init(&p);
    a = prog_thread_add(&p, 0), b = prog_thread_add(&p, 0), c = prog_thread_add(&p, 0);
    prog_st(&p, a, 1, 1, RLX, SYS);
    prog_fence(&p, a, SC, SYS);
    prog_fadd(&p, a, 0, 1, RLX, GPU);
    prog_fadd(&p, b, 0, 1, RLX, GPU);
    prog_st(&p, b, 2, 1, REL, SYS);
    prog_ld(&p, c, 2, ACQ, SYS);
    prog_fence(&p, c, SC, SYS);
    prog_ld(&p, c, 1, RLX, SYS);
    p.th[a].ins[2].blind = p.th[b].ins[0].blind = 1;
    check_all(t, "SC fences before one blind add and after another", &p, 7, 0, "");
    /* The same with both adds before their threads' fences: no psc edge
     * depends on their order, which stays free (4 executions: 2 orders,
     * r = 0 or 1; the SB cycle through x1 alone forbids none). */
    prog_init(&p);
    a = prog_thread_add(&p, 0), b = prog_thread_add(&p, 0);
    prog_fadd(&p, a, 0, 1, RLX, GPU);
    prog_st(&p, a, 1, 1, RLX, SYS);
    prog_fence(&p, a, SC, SYS);
    prog_fadd(&p, b, 0, 1, RLX, GPU);
    prog_fence(&p, b, SC, SYS);
    prog_ld(&p, b, 1, RLX, SYS);
    p.th[a].ins[0].blind = p.th[b].ins[0].blind = 1;
    check_all(t, "SC fences after the blind adds only", &p, 4, 0, "");
    /* T0: #0 y += 1 (blind); #1 r0 = x++   T1: #2 r1 = x++; #3 y += 1
     * (blind).  With T0's x++ first, #0 -> #1 -rf-> #2 -> #3 orders the
     * blind adds; T1's first leaves them free.  Explored with #3 added
     * before #0, the revisit making #2 read #1 must drop #3 and re-point
     * #0 (no porf edge ran from #3 through #0's read): 3 executions, the
     * engine's 2 (one per order of the x++) standing for them. */
    prog_init(&p);
    a = prog_thread_add(&p, 0), b = prog_thread_add(&p, 0);
    prog_fadd(&p, a, 0, 1, RLX, GPU);
    prog_fadd(&p, a, 1, 1, RLX, GPU);
    prog_fadd(&p, b, 1, 1, RLX, GPU);
    prog_fadd(&p, b, 0, 1, RLX, GPU);
    p.th[a].ins[0].blind = p.th[b].ins[1].blind = 1;
    check_all(t, "a blind add ordered through a used one", &p, 3, 0, "");
    /* The same in a loop's shape: T0: y += 1; r = x++; y += 1   T1: r =
     * x++; y += 1; r = x++.  7 executions; the engine's 3 (where T0's x++
     * falls among T1's two) stand for them. */
    prog_init(&p);
    a = prog_thread_add(&p, 0), b = prog_thread_add(&p, 0);
    prog_fadd(&p, a, 0, 1, RLX, GPU);
    prog_fadd(&p, a, 1, 1, RLX, GPU);
    prog_fadd(&p, a, 0, 1, RLX, GPU);
    prog_fadd(&p, b, 1, 1, RLX, GPU);
    prog_fadd(&p, b, 0, 1, RLX, GPU);
    prog_fadd(&p, b, 1, 1, RLX, GPU);
    p.th[a].ins[0].blind = p.th[a].ins[2].blind = p.th[b].ins[1].blind = 1;
    check_all(t, "blind adds between used ones", &p, 7, 0, "");
    /* T0: #0 r = x1 rlx   T1: #1 cas(x0, 1 -> 2) (ignored)   T2: #2 x0 += 2
     * (blind); #3 xchg(x1, 6) (blind).  x0 is write-only; the CAS, added
     * first, reads 0 and #2 reads it.  #3 revisiting #0 deletes the CAS,
     * which looks added non-maximally (#2's write, in #3's prefix, is
     * co-later) -- but the two run in the order they come, so no graph
     * with the CAS reading #2 exists to take that revisit: it must be
     * taken here.  4 executions (r = 0 or 6, the CAS before or after #2). */
    prog_init(&p);
    a = prog_thread_add(&p, 0), b = prog_thread_add(&p, 0), c = prog_thread_add(&p, 0);
    prog_ld(&p, a, 1, RLX, SYS);
    prog_cas(&p, b, 0, 1, 2, RLX, GPU);
    prog_fadd(&p, c, 0, 2, RLX, GPU);
    prog_xchg(&p, c, 1, 6, RLX, SYS);
    p.th[b].ins[0].blind = p.th[c].ins[0].blind = p.th[c].ins[1].blind = 1;
    t->check(t, "a revisit deleting a blind RMW that read before its class", &p, MODEL_SRC11,
             4, 0, "");
    /* T0: #0 r = x1 na; #1 x0 := 2 na (cta)   T1: #2 x0 := 4 na (sys);
     * #3 x1 := 6 na.  Nothing reads x0: its stores are pinned co-latest as
     * they come, whatever their scopes, so #3 revisiting #0 must take the
     * graph where #1 went first.  4 executions, two races. */
    prog_init(&p);
    a = prog_thread_add(&p, 0), b = prog_thread_add(&p, 0);
    prog_ld(&p, a, 1, NA, SYS);
    prog_st(&p, a, 0, 2, NA, CTA);
    prog_st(&p, b, 0, 4, NA, SYS);
    prog_st(&p, b, 1, 6, NA, SYS);
    t->check(t, "a revisit deleting a pinned store", &p, MODEL_SRC11, 4, 0, "D0-3 D1-2");
}

void shapes_run(shape_sink *t)
{
    test_sb(t);
    test_mp(t);
    test_rseq(t);
    test_lb(t);
    test_iriw(t);
    test_coherence(t);
    test_r_s_wrc(t);
    test_rmw(t);
    test_barrier(t);
    test_split_barrier(t);
    test_barrier_lb(t);
    test_porf_race(t);
    test_one_order(t);
}
