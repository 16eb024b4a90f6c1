/*
 * gpumc_c.h -- scoped-C prelude, force-included by the gpumc frontend.
 *
 * Declares the GPUMC/GenMC verifier intrinsics (SPEC section 3.3).  The
 * frontend recognises them by name: a harness may declare them itself, as
 * GPUMC benchmarks do, and the declarations are compatible with these.
 */
#ifndef GPUMC_C_PRELUDE_H
#define GPUMC_C_PRELUDE_H
#define __GPUMC__ 1
#include <pthread.h> /* the prelude's; see there */
void __VERIFIER_memory_scope_work_group();
void __VERIFIER_memory_scope_device();
void __VERIFIER_memory_scope_system();
void __VERIFIER_thread_global_id(int a);
void __VERIFIER_thread_local_id(int a);
void __VERIFIER_thread_group_id(int a);
void __VERIFIER_thread_kernel_id(int a);
void __VERIFIER_syncthread();
void __VERIFIER_groupsize(int localWorkSize);
void __VERIFIER_weak_access();
void __VERIFIER_ret_CAS();
void __VERIFIER_assume(int cond);
int __VERIFIER_nondet_int(void);
void __gpumc_assert(int cond);
#endif
