/*
 * brute.h -- brute-force reference enumerator of consistent executions.
 *
 * Contract:
 *  - brute_run enumerates every rf choice of every read (any write to the
 *    same location, or the initial write) and every co order (permutation
 *    of the writes of each location, initial write first), evaluates the
 *    SPEC §4.3 relations as plain bit matrices (bitrel.h), and keeps the
 *    executions that satisfy the axioms of model m:
 *      SRC11/RC11: coherence (hb;eco? irreflexive), atomicity
 *                  (rmw ∩ fr;co = ∅), SC (incl ∩ psc acyclic),
 *                  no-thin-air (po ∪ rf acyclic, with barrier edges
 *                  counted in porf as GPUMC's RMW encoding of barriers
 *                  makes them po;rf chains); RC11 = every scope sys;
 *      SC:         po ∪ rf ∪ co ∪ fr ∪ barrier edges acyclic + atomicity.
 *    It is deliberately independent of the engine: it shares only the IR,
 *    the canonical-form builder and the public enum types.
 *  - Event set: per thread, instructions in program order up to where the
 *    thread stops; a load is R, a store W, fetch_add/exchange R;W linked
 *    by rmw, a CAS R;W if the value read equals `expected` else only R
 *    (with the failure order), a fence F.  Barriers are not events: a
 *    barrier instance (k-th barrier of every thread of a CTA, same id)
 *    adds hb edges from everything po-before it in any thread of the
 *    instance to everything po-after it.  A CTA whose threads do not all
 *    reach a k-th barrier with the same id diverges: the threads that
 *    reached it stop there and every execution is blocked.
 *  - Findings (over consistent executions): data races, heterogeneous
 *    races (SRC11 only), divergence (one key per barrier reached at the
 *    diverging instance).  The SC model uses RC11's hb for races.
 *  - out must be outcome_init'ed; it is filled and sorted.  Returns 0, or
 *    -1 if the program is too large for the bit matrices (out->error set).
 */
#ifndef PROP_BRUTE_H
#define PROP_BRUTE_H

#include "gpumc/checker.h"
#include "outcome.h"
#include "prog.h"

/* Upper bound on the (rf, co) candidates brute_run will look at: callers
 * use it to keep generated programs affordable. */
double brute_estimate(const prog *p);

int brute_run(const prog *p, checker_model m, outcome *out);

#endif
