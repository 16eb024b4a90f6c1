/*
 * dist.h -- one exploration across the ranks of an MPI job (--distributed).
 *
 * Contract: dist_start() initialises MPI and returns a context whose
 * checker_dist hooks (dist_hooks) the engine calls: rank 0 coordinates --
 * it grants subtrees and, under --max-executions, allowances of executions
 * to every rank (itself included), relays a stop to all, and gathers every
 * rank's result into its own.  Ranks other than 0 write nothing: their
 * stdout and stderr go to /dev/null, and rank 0 prints the one report.
 * dist_end() finalises MPI (after ranks were lost it aborts the job with
 * exit_code instead: finalising would wait for them).  Without MPI at build time dist_start() fails
 * and says so.
 */
#ifndef GPUMC_DIST_H
#define GPUMC_DIST_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "gpumc/checker.h"

typedef struct dist_ctx dist_ctx;

/* jobs: worker processes per rank; max_executions: the run's limit (0
 * none); interrupt: the flag a signal
 * sets (rank 0 stops waiting for lost ranks once it is set).  Returns NULL
 * with a message in err. */
dist_ctx *dist_start(int *argc, char ***argv, unsigned jobs, uint64_t max_executions,
                     const volatile sig_atomic_t *interrupt, char *err, size_t errsz);
const checker_dist *dist_hooks(const dist_ctx *c);
unsigned dist_rank(const dist_ctx *c);
void dist_end(dist_ctx *c, int exit_code);

#endif
