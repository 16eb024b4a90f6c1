/*
 * ir_builtins.c -- language builtins the pass knows by name: the NVVM
 * intrinsics clang emits for CUDA builtins, and the OpenCL C built-in
 * functions (work-item functions, barriers, fences, 1.x and 2.0 atomics),
 * which clang declares (-fdeclare-opencl-builtins) but nobody defines.
 * Each call becomes adapter calls with the semantics of SPEC 3.1/3.2.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir_internal.h"
#include "ir_names.h"

/* ---- NVVM ---------------------------------------------------------------- */

static int nvvm_sreg(pass *p, LLVMValueRef call, const char *reg)
{
    static const char *const sregs[] = {
        "tid.x", "tid.y", "tid.z", "ctaid.x", "ctaid.y", "ctaid.z",
        "ntid.x", "ntid.y", "ntid.z", "nctaid.x", "nctaid.y", "nctaid.z", "warpsize", "laneid"};
    for (unsigned i = 0; i < sizeof sregs / sizeof sregs[0]; i++)
        if (!strcmp(reg, sregs[i])) {
            LLVMValueRef a = ir_c32(p, i);
            ir_replace(call, ir_call(p, RT_SREG, &a, 1));
            return 1;
        }
    return 0;
}

/* Is g a texture reference: nvvm.annotations holds {g, !"texture", 1}? */
static int texture_ref(pass *p, LLVMValueRef g)
{
    unsigned n = LLVMGetNamedMetadataNumOperands(p->m, "nvvm.annotations");
    LLVMValueRef *notes = malloc((n ? n : 1) * sizeof *notes), op[3];
    int found = 0;
    if (!notes)
        return 0;
    LLVMGetNamedMetadataOperands(p->m, "nvvm.annotations", notes);
    for (unsigned i = 0; i < n && !found; i++) {
        if (LLVMGetMDNodeNumOperands(notes[i]) != 3)
            continue;
        LLVMGetMDNodeOperands(notes[i], op);
        unsigned len = 0;
        const char *kind = op[1] ? LLVMGetMDString(op[1], &len) : NULL;
        found = op[0] == g && kind && len == 7 && !memcmp(kind, "texture", 7);
    }
    free(notes);
    return found;
}

/* The handle of a texture reference (what device code passes for the
 * texture<T, dim, mode> struct): entry j of the harness's table, which
 * points to the descriptor built from --arg NAME=... (ir_glue.c).  0 if g
 * is not one (a surface reference). */
static int bind_texture_ref(pass *p, LLVMValueRef call, int *rc)
{
    LLVMValueRef g = LLVMGetOperand(call, 0);
    while (LLVMIsAConstantExpr(g))
        g = LLVMGetOperand(g, 0);
    if (!LLVMIsAGlobalVariable(g) || !texture_ref(p, g))
        return 0;
    unsigned j = 0;
    while (j < p->texrefs.n && p->texrefs.v[j] != g)
        j++;
    if (j == p->texrefs.n && ir_vec_push(&p->texrefs, g)) {
        *rc = ir_fail(p, "out of memory");
        return 1;
    }
    if (!p->texref_table)
        p->texref_table = LLVMAddGlobal(p->m, p->i8p, "__gpumc_ir_texrefs");
    LLVMValueRef idx = LLVMConstInt(p->i64, j, 0);
    LLVMValueRef at = LLVMBuildGEP2(p->b, p->i8p, p->texref_table, &idx, 1, "");
    LLVMValueRef handle = LLVMBuildLoad2(p->b, p->i8p, at, "");
    ir_replace(call, LLVMBuildPtrToInt(p->b, handle, LLVMTypeOf(call), ""));
    return 1;
}

