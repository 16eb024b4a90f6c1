/*
 * lit_errors.h -- tests whose verdict is an assertion violation or a
 * memory error.
 *
 * checker_setup_fns reading the current lit_variant (lit_ctx.h).
 *
 *  lit_mp_assert  MP whose reader asserts the payload:
 *                 T0: x = 1 (d); y = 1 (w).
 *                 T1: if (y (r)) assert(x (d) == 1).
 *  lit_oob        one thread loads word k of a one-word region, k = 1
 *                 (one past the end) when opt has OOB_PAST, else k = 0.
 */
#ifndef LIT_ERRORS_H
#define LIT_ERRORS_H

#include "gpumc/harness.h"

#define OOB_PAST 1

int lit_mp_assert(gpumc_setup *s);
int lit_oob(gpumc_setup *s);

#endif
