/*
 * test_engine.c -- the engine's runtime behaviour end to end through
 * checker_run: barriers and divergence, crashes and memory errors inside
 * threads, private accesses, spawn/join, assume, RMW/CAS, limits, stop
 * modes and harness errors.  Exact counts and verdicts throughout.
 *
 * Harness setup functions take no user argument (checker_setup_fn), so each
 * scenario reads its parameters from the file-static `cfg` set just before
 * the run; tests only.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpumc/checker.h"
#include "tap.h"

static struct {
    int mode, n;
    int later; /* host_main joins with gpumc_join_later */
    int *mem;
} cfg;

static unsigned count_kind(const checker_result *r, finding_kind k)
{
    unsigned c = 0;
    for (unsigned i = 0; i < r->nfindings; i++)
        c += r->findings[i].kind == k;
    return c;
}

static void run(checker_setup_fn f, checker_model m, checker_result *r)
{
    checker_options o;
    checker_options_default(&o);
    o.model = m;
    checker_run(f, &o, r);
}

/* ---- barriers -------------------------------------------------------- */

enum { BAR_OK, BAR_NONE, BAR_IDS, BAR_EXIT };

static void bar_thread(gpumc_thread *t, void *a)
{
    long i = (long)a;
    int *s = cfg.mem;
    gpumc_store(t, &s[i], 4, 1, GPUMC_NA, GPUMC_SCOPE_SYS, 0);
    if (cfg.mode == BAR_EXIT && i == cfg.n - 1)
        return;
    if (cfg.mode != BAR_NONE)
        gpumc_barrier(t, GPUMC_SCOPE_CTA, cfg.mode == BAR_IDS ? (unsigned)i : 7, 1);
    gpumc_load(t, &s[(i + 1) % cfg.n], 4, GPUMC_NA, GPUMC_SCOPE_SYS, 2);
}

static int bar_setup(gpumc_setup *s)
{
    cfg.mem = gpumc_region(s, "s", 4 * (size_t)cfg.n, NULL);
    for (long i = 0; i < cfg.n; i++) {
        gpumc_coord c = {0};
        c.tid[0] = (int)i;
        gpumc_thread_add(s, bar_thread, (void *)i, &c);
    }
    return 0;
}

static void test_barriers(tap *T)
{
    checker_result r;
    for (cfg.n = 2; cfg.n <= 4; cfg.n++) {
        cfg.mode = BAR_OK;
        run(bar_setup, MODEL_SRC11, &r);
        CHECK(T, r.status == 0 && r.complete == 1 && r.blocked == 0 && r.nfindings == 0,
              "two-phase n=%d: %llu complete, %u findings", cfg.n,
              (unsigned long long)r.complete, r.nfindings);
        checker_result_free(&r);
        cfg.mode = BAR_NONE;
        run(bar_setup, MODEL_SRC11, &r);
        CHECK(T, r.complete == (1ull << cfg.n) && count_kind(&r, FINDING_DATA_RACE) == 1,
              "no barrier n=%d: %llu complete", cfg.n, (unsigned long long)r.complete);
        checker_result_free(&r);
        cfg.mode = BAR_IDS;
        run(bar_setup, MODEL_SRC11, &r);
        CHECK(T, r.complete == 0 && r.blocked == 1 && count_kind(&r, FINDING_DIVERGENCE) >= 1,
              "different barriers n=%d: %llu/%llu", cfg.n, (unsigned long long)r.complete,
              (unsigned long long)r.blocked);
        checker_result_free(&r);
        cfg.mode = BAR_EXIT;
        run(bar_setup, MODEL_SRC11, &r);
        CHECK(T, r.complete == 0 && r.blocked == 1 && count_kind(&r, FINDING_DIVERGENCE) == 1,
              "early exit n=%d", cfg.n);
        checker_result_free(&r);
    }
}

/* ---- crashes and memory errors --------------------------------------- */

enum { CR_SEGV, CR_OOB, CR_MISALIGNED, CR_FPE, CR_ABORT, CR_STACK, CR_ASSERT };

static volatile int zero;

static volatile int depth_limit = 1 << 30;

