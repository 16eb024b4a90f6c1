/*
 * litmus_main.c -- runs the litmus table (lit_table.h) through checker_run
 * for the models SRC11, RC11 and SC and compares counts and finding kinds.
 *
 * Usage: litmus_test [-v] [--model=src11|rc11|sc] [FILTER...]
 * A FILTER keeps the rows whose "test/variant" contains it.  Prints one
 * line per failure (every check with -v) and ends with
 * "N passed, M failed"; exit status 0 iff nothing failed.
 */
#include <stdio.h>
#include <string.h>

/* checker.h names struct gpumc_exec in a prototype before declaring it;
 * declaring it first keeps -Werror builds clean until the header does. */
struct gpumc_exec;
#include "gpumc/checker.h"
#include "lit_table.h"

typedef struct run_opts {
    int verbose;
    int model; /* -1: all three */
    char *const *filters;
    int nfilters;
} run_opts;

static const char *const model_names[LIT_NMODELS] = { "src11", "rc11", "sc" };

static int row_selected(const lit_case *c, const run_opts *ro)
{
    if (ro->nfilters == 0)
        return 1;
    char full[256];
    snprintf(full, sizeof full, "%s/%s", c->test, c->v.name);
    for (int i = 0; i < ro->nfilters; i++)
        if (strstr(full, ro->filters[i]))
            return 1;
    return 0;
}

/* Bit set of the finding kinds present in r. */
static unsigned kinds_of(const checker_result *r)
{
    unsigned mask = 0;
    for (unsigned i = 0; i < r->nfindings; i++)
        mask |= 1u << r->findings[i].kind;
    return mask;
}

static void print_kinds(FILE *f, unsigned mask)
{
    if (mask == 0) {
        fputs("none", f);
        return;
    }
    const char *sep = "";
    for (int k = 0; k < FINDING_KIND_COUNT; k++)
        if (mask & (1u << k)) {
            fprintf(f, "%s%s", sep, finding_kind_name((finding_kind)k));
            sep = ", ";
        }
}

static int count_ok(long long want, uint64_t got)
{
    return want == LIT_ANY || (uint64_t)want == got;
}

static void print_count(FILE *f, const char *what, long long want, uint64_t got)
{
    fprintf(f, " %s %llu", what, (unsigned long long)got);
    if (want == LIT_ANY)
        fputs(" (any)", f);
    else if ((uint64_t)want != got)
        fprintf(f, " (expected %lld)", want);
}

static void report(const lit_case *c, int m, const checker_result *r,
                   int ok, const char *why_failed)
{
    const lit_expect *e = &c->e[m];
    printf("%s %s/%s [%s]:", ok ? "ok  " : "FAIL", c->test, c->v.name,
           model_names[m]);
    if (why_failed) {
        printf(" %s\n", why_failed);
        return;
    }
    print_count(stdout, "complete", e->complete, r->complete);
    print_count(stdout, "blocked", e->blocked, r->blocked);
    fputs(" findings {", stdout);
    print_kinds(stdout, kinds_of(r));
    fputs("}", stdout);
    if (kinds_of(r) != e->findings) {
        fputs(" (expected {", stdout);
        print_kinds(stdout, e->findings);
        fputs("})", stdout);
    }
    printf("  -- %s\n", c->why);
}

/* Runs one row under model m; returns 1 if it matched. */
static int run_one(const lit_case *c, int m, const run_opts *ro)
{
    checker_options o;
    checker_options_default(&o);
    o.model = (checker_model)m;
    o.races = 0;        /* collect every race, keep exploring */
    o.divergence = 0;
    o.stop_on_error = 0;
    o.timeout = 120;    /* a hang is a failure, not a stuck CI */
    checker_result r;
    memset(&r, 0, sizeof r);
    lit_select(&c->v);
    int rc = checker_run(c->setup, &o, &r);
    const lit_expect *e = &c->e[m];
    char why[1100];
    const char *why_failed = NULL;
    if (rc < 0 || r.status != 0) {
        snprintf(why, sizeof why, "checker_run returned %d, status %d: %s",
                 rc, r.status, r.error);
        why_failed = why;
    }
    int ok = !why_failed && count_ok(e->complete, r.complete) &&
             count_ok(e->blocked, r.blocked) && kinds_of(&r) == e->findings;
    if (!ok || ro->verbose)
        report(c, m, &r, ok, why_failed);
    checker_result_free(&r);
    return ok;
}

static int parse_args(int argc, char **argv, run_opts *ro)
{
    memset(ro, 0, sizeof *ro);
    ro->model = -1;
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        if (strcmp(argv[i], "-v") == 0) {
            ro->verbose = 1;
            continue;
        }
        if (strncmp(argv[i], "--model=", 8) != 0)
            return -1;
        for (int m = 0; m < LIT_NMODELS; m++)
            if (strcmp(argv[i] + 8, model_names[m]) == 0)
                ro->model = m;
        if (ro->model < 0)
            return -1;
    }
    ro->filters = argv + i;
    ro->nfilters = argc - i;
    return 0;
}

int main(int argc, char **argv)
{
    run_opts ro;
    if (parse_args(argc, argv, &ro) < 0) {
        fprintf(stderr, "usage: %s [-v] [--model=src11|rc11|sc] [FILTER...]\n",
                argv[0]);
        return 2;
    }
    unsigned n, passed = 0, failed = 0;
    const lit_case *cases = lit_cases(&n);
    for (unsigned i = 0; i < n; i++) {
        if (!row_selected(&cases[i], &ro))
            continue;
        for (int m = 0; m < LIT_NMODELS; m++) {
            if (ro.model >= 0 && m != ro.model)
                continue;
            if (run_one(&cases[i], m, &ro))
                passed++;
            else
                failed++;
        }
    }
    printf("%u passed, %u failed\n", passed, failed);
    return failed ? 1 : 0;
}
