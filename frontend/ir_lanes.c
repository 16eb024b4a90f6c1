/*
 * ir_lanes.c -- partial vector stores as lane stores.  See ir_lanes.h.
 */
#include "ir_lanes.h"

#include <stddef.h>

#include <llvm-c/DebugInfo.h>

#define MAX_LANES 16 /* OpenCL's widest vector */

/* Does i (between a load and the store that ends its triple) leave memory
 * alone?  Only pure value computations and debug intrinsics qualify. */
static int writes_nothing(LLVMValueRef i)
{
    if (LLVMIsAStoreInst(i) || LLVMIsAFenceInst(i) || LLVMIsAAtomicRMWInst(i) ||
        LLVMIsAAtomicCmpXchgInst(i) || LLVMIsAMemIntrinsic(i))
        return 0;
    return !LLVMIsACallInst(i) || LLVMIsADbgInfoIntrinsic(i);
}

/* The plain load of the vector that `st` stores back, with `upd` (the
 * insert or shuffle) between them, or NULL. */
static LLVMValueRef triple_load(LLVMValueRef st, LLVMValueRef upd)
{
    LLVMValueRef ld = LLVMGetOperand(upd, 0), ptr = LLVMGetOperand(st, 1);
    if (!LLVMIsALoadInst(ld) || LLVMGetOperand(ld, 0) != ptr || LLVMGetVolatile(ld) ||
        LLVMGetVolatile(st) || LLVMGetOrdering(ld) != LLVMAtomicOrderingNotAtomic ||
        LLVMGetOrdering(st) != LLVMAtomicOrderingNotAtomic ||
        LLVMGetInstructionParent(ld) != LLVMGetInstructionParent(st) ||
        LLVMGetInstructionParent(upd) != LLVMGetInstructionParent(st))
        return NULL;
    LLVMUseRef u = LLVMGetFirstUse(ld), w = LLVMGetFirstUse(upd);
    if (!u || LLVMGetNextUse(u) || !w || LLVMGetNextUse(w))
        return NULL; /* the old vector or the new one is used elsewhere too */
    for (LLVMValueRef i = LLVMGetNextInstruction(ld); i && i != st; i = LLVMGetNextInstruction(i))
        if (!writes_nothing(i))
            return NULL;
    return ld;
}

/* The lanes `upd` writes: val[k] for each lane k it replaces (NULL: the
 * lane keeps the loaded value).  0 if some lane is anything else (another
 * lane of the old vector, an undefined one). */
static int written_lanes(LLVMBuilderRef b, LLVMValueRef upd, unsigned n, LLVMValueRef *val)
{
    for (unsigned k = 0; k < n; k++)
        val[k] = NULL;
    if (LLVMIsAInsertElementInst(upd)) {
        LLVMValueRef idx = LLVMGetOperand(upd, 2);
        if (!LLVMIsAConstantInt(idx) || LLVMConstIntGetZExtValue(idx) >= n)
            return 0;
        val[LLVMConstIntGetZExtValue(idx)] = LLVMGetOperand(upd, 1);
        return 1;
    }
    if (!LLVMIsAShuffleVectorInst(upd) || LLVMGetNumMaskElements(upd) != n)
        return 0;
    LLVMValueRef src = LLVMGetOperand(upd, 1);
    unsigned m = LLVMGetVectorSize(LLVMTypeOf(src));
    for (unsigned k = 0; k < n; k++) {
        int e = LLVMGetMaskValue(upd, k);
        if (e == (int)k)
            continue;
        if (e == LLVMGetUndefMaskElem() || e < (int)n || e >= (int)(n + m))
            return 0;
        LLVMPositionBuilderBefore(b, upd);
        val[k] = LLVMBuildExtractElement(b, src, LLVMConstInt(LLVMInt32TypeInContext(
                                                        LLVMGetTypeContext(LLVMTypeOf(src))),
                                                    (unsigned long long)(e - (int)n), 0), "");
    }
    return 1;
}

/* Rewrite the triple ending in store st, if it is one. */
static void split_store(LLVMBuilderRef b, LLVMValueRef st)
{
    LLVMValueRef upd = LLVMGetOperand(st, 0), ptr = LLVMGetOperand(st, 1), ld;
    LLVMTypeRef vt = LLVMTypeOf(upd);
    if (LLVMGetTypeKind(vt) != LLVMVectorTypeKind || LLVMGetVectorSize(vt) > MAX_LANES ||
        !LLVMIsAInstruction(upd) || !(ld = triple_load(st, upd)))
        return;
    unsigned n = LLVMGetVectorSize(vt);
    LLVMValueRef val[MAX_LANES];
    if (!written_lanes(b, upd, n, val))
        return;
    LLVMTypeRef et = LLVMGetElementType(vt);
    LLVMTypeRef ept = LLVMPointerType(et, LLVMGetPointerAddressSpace(LLVMTypeOf(ptr)));
    LLVMTypeRef i64 = LLVMInt64TypeInContext(LLVMGetTypeContext(vt));
    LLVMPositionBuilderBefore(b, st);
    LLVMValueRef base = LLVMBuildBitCast(b, ptr, ept, "");
    unsigned align = LLVMGetAlignment(st);
    for (unsigned k = 0; k < n; k++) {
        if (!val[k])
            continue;
        LLVMValueRef idx = LLVMConstInt(i64, k, 0);
        LLVMValueRef at = LLVMBuildInBoundsGEP2(b, et, base, &idx, 1, "");
        LLVMValueRef s = LLVMBuildStore(b, val[k], at);
        LLVMSetAlignment(s, k == 0 ? align : 1);
        LLVMInstructionSetDebugLoc(s, LLVMInstructionGetDebugLoc(st)); /* the user's line */
    }
    LLVMInstructionEraseFromParent(st);
    LLVMInstructionEraseFromParent(upd);
    LLVMInstructionEraseFromParent(ld);
}

void ir_split_lanes(LLVMModuleRef m, LLVMBuilderRef b)
{
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb), next; i; i = next) {
                next = LLVMGetNextInstruction(i);
                if (LLVMIsAStoreInst(i))
                    split_store(b, i);
            }
}
