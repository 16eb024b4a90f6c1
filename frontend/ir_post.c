/*
 * ir_post.c -- postconditions moved to the returns.  See ir_post.h.
 */
#include "ir_post.h"

#include <stdlib.h>
#include <string.h>

#include <llvm-c/DebugInfo.h>

#define POST_MARK "__gpumc_postcondition"
#define RETURN_VAL "__gpumc_return_val" /* __gpumc_return_val_int, _bool, _ptr, ... */
#define OLD_VAL "__gpumc_old" /* __gpumc_old_int: its argument's value on entry */
#define ASSERT_WHAT "__gpumc_assert_what"
#define ASSUME "__gpumc_assume"

/* old -> new pairs, stored flat in a vec: v[2i] old, v[2i+1] new */
static LLVMValueRef mapped(const vec *m, LLVMValueRef x)
{
    for (unsigned i = 0; i < m->n; i += 2)
        if (m->v[i] == x)
            return m->v[i + 1];
    return NULL;
}

static int map_add(vec *m, LLVMValueRef from, LLVMValueRef to)
{
    return ir_vec_push(m, from) || ir_vec_push(m, to) ? -1 : 0;
}

static const char *callee_name(LLVMValueRef inst)
{
    if (!LLVMIsACallInst(inst))
        return "";
    LLVMValueRef f = LLVMGetCalledValue(inst);
    size_t n;
    const char *s = f && LLVMIsAFunction(f) ? LLVMGetValueName2(f, &n) : NULL;
    return s ? s : "";
}

static int is_return_val(LLVMValueRef inst)
{
    return strncmp(callee_name(inst), RETURN_VAL, strlen(RETURN_VAL)) == 0;
}

static int is_old_val(LLVMValueRef inst)
{
    return strncmp(callee_name(inst), OLD_VAL, strlen(OLD_VAL)) == 0;
}

/* One __ensures: the marker call, the branch on it, the blocks it guards
 * (the region, entered at `then`) and where it goes on (`join`). */
typedef struct post {
    LLVMValueRef call, br;
    vec conv; /* what stands between the call and the branch (icmp, casts) */
    LLVMBasicBlockRef then, join;
    vec region; /* its blocks, as values, `then` first */
    vec olds;   /* __gpumc_old_*() calls -> their argument computed on entry */
} post;

static void post_free(post *q)
{
    free(q->conv.v);
    free(q->region.v);
    free(q->olds.v);
}

static int unsupported_form(pass *p, LLVMValueRef at)
{
    char w[512];
    return ir_fail(p, "%serror: unsupported: a postcondition (__ensures) gpumc cannot move to the "
                      "function's returns (write it as the first statements of the function)",
                   ir_where(p, at, w, sizeof w));
}

/* From the marker call to the conditional branch on its value. */
static int find_branch(pass *p, post *q)
{
    LLVMValueRef v = q->call;
    for (int depth = 0; depth < 4; depth++) {
        LLVMUseRef u = LLVMGetFirstUse(v);
        if (!u || LLVMGetNextUse(u))
            break;
        LLVMValueRef user = LLVMGetUser(u);
        if (LLVMIsABranchInst(user) && LLVMIsConditional(user)) {
            q->br = user;
            q->then = LLVMGetSuccessor(user, 0);
            q->join = LLVMGetSuccessor(user, 1);
            return 0;
        }
        if (!LLVMIsAICmpInst(user) && !LLVMIsACastInst(user))
            break;
        if (ir_vec_push(&q->conv, user) != 0)
            return ir_fail(p, "out of memory");
        v = user;
    }
    return unsupported_form(p, q->call);
}

static int in_vec(const vec *s, LLVMValueRef x)
{
    for (unsigned i = 0; i < s->n; i++)
        if (s->v[i] == x)
            return 1;
    return 0;
}

static int in_region(const post *q, LLVMBasicBlockRef bb)
{
    return in_vec(&q->region, LLVMBasicBlockAsValue(bb));
}

/* The blocks reachable from `then` short of `join`: the test of e.  Its
 * exits all go to `join`; a return inside it, or a join that merges a
 * value out of it, is not the form the macro gives. */
