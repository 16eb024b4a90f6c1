/*
 * report_text.h -- the human-readable report (SPEC section 5).
 *
 * Contract: prints every finding -- kind; both events with file:line:col,
 * thread coordinates, operation, order, scope, location, value, each
 * followed by its source line quoted from the user's file (through
 * report_ctx.src; nothing when the file is unreadable) with a caret under
 * the column; the engine's message; a "Why:" explanation (report_explain);
 * the fixes of report_ctx.fixes, each edit as the line before and after;
 * the trace when verbose, and of an error finding when the run stops at
 * the first error (the default) -- then, after an error, what stopped the
 * exploration early, and then the lines existing scripts parse, in this
 * order and exactly so (the verdict from verdict.h):
 *     Races Detected:                       (only if a race was found)
 *     \t[L.<line1>\tL.<line2>]-[<SCOPE1>,<SCOPE2>]   (one per race)
 *     N complete executions, no error among them.   (only if incomplete)
 *     No errors were detected. | Error detected: <kind>! |
 *       Verification incomplete: <why>
 *     Number of complete executions explored: N
 *     Number of blocked executions seen: M
 *     Total wall-clock time: X.XXs
 */
#ifndef GPUMC_REPORT_TEXT_H
#define GPUMC_REPORT_TEXT_H

#include <stdio.h>

#include "report_fmt.h"

void report_text_print(FILE *f, const report_ctx *c, const checker_result *r);

#endif
