/*
 * verdict.h -- the outcome of a run, as SPEC 5 names it: verified, error
 * found, or incomplete.
 *
 * Contract: pure functions of a valid checker_result (status >= 0).
 *  - error (exit 42): an error-level finding -- it always wins, whatever
 *    else stopped the exploration;
 *  - incomplete (exit 3): no error, but the exploration did not cover every
 *    execution to its end: it was interrupted, hit --timeout or
 *    --max-executions, the loop bound cut some execution (a
 *    FINDING_LOOP_BOUND warning), or no execution completed at all;
 *  - verified (exit 0): none of the above -- the only outcome for which a
 *    report may say "No errors were detected.".
 * verdict_why() names every reason an incomplete run is incomplete, joined
 * by "; " ("timeout of 10 s reached; loop bound --unroll=16 cut some
 * executions"); it is "" for the other outcomes.  The text, JSON and SARIF
 * reports and the CI gate all take the outcome from here.
 */
#ifndef GPUMC_VERDICT_H
#define GPUMC_VERDICT_H

#include <stddef.h>

#include "gpumc/checker.h"
#include "report_fmt.h"

typedef enum verdict_kind {
    VERDICT_VERIFIED = 0,
    VERDICT_ERROR,
    VERDICT_INCOMPLETE
} verdict_kind;

verdict_kind verdict_of(const checker_result *r);
/* 0, 42 or 3 (CLI_EXIT_*). */
int verdict_exit_code(verdict_kind k);
/* A run's exit code (SPEC 5): its verdict's, or for a run a signal
 * stopped 128 + the signal (130 SIGINT, 143 SIGTERM, 129 SIGHUP). */
int verdict_run_exit_code(const checker_result *r);
/* "verified", "error", "incomplete" (the JSON report's status). */
const char *verdict_name(verdict_kind k);
/* Why r is incomplete; c (may be NULL) supplies the option values and the
 * input language for the wording. */
void verdict_why(const checker_result *r, const report_ctx *c, char *out, size_t n);
/* "N complete executions, no error among them" (no final stop). */
void verdict_no_error_in(const checker_result *r, char *out, size_t n);
/* Did the loop bound cut some execution? */
int verdict_bound_hit(const checker_result *r);

#endif
