/*
 * ir_reads.c -- may a kernel read what a pointer parameter points to?
 * (contract in ir_reads.h)
 */
#include "ir_reads.h"

#include "ir_walk.h"

/* A call with v among its arguments: does it read through v?  Only the
 * memory intrinsics are known: a memcpy or memmove reads its source
 * (argument 1) and a memset reads nothing; lifetime and debug markers
 * touch nothing.  Any other call may read. */
static int call_reads(LLVMValueRef call, LLVMValueRef v)
{
    LLVMValueRef fn = LLVMGetCalledValue(call);
    if (ir_callee_prefixed(fn, "llvm.lifetime.") || ir_callee_prefixed(fn, "llvm.dbg.") ||
        ir_callee_prefixed(fn, "llvm.memset."))
        return 0;
    if (ir_callee_prefixed(fn, "llvm.memcpy.") || ir_callee_prefixed(fn, "llvm.memmove."))
        return LLVMGetOperand(call, 1) == v;
    return 1;
}

/* Does `user` read through v, or pass v on (then its value joins w)?
 * -1 when w is full (then: may read). */
static int user_reads(ir_walk *w, LLVMValueRef user, LLVMValueRef v)
{
    switch (LLVMGetInstructionOpcode(user)) {
    case LLVMStore: /* the pointer stored as a value escapes */
        return LLVMGetOperand(user, 0) == v;
    case LLVMICmp: /* compares addresses, not contents */
        return 0;
    case LLVMGetElementPtr:
        if (LLVMGetOperand(user, 0) != v)
            return 1; /* (an index made of the pointer: not followed) */
        return ir_walk_add(w, user) < 0;
    case LLVMBitCast:
    case LLVMAddrSpaceCast:
    case LLVMPHI:
        return ir_walk_add(w, user) < 0;
    case LLVMSelect:
        if (LLVMGetOperand(user, 0) == v)
            return 1;
        return ir_walk_add(w, user) < 0;
    case LLVMCall:
        return call_reads(user, v);
    default: /* loads, atomics, ptrtoint, anything unknown */
        return 1;
    }
}

int ir_param_read(LLVMValueRef param)
{
    ir_walk w;
    if (ir_walk_init(&w, param) < 0)
        return 1;
    int reads = 0;
    for (LLVMValueRef v = ir_walk_next(&w); v && !reads; v = ir_walk_next(&w))
        for (LLVMUseRef u = LLVMGetFirstUse(v); u && !reads; u = LLVMGetNextUse(u)) {
            LLVMValueRef user = LLVMGetUser(u);
            reads = LLVMIsAInstruction(user) ? user_reads(&w, user, v) != 0 : 1;
        }
    ir_walk_free(&w);
    return reads;
}
