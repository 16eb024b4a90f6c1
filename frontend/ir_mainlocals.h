/*
 * ir_mainlocals.h -- main's locals that other threads can reach (scoped C).
 *
 * A scoped-C thread's stack is private memory: its accesses are no events
 * (docs/model.md).  main's locals are on main's stack, yet a program
 * hands them to the threads it creates -- `pthread_create(&t, 0, worker,
 * &shared_struct)` -- and then several threads read and write them.  Left
 * on the stack, those accesses would be native: unchecked for races and
 * dependent on the order the checker happens to run threads in.  main runs
 * once per execution, so such a local is one object per execution, exactly
 * as a global is: ir_share_main_locals turns every local of main whose
 * address may leave main's own use into a zero-initialised global of the
 * same name, which the pass then moves into the window like any other.
 *
 * "May leave" is decided on the IR after inlining, following the address
 * through address arithmetic, casts, phis and selects: it is stored as a
 * value, turned into an integer, passed as pthread_create's argument, or
 * passed to a function whose body is in the module.  pthread_create's
 * thread-id slot and the other declared functions (the C library, the
 * memory intrinsics) keep a local private.
 */
#ifndef GPUMC_IR_MAINLOCALS_H
#define GPUMC_IR_MAINLOCALS_H

#include <llvm-c/Core.h>

/* Turns main's escaping locals into globals; returns how many, or -1 when
 * out of memory. */
int ir_share_main_locals(LLVMModuleRef m);

#endif