static int find_region(pass *p, post *q)
{
    if (ir_vec_push(&q->region, LLVMBasicBlockAsValue(q->then)) != 0)
        return ir_fail(p, "out of memory");
    for (unsigned i = 0; i < q->region.n; i++) {
        LLVMBasicBlockRef bb = LLVMValueAsBasicBlock(q->region.v[i]);
        LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
        if (!term || LLVMGetInstructionOpcode(term) == LLVMRet || q->region.n > 256)
            return unsupported_form(p, q->call);
        for (unsigned s = 0; s < LLVMGetNumSuccessors(term); s++) {
            LLVMBasicBlockRef next = LLVMGetSuccessor(term, s);
            if (next != q->join && !in_region(q, next) &&
                ir_vec_push(&q->region, LLVMBasicBlockAsValue(next)) != 0)
                return ir_fail(p, "out of memory");
        }
    }
    for (LLVMValueRef i = LLVMGetFirstInstruction(q->join); i && LLVMIsAPHINode(i);
         i = LLVMGetNextInstruction(i))
        for (unsigned k = 0; k < LLVMCountIncoming(i); k++)
            if (in_region(q, LLVMGetIncomingBlock(i, k)))
                return unsupported_form(p, q->call);
    return 0;
}

/* A copy, in front of the branch on the marker (on entry), of what v
 * needs inside the region: __old_int(e)'s e evaluated on entry.  Loads,
 * address arithmetic, casts, operators and calls qualify; a value that
 * depends on how the region branched (a phi) or on what it stores does
 * not.  0, or nonzero after ir_fail. */
static int hoist(pass *p, post *q, vec *done, LLVMValueRef v, LLVMValueRef *out)
{
    *out = v;
    if (!LLVMIsAInstruction(v) || !in_region(q, LLVMGetInstructionParent(v)))
        return 0;
    LLVMValueRef seen = mapped(done, v);
    if (seen) {
        *out = seen;
        return 0;
    }
    if (LLVMIsAPHINode(v) || LLVMIsAStoreInst(v) || LLVMIsAAllocaInst(v) ||
        LLVMIsATerminatorInst(v) || is_return_val(v) || is_old_val(v)) {
        char w[512];
        return ir_fail(p, "%serror: unsupported: an __old_int() argument gpumc cannot evaluate on "
                          "entry to the function (it depends on the postcondition's own branches "
                          "or results)",
                       ir_where(p, v, w, sizeof w));
    }
    int n = LLVMGetNumOperands(v);
    for (int k = 0; k < n; k++) { /* operands first: they go in front of it */
        LLVMValueRef nop;
        if (hoist(p, q, done, LLVMGetOperand(v, k), &nop) != 0)
            return p->d->code;
    }
    LLVMValueRef copy = LLVMInstructionClone(v);
    LLVMPositionBuilderBefore(p->b, q->br);
    LLVMSetCurrentDebugLocation2(p->b, NULL); /* the copy keeps its own */
    LLVMInsertIntoBuilder(p->b, copy);
    for (int k = 0; k < n; k++) {
        LLVMValueRef op = LLVMGetOperand(v, k), nop = mapped(done, op);
        if (nop)
            LLVMSetOperand(copy, k, nop);
    }
    *out = copy;
    return map_add(done, v, copy) != 0 ? ir_fail(p, "out of memory") : 0;
}

/* Every __gpumc_old_*() of the region gets its argument's value on entry. */
static int hoist_olds(pass *p, post *q)
{
    vec done = {0};
    int rc = 0;
    for (unsigned i = 0; i < q->region.n && !rc; i++)
        for (LLVMValueRef inst = LLVMGetFirstInstruction(LLVMValueAsBasicBlock(q->region.v[i]));
             inst && !rc; inst = LLVMGetNextInstruction(inst)) {
            LLVMValueRef v;
            if (!is_old_val(inst))
                continue;
            rc = hoist(p, q, &done, LLVMGetOperand(inst, 0), &v);
            if (!rc && LLVMTypeOf(v) != LLVMTypeOf(inst)) {
                char w[512];
                rc = ir_fail(p, "%serror: unsupported: __old_int() of a value that is not an int",
                             ir_where(p, inst, w, sizeof w));
            }
            if (!rc && map_add(&q->olds, inst, v) != 0)
                rc = ir_fail(p, "out of memory");
        }
    free(done.v);
    return rc;
}