int ir_builtin_nvvm(pass *p, LLVMValueRef call, const char *name, int *rc)
{
    if (strncmp(name, "llvm.nvvm.", 10))
        return 0;
    const char *sreg = "llvm.nvvm.read.ptx.sreg.";
    LLVMPositionBuilderBefore(p->b, call);
    if (!strncmp(name, sreg, strlen(sreg)) && nvvm_sreg(p, call, name + strlen(sreg)))
        return 1;
    if (!strcmp(name, "llvm.nvvm.barrier0")) {
        LLVMValueRef a[] = {ir_c32(p, 1), ir_c32(p, p->nbarriers++), ir_c32(p, ir_src(p, call))};
        ir_call(p, RT_BARRIER, a, 3);
        ir_replace(call, NULL);
        return 1;
    }
    if (!strncmp(name, "llvm.nvvm.membar.", 17)) {
        const char *s = name + 17;
        int scope = !strcmp(s, "cta") ? 1 : !strcmp(s, "gl") ? 2 : 3;
        LLVMValueRef a[] = {ir_c32(p, 5), ir_c32(p, (unsigned)scope), ir_c32(p, ir_src(p, call))};
        ir_call(p, RT_FENCE, a, 3);
        ir_replace(call, NULL);
        return 1;
    }
    if (!strncmp(name, "llvm.nvvm.texsurf.handle.internal", 33) && bind_texture_ref(p, call, rc))
        return 1;
    char what[256];
    if (strstr(name, ".texsurf") || strstr(name, ".suld") || strstr(name, ".sust"))
        snprintf(what, sizeof what, IR_IMAGES_UNSUPPORTED " (a surface reference); pass the data "
                 "in a buffer");
    else if (strstr(name, ".tex"))
        snprintf(what, sizeof what, IR_IMAGES_UNSUPPORTED " (a texture instruction); pass the "
                 "data in a buffer");
    else
        snprintf(what, sizeof what, "the NVVM intrinsic '%s'", name);
    *rc = ir_stop_at_run_time(p, call, what);
    return 1;
}

/* ---- OpenCL ----------------------------------------------------------------- */

enum { ORD_SC = 5, SCOPE_DEVICE = 2 };

/* An OpenCL memory_order value (C11 numbering) as a gpumc order:
 * relaxed 0 -> 1, consume 1 -> acquire 2, others equal. */
static LLVMValueRef cl_order(pass *p, LLVMValueRef v)
{
    v = LLVMBuildIntCast2(p->b, v, p->i32, 0, "");
    LLVMValueRef low = LLVMBuildICmp(p->b, LLVMIntULE, v, ir_c32(p, 1), "");
    return LLVMBuildSelect(p->b, low, LLVMBuildAdd(p->b, v, ir_c32(p, 1), ""), v, "");
}

/* An OpenCL memory_scope: work_item 0, work_group 1, device 2,
 * all_svm_devices 3 as gpumc's; sub_group 4 as work-group. */
static LLVMValueRef cl_scope(pass *p, LLVMValueRef v)
{
    v = LLVMBuildIntCast2(p->b, v, p->i32, 0, "");
    LLVMValueRef sub = LLVMBuildICmp(p->b, LLVMIntEQ, v, ir_c32(p, 4), "");
    return LLVMBuildSelect(p->b, sub, ir_c32(p, 1), v, "");
}

typedef enum cl_kind {
    CL_WI, CL_BARRIER, CL_MEMFENCE, CL_WIFENCE, CL_LOAD, CL_STORE, CL_INIT, CL_RMW,
    CL_RMW1,    /* 1.x: (p, v) -> old, relaxed device scope */
    CL_INCDEC1, /* 1.x atomic_inc / atomic_dec: (p) -> old */
    CL_CAS1,    /* 1.x atomic_cmpxchg: (p, cmp, v) -> old */
    CL_CAS,     /* 2.0 compare_exchange: (obj, expected*, desired[, s, f[, scope]]) -> bool */
    CL_FLAG_TAS, CL_FLAG_CLEAR,
    CL_ASYNC_COPY, /* async_work_group_(strided_)copy: op 1 = strided */
    CL_WAIT_EVENTS, CL_PREFETCH
} cl_kind;

typedef struct cl_builtin {
    const char *name;
    cl_kind kind;
    int op; /* gpumc_rmw_op, work-item function number, or a fence's order */
} cl_builtin;