/* Unbounded in practice (depth_limit is huge) but not provably so. */
static int recurse(int d)
{
    volatile char pad[512];
    pad[0] = (char)d;
    if (d > depth_limit)
        return pad[0];
    return recurse(d + 1) + pad[0];
}

static void crash_thread(gpumc_thread *t, void *a)
{
    long i = (long)a;
    int *s = cfg.mem;
    gpumc_store(t, &s[i], 4, 1, GPUMC_RLX, GPUMC_SCOPE_SYS, 0);
    if (i != 0)
        return;
    switch (cfg.mode) {
    case CR_SEGV: {
        volatile int *volatile bad = (int *)(uintptr_t)(16 + zero);
        *bad = 1;
        break;
    }
    case CR_OOB: gpumc_load(t, &s[2], 4, GPUMC_RLX, GPUMC_SCOPE_SYS, 1); break;
    case CR_MISALIGNED: gpumc_load(t, (char *)s + 2, 4, GPUMC_RLX, GPUMC_SCOPE_SYS, 1); break;
    case CR_FPE: gpumc_store(t, &s[0], 4, (uint64_t)(10 / zero), GPUMC_RLX, GPUMC_SCOPE_SYS, 1); break;
    case CR_ABORT: abort();
    case CR_STACK: recurse(0); break;
    case CR_ASSERT: gpumc_assert(t, 0, 1); break;
    }
}

static int crash_setup(gpumc_setup *s)
{
    cfg.mem = gpumc_region(s, "buf", 8, NULL);
    for (long i = 0; i < 2; i++) {
        gpumc_coord c = {0};
        c.tid[0] = (int)i;
        gpumc_thread_add(s, crash_thread, (void *)i, &c);
    }
    return 0;
}

static void test_crashes(tap *T)
{
    static const struct {
        int mode;
        finding_kind kind;
        const char *word;
    } cases[] = {
        {CR_SEGV, FINDING_MEMORY, "segmentation"},
        {CR_OOB, FINDING_MEMORY, "out-of-bounds access to buf"},
        {CR_MISALIGNED, FINDING_MEMORY, "misaligned"},
        {CR_FPE, FINDING_MEMORY, "integer division by zero"},
        {CR_ABORT, FINDING_ASSERT, "abort"},
        {CR_STACK, FINDING_MEMORY, "stack overflow"},
        {CR_ASSERT, FINDING_ASSERT, "assertion"},
    };
    for (unsigned k = 0; k < sizeof cases / sizeof *cases; k++) {
        checker_result r;
        cfg.mode = cases[k].mode;
        run(crash_setup, MODEL_SRC11, &r);
        /* thread 1 always finishes: the run explores the one execution and
         * reports thread 0's error once */
        CHECK(T, r.status == 0 && r.complete == 1 && r.nfindings == 1 &&
                     r.findings[0].kind == cases[k].kind &&
                     strstr(r.findings[0].msg, cases[k].word) && r.findings[0].a.thread == 0,
              "crash case %u: status %d complete %llu findings %u msg '%s'", k, r.status,
              (unsigned long long)r.complete, r.nfindings,
              r.nfindings ? r.findings[0].msg : "");
        checker_result_free(&r);
    }
}

/* ---- private memory, spawn/join --------------------------------------- */

static void child(gpumc_thread *t, void *a)
{
    int *x = cfg.mem;
    uint64_t v = gpumc_load(t, &x[0], 4, GPUMC_NA, GPUMC_SCOPE_SYS, 10);
    gpumc_store(t, &x[1 + (long)a], 4, v + 1, GPUMC_NA, GPUMC_SCOPE_SYS, 11);
    if (cfg.mode >= 1)
        gpumc_store(t, &x[3], 4, 1, GPUMC_NA, GPUMC_SCOPE_SYS, 12);
}

