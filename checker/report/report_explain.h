/*
 * report_explain.h -- why a finding is an error, in one or two sentences.
 *
 * Contract: derived only from the finding's two events -- the threads'
 * coordinates, the accesses' memory orders and scopes -- with the same
 * inclusion rule as the engine (topo_level in checker/engine/topo.h: a scope
 * of thread t includes u iff it is at least the narrowest level holding
 * both).  Scopes are named in the input language ("work-group" for
 * OpenCL, "block" for CUDA).  Fills out with a sentence ending in '.', or
 * with "" when there is nothing to add to the engine's own message (the
 * non-race kinds).  Pure: no printing, no allocation.
 */
#ifndef GPUMC_REPORT_EXPLAIN_H
#define GPUMC_REPORT_EXPLAIN_H

#include <stddef.h>

#include "report_fmt.h"

void report_explain(const report_ctx *c, const finding *x, char *out, size_t n);

/* The narrowest scope of a's thread that includes b's thread. */
gpumc_scope report_scope_needed(const finding_event *a, const finding_event *b);

#endif
