/*
 * fe_loop.h -- loops: spin-assume for await loops, unroll bound otherwise.
 *
 * An await loop is one whose iterations, when the loop goes on, only read
 * shared state (SPEC 4.5): a condition built from loads, atomic loads and
 * a compare-and-swap whose success ends the loop, and a body that is
 * empty or only resets private scalars to constants.  It is replaced by
 * one evaluation of the condition and gpumc_assume(!cond) (GenMC's
 * spin-assume).  When the body resets private variables, the first
 * iteration may differ from the later ones, so it is peeled unless the
 * variables already hold the reset values.  Every other loop counts its
 * iterations and calls gpumc_loop_bound when it would start iteration
 * unroll+1.
 */
#ifndef GPUMC_FE_LOOP_H
#define GPUMC_FE_LOOP_H

#include "fe_ctx.h"

int fe_loop_while(fe_ctx *c, CXCursor s, fe_buf *o, int ind);
int fe_loop_do(fe_ctx *c, CXCursor s, fe_buf *o, int ind);
int fe_loop_for(fe_ctx *c, CXCursor s, fe_buf *o, int ind);

#endif