/* Work-item functions are numbered as the adapter's __gpumc_ir_clwi. */
static const cl_builtin cl_builtins[] = {
    {"get_global_id", CL_WI, 0}, {"get_local_id", CL_WI, 1}, {"get_group_id", CL_WI, 2},
    {"get_global_size", CL_WI, 3}, {"get_local_size", CL_WI, 4}, {"get_num_groups", CL_WI, 5},
    {"get_work_dim", CL_WI, 6}, {"get_global_offset", CL_WI, 7},
    {"get_enqueued_local_size", CL_WI, 4}, {"get_global_linear_id", CL_WI, 8},
    {"get_local_linear_id", CL_WI, 9},
    {"barrier", CL_BARRIER, 0}, {"work_group_barrier", CL_BARRIER, 0},
    {"mem_fence", CL_MEMFENCE, 4}, {"read_mem_fence", CL_MEMFENCE, 2},
    {"write_mem_fence", CL_MEMFENCE, 3}, {"atomic_work_item_fence", CL_WIFENCE, 0},
    {"atomic_load", CL_LOAD, 0}, {"atomic_load_explicit", CL_LOAD, 0},
    {"atomic_store", CL_STORE, 0}, {"atomic_store_explicit", CL_STORE, 0},
    {"atomic_init", CL_INIT, 0},
    {"atomic_exchange", CL_RMW, 0}, {"atomic_exchange_explicit", CL_RMW, 0},
    {"atomic_fetch_add", CL_RMW, 1}, {"atomic_fetch_add_explicit", CL_RMW, 1},
    {"atomic_fetch_sub", CL_RMW, 2}, {"atomic_fetch_sub_explicit", CL_RMW, 2},
    {"atomic_fetch_and", CL_RMW, 3}, {"atomic_fetch_and_explicit", CL_RMW, 3},
    {"atomic_fetch_or", CL_RMW, 4}, {"atomic_fetch_or_explicit", CL_RMW, 4},
    {"atomic_fetch_xor", CL_RMW, 5}, {"atomic_fetch_xor_explicit", CL_RMW, 5},
    {"atomic_fetch_min", CL_RMW, 6}, {"atomic_fetch_min_explicit", CL_RMW, 6},
    {"atomic_fetch_max", CL_RMW, 7}, {"atomic_fetch_max_explicit", CL_RMW, 7},
    {"atomic_compare_exchange_strong", CL_CAS, 0},
    {"atomic_compare_exchange_strong_explicit", CL_CAS, 0},
    {"atomic_compare_exchange_weak", CL_CAS, 1},
    {"atomic_compare_exchange_weak_explicit", CL_CAS, 1},
    {"atomic_flag_test_and_set", CL_FLAG_TAS, 0},
    {"atomic_flag_test_and_set_explicit", CL_FLAG_TAS, 0},
    {"atomic_flag_clear", CL_FLAG_CLEAR, 0}, {"atomic_flag_clear_explicit", CL_FLAG_CLEAR, 0},
    {"atomic_add", CL_RMW1, 1}, {"atom_add", CL_RMW1, 1},
    {"atomic_sub", CL_RMW1, 2}, {"atom_sub", CL_RMW1, 2},
    {"atomic_xchg", CL_RMW1, 0}, {"atom_xchg", CL_RMW1, 0},
    {"atomic_and", CL_RMW1, 3}, {"atom_and", CL_RMW1, 3},
    {"atomic_or", CL_RMW1, 4}, {"atom_or", CL_RMW1, 4},
    {"atomic_xor", CL_RMW1, 5}, {"atom_xor", CL_RMW1, 5},
    {"atomic_min", CL_RMW1, 6}, {"atom_min", CL_RMW1, 6},
    {"atomic_max", CL_RMW1, 7}, {"atom_max", CL_RMW1, 7},
    {"atomic_inc", CL_INCDEC1, 1}, {"atom_inc", CL_INCDEC1, 1},
    {"atomic_dec", CL_INCDEC1, 2}, {"atom_dec", CL_INCDEC1, 2},
    {"atomic_cmpxchg", CL_CAS1, 0}, {"atom_cmpxchg", CL_CAS1, 0},
    {"async_work_group_copy", CL_ASYNC_COPY, 0},
    {"async_work_group_strided_copy", CL_ASYNC_COPY, 1},
    {"wait_group_events", CL_WAIT_EVENTS, 0}, {"prefetch", CL_PREFETCH, 0},
};

/* The value type an atomic built-in works on: its pointee. */
static LLVMTypeRef pointee(LLVMValueRef ptr)
{
    return LLVMGetElementType(LLVMTypeOf(ptr));
}

static LLVMValueRef arg(LLVMValueRef call, unsigned i)
{
    return LLVMGetOperand(call, i);
}

/* Optional trailing order/scope arguments, else the defaults. */
static LLVMValueRef opt_order(pass *p, LLVMValueRef call, unsigned i)
{
    return (unsigned)LLVMGetNumArgOperands(call) > i ? cl_order(p, arg(call, i))
                                                    : ir_c32(p, ORD_SC);
}

