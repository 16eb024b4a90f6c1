/*
 * sc_brute.c -- the brute-force cross-check on generated scoped-C programs
 * (issue 4, "How it is checked"; docs/scopedc.md).
 *
 *   sc_brute GPUMC OUTDIR [--count N] [--seed S] [--budget B]
 *            [--model src11|rc11|sc|all] [--keep-going] [-v]
 *
 * Program i is drawn by the property test's generator (tests/prop/prog.h)
 * from seed S+i (redrawn from the same stream while the brute-force
 * candidate estimate exceeds B), printed as a scoped-C program
 * OUTDIR/scb_<seed>.c the way a user writes one -- an `int x[3]` array,
 * one pthread per thread placed by __VERIFIER_thread_group_id/_local_id,
 * C11 atomic_*_explicit calls on `(atomic_int *)&x[i]` for atomic accesses
 * and plain x[i] for non-atomic ones, each access or fence on its own line
 * preceded (on that line) by its __VERIFIER_memory_scope_*() annotation,
 * CTA barriers as __VERIFIER_syncthread() in one helper function per
 * barrier id, an await as a `while` loop around its atomic, a counted loop
 * as a `for` loop whose trip count is the thread's argument (so the
 * compiler keeps it a loop) -- and checked by `GPUMC --keep-going --no-commute --format=json
 * --model=M` (every execution in every order, past the first error).  The
 * enumerator of tests/prop/brute.c runs on the same program, and for each
 * model the two must agree on:
 *  - the number of complete and of blocked executions;
 *  - the set of races as (kind, line, line) -- data and heterogeneous races,
 *    the lines being those of the two accesses in the printed file;
 *  - whether barrier divergence is reported, and whether a spin that never
 *    exits (an await no write can satisfy) is;
 *  - no other finding, and the exit code (42 iff a finding, else 3 --
 *    incomplete -- when no execution completes, else 0).
 * main itself has no memory event (it only creates and joins), so the
 * counts are those of the IR program.  Generated files are removed when the
 * program passes and kept (with the reproduction command) when it fails.
 * Prints `N passed, M failed`; exit 0 iff none failed, 2 on bad usage.
 */
#include <cjson/cJSON.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "../common/runlib.h"
#include "brute.h"
#include "prog.h"

typedef struct opts {
    const char *gpumc, *outdir;
    unsigned long count;
    uint64_t seed;
    double budget;
    checker_model models[3];
    int nmodels;
    int keep_going, verbose;
} opts;

static const char *model_name(checker_model m)
{
    return m == MODEL_SRC11 ? "src11" : m == MODEL_RC11 ? "rc11" : "sc";
}

/* ---- printing the program as scoped C ------------------------------- */

typedef struct printer {
    FILE *f;
    int line;                                       /* lines written so far */
    int src_line[PROG_MAX_THREADS * PROG_MAX_INSTR]; /* src -> line */
} printer;

static void put(printer *p, const char *s)
{
    fputs(s, p->f);
    for (; *s; s++)
        p->line += *s == '\n';
}

static const char *c_order(gpumc_order o)
{
    static const char *n[] = {"memory_order_relaxed", "memory_order_relaxed",
                              "memory_order_acquire", "memory_order_release",
                              "memory_order_acq_rel", "memory_order_seq_cst"};
    return (unsigned)o < 6 ? n[o] : "?";
}

static const char *c_scope_call(gpumc_scope s)
{
    return s == GPUMC_SCOPE_CTA ? "__VERIFIER_memory_scope_work_group()"
           : s == GPUMC_SCOPE_GPU ? "__VERIFIER_memory_scope_device()"
                                  : "__VERIFIER_memory_scope_system()";
}

static const char *c_scope(gpumc_scope s)
{
    return s == GPUMC_SCOPE_CTA ? "__VERIFIER_memory_scope_work_group(); "
           : s == GPUMC_SCOPE_GPU ? "__VERIFIER_memory_scope_device(); "
                                  : "__VERIFIER_memory_scope_system(); ";
}

