/*
 * race.h -- findings: races of a newly added memory event against the
 * graph, and recording any finding (deduplicated by kind and locations)
 * with its trace and error graph.
 */
#ifndef GPUMC_RACE_H
#define GPUMC_RACE_H

#include "exec.h"

void race_check(struct gpumc_exec *x, eid e);
/* Do source entries s1 and s2 name one statement (file, line, column),
 * whatever call chains they were reached through? */
int race_same_statement(const struct gpumc_exec *x, unsigned s1, unsigned s2);
void race_add_finding(struct gpumc_exec *x, finding_kind k, eid a, eid b,
                      const char *msg);

#endif
