/*
 * ir_deadlocal.c -- is a memory local's value at a loop header irrelevant?
 * (contract in ir_deadlocal.h)
 */
#include "ir_deadlocal.h"

#include "ir_walk.h"

#include <stdlib.h>

#define MAX_BLOCKS 512 /* a larger function: unsure (the analysis is quadratic) */

/* Does inst write all `size` bytes of a (a store of that size to it)? */
static int writes_all(LLVMValueRef inst, LLVMValueRef a, uint64_t size, LLVMTargetDataRef td)
{
    return LLVMIsAStoreInst(inst) && LLVMGetOperand(inst, 1) == a &&
           LLVMABISizeOfType(td, LLVMTypeOf(LLVMGetOperand(inst, 0))) == size;
}

static int is_marker(LLVMValueRef user)
{
    return LLVMIsACallInst(user) && (ir_callee_prefixed(LLVMGetCalledValue(user), "llvm.lifetime.") ||
                                     ir_callee_prefixed(LLVMGetCalledValue(user), "llvm.dbg."));
}

/* The function a call calls, through a constant bitcast too. */
static LLVMValueRef callee_of(LLVMValueRef call)
{
    LLVMValueRef f = LLVMGetCalledValue(call);
    while (f && LLVMIsAConstantExpr(f) && LLVMGetConstOpcode(f) == LLVMBitCast)
        f = LLVMGetOperand(f, 0);
    return f;
}

/* Does inst read a: a load of it, or scoped C's compare-exchange (the
 * stdatomic.h prelude's __gpumc_sc_cas), which takes `expected` by address,
 * reads it and writes it back on failure? */
static int reads(LLVMValueRef inst, LLVMValueRef a)
{
    if (LLVMIsALoadInst(inst))
        return LLVMGetOperand(inst, 0) == a;
    if (!LLVMIsACallInst(inst) || !ir_callee_prefixed(callee_of(inst), "__gpumc_sc_cas") ||
        LLVMGetNumArgOperands(inst) < 2)
        return 0;
    LLVMValueRef e = LLVMGetOperand(inst, 1);
    return e == a || (LLVMIsABitCastInst(e) && LLVMGetOperand(e, 0) == a);
}

/* Is u, a use of a (or of a cast of it), one this analysis understands? */
static int simple_use(LLVMValueRef user, LLVMValueRef v, LLVMValueRef a, int cast)
{
    if (LLVMIsALoadInst(user) || is_marker(user))
        return 1;
    if (LLVMIsAStoreInst(user))
        return !cast && LLVMGetOperand(user, 1) == v && LLVMGetOperand(user, 0) != v;
    if (LLVMIsACallInst(user))
        return LLVMGetNumArgOperands(user) > 1 && LLVMGetOperand(user, 1) == v &&
               LLVMGetOperand(user, 0) != v && ir_callee_prefixed(callee_of(user), "__gpumc_sc_cas");
    if (!cast && LLVMIsABitCastInst(user)) { /* (the markers' and the CAS's i8*) */
        for (LLVMUseRef u = LLVMGetFirstUse(user); u; u = LLVMGetNextUse(u))
            if (!simple_use(LLVMGetUser(u), user, a, 1) || LLVMIsALoadInst(LLVMGetUser(u)))
                return 0;
        return 1;
    }
    return 0;
}

/* Are a's uses all ones this analysis understands? */
static int simple_uses(LLVMValueRef a)
{
    for (LLVMUseRef u = LLVMGetFirstUse(a); u; u = LLVMGetNextUse(u))
        if (!simple_use(LLVMGetUser(u), a, a, 0))
            return 0;
    return 1;
}

typedef struct blocks {
    LLVMBasicBlockRef *b;
    unsigned n;
    unsigned char *in, *out; /* written for sure on entry / on exit */
    unsigned char *writes;   /* the block itself writes all of the local */
} blocks;

static int index_of(const blocks *s, LLVMBasicBlockRef b)
{
    for (unsigned i = 0; i < s->n; i++)
        if (s->b[i] == b)
            return (int)i;
    return -1;
}

