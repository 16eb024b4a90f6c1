/*
 * driver.h -- one gpumc run: input -> harness -> shared object -> checker
 * -> report.
 *
 * Contract: driver_run() takes finished options (cli_opts_finish done),
 * prints the report on stdout and any diagnostics on stderr, and returns
 * the SPEC section 5 exit code: 0 clean, 42 error found, 5 the input could
 * not be parsed/lowered (or a user-written harness does not compile or its
 * setup fails), 17 usage (e.g. unreadable input), 7 internal (e.g. the
 * generated harness does not compile).  Input that already includes
 * gpumc/harness.h and defines gpumc_harness_setup is a pre-lowered harness
 * and skips the frontend.  Nothing is written outside the harness cache
 * except the file named by --emit-harness.
 */
#ifndef GPUMC_DRIVER_H
#define GPUMC_DRIVER_H

#include "cli_opts.h"

/* t_start: when the run began (futil_now), for the wall-clock line. */
int driver_run(const cli_opts *o, double t_start);

#endif