static void print_instr(printer *p, const prog_instr *in)
{
    char buf[512];
    const char *o = c_order(in->order), *sc = c_scope(in->scope);
    int na = in->order == GPUMC_NA;
    switch (in->op) {
    case OP_LOAD:
        if (na)
            snprintf(buf, sizeof buf, "  s += x[%d];\n", in->loc);
        else
            snprintf(buf, sizeof buf, "  %ss += atomic_load_explicit((atomic_int *)&x[%d], %s);\n",
                     sc, in->loc, o);
        break;
    case OP_STORE:
        if (na)
            snprintf(buf, sizeof buf, "  x[%d] = %u;\n", in->loc, in->value);
        else
            snprintf(buf, sizeof buf,
                     "  %satomic_store_explicit((atomic_int *)&x[%d], %u, %s);\n", sc,
                     in->loc, in->value, o);
        break;
    case OP_FADD:
    case OP_XCHG:
        snprintf(buf, sizeof buf, "  %ss += atomic_%s_explicit((atomic_int *)&x[%d], %u, %s);\n",
                 sc, in->op == OP_FADD ? "fetch_add" : "exchange", in->loc, in->value, o);
        break;
    case OP_CAS:
        snprintf(buf, sizeof buf,
                 "  e = %u; %ss += atomic_compare_exchange_strong_explicit((atomic_int *)&x[%d], "
                 "&e, %u, %s, %s);\n",
                 in->expected, sc, in->loc, in->value, o,
                 c_order(prog_cas_fail_order(in->order)));
        break;
    case OP_FENCE:
        snprintf(buf, sizeof buf, "  %satomic_thread_fence(%s);\n", sc, o);
        break;
    case OP_BARRIER:
        snprintf(buf, sizeof buf, "  barrier%u();\n", in->bar_id);
        break;
    case OP_ARRIVE: /* not generated here (no_split) */
    case OP_WAIT:
        abort();
    case OP_AWAIT:
    case OP_AWAIT_RMW:
        /* The scope call sits in the condition: it applies to the next
         * atomic only, and the loop repeats the atomic. */
        snprintf(buf, sizeof buf, "  while ((%s, %s((atomic_int *)&x[%d], %s%s)) != %u) {\n  }\n",
                 c_scope_call(in->scope),
                 in->op == OP_AWAIT ? "atomic_load_explicit" : "atomic_fetch_add_explicit",
                 in->loc, in->op == OP_AWAIT ? "" : "0, ", o, in->value);
        break;
    case OP_AWAIT_CAS:
        /* A CAS lock's acquire, as written in C: e is reset in the body,
         * so the loop head sees the same state after a failed iteration
         * (resetting it in the condition instead would let one more
         * failed iteration run, with its own read). */
        snprintf(buf, sizeof buf,
                 "  e = %u; while (!(%s, atomic_compare_exchange_strong_explicit("
                 "(atomic_int *)&x[%d], &e, %u, %s, %s))) {\n    e = %u;\n  }\n",
                 in->expected, c_scope_call(in->scope), in->loc, in->value, o,
                 c_order(prog_cas_fail_order(in->order)), in->expected);
        break;
    }
    p->src_line[in->src] = p->line + 1;
    put(p, buf);
}

/* The trip count of the thread's counted loop (one per thread), else 1. */
static int thread_reps(const prog_thread *th)
{
    for (int i = 0; i < th->n; i++)
        if (prog_reps(&th->ins[i]) > 1)
            return prog_reps(&th->ins[i]);
    return 1;
}

