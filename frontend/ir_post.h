/*
 * ir_post.h -- GPUVerify's postconditions (__ensures): written at the start
 * of a function, checked at each of its returns.
 *
 * The prelude expands __ensures(e) to
 *     if (__gpumc_postcondition()) __gpumc_assert_what(!!(e), "postcondition: e");
 * which clang lowers to a call, a branch on its result and the blocks that
 * test e (the condition's "region", leaving by a branch to the statement
 * after it).  Before inlining, ir_post_move copies every such region in
 * front of every return of its function, with __gpumc_return_val_*()
 * replaced by the value returned, and takes the original away: e is
 * evaluated on the state at exit, each time the function returns, as
 * GPUVerify means it (an assertion at each return).
 */
#ifndef GPUMC_IR_POST_H
#define GPUMC_IR_POST_H

#include "ir_internal.h"

/* Move the postconditions of every function of p->m to its returns.
 * Returns 0, or nonzero after ir_fail (a return value of another type than
 * the function's, a __gpumc_return_val_*() outside a postcondition). */
int ir_post_move(pass *p);

#endif
