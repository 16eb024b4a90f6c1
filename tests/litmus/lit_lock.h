/*
 * lit_lock.h -- an n-thread CAS spin lock guarding a non-atomic counter.
 *
 * checker_setup_fn reading the current lit_variant (lit_ctx.h): `n`
 * threads (default 2), lock CAS with success order acq, failure rlx, scope
 * `sc`, placement `place`; unlock store order `w` (rel: correct lock; rlx:
 * broken lock).  Locations: lock = m[0], counter = m[1].
 *
 * Each thread: ok = CAS(lock, 0 -> 1); assume(ok)   -- GenMC spin-assume:
 * the await loop `while (!CAS(...));` has no side effect but its read, so
 * it is replaced by one CAS and an assume that it succeeded; an execution
 * whose CAS fails ends blocked.  Then counter = counter + 1 (non-atomic
 * load and store) and lock = 0 (order w).
 */
#ifndef LIT_LOCK_H
#define LIT_LOCK_H

#include "gpumc/harness.h"

int lit_lock(gpumc_setup *s);

#endif
