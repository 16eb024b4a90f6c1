/*
 * lit_table.h -- the litmus table: every (test, variant) with, for each
 * model, the exact number of complete and blocked executions and the exact
 * set of finding kinds.
 *
 * Counts are a property of the model (SPEC 4.5): the number of (rf, co)
 * graphs that satisfy the axioms, co explicit.  Every row is pinned
 * today; LIT_ANY exists for a count the spec may leave to the
 * implementation (e.g. if blocked executions ever get pruned).  Finding
 * sets are compared exactly (a missing and an extra kind both fail).
 */
#ifndef LIT_TABLE_H
#define LIT_TABLE_H

/* checker.h names struct gpumc_exec in a prototype before declaring it;
 * declaring it first keeps -Werror builds clean until the header does. */
struct gpumc_exec;
#include "gpumc/checker.h"
#include "lit_ctx.h"

#define LIT_ANY (-1LL)
#define LIT_NMODELS 3 /* indexed by checker_model: SRC11, RC11, SC */

typedef struct lit_expect {
    long long complete; /* or LIT_ANY */
    long long blocked;  /* or LIT_ANY */
    unsigned findings;  /* bit (1u << finding_kind) per expected kind */
} lit_expect;

typedef struct lit_case {
    const char *test;
    checker_setup_fn setup;
    lit_variant v;
    lit_expect e[LIT_NMODELS];
    const char *why; /* one line: which rf/co combinations */
} lit_case;

/* The whole table; *n gets its length. */
const lit_case *lit_cases(unsigned *n);

#endif
