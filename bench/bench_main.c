/*
 * bench_main.c -- gpumc-bench: runs the benchmark programs of
 * bench_progs.h through checker_run and prints one table row each:
 * complete and blocked executions, wall time, executions/s, peak RSS, and
 * whether the complete count is the expected one.
 *
 * Every configuration runs in a fresh child process (fork) so its peak RSS
 * (getrusage ru_maxrss, reported by the child) belongs to it alone; the
 * child sends its figures back through a pipe.  --no-fork runs in-process
 * (for valgrind/callgrind, see callgrind.sh).
 *
 * Usage: gpumc-bench [--big] [--model=src11|rc11|sc] [--timeout=SEC]
 *                    [--no-fork] [CONFIG...]
 * CONFIG is lb-N, sb-N or lock-N (case-insensitive).  Default set:
 * LB-12 LB-14 LB-16 SB-6 lock-4; --big adds LB-20.  Exit status 1 if a
 * run failed or a count differed from the expected one.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, fork, pipe */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

struct gpumc_exec; /* checker.h uses it in a prototype before declaring it */
#include "gpumc/checker.h"
#include "bench_progs.h"

#define MAX_CONFIGS 64

typedef struct bench_cfg {
    bench_kind kind;
    int n;
} bench_cfg;

typedef struct bench_opts {
    checker_model model;
    double timeout;
    int no_fork;
    bench_cfg cfg[MAX_CONFIGS];
    int ncfg;
} bench_opts;

/* What a child reports to the parent. */
typedef struct bench_out {
    int status; /* checker_result.status, or -2: bad config */
    uint64_t complete, blocked;
    double wall;    /* seconds around checker_run */
    long maxrss_kb; /* getrusage ru_maxrss */
} bench_out;

static const char *const kind_names[] = { "LB", "SB", "lock" };

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* "lb-16" -> {BENCH_LB, 16}; returns -1 if malformed. */
static int parse_cfg(const char *s, bench_cfg *c)
{
    const char *dash = strchr(s, '-');
    if (!dash || !isdigit((unsigned char)dash[1]))
        return -1;
    size_t len = (size_t)(dash - s);
    for (int k = 0; k < 3; k++)
        if (strlen(kind_names[k]) == len && strncasecmp(s, kind_names[k], len) == 0) {
            c->kind = (bench_kind)k;
            c->n = atoi(dash + 1);
            return c->n >= 1 && c->n <= BENCH_MAX_THREADS ? 0 : -1;
        }
    return -1;
}

static int add_cfg(bench_opts *bo, bench_kind kind, int n)
{
    if (bo->ncfg == MAX_CONFIGS)
        return -1;
    bo->cfg[bo->ncfg++] = (bench_cfg){ kind, n };
    return 0;
}

static int parse_model(const char *s, checker_model *m)
{
    static const char *const names[] = { "src11", "rc11", "sc" };
    for (int i = 0; i < 3; i++)
        if (strcmp(s, names[i]) == 0) {
            *m = (checker_model)i;
            return 0;
        }
    return -1;
}

static int parse_args(int argc, char **argv, bench_opts *bo)
{
    int big = 0, explicit_cfg = 0;
    memset(bo, 0, sizeof *bo);
    bo->model = MODEL_SRC11;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        bench_cfg c;
        if (strcmp(a, "--big") == 0)
            big = 1;
        else if (strcmp(a, "--no-fork") == 0)
            bo->no_fork = 1;
        else if (strncmp(a, "--model=", 8) == 0) {
            if (parse_model(a + 8, &bo->model) < 0)
                return -1;
        } else if (strncmp(a, "--timeout=", 10) == 0)
            bo->timeout = atof(a + 10);
        else if (parse_cfg(a, &c) == 0) {
            explicit_cfg = 1;
            if (add_cfg(bo, c.kind, c.n) < 0)
                return -1;
        } else
            return -1;
    }
    if (!explicit_cfg) {
        add_cfg(bo, BENCH_LB, 12);
        add_cfg(bo, BENCH_LB, 14);
        add_cfg(bo, BENCH_LB, 16);
        add_cfg(bo, BENCH_SB, 6);
        add_cfg(bo, BENCH_LOCK, 4);
    }
    if (big)
        add_cfg(bo, BENCH_LB, 20);
    return 0;
}