static int print_program(const prog *pr, const char *path, printer *p)
{
    char buf[256];
    p->f = fopen(path, "w");
    p->line = 0;
    if (!p->f)
        return -1;
    put(p, "// Generated by tests/scopedc/sc_brute from the property test's IR.\n");
    put(p, "#include <pthread.h>\n#include <stdatomic.h>\n\nint x[3];\n\n");
    put(p, "static void barrier0(void) { __VERIFIER_syncthread(); }\n");
    put(p, "static void barrier1(void) { __VERIFIER_syncthread(); }\n");
    int local[2] = {0, 0};
    for (int t = 0; t < pr->nthreads; t++) {
        const prog_thread *th = &pr->th[t];
        /* A counted loop's trip count comes from the thread's argument, so
         * the compiler keeps the loop and its counter is loop state. */
        snprintf(buf, sizeof buf,
                 "\nvoid *t%d(void *arg) {\n  int s = 0, e = 0, n = (int)(long)arg;\n"
                 "  __VERIFIER_thread_group_id(%d);\n  __VERIFIER_thread_local_id(%d);\n",
                 t, th->cta, local[th->cta]++);
        put(p, buf);
        for (int i = 0; i < th->n; i++) {
            int loop = prog_reps(&th->ins[i]) > 1;
            if (loop)
                put(p, "  for (int k = 0; k < n; k++) {\n");
            print_instr(p, &th->ins[i]);
            if (loop)
                put(p, "  }\n");
        }
        put(p, "  (void)s; (void)e; (void)n;\n  return NULL;\n}\n");
    }
    snprintf(buf, sizeof buf, "\nint main(void) {\n  pthread_t t[%d];\n", pr->nthreads);
    put(p, buf);
    for (int t = 0; t < pr->nthreads; t++) {
        snprintf(buf, sizeof buf, "  pthread_create(&t[%d], NULL, t%d, (void *)%dL);\n", t, t,
                 thread_reps(&pr->th[t]));
        put(p, buf);
    }
    snprintf(buf, sizeof buf,
             "  for (int i = 0; i < %d; i++)\n    pthread_join(t[i], NULL);\n  return 0;\n}\n",
             pr->nthreads);
    put(p, buf);
    return fclose(p->f) == 0 ? 0 : -1;
}

/* ---- running gpumc ----------------------------------------------------- */

static char *run_gpumc(const opts *o, const char *file, checker_model m, int *exit_code)
{
    char model[32];
    snprintf(model, sizeof model, "--model=%s", model_name(m));
    char *argv[] = {(char *)o->gpumc, "-q", "--keep-going", "--no-commute", "--format=json", model,
                    (char *)file, NULL};
    char *out;
    if (runlib_capture(argv, &out, NULL, exit_code) != 0) {
        free(out);
        return NULL;
    }
    return out;
}

/* ---- comparing ---------------------------------------------------------- */

typedef struct rkey {
    int kind, a, b; /* lines, a <= b */
} rkey;

typedef struct rset {
    rkey v[256];
    int n;
} rset;

static void rset_add(rset *s, int kind, int a, int b)
{
    if (a > b) {
        int t = a;
        a = b;
        b = t;
    }
    for (int i = 0; i < s->n; i++)
        if (s->v[i].kind == kind && s->v[i].a == a && s->v[i].b == b)
            return;
    if (s->n < 256)
        s->v[s->n++] = (rkey){kind, a, b};
}

static int rset_has(const rset *s, const rkey *k)
{
    for (int i = 0; i < s->n; i++)
        if (s->v[i].kind == k->kind && s->v[i].a == k->a && s->v[i].b == k->b)
            return 1;
    return 0;
}

static const char *kind_str(int k)
{
    return k == FINDING_DATA_RACE ? "data race" : "heterogeneous race";
}