static void host_main(gpumc_thread *t, void *a)
{
    (void)a;
    int *x = cfg.mem;
    int local[4] = {0, 0, 0, 0}; /* private: plain accesses, no events */
    gpumc_store(t, &local[1], 4, 5, GPUMC_NA, GPUMC_SCOPE_SYS, 0);
    gpumc_store(t, &x[0], 4, gpumc_load(t, &local[1], 4, GPUMC_NA, GPUMC_SCOPE_SYS, 1),
                GPUMC_NA, GPUMC_SCOPE_SYS, 2);
    gpumc_spawn(t, 1, (void *)0, 3);
    gpumc_spawn(t, 2, (void *)1, 4);
    if (cfg.later) { /* one join event of both, made by the load below */
        gpumc_join_later(t, 1, 5);
        gpumc_join_later(t, 2, 6);
    } else {
        gpumc_join(t, 1, 5);
        gpumc_join(t, 2, 6);
    }
    uint64_t a1 = gpumc_load(t, &x[1], 4, GPUMC_NA, GPUMC_SCOPE_SYS, 7);
    uint64_t a2 = gpumc_load(t, &x[2], 4, GPUMC_NA, GPUMC_SCOPE_SYS, 8);
    gpumc_assert(t, a1 == 6 && a2 == 6, 9);
    if (cfg.mode == 2)
        gpumc_load(t, &x[3], 4, GPUMC_NA, GPUMC_SCOPE_SYS, 13);
}

static int spawn_setup(gpumc_setup *s)
{
    cfg.mem = gpumc_region(s, "x", 16, NULL);
    gpumc_thread_add(s, host_main, NULL, NULL);
    gpumc_coord c = {0};
    gpumc_thread_declare(s, child, &c);
    c.tid[0] = 1;
    gpumc_thread_declare(s, child, &c);
    return 0;
}

static void test_spawn_join(tap *T)
{
    checker_result r;
    cfg.mode = 0;
    run(spawn_setup, MODEL_SRC11, &r);
    CHECK(T, r.status == 0 && r.complete == 1 && r.nfindings == 0,
          "spawn/join hb: %llu complete %u findings", (unsigned long long)r.complete, r.nfindings);
    checker_result_free(&r);
    cfg.mode = 1; /* both children write x[3] unordered: a race; nothing reads x[3],
                     so its co order is explored once (comm.h, write-only) */
    run(spawn_setup, MODEL_SRC11, &r);
    CHECK(T, r.complete == 1 && count_kind(&r, FINDING_DATA_RACE) == 1,
          "children race: %llu complete", (unsigned long long)r.complete);
    checker_result_free(&r);
    cfg.mode = 2; /* ... read after the join: both co orders */
    run(spawn_setup, MODEL_SRC11, &r);
    CHECK(T, r.complete == 2 && count_kind(&r, FINDING_DATA_RACE) == 1,
          "children race, read after: %llu complete", (unsigned long long)r.complete);
    checker_result_free(&r);
    for (int mode = 0; mode <= 2; mode += 2) { /* the same with the joins put off */
        cfg.mode = mode;
        cfg.later = 1;
        run(spawn_setup, MODEL_SRC11, &r);
        CHECK(T, r.status == 0 && r.complete == (mode ? 2u : 1u) &&
                     count_kind(&r, FINDING_DATA_RACE) == (mode ? 1u : 0u) &&
                     count_kind(&r, FINDING_ASSERT) == 0,
              "joins put off, mode %d: %llu complete %u findings", mode,
              (unsigned long long)r.complete, r.nfindings);
        checker_result_free(&r);
        cfg.later = 0;
    }
}

/* ---- locks with spin-assume, CAS, RMW ----------------------------------- */

static void lock_thread(gpumc_thread *t, void *a)
{
    (void)a;
    int *m = cfg.mem;
    uint64_t exp = 0;
    gpumc_scope sc = cfg.mode ? GPUMC_SCOPE_CTA : GPUMC_SCOPE_GPU;
    int ok = gpumc_cas(t, &m[0], 4, &exp, 1, GPUMC_ACQ, GPUMC_RLX, sc, 0, 0);
    gpumc_assume(t, ok, 1);
    uint64_t v = gpumc_load(t, &m[1], 4, GPUMC_NA, GPUMC_SCOPE_SYS, 2);
    gpumc_store(t, &m[1], 4, v + 1, GPUMC_NA, GPUMC_SCOPE_SYS, 3);
    gpumc_store(t, &m[0], 4, 0, GPUMC_REL, sc, 4);
}