static LLVMValueRef opt_scope(pass *p, LLVMValueRef call, unsigned i)
{
    return (unsigned)LLVMGetNumArgOperands(call) > i ? cl_scope(p, arg(call, i))
                                                    : ir_c32(p, SCOPE_DEVICE);
}

static LLVMValueRef size_of(pass *p, LLVMTypeRef t)
{
    return ir_c32(p, ir_store_size(p, t));
}

static LLVMValueRef rmw(pass *p, LLVMValueRef call, LLVMValueRef obj, int op, LLVMValueRef v,
                        LLVMValueRef ord, LLVMValueRef scope, unsigned src)
{
    LLVMTypeRef t = pointee(obj);
    if (LLVMTypeOf(v) != t && LLVMGetTypeKind(t) == LLVMIntegerTypeKind)
        v = LLVMBuildIntCast2(p->b, v, t, 0, "");
    LLVMValueRef a[] = {ir_i8p(p, obj), size_of(p, t), ir_c32(p, ir_rmw_op((unsigned)op, call)),
                        ir_to_i64(p, v),
                        ord, scope, ir_c32(p, src)};
    return ir_from_i64(p, ir_call(p, RT_RMW, a, 7), t);
}

/* min/max on unsigned types use the unsigned operations, add/sub on
 * floating point the floating ones (mangled type codes). */
static int signed_op(int op, const char *mangled)
{
    char c = *ir_first_value_type(mangled);
    int is_unsigned = c == 'h' || c == 't' || c == 'j' || c == 'm' || c == 'y';
    if ((op == 6 || op == 7) && is_unsigned)
        return op + 2;
    if ((op == 1 || op == 2) && (c == 'f' || c == 'd'))
        return op + 11;
    return op;
}

static LLVMValueRef cl_cas(pass *p, LLVMValueRef call, int weak, unsigned src, int *rc)
{
    LLVMValueRef obj = arg(call, 0), expp = arg(call, 1), desired = arg(call, 2);
    LLVMTypeRef t = pointee(obj);
    if (!ir_is_private(p, expp)) {
        char w[512];
        *rc = ir_fail(p, "%serror: unsupported: the 'expected' argument of a compare-exchange "
                      "in shared memory", ir_where(p, call, w, sizeof w));
        return NULL;
    }
    LLVMValueRef exp = LLVMBuildLoad2(p->b, t, expp, "");
    LLVMValueRef exp64 = ir_to_i64(p, exp);
    LLVMValueRef so = opt_order(p, call, 3), fo = opt_order(p, call, 4);
    LLVMValueRef a[] = {ir_i8p(p, obj), size_of(p, t), exp64, ir_to_i64(p, desired), so, fo,
                        opt_scope(p, call, 5), ir_c32(p, (unsigned)weak), ir_c32(p, src)};
    LLVMValueRef old = ir_call(p, RT_CAS, a, 9);
    LLVMBuildStore(p->b, ir_from_i64(p, old, t), expp); /* == exp when it succeeded */
    LLVMValueRef ok = LLVMBuildICmp(p->b, LLVMIntEQ, old, exp64, "");
    return LLVMBuildZExt(p->b, ok, LLVMTypeOf(call), "");
}

static LLVMValueRef cl_cas1(pass *p, LLVMValueRef call, unsigned src)
{
    LLVMValueRef obj = arg(call, 0);
    LLVMTypeRef t = pointee(obj);
    LLVMValueRef a[] = {ir_i8p(p, obj), size_of(p, t), ir_to_i64(p, arg(call, 1)),
                        ir_to_i64(p, arg(call, 2)), ir_c32(p, 1), ir_c32(p, 1),
                        ir_c32(p, SCOPE_DEVICE), ir_c32(p, ir_result_unused(call) ? IR_CAS_UNUSED : 0),
                        ir_c32(p, src)};
    return ir_from_i64(p, ir_call(p, RT_CAS, a, 9), t);
}

static LLVMValueRef cl_load(pass *p, LLVMValueRef obj, LLVMValueRef ord, LLVMValueRef scope,
                            unsigned src)
{
    LLVMTypeRef t = pointee(obj);
    LLVMValueRef a[] = {ir_i8p(p, obj), size_of(p, t), ord, scope, ir_c32(p, src)};
    return ir_from_i64(p, ir_call(p, RT_LOAD, a, 5), t);
}