/* What stands for __gpumc_return_val_*() at a return of v. */
static int return_value(pass *p, LLVMValueRef call, LLVMValueRef v, LLVMValueRef *out)
{
    LLVMTypeRef want = LLVMTypeOf(call);
    char w[512];
    if (!v)
        return ir_fail(p, "%serror: __%s() in a postcondition of a function that returns nothing",
                       ir_where(p, call, w, sizeof w), callee_name(call) + 8);
    LLVMTypeRef have = LLVMTypeOf(v);
    if (have == want) {
        *out = v;
        return 0;
    }
    if (LLVMGetTypeKind(have) == LLVMPointerTypeKind && LLVMGetTypeKind(want) == LLVMPointerTypeKind) {
        *out = LLVMBuildPointerCast(p->b, v, want, "");
        return 0;
    }
    /* GPUVerify refuses these too: the check would be of another value */
    return ir_fail(p, "%serror: the type of __%s() does not match the function's return type",
                   ir_where(p, call, w, sizeof w), callee_name(call) + 8);
}

/* A copy of q's region run just before `ret` (in its block), going on to
 * the return itself, which moves to a block of its own. */
/* Is fn named __spec_* (C++: mangled as _Z<length>__spec_...)? */
static int is_spec(LLVMValueRef fn)
{
    size_t n;
    const char *s = LLVMGetValueName2(fn, &n);
    if (s && s[0] == '_' && s[1] == 'Z')
        for (s += 2; *s >= '0' && *s <= '9'; s++)
            ;
    return s && strncmp(s, "__spec_", 7) == 0;
}

/* A call assuming what `assert_call` (an __gpumc_assert_what) asserts. */
static LLVMValueRef assume_instead(pass *p, LLVMValueRef assert_call)
{
    LLVMTypeRef ty = LLVMFunctionType(p->vd, &p->i32, 1, 0);
    LLVMValueRef f = LLVMGetNamedFunction(p->m, ASSUME);
    if (!f)
        f = LLVMAddFunction(p->m, ASSUME, ty);
    LLVMValueRef cond = LLVMGetOperand(assert_call, 0);
    LLVMValueRef call = LLVMBuildCall2(p->b, ty, f, &cond, 1, "");
    LLVMInstructionSetDebugLoc(call, LLVMInstructionGetDebugLoc(assert_call));
    return call;
}

