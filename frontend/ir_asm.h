/*
 * ir_asm.h -- inline PTX in device code.
 *
 * PTX cannot run on the host, so an `asm` statement is replaced by what it
 * means when it is one of the single instructions kernels use for the
 * memory model or the hardware's registers: fences (membar, fence),
 * __syncthreads's bar.sync 0, reads of special registers (the thread's
 * indices, lane and lane masks, warp, SM, the clocks), loads
 * and stores with cache or space qualifiers (plain accesses: the
 * qualifiers change caching, not ordering) or with an order and a scope
 * (atomic accesses), atom and red (RMWs), the bit operations popc, clz,
 * brev, bfind.u32, bfe.u32, lop3, the funnel shifts (shf) and prmt,
 * integer arithmetic on one register (add ... shr), and sm_80's
 * asynchronous copies (cp.async into shared memory, commit_group,
 * wait_group, wait_all).  A prefetch is dropped.  Any other asm stops the
 * thread that reaches it (exit 5, at its line), so the rest of the file is
 * still checked.
 */
#ifndef GPUMC_IR_ASM_H
#define GPUMC_IR_ASM_H

#include "ir_internal.h"

/* Replace the inline-asm call `call`.  *access is set to a load or store
 * made in its place (to be instrumented like the kernel's own), else
 * NULL.  Returns 0, or nonzero after ir_fail. */
int ir_asm_lower(pass *p, LLVMValueRef call, LLVMValueRef *access);

/* A shared variable's pointer as its 32-bit shared-space address (what
 * __cvta_generic_to_shared and cvta.to.shared give, as an i64), and back
 * (v: any integer; the result an i8*).  Built at the builder's place. */
LLVMValueRef ir_asm_to_shared(pass *p, LLVMValueRef ptr);
LLVMValueRef ir_asm_from_shared(pass *p, LLVMValueRef v);

#endif
