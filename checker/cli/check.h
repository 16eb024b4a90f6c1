/*
 * check.h -- `gpumc check`, the CI gate.
 *
 *   gpumc check --config=GATE.json [--baseline=OLD.sarif] [--sarif=OUT.sarif]
 *               [exploration and output options]
 *
 * Contract: GATE.json is {"kernels": [ENTRY, ...]} where each ENTRY is a
 * --config object (docs/cli.md) plus "file" (required; relative to the
 * directory of GATE.json) and "name" (optional; default: the file).
 * "allow_incomplete" (a boolean, top level as the default and per entry)
 * lets an incomplete kernel (verdict.h) pass.
 * Every entry is checked before anything runs (a bad entry is a usage
 * error, exit 17); then the kernels run one after another in-process,
 * each with the command line's exploration options (which win, as with
 * --config), exploring past the first error (unless --stop-on-error or
 * --races=stop, refused with --baseline): the log lists every distinct
 * error, so that a baseline made from it is whole and a known error
 * cannot hide a new one.  The findings of all kernels go
 * into ONE SARIF log (--sarif file, or stdout with --format=sarif); in
 * text format each kernel's report and a summary go to stdout.  Exit
 * code: 7, 5 or 17 if a kernel could not be checked (the worst of them,
 * in that order); else 42 if an error-level finding is not in the
 * baseline (all of them count without --baseline); else 3 if a kernel's
 * run was incomplete and its entry does not allow it; else 0.
 */
#ifndef GPUMC_CHECK_H
#define GPUMC_CHECK_H

#include "cli_opts.h"

/* base: the parsed command line (base->check set); argc/argv are re-parsed
 * for each kernel so that every kernel starts from the same options. */
int check_run(const cli_opts *base, int argc, char **argv);

#endif