static void cl_store(pass *p, LLVMValueRef obj, LLVMValueRef v, LLVMValueRef ord,
                     LLVMValueRef scope, unsigned src)
{
    LLVMTypeRef t = pointee(obj);
    if (LLVMTypeOf(v) != t && LLVMGetTypeKind(t) == LLVMIntegerTypeKind)
        v = LLVMBuildIntCast2(p->b, v, t, 0, "");
    LLVMValueRef a[] = {ir_i8p(p, obj), size_of(p, t), ir_to_i64(p, v), ord, scope,
                        ir_c32(p, src)};
    ir_call(p, RT_STORE, a, 6);
}

static LLVMValueRef cl_workitem(pass *p, LLVMValueRef call, int fn)
{
    LLVMValueRef dim = LLVMGetNumArgOperands(call) > 0
                           ? LLVMBuildIntCast2(p->b, arg(call, 0), p->i32, 0, "")
                           : ir_c32(p, 0);
    LLVMValueRef a[] = {ir_c32(p, (unsigned)fn), dim};
    LLVMValueRef v = ir_call(p, RT_CLWI, a, 2);
    return LLVMBuildIntCast2(p->b, v, LLVMTypeOf(call), 0, "");
}

/* A work-group copy is made by the group's work-items, each its share,
 * when the group waits for its event (wait_group_events: a barrier, the
 * copies, a barrier), or when each ends if nobody waits: a missing wait is
 * then a race.  The event is the copy's number (or the event passed in,
 * which the copy joins).  The call and the wait are group-wide: a
 * work-item that skips one, or passes other arguments, is divergence. */
static LLVMValueRef cl_async_copy(pass *p, LLVMValueRef call, int strided, unsigned src)
{
    LLVMValueRef dst = arg(call, 0), from = arg(call, 1);
    LLVMTypeRef elem = pointee(dst);
    LLVMValueRef n = LLVMBuildIntCast2(p->b, arg(call, 2), p->i64, 0, "");
    LLVMValueRef one = LLVMConstInt(p->i64, 1, 0), stride = one;
    if (strided)
        stride = LLVMBuildIntCast2(p->b, arg(call, 3), p->i64, 0, "");
    LLVMValueRef ev = arg(call, strided ? 4 : 3);
    ev = LLVMGetTypeKind(LLVMTypeOf(ev)) == LLVMPointerTypeKind
             ? LLVMBuildPtrToInt(p->b, ev, p->i64, "")
             : LLVMBuildIntCast2(p->b, ev, p->i64, 0, "");
    int to_local = LLVMGetPointerAddressSpace(LLVMTypeOf(dst)) == 3;
    LLVMValueRef a[] = {ir_i8p(p, dst), ir_i8p(p, from), n,
                        LLVMConstInt(p->i64, LLVMABISizeOfType(p->td, elem), 0),
                        to_local ? one : stride, to_local ? stride : one, ev, ir_c32(p, src)};
    LLVMValueRef h = ir_call(p, RT_CLCOPY, a, 8);
    LLVMTypeRef rt = LLVMTypeOf(call);
    return LLVMGetTypeKind(rt) == LLVMPointerTypeKind ? LLVMBuildIntToPtr(p->b, h, rt, "")
                                                      : LLVMBuildIntCast2(p->b, h, rt, 0, "");
}

/* wait_group_events(num, events) */
static void cl_wait_events(pass *p, LLVMValueRef call, unsigned src)
{
    LLVMValueRef num = LLVMBuildIntCast2(p->b, arg(call, 0), p->i32, 0, "");
    LLVMValueRef a[] = {ir_c32(p, p->nbarriers++), num, ir_i8p(p, arg(call, 1)), ir_c32(p, src)};
    ir_call(p, RT_CLWAIT, a, 4);
}

/* barrier(flags) / work_group_barrier(flags[, scope]): the fence flags
 * decide which memory the barrier orders (CLK_LOCAL_MEM_FENCE = 1: local,
 * CLK_GLOBAL_MEM_FENCE = 2: global); a constant naming both is a plain
 * barrier, anything else -- fewer flags, or flags computed at run time --
 * the adapter's barrier_mem. */
