/*
 * fe_stmt.h -- lowering of statements and function definitions.
 *
 * Statements are printed back as C with their expressions lowered by
 * fe_expr.  Loops go through fe_loop (spin-assume or unroll bound).  A
 * backward goto is a loop too and gets a bound.  Each user function becomes
 * `static R __gpumc_fN_name(__gpumc_ctx *__c, params...)`.
 */
#ifndef GPUMC_FE_STMT_H
#define GPUMC_FE_STMT_H

#include "fe_ctx.h"

int fe_stmt(fe_ctx *c, CXCursor s, fe_buf *o, int ind);
/* Emit prototype and definition of c->fns[idx]. */
int fe_emit_fn(fe_ctx *c, int idx);
/* Reject recursion in the call graph gathered while emitting. */
int fe_check_recursion(fe_ctx *c);
void fe_pad(fe_buf *o, int ind);

#endif
