/*
 * ir_other.h -- GPUVerify's "other thread" (__other_int, __other_bool and
 * what the prelude builds on them: __same_group, __exclusive, ...).
 *
 * GPUVerify checks an assertion for any two threads; __other_int(e) is e
 * in the other one.  gpumc runs concrete threads, so the prelude evaluates
 * each check once per other thread of the launch (gpumc_irrt.h's
 * __gpumc_ir_pairs_*), and this pass gives __gpumc_other_int(e) its value
 * there: a copy of e's computation, made between __gpumc_ir_other_enter
 * and _leave, which give the thread the other's ids while it runs.  So e
 * may use only ids (threadIdx, get_local_id, ...), launch sizes, constants
 * and the kernel's arguments: anything else (a loaded value, a loop
 * counter) is the other thread's own state, which this thread does not
 * have -- refused at the call.
 */
#ifndef GPUMC_IR_OTHER_H
#define GPUMC_IR_OTHER_H

#include "ir_internal.h"

/* Resolve every __gpumc_other_int() call of p->m; kernel is the checked
 * kernel (its arguments are the same in every thread).  After inlining,
 * before instrumentation.  0, or nonzero after ir_fail. */
int ir_other_resolve(pass *p, LLVMValueRef kernel);

#endif