static int copy_before(pass *p, LLVMValueRef fn, const post *q, LLVMValueRef ret)
{
    /* GPUVerify assumes, rather than checks, the contract of a function
     * named __spec_*: a specification standing for code it does not see */
    int assumed = is_spec(fn);
    LLVMBasicBlockRef at = LLVMGetInstructionParent(ret);
    LLVMValueRef rv = LLVMGetNumOperands(ret) ? LLVMGetOperand(ret, 0) : NULL;
    LLVMBasicBlockRef exit = LLVMAppendBasicBlockInContext(p->cx, fn, "post.ret");
    vec m = {0}, phis = {0}, clones = {0};
    int rc = 0;
    /* the builder stamps what it inserts with its current location (that
     * of the last instruction it was positioned at): the copies keep their
     * own, the __ensures line */
    LLVMSetCurrentDebugLocation2(p->b, NULL);
    for (unsigned i = 0; i < q->region.n && !rc; i++)
        rc = map_add(&m, q->region.v[i],
                     LLVMBasicBlockAsValue(LLVMAppendBasicBlockInContext(p->cx, fn, "post")));
    for (unsigned i = 0; i < q->region.n && !rc; i++) {
        LLVMBasicBlockRef from = LLVMValueAsBasicBlock(q->region.v[i]);
        LLVMPositionBuilderAtEnd(p->b, LLVMValueAsBasicBlock(mapped(&m, q->region.v[i])));
        for (LLVMValueRef inst = LLVMGetFirstInstruction(from); inst && !rc;
             inst = LLVMGetNextInstruction(inst)) {
            LLVMValueRef copy = NULL;
            if (LLVMIsAPHINode(inst)) { /* its incoming blocks are set below */
                copy = LLVMBuildPhi(p->b, LLVMTypeOf(inst), "");
                rc = ir_vec_push(&phis, inst);
            } else if (is_return_val(inst)) {
                rc = return_value(p, inst, rv, &copy);
            } else if (is_old_val(inst)) {
                copy = mapped(&q->olds, inst);
            } else if (assumed && !strcmp(callee_name(inst), ASSERT_WHAT)) {
                copy = assume_instead(p, inst);
                rc = ir_vec_push(&clones, copy); /* its operand is remapped below */
            } else {
                copy = LLVMInstructionClone(inst);
                LLVMInsertIntoBuilder(p->b, copy);
                rc = ir_vec_push(&clones, copy);
            }
            if (!rc)
                rc = map_add(&m, inst, copy);
        }
    }
    /* operands from inside the region are its copies; branches to the
     * join go to the return */
    for (unsigned i = 0; i < clones.n && !rc; i++) {
        LLVMValueRef copy = clones.v[i];
        if (LLVMIsABranchInst(copy) || LLVMIsASwitchInst(copy)) {
            for (unsigned s = 0; s < LLVMGetNumSuccessors(copy); s++) {
                LLVMBasicBlockRef to = LLVMGetSuccessor(copy, s);
                LLVMValueRef nb = mapped(&m, LLVMBasicBlockAsValue(to));
                LLVMSetSuccessor(copy, s, nb ? LLVMValueAsBasicBlock(nb) : exit);
            }
        }
        for (int k = 0; k < LLVMGetNumOperands(copy); k++) {
            LLVMValueRef op = LLVMGetOperand(copy, k);
            LLVMValueRef to = op && !LLVMValueIsBasicBlock(op) ? mapped(&m, op) : NULL;
            if (to)
                LLVMSetOperand(copy, k, to);
        }
    }
    for (unsigned i = 0; i < phis.n && !rc; i++) {
        LLVMValueRef old = phis.v[i], copy = mapped(&m, old);
        for (unsigned k = 0; k < LLVMCountIncoming(old); k++) {
            LLVMValueRef v = LLVMGetIncomingValue(old, k), nv = mapped(&m, v);
            LLVMBasicBlockRef bb = LLVMValueAsBasicBlock(
                mapped(&m, LLVMBasicBlockAsValue(LLVMGetIncomingBlock(old, k))));
            nv = nv ? nv : v;
            LLVMAddIncoming(copy, &nv, &bb, 1);
        }
    }
    /* an __old_int() argument's copy at exit computes nothing used: its
     * loads would be accesses the program does not make there */
    for (unsigned i = clones.n; i-- > 0 && !rc;) {
        LLVMValueRef c = clones.v[i];
        if (!LLVMGetFirstUse(c) && (LLVMIsALoadInst(c) || LLVMIsAGetElementPtrInst(c) ||
                                    LLVMIsACastInst(c) || LLVMIsABinaryOperator(c) ||
                                    LLVMIsACmpInst(c) || LLVMIsASelectInst(c)))
            LLVMInstructionEraseFromParent(c);
    }
    if (!rc) {
        LLVMInstructionRemoveFromParent(ret);
        LLVMPositionBuilderAtEnd(p->b, exit);
        LLVMInsertIntoBuilder(p->b, ret);
        LLVMPositionBuilderAtEnd(p->b, at);
        LLVMBuildBr(p->b, LLVMValueAsBasicBlock(mapped(&m, LLVMBasicBlockAsValue(q->then))));
    }
    free(m.v);
    free(phis.v);
    free(clones.v);
    return rc;
}

/* The original goes: the branch goes straight on, the region is deleted. */
static void remove_original(pass *p, post *q)
{
    LLVMPositionBuilderBefore(p->b, q->br);
    LLVMBuildBr(p->b, q->join);
    LLVMInstructionEraseFromParent(q->br);
    for (unsigned i = q->conv.n; i-- > 0;)
        LLVMInstructionEraseFromParent(q->conv.v[i]);
    LLVMInstructionEraseFromParent(q->call);
    for (unsigned i = 0; i < q->region.n; i++)
        for (LLVMValueRef inst = LLVMGetFirstInstruction(LLVMValueAsBasicBlock(q->region.v[i]));
             inst; inst = LLVMGetNextInstruction(inst))
            if (LLVMGetTypeKind(LLVMTypeOf(inst)) != LLVMVoidTypeKind)
                LLVMReplaceAllUsesWith(inst, LLVMGetUndef(LLVMTypeOf(inst)));
    for (unsigned i = 0; i < q->region.n; i++)
        LLVMInstructionEraseFromParent(
            LLVMGetBasicBlockTerminator(LLVMValueAsBasicBlock(q->region.v[i])));
    for (unsigned i = 0; i < q->region.n; i++)
        LLVMDeleteBasicBlock(LLVMValueAsBasicBlock(q->region.v[i]));
}

