/*
 * ir_mainlocals.c -- main's locals that other threads can reach become
 * globals (contract in ir_mainlocals.h).
 */
#include "ir_mainlocals.h"

#include "ir_walk.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int named(LLVMValueRef fn, const char *name)
{
    size_t len;
    const char *s = fn ? LLVMGetValueName2(fn, &len) : NULL;
    return s && len == strlen(name) && !memcmp(s, name, len);
}

/* Does the call `use` hand v (its operand k) to another thread or to code
 * that may? */
static int call_leaks(LLVMValueRef use, unsigned k)
{
    LLVMValueRef fn = LLVMGetCalledValue(use);
    if (!LLVMIsAFunction(fn))
        return 1; /* through a pointer: unknown */
    if (named(fn, "pthread_create") || named(fn, "__gpumc_sc_pthread_create"))
        return k == 3;
    return !LLVMIsDeclaration(fn);
}

/* Does the address of a local leave main's own use? */
static int escapes(LLVMValueRef alloca)
{
    ir_walk w;
    if (ir_walk_init(&w, alloca) < 0)
        return 1;
    int out = 0;
    for (LLVMValueRef v = ir_walk_next(&w); v && !out; v = ir_walk_next(&w))
        for (LLVMUseRef u = LLVMGetFirstUse(v); u && !out; u = LLVMGetNextUse(u)) {
            LLVMValueRef user = LLVMGetUser(u);
            switch (LLVMIsAInstruction(user) ? LLVMGetInstructionOpcode(user) : 0) {
            case LLVMGetElementPtr:
            case LLVMBitCast:
            case LLVMAddrSpaceCast:
            case LLVMPHI:
            case LLVMSelect:
                out = ir_walk_add(&w, user) != 0;
                break;
            case LLVMLoad:
            case LLVMICmp:
                break;
            case LLVMStore:
                out = LLVMGetOperand(user, 0) == v; /* the address itself stored */
                break;
            case LLVMCall:
                for (unsigned k = 0; k + 1 < (unsigned)LLVMGetNumOperands(user) && !out; k++)
                    out = LLVMGetOperand(user, k) == v && call_leaks(user, k);
                break;
            default: /* ptrtoint, a constant expression, anything else: assume so */
                out = 1;
            }
        }
    ir_walk_free(&w);
    return out;
}

/* The local becomes a global of its name (LLVM renames a clash). */
static void make_global(LLVMModuleRef m, LLVMValueRef alloca)
{
    size_t len;
    const char *name = LLVMGetValueName2(alloca, &len);
    char buf[256];
    snprintf(buf, sizeof buf, "%.*s", (int)(len < 200 ? len : 200), len ? name : "local");
    LLVMTypeRef t = LLVMGetAllocatedType(alloca);
    LLVMValueRef g = LLVMAddGlobal(m, t, buf);
    LLVMSetInitializer(g, LLVMConstNull(t));
    LLVMSetLinkage(g, LLVMInternalLinkage);
    LLVMSetAlignment(g, LLVMGetAlignment(alloca));
    LLVMReplaceAllUsesWith(alloca, g);
    LLVMInstructionEraseFromParent(alloca);
}

int ir_share_main_locals(LLVMModuleRef m)
{
    LLVMValueRef fn = LLVMGetNamedFunction(m, "main");
    if (!fn || LLVMIsDeclaration(fn))
        return 0;
    int n = 0;
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b)) {
        LLVMValueRef i = LLVMGetFirstInstruction(b);
        while (i) {
            LLVMValueRef next = LLVMGetNextInstruction(i);
            /* (a variable-length array stays: its size is the run's) */
            if (LLVMIsAAllocaInst(i) && LLVMIsAConstant(LLVMGetOperand(i, 0)) &&
                LLVMConstIntGetZExtValue(LLVMGetOperand(i, 0)) == 1 && escapes(i)) {
                make_global(m, i);
                n++;
            }
            i = next;
        }
    }
    return n;
}
