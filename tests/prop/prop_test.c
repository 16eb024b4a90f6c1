/*
 * prop_test.c -- property test: the DPOR engine and the brute-force
 * enumerator agree on random programs.
 *
 *   prop_test [--count N] [--seed S] [--model src11|rc11|sc|all]
 *             [--threads-max K] [--budget B] [--timeout SEC] [--keep-going]
 *             [--brute-only] [--no-shrink] [--shapes] [--awaits] [--plain] [--verbose]
 *
 * Program i is generated from seed S+i alone, so a failure reported for
 * seed X reproduces with `--seed X --count 1`.  Programs whose brute-force
 * candidate count (brute_estimate) exceeds the budget are redrawn from the
 * same PRNG stream (deterministic).  For each program and model: same
 * complete and blocked execution sets (canonical rf/co strings), no
 * duplicate engine executions, same race findings, same divergence
 * verdict (outcome.h); then the engine as gpumc runs by default, stopping
 * at the first finding, must agree on the counts or stop at a finding
 * brute force has (elision_agrees).  Stops at the first mismatch unless
 * --keep-going.
 * --shapes first runs the hand-written litmus shapes of shapes.c the same
 * way (and checks the brute force against their hand-derived counts).
 * --awaits gives every program await loops (the spin-loop reductions'
 * case; such programs have no barriers).
 * --plain draws programs as kernels are: mostly plain accesses between
 * barriers, atomics on one location at most -- where the engine checks
 * plain accesses on shadow state, without events (runtime.c).
 * Prints `N passed, M failed` (one check = one program under one model);
 * exit 0 iff none failed, 2 on bad usage.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "brute.h"
#include "commute.h"
#include "irharness.h"
#include "shapes.h"
#include "shrink.h"

typedef struct opts {
    unsigned long count;
    uint64_t seed;
    int models[3];
    int nmodels;
    int threads_max;
    double budget;
    double timeout; /* per engine run, seconds */
    int keep_going, brute_only, verbose, no_shrink, shapes, awaits, plain;
    unsigned jobs, split_depth; /* --jobs: also compare parallel workers */
} opts;

typedef struct stats {
    unsigned long passed, failed, redrawn;
    unsigned long execs, blocked;
} stats;

static const char *model_name(checker_model m)
{
    return m == MODEL_SRC11 ? "src11" : m == MODEL_RC11 ? "rc11" : "sc";
}

static int parse_model(opts *o, const char *s)
{
    o->nmodels = 0;
    if (!strcmp(s, "all")) {
        o->models[o->nmodels++] = MODEL_SRC11;
        o->models[o->nmodels++] = MODEL_RC11;
        o->models[o->nmodels++] = MODEL_SC;
    } else if (!strcmp(s, "src11")) {
        o->models[o->nmodels++] = MODEL_SRC11;
    } else if (!strcmp(s, "rc11")) {
        o->models[o->nmodels++] = MODEL_RC11;
    } else if (!strcmp(s, "sc")) {
        o->models[o->nmodels++] = MODEL_SC;
    } else {
        return -1;
    }
    return 0;
}

static int usage(void)
{
    fprintf(stderr,
            "usage: prop_test [--count N] [--seed S] "
            "[--model src11|rc11|sc|all] [--threads-max K] [--budget B]\n"
            "                 [--timeout SEC] [--keep-going] [--brute-only] [--no-shrink]\n"
            "                 [--shapes] [--awaits] [--plain] [--verbose] [--jobs N [--split-depth D]]\n"
            "  --jobs N: also explore each program with N parallel workers split\n"
            "            at depth D (default 2) and compare with one process\n");
    return 2;
}