static int lock_setup(gpumc_setup *s)
{
    cfg.mem = gpumc_region(s, "m", 8, NULL);
    for (int i = 0; i < cfg.n; i++) {
        gpumc_coord c = {0};
        c.cta[0] = i; /* every thread in its own CTA */
        gpumc_thread_add(s, lock_thread, NULL, &c);
    }
    return 0;
}

static void test_locks(tap *T)
{
    static const unsigned long long fact[] = {1, 1, 2, 6, 24};
    checker_result r;
    for (cfg.n = 2; cfg.n <= 4; cfg.n++) {
        cfg.mode = 0;
        run(lock_setup, MODEL_SRC11, &r);
        CHECK(T, r.status == 0 && r.complete == fact[cfg.n] && r.nfindings == 0,
              "gpu-scope lock n=%d: %llu complete %u findings", cfg.n,
              (unsigned long long)r.complete, r.nfindings);
        checker_result_free(&r);
        cfg.mode = 1;
        run(lock_setup, MODEL_SRC11, &r);
        CHECK(T, count_kind(&r, FINDING_DATA_RACE) >= 1 && count_kind(&r, FINDING_HETERO_RACE) >= 1,
              "cta-scope lock across CTAs n=%d races", cfg.n);
        checker_result_free(&r);
        run(lock_setup, MODEL_RC11, &r); /* scopes ignored: correct again */
        CHECK(T, r.complete == fact[cfg.n] && r.nfindings == 0, "rc11 lock n=%d", cfg.n);
        checker_result_free(&r);
    }
}

static void cas_thread(gpumc_thread *t, void *a)
{
    (void)a;
    uint64_t exp = 0;
    gpumc_cas(t, cfg.mem, 4, &exp, 1, GPUMC_RLX, GPUMC_RLX, GPUMC_SCOPE_SYS, 1, 0);
}

static void add_block_thread(gpumc_thread *t, void *a)
{
    (void)a;
    gpumc_rmw(t, cfg.mem, 4, GPUMC_RMW_ADD, 1, GPUMC_RLX, GPUMC_SCOPE_CTA, 0);
}

static int two_setup(gpumc_setup *s)
{
    cfg.mem = gpumc_region(s, "x", 4, NULL);
    for (int i = 0; i < 2; i++) {
        gpumc_coord c = {0};
        c.cta[0] = i;
        gpumc_thread_add(s, cfg.mode ? add_block_thread : cas_thread, NULL, &c);
    }
    return 0;
}

static void test_rmw(tap *T)
{
    checker_result r;
    cfg.mode = 0; /* two CAS 0->1: exactly one wins, either one */
    run(two_setup, MODEL_SRC11, &r);
    CHECK(T, r.complete == 2 && r.nfindings == 0, "cas pair: %llu", (unsigned long long)r.complete);
    checker_result_free(&r);
    cfg.mode = 1; /* atomicAdd_block from two CTAs: heterogeneous race */
    run(two_setup, MODEL_SRC11, &r);
    CHECK(T, r.complete == 2 && count_kind(&r, FINDING_HETERO_RACE) == 1,
          "add_block across CTAs: %llu complete", (unsigned long long)r.complete);
    checker_result_free(&r);
}

/* ---- limits, stop modes, harness errors --------------------------------- */

static void lb_thread(gpumc_thread *t, void *a)
{
    long i = (long)a;
    int *x = cfg.mem;
    gpumc_load(t, &x[(i + 1) % cfg.n], 4, GPUMC_ACQ, GPUMC_SCOPE_SYS, 0);
    gpumc_store(t, &x[i], 4, 1, GPUMC_REL, GPUMC_SCOPE_SYS, 1);
}

static int lb_setup(gpumc_setup *s)
{
    cfg.mem = gpumc_region(s, "x", 4 * (size_t)cfg.n, NULL);
    for (long i = 0; i < cfg.n; i++) {
        gpumc_coord c = {0};
        c.tid[0] = (int)i;
        gpumc_thread_add(s, lb_thread, (void *)i, &c);
    }
    return 0;
}

static int counter;
static void nondet_thread(gpumc_thread *t, void *a)
{
    (void)a;
    int *x = cfg.mem;
    if (counter++ % 2)
        gpumc_load(t, &x[1], 4, GPUMC_RLX, GPUMC_SCOPE_SYS, 0);
    gpumc_load(t, &x[0], 4, GPUMC_RLX, GPUMC_SCOPE_SYS, 0);
    gpumc_store(t, &x[0], 4, 1, GPUMC_RLX, GPUMC_SCOPE_SYS, 0);
}