/* Returns the number of differences (printed to stderr). */
static int compare(const opts *o, const printer *p, const outcome *ref, const char *json,
                   int exit_code, const char *file, checker_model m)
{
    int diffs = 0;
    cJSON *j = json ? cJSON_Parse(json) : NULL;
    const cJSON *counts = cJSON_GetObjectItem(j, "counts");
    const cJSON *c = cJSON_GetObjectItem(counts, "complete");
    const cJSON *b = cJSON_GetObjectItem(counts, "blocked");
    if (!cJSON_IsNumber(c) || !cJSON_IsNumber(b)) {
        fprintf(stderr, "%s --model=%s: no counts in the JSON report (exit %d)\n%s\n", file,
                model_name(m), exit_code, json ? json : "");
        cJSON_Delete(j);
        return 1;
    }
    if ((size_t)c->valuedouble != ref->complete.n) {
        fprintf(stderr, "  complete: gpumc %.0f, brute force %zu\n", c->valuedouble,
                ref->complete.n);
        diffs++;
    }
    if ((size_t)b->valuedouble != ref->blocked.n) {
        fprintf(stderr, "  blocked: gpumc %.0f, brute force %zu\n", b->valuedouble,
                ref->blocked.n);
        diffs++;
    }
    rset want = {.n = 0}, got = {.n = 0};
    int want_div = 0, got_div = 0, want_live = 0, got_live = 0, nfind = 0;
    for (size_t i = 0; i < ref->findings.n; i++) {
        const fkey *k = &ref->findings.v[i];
        if (k->kind == FINDING_DIVERGENCE)
            want_div = 1;
        else if (k->kind == FINDING_DEADLOCK)
            want_live = 1;
        else if (k->kind == FINDING_DATA_RACE || k->kind == FINDING_HETERO_RACE)
            rset_add(&want, k->kind, p->src_line[k->a], p->src_line[k->b]);
    }
    const cJSON *f;
    cJSON_ArrayForEach(f, cJSON_GetObjectItem(j, "findings")) {
        const cJSON *kid = cJSON_GetObjectItem(f, "kind_id");
        const char *kind = cJSON_IsString(kid) ? kid->valuestring : "?";
        nfind++;
        if (!strcmp(kind, "barrier_divergence")) {
            got_div = 1;
        } else if (!strcmp(kind, "deadlock")) {
            got_live = 1;
        } else if (!strcmp(kind, "data_race") || !strcmp(kind, "heterogeneous_race")) {
            const cJSON *ev = cJSON_GetObjectItem(f, "events");
            const cJSON *l0 = cJSON_GetObjectItem(cJSON_GetArrayItem(ev, 0), "line");
            const cJSON *l1 = cJSON_GetObjectItem(cJSON_GetArrayItem(ev, 1), "line");
            if (!cJSON_IsNumber(l0) || !cJSON_IsNumber(l1)) {
                fprintf(stderr, "  gpumc: %s without two event lines\n", kind);
                diffs++;
                continue;
            }
            rset_add(&got, kind[0] == 'd' ? FINDING_DATA_RACE : FINDING_HETERO_RACE,
                     l0->valueint, l1->valueint);
        } else {
            fprintf(stderr, "  gpumc: unexpected finding %s\n", kind);
            diffs++;
        }
    }
    for (int i = 0; i < want.n; i++)
        if (!rset_has(&got, &want.v[i])) {
            fprintf(stderr, "  missing in gpumc: %s L.%d L.%d\n", kind_str(want.v[i].kind),
                    want.v[i].a, want.v[i].b);
            diffs++;
        }
    for (int i = 0; i < got.n; i++)
        if (!rset_has(&want, &got.v[i])) {
            fprintf(stderr, "  extra in gpumc: %s L.%d L.%d\n", kind_str(got.v[i].kind),
                    got.v[i].a, got.v[i].b);
            diffs++;
        }
    if (want_div != got_div) {
        fprintf(stderr, "  divergence: gpumc %s, brute force %s\n", got_div ? "yes" : "no",
                want_div ? "yes" : "no");
        diffs++;
    }
    if (want_live != got_live) {
        fprintf(stderr, "  spin that never exits: gpumc %s, brute force %s\n",
                got_live ? "yes" : "no", want_live ? "yes" : "no");
        diffs++;
    }
    int want_exit = nfind ? 42 : ref->complete.n == 0 ? 3 : 0;
    if (exit_code != want_exit) {
        fprintf(stderr, "  exit code %d, expected %d\n", exit_code, want_exit);
        diffs++;
    }
    if (o->verbose)
        printf("%s --model=%s: %zu complete, %zu blocked, %d races%s%s\n", file, model_name(m),
               ref->complete.n, ref->blocked.n, want.n, want_div ? ", divergence" : "",
               diffs ? " MISMATCH" : "");
    cJSON_Delete(j);
    return diffs;
}