static int parse_args(opts *o, int argc, char **argv)
{
    memset(o, 0, sizeof *o);
    o->count = 1000;
    o->seed = 1;
    o->threads_max = PROG_MAX_THREADS;
    o->budget = 20000;
    o->timeout = 20;
    o->split_depth = 2;
    parse_model(o, "all");
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--keep-going"))
            o->keep_going = 1;
        else if (!strcmp(a, "--shapes"))
            o->shapes = 1;
        else if (!strcmp(a, "--no-shrink"))
            o->no_shrink = 1;
        else if (!strcmp(a, "--brute-only"))
            o->brute_only = 1;
        else if (!strcmp(a, "--awaits"))
            o->awaits = 1;
        else if (!strcmp(a, "--plain"))
            o->plain = 1;
        else if (!strcmp(a, "--verbose") || !strcmp(a, "-v"))
            o->verbose = 1;
        else if (!v)
            return -1;
        else if (!strcmp(a, "--count") && ++i)
            o->count = strtoul(v, NULL, 0);
        else if (!strcmp(a, "--seed") && ++i)
            o->seed = strtoull(v, NULL, 0);
        else if (!strcmp(a, "--threads-max") && ++i)
            o->threads_max = atoi(v);
        else if (!strcmp(a, "--timeout") && ++i)
            o->timeout = atof(v);
        else if (!strcmp(a, "--budget") && ++i)
            o->budget = atof(v);
        else if (!strcmp(a, "--jobs") && ++i)
            o->jobs = (unsigned)atoi(v);
        else if (!strcmp(a, "--split-depth") && ++i)
            o->split_depth = (unsigned)atoi(v);
        else if (!strcmp(a, "--model") && ++i) {
            if (parse_model(o, v) < 0)
                return -1;
        } else
            return -1;
    }
    if (o->threads_max < 2 || o->threads_max > PROG_MAX_THREADS ||
        o->budget < 1)
        return -1;
    return 0;
}

/* Program for seed s: redraw until brute force can afford it. */
static void make_prog(const opts *o, uint64_t s, prog *p, stats *st)
{
    prog_rng r;
    prog_gen_opts g = {o->threads_max, 0, 0, 0, o->awaits, o->plain};
    prog_rng_seed(&r, s);
    for (;;) {
        prog_generate(p, &r, &g);
        if (brute_estimate(p) <= o->budget)
            return;
        st->redrawn++;
    }
}

/* With blind RMWs or plain stores the engine may explore one order of
 * those nothing can tell apart: compare up to that order (commute.h). */
static int differences(const prog *p, const outcome *ref, const outcome *got, FILE *diff)
{
    return prog_may_reduce(p) ? commute_compare(p, ref, got, diff)
                              : outcome_compare(ref, got, diff);
}

/* Brute force and engine on p under m; returns the number of
 * differences (0: agree). */
static int compare_on(const opts *o, const prog *p, checker_model m,
                      outcome *ref, outcome *got)
{
    brute_run(p, m, ref);
    /* An engine that loops or repeats executions without end is stopped
     * well after the reference count (status 2 = error). */
    irh_limits lim = {4 * (ref->complete.n + ref->blocked.n) + 1000,
                      o->timeout, 1, 0, 0, 0};
    irh_run(p, m, &lim, got);
    return differences(p, ref, got, NULL);
}

typedef struct shrink_ud {
    const opts *o;
    checker_model m;
} shrink_ud;

static int still_fails(const prog *p, void *ud)
{
    const shrink_ud *u = ud;
    outcome ref, got;
    outcome_init(&ref);
    outcome_init(&got);
    int bad = compare_on(u->o, p, u->m, &ref, &got);
    outcome_free(&ref);
    outcome_free(&got);
    return bad != 0;
}

static void report_one(const prog *p, checker_model m, const outcome *ref,
                       const outcome *got)
{
    prog_print(p, stdout);
    printf("differences under %s (-brute: only brute force, +engine: only "
           "engine, dup: engine repeated):\n",
           model_name(m));
    differences(p, ref, got, stdout);
    outcome_print(ref, "brute", stdout);
    outcome_print(got, "engine", stdout);
}

/* Print the failing program, then a minimised one that still fails. */
static void report(const opts *o, const prog *p, uint64_t s,
                   checker_model m, const outcome *ref, const outcome *got)
{
    printf("MISMATCH seed %llu model %s\n", (unsigned long long)s,
           model_name(m));
    report_one(p, m, ref, got);
    if (!o->no_shrink) {
        prog q = *p;
        shrink_ud u = {o, m};
        if (prog_shrink(&q, still_fails, &u) > 0) {
            outcome r2, g2;
            outcome_init(&r2);
            outcome_init(&g2);
            compare_on(o, &q, m, &r2, &g2);
            printf("SHRUNK (still mismatching):\n");
            report_one(&q, m, &r2, &g2);
            outcome_free(&r2);
            outcome_free(&g2);
            p = &q;
            printf("as harness code:\n");
            prog_print_c(&q, stdout);
        } else {
            printf("as harness code:\n");
            prog_print_c(p, stdout);
        }
    } else {
        printf("as harness code:\n");
        prog_print_c(p, stdout);
    }
    printf("reproduce: prop_test --seed %llu --count 1 --model %s "
           "--threads-max %d --budget %.0f\n",
           (unsigned long long)s, model_name(m), o->threads_max, o->budget);
}

