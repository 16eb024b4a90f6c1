/*
 * ir_other.c -- GPUVerify's other thread.  See ir_other.h.
 */
#include "ir_other.h"

#include <stdlib.h>
#include <string.h>

#define OTHER_INT "__gpumc_other_int"
#define UNIFORM "__gpumc_uniform"   /* e == __other_int(e) */
#define DISTINCT "__gpumc_distinct" /* e != __other_int(e) */
#define OTHER_BUDGET 4096 /* an id expression is small: operands visited at most */

/* Operators that compute from their operands alone (no memory, no
 * control flow): what an expression of ids is made of. */
static int pure_operator(LLVMValueRef v)
{
    return LLVMIsABinaryOperator(v) || LLVMIsACastInst(v) || LLVMIsAICmpInst(v) ||
           LLVMIsASelectInst(v) || LLVMIsAFreezeInst(v);
}

/* Is v computed from ids, launch sizes, constants and the kernel's own
 * arguments only? */
static int of_ids(const pass *p, LLVMValueRef kernel, LLVMValueRef v, unsigned *budget)
{
    if (LLVMIsAConstant(v))
        return 1;
    if (LLVMIsAArgument(v))
        return LLVMGetParamParent(v) == kernel;
    if (!LLVMIsAInstruction(v) || !*budget)
        return 0;
    --*budget;
    if (LLVMIsACallInst(v))
        return ir_builtin_is_id(p, v);
    if (!pure_operator(v))
        return 0;
    int n = LLVMGetNumOperands(v);
    for (int k = 0; k < n; k++)
        if (!of_ids(p, kernel, LLVMGetOperand(v, k), budget))
            return 0;
    return 1;
}

/* A copy of v's computation at the builder's position (v passed of_ids):
 * the ids it asks for are then the other thread's.  done holds the
 * (original, copy) pairs made so far, flat: a value used twice is copied
 * once.  NULL when out of memory. */
static LLVMValueRef copy_of(pass *p, vec *done, LLVMValueRef v)
{
    if (!LLVMIsAInstruction(v))
        return v;
    for (unsigned i = 0; i < done->n; i += 2)
        if (done->v[i] == v)
            return done->v[i + 1];
    LLVMValueRef c = LLVMInstructionClone(v);
    int n = LLVMGetNumOperands(v);
    for (int k = 0; k < n; k++) {
        LLVMValueRef op = copy_of(p, done, LLVMGetOperand(v, k));
        if (!op)
            return NULL;
        LLVMSetOperand(c, k, op);
    }
    LLVMInsertIntoBuilder(p->b, c);
    return ir_vec_push(done, v) || ir_vec_push(done, c) ? NULL : c;
}

/* e as the other thread computes it: a copy between
 * __gpumc_ir_other_enter and _leave, in front of call.  NULL when out of
 * memory. */
static LLVMValueRef in_other(pass *p, LLVMValueRef call, LLVMValueRef e)
{
    LLVMValueRef src = ir_c32(p, ir_src(p, call));
    LLVMPositionBuilderBefore(p->b, call);
    ir_call(p, RT_OTHER_ENTER, &src, 1);
    vec done = {0};
    LLVMValueRef v = copy_of(p, &done, e);
    free(done.v);
    if (v)
        ir_call(p, RT_OTHER_LEAVE, &src, 1);
    return v;
}

static int resolve_other(pass *p, LLVMValueRef kernel, LLVMValueRef call)
{
    LLVMValueRef e = LLVMGetOperand(call, 0);
    unsigned budget = OTHER_BUDGET;
    if (!of_ids(p, kernel, e, &budget)) {
        char w[512];
        return ir_fail(p, "%serror: unsupported: __other_int(e) or __other_bool(e) where e "
                          "is not computed from the thread's ids, constants and the kernel's "
                          "arguments: gpumc evaluates e for every other thread from its ids "
                          "alone, and the other thread's own values are not this thread's",
                       ir_where(p, call, w, sizeof w));
    }
    LLVMValueRef v = in_other(p, call, e);
    if (!v)
        return ir_fail(p, "out of memory");
    ir_replace(call, v);
    return 0;
}

/* __uniform_int(e) and __distinct_int(e): compared with the other thread's
 * e when its ids determine e; a constant or a kernel argument is the same
 * in every thread; anything else (a loop counter, a loaded value) is not
 * evaluated -- true, as GPUVerify's proof aid it usually is. */
static int resolve_compare(pass *p, LLVMValueRef kernel, LLVMValueRef call, int uniform)
{
    LLVMValueRef e = LLVMGetOperand(call, 0);
    unsigned budget = OTHER_BUDGET;
    LLVMValueRef v;
    if (LLVMIsAConstant(e) || (LLVMIsAArgument(e) && LLVMGetParamParent(e) == kernel)) {
        v = ir_c32(p, (unsigned)uniform);
    } else if (of_ids(p, kernel, e, &budget)) {
        LLVMValueRef o = in_other(p, call, e);
        if (!o)
            return ir_fail(p, "out of memory");
        v = LLVMBuildZExt(p->b, LLVMBuildICmp(p->b, uniform ? LLVMIntEQ : LLVMIntNE, e, o, ""),
                          p->i32, "");
    } else {
        v = ir_c32(p, 1);
    }
    ir_replace(call, v);
    return 0;
}

/* The calls of the function named `name`, into out. */
static int calls_of(pass *p, const char *name, vec *out)
{
    LLVMValueRef f = LLVMGetNamedFunction(p->m, name);
    for (LLVMUseRef u = f ? LLVMGetFirstUse(f) : NULL; u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (LLVMIsACallInst(user) && LLVMGetCalledValue(user) == f && ir_vec_push(out, user))
            return ir_fail(p, "out of memory");
    }
    return 0;
}

int ir_other_resolve(pass *p, LLVMValueRef kernel)
{
    static const char *const names[] = {OTHER_INT, UNIFORM, DISTINCT};
    int rc = 0;
    for (unsigned k = 0; k < 3 && !rc; k++) {
        vec calls = {0};
        rc = calls_of(p, names[k], &calls);
        for (unsigned i = 0; i < calls.n && !rc; i++)
            rc = k == 0 ? resolve_other(p, kernel, calls.v[i])
                        : resolve_compare(p, kernel, calls.v[i], k == 1);
        free(calls.v);
    }
    return rc;
}