/* ---- main ------------------------------------------------------------- */

static int usage(void)
{
    fprintf(stderr, "usage: sc_brute GPUMC OUTDIR [--count N] [--seed S] [--budget B]\n"
                    "                [--model src11|rc11|sc|all] [--keep-going] [-v]\n");
    return 2;
}

static int parse(opts *o, int argc, char **argv)
{
    memset(o, 0, sizeof *o);
    if (argc < 3)
        return -1;
    o->gpumc = argv[1];
    o->outdir = argv[2];
    o->count = 100;
    o->seed = 1;
    o->budget = 20000;
    o->models[0] = MODEL_SRC11;
    o->models[1] = MODEL_RC11;
    o->models[2] = MODEL_SC;
    o->nmodels = 3;
    for (int i = 3; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--keep-going"))
            o->keep_going = 1;
        else if (!strcmp(a, "-v"))
            o->verbose = 1;
        else if (!v)
            return -1;
        else if (!strcmp(a, "--count") && ++i)
            o->count = strtoul(v, NULL, 0);
        else if (!strcmp(a, "--seed") && ++i)
            o->seed = strtoull(v, NULL, 0);
        else if (!strcmp(a, "--budget") && ++i)
            o->budget = atof(v);
        else if (!strcmp(a, "--model") && ++i) {
            if (!strcmp(v, "all"))
                continue;
            o->nmodels = 1;
            if (!strcmp(v, "src11"))
                o->models[0] = MODEL_SRC11;
            else if (!strcmp(v, "rc11"))
                o->models[0] = MODEL_RC11;
            else if (!strcmp(v, "sc"))
                o->models[0] = MODEL_SC;
            else
                return -1;
        } else
            return -1;
    }
    return o->count > 0 && o->budget >= 1 ? 0 : -1;
}

int main(int argc, char **argv)
{
    opts o;
    if (parse(&o, argc, argv) != 0)
        return usage();
    unsigned long passed = 0, failed = 0;
    for (unsigned long i = 0; i < o.count; i++) {
        uint64_t s = o.seed + i;
        prog pr;
        prog_rng r;
        prog_gen_opts g = {PROG_MAX_THREADS, 0, 0, 1, 0, 0}; /* scoped C has no split barrier */
        prog_rng_seed(&r, s);
        do
            prog_generate(&pr, &r, &g);
        while (brute_estimate(&pr) > o.budget);
        char file[4096];
        snprintf(file, sizeof file, "%s/scb_%llu.c", o.outdir, (unsigned long long)s);
        printer p;
        memset(&p, 0, sizeof p);
        if (print_program(&pr, file, &p) != 0) {
            fprintf(stderr, "cannot write %s: %s\n", file, strerror(errno));
            return 1;
        }
        int bad = 0;
        for (int k = 0; k < o.nmodels; k++) {
            checker_model m = o.models[k];
            outcome ref;
            outcome_init(&ref);
            if (brute_run(&pr, m, &ref) != 0) {
                fprintf(stderr, "%s: brute force failed: %s\n", file, ref.msg);
                outcome_free(&ref);
                bad++;
                continue;
            }
            int code = -1;
            char *json = run_gpumc(&o, file, m, &code);
            int d = compare(&o, &p, &ref, json, code, file, m);
            if (d) {
                fprintf(stderr, "MISMATCH %s --model=%s (seed %llu): %d difference(s)\n"
                        "  reproduce: %s --model=%s %s\n",
                        file, model_name(m), (unsigned long long)s, d, o.gpumc, model_name(m),
                        file);
                failed++;
                bad++;
            } else {
                passed++;
            }
            free(json);
            outcome_free(&ref);
        }
        if (bad) {
            prog_print(&pr, stderr);
            if (!o.keep_going)
                break;
        } else {
            unlink(file);
        }
    }
    printf("%lu passed, %lu failed\n", passed, failed);
    return failed ? 1 : 0;
}