/* Does every path from fn's entry to a return pass through bb (so what is
 * computed there on entry is there at every return)?  -1: out of memory. */
static int before_every_return(LLVMValueRef fn, LLVMBasicBlockRef bb)
{
    vec seen = {0};
    LLVMValueRef entry = LLVMBasicBlockAsValue(LLVMGetEntryBasicBlock(fn));
    int ok = 1;
    if (LLVMValueAsBasicBlock(entry) != bb && ir_vec_push(&seen, entry) != 0)
        ok = -1;
    for (unsigned i = 0; i < seen.n && ok == 1; i++) {
        LLVMValueRef t = LLVMGetBasicBlockTerminator(LLVMValueAsBasicBlock(seen.v[i]));
        if (!t || LLVMGetInstructionOpcode(t) == LLVMRet) {
            ok = 0;
            break;
        }
        for (unsigned k = 0; k < LLVMGetNumSuccessors(t) && ok == 1; k++) {
            LLVMBasicBlockRef next = LLVMGetSuccessor(t, k);
            if (next != bb && !in_vec(&seen, LLVMBasicBlockAsValue(next)) &&
                ir_vec_push(&seen, LLVMBasicBlockAsValue(next)) != 0)
                ok = -1;
        }
    }
    free(seen.v);
    return ok;
}

static int move_one(pass *p, LLVMValueRef fn, LLVMValueRef call)
{
    post q = {0};
    q.call = call;
    vec rets = {0};
    int rc = find_branch(p, &q);
    if (!rc) { /* GPUVerify's rule: a function's contract comes first */
        int first = before_every_return(fn, LLVMGetInstructionParent(call));
        rc = first < 0 ? ir_fail(p, "out of memory") : !first ? unsupported_form(p, call) : 0;
    }
    if (!rc)
        rc = find_region(p, &q);
    if (!rc)
        rc = hoist_olds(p, &q);
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb && !rc; bb = LLVMGetNextBasicBlock(bb)) {
        LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
        if (t && LLVMGetInstructionOpcode(t) == LLVMRet && ir_vec_push(&rets, t) != 0)
            rc = ir_fail(p, "out of memory");
    }
    for (unsigned i = 0; i < rets.n && !rc; i++)
        rc = copy_before(p, fn, &q, rets.v[i]);
    if (!rc)
        remove_original(p, &q);
    free(rets.v);
    post_free(&q);
    return rc;
}

static int collect_calls(LLVMValueRef fn, const char *prefix, vec *out)
{
    size_t n = strlen(prefix);
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
            if (strncmp(callee_name(i), prefix, n) == 0 && ir_vec_push(out, i) != 0)
                return -1;
    return 0;
}

int ir_post_move(pass *p)
{
    int rc = 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(p->m); fn && !rc; fn = LLVMGetNextFunction(fn)) {
        vec sites = {0};
        if (collect_calls(fn, POST_MARK, &sites) != 0)
            rc = ir_fail(p, "out of memory");
        for (unsigned i = 0; i < sites.n && !rc; i++)
            rc = move_one(p, fn, sites.v[i]);
        free(sites.v);
        vec left = {0}; /* what no postcondition took */
        if (!rc && (collect_calls(fn, RETURN_VAL, &left) != 0 ||
                    collect_calls(fn, OLD_VAL, &left) != 0))
            rc = ir_fail(p, "out of memory");
        if (!rc && left.n) {
            char w[512];
            rc = ir_fail(p, "%serror: unsupported: __%s() outside a postcondition (__ensures)",
                         ir_where(p, left.v[0], w, sizeof w), callee_name(left.v[0]) + 8);
        }
        free(left.v);
    }
    return rc;
}
