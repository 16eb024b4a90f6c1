/*
 * outputs.h -- where the outcome of one `gpumc FILE` run goes.
 *
 * Contract: outputs_result() writes, in this order, the files options ask
 * for -- --dump-error-graph (the first error finding's execution graph as
 * DOT; a note when there is no error to draw), --sarif (the SARIF log) --
 * and then the report on stdout in --format (text, json or sarif).  It
 * returns the run's exit code: 0 or 42 from the findings, 17 when a named
 * file cannot be written (the report is then not printed: the error is, in
 * the chosen format), 7 when stdout fails or memory runs out.
 * outputs_failure() turns an error that ended the run early into the
 * chosen format on stdout (a JSON error object, or a SARIF log whose
 * invocation failed; nothing for text, whose message is on stderr
 * already), and into the --sarif file.  Notes honour -q.
 */
#ifndef GPUMC_OUTPUTS_H
#define GPUMC_OUTPUTS_H

#include "cli_opts.h"
#include "report_fmt.h"

typedef struct outputs {
    const cli_opts *o;
    char cwd[4096];   /* SARIF URIs are relative to it ("" if unknown) */
} outputs;

void outputs_init(outputs *out, const cli_opts *o);
void outputs_free(outputs *out);

int outputs_result(outputs *out, const report_ctx *c, const checker_result *r);
void outputs_failure(outputs *out, const report_ctx *c, int code,
                     const char *msg);

#endif