/* Parallel workers (split at a small depth, so that small trees split)
 * must count and find what one process does.  Blind RMWs and plain stores
 * are explored in every order on both sides: a parallel restart switches the reduction off
 * everywhere, one process only where it learned something. */
static int parallel_agrees(const opts *o, const prog *p, checker_model m, uint64_t s)
{
    outcome one, par;
    outcome_init(&one);
    outcome_init(&par);
    irh_limits lim = {0, o->timeout, 1, 0, prog_may_reduce(p), 0};
    irh_run(p, m, &lim, &one);
    lim.jobs = o->jobs;
    lim.split_depth = o->split_depth;
    irh_run(p, m, &lim, &par);
    int ok = !one.error && !par.error && one.ecomplete == par.ecomplete &&
             one.eblocked == par.eblocked && findset_equal(&one.findings, &par.findings);
    if (!ok) {
        printf("PARALLEL MISMATCH seed %llu model %s: one process %llu/%llu, %zu findings%s%s; "
               "%u workers %llu/%llu, %zu findings%s%s\n",
               (unsigned long long)s, model_name(m), (unsigned long long)one.ecomplete,
               (unsigned long long)one.eblocked, one.findings.n, one.error ? ": " : "",
               one.msg, o->jobs, (unsigned long long)par.ecomplete,
               (unsigned long long)par.eblocked, par.findings.n, par.error ? ": " : "", par.msg);
        prog_print(p, stdout);
    }
    outcome_free(&one);
    outcome_free(&par);
    return ok;
}

/* Equal multisets (both sorted)? */
static int same_strings(const execset *a, const execset *b)
{
    if (a->n != b->n)
        return 0;
    for (size_t i = 0; i < a->n; i++)
        if (strcmp(a->v[i], b->v[i]) != 0)
            return 0;
    return 1;
}

/* The engine of a run that stops at its first finding, as gpumc runs by
 * default -- where a thread's repeated plain accesses in a stretch without
 * synchronisation need no events (elide.h) -- against brute force: on a
 * program without findings the same numbers of complete and blocked
 * executions (their events differ: the repeats are gone), the same values
 * returned by the loads of each, and no finding;
 * on one with findings, a stop at one that brute force has too (a race's
 * two accesses, or the kind of any other).  Blind RMWs and plain stores in
 * every order, as brute force has them. */
static int elision_agrees(const opts *o, const prog *p, checker_model m, uint64_t s,
                          const outcome *ref)
{
    outcome got;
    outcome_init(&got);
    irh_limits lim = {4 * (ref->complete.n + ref->blocked.n) + 1000, o->timeout, 1, 0, 1, 1};
    irh_run(p, m, &lim, &got);
    int ok = !got.error;
    if (ok && ref->findings.n == 0)
        ok = got.findings.n == 0 && got.ecomplete == ref->complete.n &&
             got.eblocked == ref->blocked.n && same_strings(&ref->loads, &got.loads);
    else if (ok)
        ok = got.findings.n > 0;
    for (size_t i = 0; ok && i < got.findings.n; i++) {
        const fkey *k = &got.findings.v[i];
        int race = k->kind == FINDING_DATA_RACE || k->kind == FINDING_HETERO_RACE;
        int known = 0;
        for (size_t j = 0; j < ref->findings.n && !known; j++)
            known = ref->findings.v[j].kind == k->kind &&
                    (!race || (ref->findings.v[j].a == k->a && ref->findings.v[j].b == k->b));
        ok = known;
    }
    if (!ok) {
        printf("ELISION MISMATCH seed %llu model %s: brute force %zu/%zu, %zu findings; "
               "engine stopping at its first %llu/%llu, %zu findings%s%s\n",
               (unsigned long long)s, model_name(m), ref->complete.n, ref->blocked.n,
               ref->findings.n, (unsigned long long)got.ecomplete,
               (unsigned long long)got.eblocked, got.findings.n, got.error ? ": " : "", got.msg);
        outcome_print(ref, "brute", stdout);
        outcome_print(&got, "engine", stdout);
        prog_print(p, stdout);
    }
    outcome_free(&got);
    return ok;
}

