/*
 * ir_deadlocal.h -- is a memory local's value at a loop header irrelevant?
 *
 * The spin check (gpumc_spin, docs/model.md "Spin loops") blocks a loop
 * iteration that left the thread's state as it found it; the state it
 * compares holds the function's locals that live in memory.  A local that
 * every iteration writes before reading it -- C11's compare-exchange
 * `expected`, set to 0 at the top of a lock attempt that a failure sets to
 * what it saw -- differs after a failed attempt though nothing the next
 * iteration does depends on it, so that attempt was not blocked and each
 * failed CAS iteration was explored as an execution of its own.
 *
 * ir_local_dead_at says whether, on every path from the header (the loop's
 * next iterations and whatever follows the loop alike), the local is
 * written in full before it is read: then its value at the header cannot
 * change what the thread does, and the spin state leaves it out.  Only a
 * scalar-like local whose every use is a load, a store to it, or a
 * lifetime/debug marker is judged; anything else (its address taken,
 * indexed, stored, passed) keeps it in the state.  Run it before the
 * instrumentation adds its own uses of the locals.
 */
#ifndef GPUMC_IR_DEADLOCAL_H
#define GPUMC_IR_DEADLOCAL_H

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>

/* 1 if the alloca's value at header is dead, 0 if it may be read (or when
 * unsure, or out of memory). */
int ir_local_dead_at(LLVMValueRef alloca, LLVMBasicBlockRef header, LLVMTargetDataRef td);

#endif
