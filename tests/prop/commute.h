/*
 * commute.h -- comparing executions up to the order of commuting blind
 * RMWs (the engine explores one order of them: docs/model.md).
 *
 * Contract:
 *  - commute_normalize(p, in, out) fills out (outcome_init'ed) with the
 *    executions of `in` rewritten to a normal form and deduplicated, and
 *    copies its findings.  Normal form: on each location, every maximal
 *    run of co-consecutive writes of blind relaxed fetch_adds of one scope,
 *    or of blind relaxed exchanges of one scope and one value
 *    (prog_instr.blind), whose intermediate writes are read by nobody but
 *    the next RMW of the run is sorted by source id; the RMWs' read parts
 *    and the readers of the run's last write are re-pointed accordingly.
 *    Two executions with the same normal form differ only in such orders,
 *    which no read can observe.  At a location in the mask write_only
 *    (bit l: x<l>) the blind RMWs' reads and writes are dropped instead:
 *    whatever they exchange, CAS or add, nothing else reads there -- and
 *    so are the plain stores, explored there in one order too.
 *  - commute_write_only(p, a, b): the locations that no read but a blind
 *    RMW's reads in any execution of a or b -- those the engine finds
 *    write-only (checker/engine/comm.h) -- as a mask for the above.
 *  - commute_compare(p, ref, got, diff): got (engine) must list only
 *    executions ref (brute force) lists, none twice, and the normal forms
 *    of both must be equal as sets, with the same findings.  Returns the
 *    number of differences (printed to diff, which may be NULL).
 *  - prog_has_blind(p): does p hold a blind RMW or CAS?
 *  - prog_may_reduce(p): may the engine explore fewer orders than brute
 *    force does -- p holds a blind RMW or CAS, or a plain store to a
 *    location some other write (or the store again, in a loop) writes?
 */
#ifndef PROP_COMMUTE_H
#define PROP_COMMUTE_H

#include <stdio.h>

#include "outcome.h"
#include "prog.h"

int prog_has_blind(const prog *p);
int prog_may_reduce(const prog *p);
unsigned commute_write_only(const prog *p, const outcome *a, const outcome *b);
void commute_normalize(const prog *p, unsigned write_only, const outcome *in, outcome *out);
int commute_compare(const prog *p, const outcome *ref, const outcome *got, FILE *diff);

#endif
