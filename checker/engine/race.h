/*
 * race.h -- findings: races of a newly added memory event against the
 * graph, and recording any finding (deduplicated by kind and locations)
 * with its trace and error graph.
 */
#ifndef GPUMC_RACE_H
#define GPUMC_RACE_H

#include "exec.h"

void race_check(struct gpumc_exec *x, eid e);
/* Have the race checks found every write of loc hb-ordered with every
 * other access of it, so far (its writes a chain in co order)?  0 when
 * races are not checked or the location has atomics (not checked alike). */
int race_ordered_loc(const struct gpumc_exec *x, uint32_t loc);
/* Is f a finding of kind k between the statements of source entries sa
 * and sb (~0u: none), in either order, whatever call chains reached them? */
int race_same_finding(const struct gpumc_exec *x, const finding *f, finding_kind k,
                      unsigned sa, unsigned sb);
void race_add_finding(struct gpumc_exec *x, finding_kind k, eid a, eid b,
                      const char *msg);

#endif