static void mixed_thread(gpumc_thread *t, void *a)
{
    (void)a;
    gpumc_store(t, cfg.mem, 4, 1, GPUMC_RLX, GPUMC_SCOPE_SYS, 0);
    gpumc_load(t, cfg.mem, 1, GPUMC_RLX, GPUMC_SCOPE_SYS, 1);
}

static int misc_setup(gpumc_setup *s)
{
    cfg.mem = gpumc_region(s, "x", 8, NULL);
    for (int i = 0; i < 2; i++) {
        gpumc_coord c = {0};
        c.tid[0] = i;
        gpumc_thread_add(s, cfg.mode ? mixed_thread : nondet_thread, NULL, &c);
    }
    return 0;
}

static int empty_setup(gpumc_setup *s)
{
    gpumc_region(s, "x", 4, NULL);
    return 0;
}

static int error_setup(gpumc_setup *s)
{
    gpumc_setup_error(s, "kernel argument 'n' is missing");
    return -1;
}

static void loop_thread(gpumc_thread *t, void *a)
{
    (void)a;
    for (int i = 0;; i++) {
        if (gpumc_load(t, cfg.mem, 4, GPUMC_RLX, GPUMC_SCOPE_SYS, 0) == 1)
            return;
        if (i == 3) {
            gpumc_loop_bound(t, 1);
            return;
        }
    }
}

static void setter_thread(gpumc_thread *t, void *a)
{
    (void)a;
    gpumc_store(t, cfg.mem, 4, 1, GPUMC_RLX, GPUMC_SCOPE_SYS, 2);
}

/* while (!cas(&x, &e, 1)) { e = 0; } with gpumc_spin at each iteration:
 * a failed iteration reads only and restores e, so the thread blocks
 * instead of spinning; mode 1 counts iterations in a local (the state
 * changes), so only the unroll bound stops it. */
static void spin_thread(gpumc_thread *t, void *a)
{
    (void)a;
    uint64_t e = 0;
    int iters = 0;
    const void *st[2] = {&e, &iters};
    size_t sz[2] = {sizeof e, cfg.mode ? sizeof iters : 0};
    for (;;) {
        gpumc_spin(t, 0, st, sz, 2, 0);
        if (gpumc_cas(t, cfg.mem, 4, &e, 1, GPUMC_ACQ, GPUMC_RLX, GPUMC_SCOPE_SYS, 0, 1))
            break;
        e = 0;
        if (cfg.mode && ++iters == 4) {
            gpumc_loop_bound(t, 2);
            return;
        }
    }
    gpumc_store(t, cfg.mem, 4, 0, GPUMC_REL, GPUMC_SCOPE_SYS, 3);
}

static int spin_setup(gpumc_setup *s)
{
    cfg.mem = gpumc_region(s, "x", 4, NULL);
    for (int i = 0; i < cfg.n; i++) {
        gpumc_coord c = {0};
        c.tid[0] = i;
        gpumc_thread_add(s, spin_thread, NULL, &c);
    }
    return 0;
}

static int loop_setup(gpumc_setup *s)
{
    cfg.mem = gpumc_region(s, "x", 4, NULL);
    gpumc_coord c = {0};
    gpumc_thread_add(s, loop_thread, NULL, &c);
    c.tid[0] = 1;
    gpumc_thread_add(s, setter_thread, NULL, &c);
    return 0;
}

