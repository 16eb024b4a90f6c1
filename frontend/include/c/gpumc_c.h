/*
 * gpumc_c.h -- scoped C (GPUMC harnesses), force-included by the compile
 * pipeline before the user's file.
 *
 * Declares the GPUMC/GenMC verifier intrinsics (SPEC 3.3).  The
 * instrumentation pass turns each call into a call of the scoped-C
 * adapter (frontend/include/rt/gpumc_scrt.h); a harness may declare them
 * itself, as GPUMC's do, with compatible declarations.
 */
#ifndef GPUMC_C_H
#define GPUMC_C_H
#define __GPUMC__ 1
#include <pthread.h> /* gpumc's: see there */
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
void __gpumc_assert(int cond);
#endif