static void cl_barrier(pass *p, LLVMValueRef flags, unsigned src)
{
    LLVMValueRef id = ir_c32(p, p->nbarriers++);
    if (!flags || (LLVMIsAConstantInt(flags) && (LLVMConstIntGetZExtValue(flags) & 3) == 3)) {
        LLVMValueRef a[] = {ir_c32(p, 1), id, ir_c32(p, src)};
        ir_call(p, RT_BARRIER, a, 3);
        return;
    }
    flags = LLVMBuildZExtOrBitCast(p->b, flags, p->i32, "");
    LLVMValueRef a[] = {ir_c32(p, 1), id, flags, ir_c32(p, src)};
    ir_call(p, RT_BARRIER_MEM, a, 4);
}

static LLVMValueRef lower_cl(pass *p, LLVMValueRef call, const cl_builtin *b, const char *dm,
                             int *rc)
{
    unsigned src = ir_src(p, call);
    LLVMValueRef obj = LLVMGetNumArgOperands(call) > 0 ? arg(call, 0) : NULL;
    switch (b->kind) {
    case CL_WI:
        return cl_workitem(p, call, b->op);
    case CL_BARRIER:
        cl_barrier(p, obj, src);
        return NULL;
    case CL_MEMFENCE: case CL_WIFENCE: {
        LLVMValueRef ord = b->kind == CL_WIFENCE ? cl_order(p, arg(call, 1))
                                                 : ir_c32(p, (unsigned)b->op);
        LLVMValueRef sc = b->kind == CL_WIFENCE ? cl_scope(p, arg(call, 2)) : ir_c32(p, 1);
        LLVMValueRef a[] = {ord, sc, ir_c32(p, src)};
        ir_call(p, RT_FENCE, a, 3);
        return NULL;
    }
    case CL_LOAD:
        return cl_load(p, obj, opt_order(p, call, 1), opt_scope(p, call, 2), src);
    case CL_STORE:
        cl_store(p, obj, arg(call, 1), opt_order(p, call, 2), opt_scope(p, call, 3), src);
        return NULL;
    case CL_INIT:
        cl_store(p, obj, arg(call, 1), ir_c32(p, 0), ir_c32(p, 3), src);
        return NULL;
    case CL_RMW:
        return rmw(p, call, obj, signed_op(b->op, dm), arg(call, 1), opt_order(p, call, 2),
                   opt_scope(p, call, 3), src);
    case CL_RMW1:
        return rmw(p, call, obj, signed_op(b->op, dm), arg(call, 1), ir_c32(p, 1),
                   ir_c32(p, SCOPE_DEVICE), src);
    case CL_INCDEC1:
        return rmw(p, call, obj, b->op, LLVMConstInt(pointee(obj), 1, 0), ir_c32(p, 1),
                   ir_c32(p, SCOPE_DEVICE), src);
    case CL_CAS1:
        return cl_cas1(p, call, src);
    case CL_CAS:
        return cl_cas(p, call, b->op, src, rc);
    case CL_FLAG_TAS: {
        LLVMValueRef old = rmw(p, call, obj, 0, LLVMConstInt(pointee(obj), 1, 0),
                               opt_order(p, call, 1), opt_scope(p, call, 2), src);
        LLVMValueRef set = LLVMBuildICmp(p->b, LLVMIntNE, old, LLVMConstNull(LLVMTypeOf(old)), "");
        return LLVMBuildZExt(p->b, set, LLVMTypeOf(call), "");
    }
    case CL_FLAG_CLEAR:
        cl_store(p, obj, LLVMConstNull(pointee(obj)), opt_order(p, call, 1),
                 opt_scope(p, call, 2), src);
        return NULL;
    case CL_ASYNC_COPY:
        return cl_async_copy(p, call, b->op, src);
    case CL_WAIT_EVENTS:
        cl_wait_events(p, call, src);
        return NULL;
    case CL_PREFETCH:
        return NULL;
    }
    return NULL;
}

int ir_builtin_opencl(pass *p, LLVMValueRef call, const char *name, int *rc)
{
    if (p->lang != FE_LANG_OPENCL || strncmp(name, "_Z", 2))
        return 0;
    char base[256];
    ir_demangle(name, base, sizeof base);
    for (unsigned i = 0; i < sizeof cl_builtins / sizeof cl_builtins[0]; i++) {
        if (strcmp(base, cl_builtins[i].name))
            continue;
        LLVMPositionBuilderBefore(p->b, call);
        LLVMValueRef v = lower_cl(p, call, &cl_builtins[i], name, rc);
        if (*rc)
            return 1;
        ir_replace(call, LLVMGetTypeKind(LLVMTypeOf(call)) == LLVMVoidTypeKind ? NULL : v);
        return 1;
    }
    return 0;
}