/* Runs one configuration in the calling process. */
static bench_out run_here(const bench_cfg *c, const bench_opts *bo)
{
    bench_out out;
    memset(&out, 0, sizeof out);
    if (bench_select(c->kind, c->n) < 0) {
        out.status = -2;
        return out;
    }
    checker_options o;
    checker_options_default(&o);
    o.model = bo->model;
    o.timeout = bo->timeout;
    checker_result r;
    memset(&r, 0, sizeof r);
    double t0 = now();
    checker_run(bench_setup, &o, &r);
    out.wall = now() - t0;
    out.status = r.status;
    out.complete = r.complete;
    out.blocked = r.blocked;
    checker_result_free(&r);
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    out.maxrss_kb = ru.ru_maxrss;
    return out;
}

/* Runs one configuration in a fresh child; status -3 if the child died. */
static bench_out run_forked(const bench_cfg *c, const bench_opts *bo)
{
    bench_out out;
    memset(&out, 0, sizeof out);
    out.status = -3;
    int fd[2];
    if (pipe(fd) < 0)
        return out;
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        close(fd[0]);
        bench_out mine = run_here(c, bo);
        ssize_t w = write(fd[1], &mine, sizeof mine);
        _exit(w == (ssize_t)sizeof mine ? 0 : 1);
    }
    close(fd[1]);
    if (pid > 0) {
        if (read(fd[0], &out, sizeof out) != (ssize_t)sizeof out)
            out.status = -3;
        waitpid(pid, NULL, 0);
    }
    close(fd[0]);
    return out;
}

static const char *status_text(int status)
{
    switch (status) {
    case 0: return "";
    case 1: return "stopped at error";
    case 2: return "limit hit";
    case 3: return "timeout";
    case -1: return "setup/internal error";
    case -2: return "bad config";
    default: return "child crashed";
    }
}

/* Prints one row; returns 1 if the row is a failure. */
static int print_row(const bench_cfg *c, const bench_out *o, checker_model m)
{
    char name[32];
    snprintf(name, sizeof name, "%s-%d", kind_names[c->kind], c->n);
    uint64_t want = bench_expected(c->kind, c->n, m == MODEL_SC);
    double rate = o->wall > 0 ? (double)(o->complete + o->blocked) / o->wall : 0;
    int bad = o->status != 0 || (want && o->complete != want);
    printf("%-9s %12llu %9llu %10.3f %12.0f %10.1f  ", name,
           (unsigned long long)o->complete, (unsigned long long)o->blocked,
           o->wall, rate, (double)o->maxrss_kb / 1024.0);
    if (o->status != 0)
        printf("FAIL: %s\n", status_text(o->status));
    else if (want && o->complete != want)
        printf("FAIL: expected %llu\n", (unsigned long long)want);
    else
        printf("ok\n");
    return bad;
}

int main(int argc, char **argv)
{
    bench_opts bo;
    if (parse_args(argc, argv, &bo) < 0) {
        fprintf(stderr,
                "usage: %s [--big] [--model=src11|rc11|sc] [--timeout=SEC] "
                "[--no-fork] [lb-N|sb-N|lock-N ...]\n", argv[0]);
        return 2;
    }
    printf("%-9s %12s %9s %10s %12s %10s  %s\n", "config", "complete",
           "blocked", "time(s)", "execs/s", "RSS(MB)", "check");
    int failures = 0;
    for (int i = 0; i < bo.ncfg; i++) {
        bench_out o = bo.no_fork ? run_here(&bo.cfg[i], &bo)
                                 : run_forked(&bo.cfg[i], &bo);
        failures += print_row(&bo.cfg[i], &o, bo.model);
    }
    return failures ? 1 : 0;
}