static void test_limits_and_errors(tap *T)
{
    checker_result r;
    checker_options o;
    cfg.n = 6;
    checker_options_default(&o);
    o.max_executions = 10;
    checker_run(lb_setup, &o, &r);
    CHECK(T, r.status == 2 && r.complete == 10, "max executions: status %d, %llu", r.status,
          (unsigned long long)r.complete);
    checker_result_free(&r);
    /* a limit that cuts nothing leaves the run explored (LB-6: 63) */
    for (uint64_t max = 62; max <= 64; max++) {
        o.max_executions = max;
        checker_run(lb_setup, &o, &r);
        int want = max < 63 ? CHECKER_LIMIT : CHECKER_EXPLORED;
        CHECK(T, r.status == want && r.complete == (max < 63 ? max : 63),
              "max executions %llu: status %d, %llu", (unsigned long long)max, r.status,
              (unsigned long long)r.complete);
        checker_result_free(&r);
    }

    /* parallel workers: same counts and findings as one */
    for (unsigned jobs = 2; jobs <= 3; jobs++) {
        checker_options_default(&o);
        o.jobs = jobs;
        cfg.n = 8;
        checker_run(lb_setup, &o, &r);
        CHECK(T, r.status == 0 && r.complete == 255, "lb-8 with %u jobs: %llu", jobs,
              (unsigned long long)r.complete);
        checker_result_free(&r);
        cfg.n = 4;
        cfg.mode = 1; /* cta-scope lock across CTAs: broken, many findings */
        checker_result one;
        run(lock_setup, MODEL_SRC11, &one);
        checker_run(lock_setup, &o, &r);
        CHECK(T, r.complete == one.complete && r.blocked == one.blocked &&
                     r.nfindings == one.nfindings && one.complete == 4320 && one.blocked == 1444,
              "cta lock with %u jobs: %llu/%llu, %u findings", jobs,
              (unsigned long long)r.complete, (unsigned long long)r.blocked, r.nfindings);
        checker_result_free(&r);
        checker_result_free(&one);
        o.races = 1;
        checker_run(lock_setup, &o, &r);
        CHECK(T, r.status == 1 && r.nfindings >= 1, "stop at first race with %u jobs", jobs);
        checker_result_free(&r);
    }

    cfg.mode = 0;
    counter = 0;
    run(misc_setup, MODEL_SRC11, &r);
    CHECK(T, r.status == -1 && strstr(r.error, "not deterministic"), "nondeterminism: %d '%s'",
          r.status, r.error);
    checker_result_free(&r);
    cfg.mode = 1;
    run(misc_setup, MODEL_SRC11, &r);
    CHECK(T, r.status == -1 && strstr(r.error, "mixed-size"), "mixed size: '%s'", r.error);
    checker_result_free(&r);
    run(empty_setup, MODEL_SRC11, &r);
    CHECK(T, r.status == -1 && strstr(r.error, "no threads"), "no threads: '%s'", r.error);
    checker_result_free(&r);
    run(error_setup, MODEL_SRC11, &r);
    CHECK(T, r.status == -1 && strstr(r.error, "'n' is missing"), "setup error: '%s'", r.error);
    checker_result_free(&r);

    /* the loop reads x up to four times: it sees 1 after 0..3 zeros (4
     * complete executions) or hits the bound (1 blocked, warning) */
    run(loop_setup, MODEL_SRC11, &r);
    CHECK(T, r.complete == 4 && r.blocked == 1 && count_kind(&r, FINDING_LOOP_BOUND) == 1,
          "loop bound: %llu complete %llu blocked", (unsigned long long)r.complete,
          (unsigned long long)r.blocked);
    checker_result_free(&r);

    /* spin detection: the complete count of a lock written with assume (n!),
     * no loop-bound warning, and no blocked execution: the assume version's
     * blocked ones (2, 15, 124) each read a lock write its unlock follows,
     * a stale value a spin would read again */
    for (cfg.n = 2; cfg.n <= 4; cfg.n++) {
        static const unsigned long long fact[] = {1, 1, 2, 6, 24};
        cfg.mode = 0;
        run(spin_setup, MODEL_SRC11, &r);
        CHECK(T, r.complete == fact[cfg.n] && r.blocked == 0 && r.nfindings == 0,
              "spin lock n=%d: %llu/%llu %u findings", cfg.n, (unsigned long long)r.complete,
              (unsigned long long)r.blocked, r.nfindings);
        checker_result_free(&r);
    }
    cfg.n = 2;
    cfg.mode = 1;
    run(spin_setup, MODEL_SRC11, &r);
    CHECK(T, count_kind(&r, FINDING_LOOP_BOUND) == 1 && r.complete > 2,
          "a loop whose locals change is not a spin: %llu", (unsigned long long)r.complete);
    checker_result_free(&r);

    cfg.n = 3;
    cfg.mode = BAR_NONE;
    checker_options_default(&o);
    o.races = 1;
    checker_run(bar_setup, &o, &r);
    CHECK(T, r.status == 1 && r.nfindings == 1 && r.complete < 8, "stop at first race: %d %u",
          r.status, r.nfindings);
    checker_result_free(&r);
    o.races = 0;
    o.want_dot = o.want_trace = 1;
    checker_run(bar_setup, &o, &r);
    CHECK(T, r.nfindings == 1 && r.findings[0].dot && strstr(r.findings[0].dot, "digraph") &&
                 strstr(r.findings[0].dot, "label=rf") && strstr(r.findings[0].dot, "color=red") &&
                 r.findings[0].trace && strstr(r.findings[0].trace, "T0.0 W"),
          "dot and trace of a race");
    checker_result_free(&r);
    o.want_dot = o.want_trace = 0;
    o.races = 2;
    checker_run(bar_setup, &o, &r);
    CHECK(T, r.status == 0 && r.nfindings == 0 && r.complete == 8, "races ignored");
    checker_result_free(&r);
}