int ir_builtin_is_id(const pass *p, LLVMValueRef call)
{
    LLVMValueRef f = LLVMGetCalledValue(call);
    size_t len;
    const char *name = f && LLVMIsAFunction(f) ? LLVMGetValueName2(f, &len) : NULL;
    if (!name)
        return 0;
    if (!strcmp(name, "__gpumc_sreg")) { /* 0-14: not the clock (15), which counts */
        LLVMValueRef w = LLVMGetOperand(call, 0);
        return LLVMIsAConstantInt(w) && LLVMConstIntGetZExtValue(w) < 15;
    }
    const char *sreg = "llvm.nvvm.read.ptx.sreg.";
    if (!strncmp(name, sreg, strlen(sreg)))
        return !strncmp(name + strlen(sreg), "tid.", 4) ||
               !strncmp(name + strlen(sreg), "ctaid.", 6) ||
               !strncmp(name + strlen(sreg), "ntid.", 5) ||
               !strncmp(name + strlen(sreg), "nctaid.", 7) ||
               !strcmp(name + strlen(sreg), "warpsize") || !strcmp(name + strlen(sreg), "laneid");
    if (p->lang != FE_LANG_OPENCL || strncmp(name, "_Z", 2))
        return 0;
    char base[256];
    ir_demangle(name, base, sizeof base);
    for (unsigned i = 0; i < sizeof cl_builtins / sizeof cl_builtins[0]; i++)
        if (cl_builtins[i].kind == CL_WI && !strcmp(base, cl_builtins[i].name))
            return 1;
    return 0;
}

/* ---- scoped C (GPUMC harnesses) ---------------------------------------------- */

/* What a call of a scoped-C built-in becomes: a call of the scoped-C
 * adapter's __gpumc_sc_<name> with the same arguments and the source
 * location appended, nothing, or an "unsupported" error. */
typedef enum { SC_ADAPTER, SC_DROP, SC_UNSUP } sc_kind;

static const struct sc_builtin {
    const char *name;
    sc_kind kind;
    const char *what; /* SC_UNSUP: in the user's words */
} sc_builtins[] = {
    {"__VERIFIER_memory_scope_work_group", SC_ADAPTER, NULL},
    {"__VERIFIER_memory_scope_device", SC_ADAPTER, NULL},
    {"__VERIFIER_memory_scope_system", SC_ADAPTER, NULL},
    {"__VERIFIER_thread_global_id", SC_ADAPTER, NULL},
    {"__VERIFIER_thread_local_id", SC_ADAPTER, NULL},
    {"__VERIFIER_thread_group_id", SC_ADAPTER, NULL},
    {"__VERIFIER_thread_kernel_id", SC_ADAPTER, NULL},
    {"__VERIFIER_syncthread", SC_ADAPTER, NULL},
    {"__VERIFIER_ret_CAS", SC_ADAPTER, NULL},
    {"__VERIFIER_assume", SC_ADAPTER, NULL},
    {"__gpumc_sc_cas", SC_ADAPTER, NULL},
    {"pthread_create", SC_ADAPTER, NULL},
    {"pthread_join", SC_ADAPTER, NULL},
    {"pthread_exit", SC_ADAPTER, NULL},
    {"pthread_self", SC_ADAPTER, NULL},
    {"pthread_mutex_init", SC_ADAPTER, NULL},
    {"pthread_mutex_lock", SC_ADAPTER, NULL},
    {"pthread_mutex_trylock", SC_ADAPTER, NULL},
    {"pthread_mutex_unlock", SC_ADAPTER, NULL},
    {"pthread_barrier_init", SC_ADAPTER, NULL},
    {"pthread_barrier_wait", SC_ADAPTER, NULL},
    {"exit", SC_ADAPTER, NULL},
    {"abort", SC_ADAPTER, NULL},
    {"__VERIFIER_groupsize", SC_DROP, NULL},
    {"__VERIFIER_weak_access", SC_DROP, NULL},
    {"pthread_mutex_destroy", SC_DROP, NULL},
    {"pthread_barrier_destroy", SC_DROP, NULL},
    {"pthread_attr_init", SC_DROP, NULL},
    {"pthread_attr_destroy", SC_DROP, NULL},
    {"__VERIFIER_nondet_int", SC_UNSUP, "__VERIFIER_nondet_int (nondeterministic input)"},
    {"pthread_detach", SC_UNSUP, "pthread_detach (every thread must be joinable)"},
    {"pthread_cond_init", SC_UNSUP, "condition variables"},
    {"pthread_cond_wait", SC_UNSUP, "condition variables"},
    {"pthread_cond_signal", SC_UNSUP, "condition variables"},
    {"pthread_cond_broadcast", SC_UNSUP, "condition variables"},
    {"malloc", SC_ADAPTER, NULL},
    {"calloc", SC_ADAPTER, NULL},
    {"aligned_alloc", SC_ADAPTER, NULL},
    {"free", SC_ADAPTER, NULL},
    {"realloc", SC_UNSUP, "realloc (malloc, calloc, aligned_alloc and free are modelled)"},
};