/* One program under one model; returns 1 if it passed. */
static int check_one(const opts *o, const prog *p, uint64_t s,
                     checker_model m, stats *st)
{
    outcome ref, got;
    outcome_init(&ref);
    outcome_init(&got);
    int ok = 1;
    if (o->brute_only)
        brute_run(p, m, &ref);
    else
        ok = compare_on(o, p, m, &ref, &got) == 0;
    st->execs += ref.complete.n;
    st->blocked += ref.blocked.n;
    if (!ok)
        report(o, p, s, m, &ref, &got);
    if (ok && !o->brute_only)
        ok = elision_agrees(o, p, m, s, &ref);
    if (ok && o->jobs > 1 && !o->brute_only)
        ok = parallel_agrees(o, p, m, s);
    if (o->verbose) {
        printf("seed %llu %s: %zu complete, %zu blocked, %zu findings: %s\n",
               (unsigned long long)s, model_name(m), ref.complete.n,
               ref.blocked.n, ref.findings.n, ok ? "ok" : "MISMATCH");
        if ((int)m == o->models[0])
            prog_print(p, stdout);
    }
    outcome_free(&ref);
    outcome_free(&got);
    return ok;
}

typedef struct shape_run {
    shape_sink sink; /* first: callbacks receive &shape_run.sink */
    const opts *o;
    stats *st;
} shape_run;

/* A litmus shape: brute force must meet the hand-derived expectation and
 * the engine must agree with the brute force. */
static void shape_check(shape_sink *s, const char *name, const prog *p,
                        checker_model m, size_t complete, size_t blocked,
                        const char *finds)
{
    shape_run *r = (shape_run *)s;
    if (r->st->failed && !r->o->keep_going)
        return; /* one report is enough unless asked to keep going */
    outcome ref, got;
    char fs[1024];
    outcome_init(&ref);
    outcome_init(&got);
    int bad = compare_on(r->o, p, m, &ref, &got);
    shapes_findings_str(&ref, fs, sizeof fs);
    int expect_ok = ref.complete.n == complete && ref.blocked.n == blocked &&
                    strcmp(fs, finds) == 0;
    if (bad || !expect_ok) {
        r->st->failed++;
        printf("MISMATCH shape '%s' model %s%s\n", name,
               shapes_model_name(m),
               expect_ok ? "" : " (brute force differs from the expectation)");
        report_one(p, m, &ref, &got);
    } else {
        r->st->passed++;
    }
    outcome_free(&ref);
    outcome_free(&got);
}

int main(int argc, char **argv)
{
    opts o;
    stats st;
    memset(&st, 0, sizeof st);
    if (parse_args(&o, argc, argv) < 0)
        return usage();
    clock_t t0 = clock();
    if (o.shapes) {
        shape_run sr = {{shape_check}, &o, &st};
        shapes_run(&sr.sink);
        if (st.failed && !o.keep_going)
            o.count = 0;
    }
    for (unsigned long i = 0; i < o.count; i++) {
        prog p;
        uint64_t s = o.seed + i;
        make_prog(&o, s, &p, &st);
        int stop = 0;
        for (int k = 0; k < o.nmodels && !stop; k++) {
            if (check_one(&o, &p, s, (checker_model)o.models[k], &st)) {
                st.passed++;
            } else {
                st.failed++;
                stop = !o.keep_going;
            }
        }
        if (stop)
            break;
    }
    double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    fflush(stdout); /* keep the summary after any report when piped */
    fprintf(stderr,
            "prop_test: %.2fs cpu, %lu brute-force executions (%lu blocked),"
            " %lu programs redrawn over budget%s\n",
            secs, st.execs, st.blocked, st.redrawn,
            o.brute_only ? ", engine not run" : "");
    printf("%lu passed, %lu failed\n", st.passed, st.failed);
    return st.failed ? 1 : 0;
}