/* checker_options.interrupt set from inside the run (as a signal
 * handler would): after 5 executions (one process), or from the parent's
 * progress callback (workers). */
static volatile sig_atomic_t interrupt_flag;

static void interrupt_after_5(void *ud, const gpumc_exec *x, int blocked)
{
    (void)x;
    (void)blocked;
    if (++*(int *)ud == 5)
        interrupt_flag = 2; /* SIGINT */
}

static void interrupt_now(void *ud, uint64_t complete, uint64_t blocked, unsigned size)
{
    (void)ud, (void)complete, (void)blocked, (void)size;
    interrupt_flag = 15; /* SIGTERM */
}

static void test_interrupt(tap *T)
{
    checker_result r;
    checker_options o;
    int seen = 0;
    cfg.n = 6;
    checker_options_default(&o);
    o.interrupt = &interrupt_flag;
    o.on_execution = interrupt_after_5;
    o.ud = &seen;
    checker_run(lb_setup, &o, &r);
    CHECK(T, r.status == CHECKER_INTERRUPTED && r.signal == 2 && r.complete == 5,
          "interrupted: status %d, signal %d, %llu", r.status, r.signal,
          (unsigned long long)r.complete);
    checker_result_free(&r);
    checker_options_default(&o);
    o.interrupt = &interrupt_flag;
    checker_run(lb_setup, &o, &r);
    CHECK(T, r.status == CHECKER_INTERRUPTED && r.complete == 0,
          "a set flag stops a run at once: status %d, %llu", r.status, (unsigned long long)r.complete);
    checker_result_free(&r);
    interrupt_flag = 0;
    checker_run(lb_setup, &o, &r);
    CHECK(T, r.status == CHECKER_EXPLORED && r.complete == 63, "after reset: status %d, %llu",
          r.status, (unsigned long long)r.complete);
    checker_result_free(&r);
    /* with workers the parent passes it on (LB-16: 65535 executions) */
    cfg.n = 16;
    o.jobs = 2;
    o.on_progress = interrupt_now;
    checker_run(lb_setup, &o, &r);
    CHECK(T, r.status == CHECKER_INTERRUPTED && r.signal == 15 && r.complete < 65535,
          "interrupted workers: status %d, signal %d, %llu", r.status, r.signal,
          (unsigned long long)r.complete);
    checker_result_free(&r);
    interrupt_flag = 0;
}

/* Knuth's estimator: unbiased, so close on LB-n with enough walks; exact
 * on a tree without choices; then a moment of exploration measures the
 * speed -- and explores a small tree whole; an error met on a walk is
 * reported. */