/* __gpumc_sc_<name>(args..., src), typed after the call as written (an
 * unprototyped declaration says nothing about its parameters). */
static void sc_adapter_call(pass *p, LLVMValueRef call, const char *name)
{
    unsigned n = (unsigned)LLVMGetNumArgOperands(call);
    LLVMTypeRef pt[16];
    LLVMValueRef args[16];
    if (n > 15)
        n = 15;
    for (unsigned i = 0; i < n; i++) {
        args[i] = LLVMGetOperand(call, i);
        pt[i] = LLVMTypeOf(args[i]);
    }
    /* A barrier is identified by its statement (as GPUMC does), whatever
     * inlined copy of it runs: its source entry has no call chain. */
    args[n] = ir_c32(p, !strcmp(name, "__VERIFIER_syncthread") ? ir_src_statement(p, call)
                                                                : ir_src(p, call));
    pt[n] = p->i32;
    char rtname[160];
    snprintf(rtname, sizeof rtname, "%s%s", strncmp(name, "__gpumc_sc_", 11) ? "__gpumc_sc_" : "",
             name);
    LLVMTypeRef ft = LLVMFunctionType(LLVMTypeOf(call), pt, n + 1, 0);
    LLVMValueRef fn = LLVMGetNamedFunction(p->m, rtname);
    if (!fn)
        fn = LLVMAddFunction(p->m, rtname, ft);
    /* calls of one name may differ in shape (int widths of unprototyped
     * calls): each calls the one declaration, cast, as C would */
    LLVMValueRef callee = LLVMGlobalGetValueType(fn) == ft
                              ? fn
                              : LLVMConstBitCast(fn, LLVMPointerType(ft, 0));
    LLVMPositionBuilderBefore(p->b, call);
    LLVMValueRef r = LLVMBuildCall2(p->b, ft, callee, args, n + 1, "");
    ir_replace(call, LLVMGetTypeKind(LLVMTypeOf(call)) == LLVMVoidTypeKind ? NULL : r);
}

int ir_builtin_scopedc(pass *p, LLVMValueRef call, const char *name, int *rc)
{
    if (p->lang != FE_LANG_SCOPED_C)
        return 0;
    for (unsigned i = 0; i < sizeof sc_builtins / sizeof sc_builtins[0]; i++) {
        const struct sc_builtin *b = &sc_builtins[i];
        if (strcmp(name, b->name))
            continue;
        if (b->kind == SC_UNSUP) {
            char w[512];
            *rc = ir_fail(p, "%serror: unsupported: %s", ir_where(p, call, w, sizeof w), b->what);
        } else if (b->kind == SC_DROP) {
            LLVMTypeRef t = LLVMTypeOf(call);
            ir_replace(call, LLVMGetTypeKind(t) == LLVMVoidTypeKind ? NULL : LLVMConstNull(t));
        } else {
            if (!strcmp(name, "malloc") || !strcmp(name, "calloc") ||
                !strcmp(name, "aligned_alloc"))
                p->out->device_heap = 1; /* (the glue makes the heap: IRRT_HEAP) */
            if (!strcmp(name, "free") && !LLVMIsNull(LLVMGetOperand(call, 0)))
                ir_warn_at(p, call, "free() releases nothing here: a later use of the memory "
                                    "it frees, or a second free, is not found");
            /* which waiter is the round's serial one costs events: asked
               only where the program looks */
            int serial = !strcmp(name, "pthread_barrier_wait") && !ir_result_unused(call);
            sc_adapter_call(p, call, serial ? "pthread_barrier_wait_serial" : name);
        }
        return 1;
    }
    return 0;
}
