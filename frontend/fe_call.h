/*
 * fe_call.h -- lowering of calls: user functions and builtins.
 *
 * A call to a function with a body in a user file becomes a call to its
 * harness copy (which takes the context `__c` as first argument); the
 * function is queued for emission.  A call to a function without a body is
 * looked up in the builtin table (fe_builtin.h) and lowered to gpumc calls
 * with the orders and scopes of SPEC section 3; anything else is rejected
 * as unsupported.  Operands are evaluated left to right into temporaries.
 */
#ifndef GPUMC_FE_CALL_H
#define GPUMC_FE_CALL_H

#include "fe_ctx.h"

int fe_call(fe_ctx *c, CXCursor e, fe_buf *o);

/* Register (or find) a user function to emit; records the call edge from
 * the function being emitted.  entry: started with pthread_create. */
int fe_fn_use(fe_ctx *c, CXCursor decl, CXCursor site, int entry);

/* Memory order / OpenCL scope argument as a C expression of the harness. */
int fe_order_arg(fe_ctx *c, CXCursor arg, fe_buf *o);
int fe_scope_arg(fe_ctx *c, CXCursor arg, fe_buf *o);

/* Is `e` a call to a builtin of kind `kind` (fe_bk)? */
int fe_is_builtin_call(fe_ctx *c, CXCursor e, int kind);

#endif