static void test_estimate(tap *T)
{
    checker_result r;
    checker_options o;
    checker_options_default(&o);
    o.estimate = 4000;
    o.estimate_seed = 7;
    cfg.mode = 0;
    cfg.n = 8; /* 255 executions: the probe explores them all */
    checker_run(lb_setup, &o, &r);
    const checker_estimate *e = &r.estimate;
    CHECK(T, r.status == CHECKER_EXPLORED && r.complete == 255 && e->walks == 4000 &&
                 e->walks_complete == 4000 && e->complete > 0.85 * 255 &&
                 e->complete < 1.15 * 255 && e->complete_se < 0.1 * e->complete &&
                 e->blocked == 0 && e->rate > 0,
          "LB-8 estimate: status %d, %g +/- %g from %llu walks", r.status, e->complete,
          e->complete_se, (unsigned long long)e->walks);
    checker_result_free(&r);
    cfg.n = 1; /* one execution, no choice: every walk weighs 1 */
    checker_run(lb_setup, &o, &r);
    CHECK(T, r.estimate.complete == 1.0 && r.estimate.complete_se == 0.0,
          "LB-1 estimate: %g +/- %g", r.estimate.complete, r.estimate.complete_se);
    checker_result_free(&r);
    cfg.n = 20; /* 1,048,575 executions: more than half a second */
    checker_run(lb_setup, &o, &r);
    CHECK(T, r.status == CHECKER_ESTIMATED && r.complete < 1048575 && e->rate > 0 &&
                 e->complete > 0.8 * 1048575 && e->complete < 1.2 * 1048575,
          "LB-20 estimate: status %d, %g +/- %g, %llu explored at %g/s", r.status, e->complete,
          e->complete_se, (unsigned long long)r.complete, e->rate);
    checker_result_free(&r);
    cfg.n = 4;
    cfg.mode = 1; /* the cta-scope lock across CTAs races */
    o.races = 1;
    checker_run(lock_setup, &o, &r);
    CHECK(T, r.status == CHECKER_STOPPED && r.nfindings >= 1 && r.estimate.walks < 4000,
          "estimate meets the race: status %d, %u findings after %llu walks", r.status,
          r.nfindings, (unsigned long long)r.estimate.walks);
    checker_result_free(&r);
    cfg.mode = 0;
}

/* Values as reports print them: integers with their signed reading, floats
 * as the shortest decimal that reads back to the same bits. */
static void test_value_text(tap *T)
{
    static const struct {
        uint64_t bits;
        unsigned size;
        int kind;
        const char *want;
    } cases[] = {
        {0x3f800000, 4, GPUMC_VALUE_FLOAT, "1.0"},
        {0x3dcccccd, 4, GPUMC_VALUE_FLOAT, "0.1"},
        {0xc004000000000000ull, 8, GPUMC_VALUE_FLOAT, "-2.5"},
        {0x3fb999999999999aull, 8, GPUMC_VALUE_FLOAT, "0.1"},
        {0x7149f2ca, 4, GPUMC_VALUE_FLOAT, "1e+30"},
        {0x3c00, 2, GPUMC_VALUE_FLOAT, "1.0"},
        {0xc000, 2, GPUMC_VALUE_FLOAT, "-2.0"},
        {0x0001, 2, GPUMC_VALUE_FLOAT, "5.9604645e-08"},
        {0x7f800000, 4, GPUMC_VALUE_FLOAT, "inf"},
        {0x80000000, 4, GPUMC_VALUE_FLOAT, "-0.0"},
        {0x3f800000, 4, GPUMC_VALUE_INT, "1065353216"},
        {0xffffffff, 4, GPUMC_VALUE_INT, "4294967295 (-1)"},
        {0xff, 1, GPUMC_VALUE_INT, "255 (-1)"},
        {7, 8, GPUMC_VALUE_INT, "7"},
        {5, 1, GPUMC_VALUE_FLOAT, "5"}, /* no 1-byte floats: an integer */
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char out[64];
        gpumc_value_text(cases[i].bits, cases[i].size, cases[i].kind, out, sizeof out);
        CHECK(T, !strcmp(out, cases[i].want), "value text %#llx/%u: '%s', want '%s'",
              (unsigned long long)cases[i].bits, cases[i].size, out, cases[i].want);
    }
}

int main(void)
{
    tap T = {0, 0};
    test_barriers(&T);
    if (!getenv("GPUMC_TEST_NO_CRASH")) /* valgrind reports the deliberate faults */
        test_crashes(&T);
    test_spawn_join(&T);
    test_locks(&T);
    test_rmw(&T);
    test_limits_and_errors(&T);
    test_estimate(&T);
    test_interrupt(&T);
    test_value_text(&T);
    return tap_done(&T);
}
