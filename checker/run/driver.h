/*
 * driver.h -- one gpumc run: input -> harness -> shared object -> checker
 * -> report.
 *
 * Contract: driver_run_hooks() takes finished options (cli_opts_finish
 * done), hands the outcome to its hooks (which print the report), prints
 * diagnostics on stderr, and returns the SPEC section 5 exit code: 0
 * clean, 42 error found, 5 the input could not be parsed/lowered (or a user-written harness does not compile or its
 * setup fails), 17 usage (e.g. unreadable input), 7 internal (e.g. the
 * generated harness does not compile).  Input that already includes
 * gpumc/harness.h and defines gpumc_harness_setup is a pre-lowered harness
 * and skips the frontend.  Nothing is written outside the harness cache
 * except the files named by --emit-harness, --dump-error-graph and
 * --sarif.
 */
#ifndef GPUMC_DRIVER_H
#define GPUMC_DRIVER_H

#include "cli_opts.h"
#include "gpumc/checker.h"
#include "report_fmt.h"
#include "srccache.h"

/* What happens with a run's outcome.  on_result sees the exploration's
 * result while the harness is still loaded (findings point into it) and
 * returns the run's exit code; on_failure (may be NULL) hears of an error
 * that ended the run early (exit 5, 7 or 17), whose message is already on
 * stderr.  src: the file cache for quoting source lines (shared by the
 * runs of `gpumc check`; may be NULL).  label: shown on the progress line
 * (may be NULL). */
typedef struct driver_hooks {
    int (*on_result)(void *ud, const report_ctx *c, const checker_result *r);
    void (*on_failure)(void *ud, const report_ctx *c, int code, const char *msg);
    void *ud;
    srccache *src;
    const char *label;
    int quiet_failures; /* 1: a failure is not printed, only handed to on_failure */
    /* Non-NULL: explore as one rank of a distributed run (dist.h); a rank
     * other than 0 reports nothing and returns 0 once it explored. */
    const checker_dist *dist;
} driver_hooks;

/* One run whose outcome goes to the hooks; returns the exit code.
 * t_start: when the run began (futil_now), for the wall-clock line. */
int driver_run_hooks(const cli_opts *o, double t_start, const driver_hooks *h);

#endif