/* The blocks reachable from the header, the header first. */
static int reachable(LLVMBasicBlockRef header, unsigned max, blocks *s)
{
    s->b[s->n++] = header;
    for (unsigned i = 0; i < s->n; i++) {
        LLVMValueRef t = LLVMGetBasicBlockTerminator(s->b[i]);
        unsigned k = t ? LLVMGetNumSuccessors(t) : 0;
        for (unsigned j = 0; j < k; j++) {
            LLVMBasicBlockRef next = LLVMGetSuccessor(t, j);
            if (index_of(s, next) >= 0)
                continue;
            if (s->n == max)
                return -1;
            s->b[s->n++] = next;
        }
    }
    return 0;
}

static int block_writes(LLVMBasicBlockRef b, LLVMValueRef a, uint64_t size, LLVMTargetDataRef td)
{
    for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i))
        if (writes_all(i, a, size, td))
            return 1;
    return 0;
}

/* Must-write dataflow from the header (its entry: not written, whatever
 * comes round the back edges), down from "written" to a fixpoint. */
static void must_write(blocks *s)
{
    for (unsigned i = 0; i < s->n; i++) {
        s->in[i] = i != 0;
        s->out[i] = 1;
    }
    for (int changed = 1; changed;) {
        changed = 0;
        for (unsigned i = 0; i < s->n; i++) {
            if (i) { /* every predecessor's exit (one outside the set is never reached) */
                unsigned char in = 1;
                for (unsigned p = 0; p < s->n; p++) {
                    LLVMValueRef t = LLVMGetBasicBlockTerminator(s->b[p]);
                    unsigned k = t ? LLVMGetNumSuccessors(t) : 0;
                    for (unsigned j = 0; j < k; j++)
                        if (LLVMGetSuccessor(t, j) == s->b[i])
                            in &= s->out[p];
                }
                changed |= in != s->in[i];
                s->in[i] = in;
            }
            unsigned char out = s->in[i] || s->writes[i];
            changed |= out != s->out[i];
            s->out[i] = out;
        }
    }
}

/* Is every read of a in the blocks preceded by a full write? */
static int reads_written(const blocks *s, LLVMValueRef a, uint64_t size, LLVMTargetDataRef td)
{
    for (unsigned i = 0; i < s->n; i++) {
        int written = s->in[i];
        for (LLVMValueRef x = LLVMGetFirstInstruction(s->b[i]); x; x = LLVMGetNextInstruction(x)) {
            if (reads(x, a) && !written)
                return 0;
            written |= writes_all(x, a, size, td);
        }
    }
    return 1;
}

int ir_local_dead_at(LLVMValueRef alloca, LLVMBasicBlockRef header, LLVMTargetDataRef td)
{
    LLVMTypeRef t = LLVMGetAllocatedType(alloca);
    if (!LLVMTypeIsSized(t) || !LLVMIsAConstantInt(LLVMGetOperand(alloca, 0)) ||
        LLVMConstIntGetZExtValue(LLVMGetOperand(alloca, 0)) != 1 || !simple_uses(alloca))
        return 0;
    uint64_t size = LLVMABISizeOfType(td, t);
    LLVMValueRef fn = LLVMGetBasicBlockParent(header);
    unsigned max = LLVMCountBasicBlocks(fn);
    blocks s = {calloc(max, sizeof *s.b), 0, calloc(max, 1), calloc(max, 1), calloc(max, 1)};
    int dead = 0;
    if (max <= MAX_BLOCKS && s.b && s.in && s.out && s.writes &&
        reachable(header, max, &s) == 0) {
        for (unsigned i = 0; i < s.n; i++)
            s.writes[i] = (unsigned char)block_writes(s.b[i], alloca, size, td);
        must_write(&s);
        dead = reads_written(&s, alloca, size, td);
    }
    free(s.b);
    free(s.in);
    free(s.out);
    free(s.writes);
    return dead;
}
