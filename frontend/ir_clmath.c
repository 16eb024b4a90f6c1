/*
 * ir_clmath.c -- OpenCL C's numeric built-ins, which clang declares but
 * nobody defines: they become what they compute.
 *   convert_T[n][_sat][_rtX](x)        a cast (rounding and saturation
 *                                      modes are not modelled)
 *   min, max, clamp, abs, add_sat, sub_sat, popcount, clz, ctz, rotate,
 *   mul24, mad24, mul_hi, fmin, fmax, fabs
 *                                      LLVM operations and intrinsics, on
 *                                      scalars and vectors alike
 *   scalar math (sin, native_exp, ...) the host's libm, lane by lane for
 *                                      vectors
 * Signedness comes from the mangled parameter types (j, m, t, h unsigned).
 */
#include <stdio.h>
#include <string.h>

#include "ir_internal.h"
#include "ir_names.h"

static LLVMTypeRef scalar_of(LLVMTypeRef t)
{
    return LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMGetElementType(t) : t;
}

static unsigned lanes_of(LLVMTypeRef t)
{
    return LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMGetVectorSize(t) : 1;
}

static int is_fp(LLVMTypeRef t)
{
    LLVMTypeKind k = LLVMGetTypeKind(scalar_of(t));
    return k == LLVMFloatTypeKind || k == LLVMDoubleTypeKind || k == LLVMHalfTypeKind;
}

/* The first parameter's element type code, vectors (Dv4_i) looked into. */
static char param_code(const char *mangled)
{
    const char *s = ir_first_value_type(mangled);
    if (!strncmp(s, "Dv", 2)) {
        s = strchr(s, '_');
        s = s ? s + 1 : "";
    }
    return *s;
}

static int unsigned_code(char c)
{
    return c == 'h' || c == 't' || c == 'j' || c == 'm' || c == 'y';
}

/* v as a value of type t: a scalar is splat across t's lanes. */
static LLVMValueRef widen(pass *p, LLVMValueRef v, LLVMTypeRef t)
{
    if (LLVMTypeOf(v) == t || LLVMGetTypeKind(t) != LLVMVectorTypeKind ||
        LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMVectorTypeKind)
        return v;
    LLVMValueRef one = LLVMBuildInsertElement(p->b, LLVMGetUndef(t), v, ir_c32(p, 0), "");
    LLVMValueRef mask = LLVMConstNull(LLVMVectorType(p->i32, LLVMGetVectorSize(t)));
    return LLVMBuildShuffleVector(p->b, one, LLVMGetUndef(t), mask, "");
}

static LLVMValueRef intrinsic(pass *p, const char *name, LLVMTypeRef t, LLVMValueRef *args,
                              unsigned n)
{
    unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
    LLVMValueRef fn = LLVMGetIntrinsicDeclaration(p->m, id, &t, 1);
    LLVMTypeRef fty = LLVMIntrinsicGetType(p->cx, id, &t, 1);
    return LLVMBuildCall2(p->b, fty, fn, args, n, "");
}

static LLVMValueRef minmax(pass *p, LLVMValueRef a, LLVMValueRef b, int max, int uns)
{
    LLVMTypeRef t = LLVMTypeOf(a);
    LLVMValueRef args[] = {a, widen(p, b, t)};
    const char *name = is_fp(t) ? (max ? "llvm.maxnum" : "llvm.minnum")
                       : uns ? (max ? "llvm.umax" : "llvm.umin")
                             : (max ? "llvm.smax" : "llvm.smin");
    return intrinsic(p, name, t, args, 2);
}

/* x * y of the full width, high half (mul_hi). */
static LLVMValueRef mul_hi(pass *p, LLVMValueRef x, LLVMValueRef y, int uns)
{
    LLVMTypeRef t = LLVMTypeOf(x), s = scalar_of(t);
    unsigned w = LLVMGetIntTypeWidth(s), n = lanes_of(t);
    LLVMTypeRef wide = LLVMIntTypeInContext(p->cx, 2 * w);
    if (n > 1)
        wide = LLVMVectorType(wide, n);
    LLVMValueRef a = uns ? LLVMBuildZExt(p->b, x, wide, "") : LLVMBuildSExt(p->b, x, wide, "");
    LLVMValueRef b = uns ? LLVMBuildZExt(p->b, y, wide, "") : LLVMBuildSExt(p->b, y, wide, "");
    LLVMValueRef shift = widen(p, LLVMConstInt(scalar_of(wide), w, 0), wide);
    return LLVMBuildTrunc(p->b, LLVMBuildLShr(p->b, LLVMBuildMul(p->b, a, b, ""), shift, ""), t, "");
}

/* Integer and common built-ins; NULL if name is none of them. */
static LLVMValueRef integer_op(pass *p, LLVMValueRef call, const char *name, int uns)
{
    unsigned n = (unsigned)LLVMGetNumArgOperands(call);
    LLVMValueRef a = n > 0 ? LLVMGetOperand(call, 0) : NULL, b = n > 1 ? LLVMGetOperand(call, 1) : NULL;
    LLVMValueRef c = n > 2 ? LLVMGetOperand(call, 2) : NULL;
    LLVMTypeRef t = a ? LLVMTypeOf(a) : NULL;
    LLVMValueRef f = LLVMConstInt(p->i1, 0, 0);
    if ((!strcmp(name, "min") || !strcmp(name, "fmin")) && n == 2)
        return minmax(p, a, b, 0, uns);
    if ((!strcmp(name, "max") || !strcmp(name, "fmax")) && n == 2)
        return minmax(p, a, b, 1, uns);
    if (!strcmp(name, "clamp") && n == 3)
        return minmax(p, minmax(p, a, b, 1, uns), c, 0, uns);
    if (!strcmp(name, "fabs") && n == 1 && is_fp(t))
        return intrinsic(p, "llvm.fabs", t, &a, 1);
    if (is_fp(t) || !a)
        return NULL;
    if (!strcmp(name, "abs") && n == 1) {
        LLVMValueRef args[] = {a, f};
        return uns ? a : intrinsic(p, "llvm.abs", t, args, 2);
    }
    if ((!strcmp(name, "add_sat") || !strcmp(name, "sub_sat")) && n == 2) {
        LLVMValueRef args[] = {a, b};
        const char *op = name[0] == 'a' ? (uns ? "llvm.uadd.sat" : "llvm.sadd.sat")
                                        : (uns ? "llvm.usub.sat" : "llvm.ssub.sat");
        return intrinsic(p, op, t, args, 2);
    }
    if (!strcmp(name, "popcount") && n == 1)
        return intrinsic(p, "llvm.ctpop", t, &a, 1);
    if ((!strcmp(name, "clz") || !strcmp(name, "ctz")) && n == 1) {
        LLVMValueRef args[] = {a, f};
        return intrinsic(p, name[1] == 'l' ? "llvm.ctlz" : "llvm.cttz", t, args, 2);
    }
    if (!strcmp(name, "rotate") && n == 2) {
        LLVMValueRef args[] = {a, a, widen(p, b, t)};
        return intrinsic(p, "llvm.fshl", t, args, 3);
    }
    if ((!strcmp(name, "mul24") && n == 2) || (!strcmp(name, "mad24") && n == 3)) {
        LLVMValueRef m = LLVMBuildMul(p->b, a, b, "");
        return c ? LLVMBuildAdd(p->b, m, c, "") : m;
    }
    if (!strcmp(name, "mul_hi") && n == 2)
        return mul_hi(p, a, b, uns);
    return NULL;
}

/* convert_T(x): T from the result type, signedness from the names. */
static LLVMValueRef convert(pass *p, LLVMValueRef call, const char *name, int src_uns)
{
    LLVMValueRef x = LLVMGetOperand(call, 0);
    LLVMTypeRef to = LLVMTypeOf(call);
    int dst_uns = name[8] == 'u';
    if (is_fp(LLVMTypeOf(x)) && is_fp(to))
        return LLVMBuildFPCast(p->b, x, to, "");
    if (is_fp(to))
        return src_uns ? LLVMBuildUIToFP(p->b, x, to, "") : LLVMBuildSIToFP(p->b, x, to, "");
    if (is_fp(LLVMTypeOf(x)))
        return dst_uns ? LLVMBuildFPToUI(p->b, x, to, "") : LLVMBuildFPToSI(p->b, x, to, "");
    return LLVMBuildIntCast2(p->b, x, to, !src_uns, "");
}

/* A libm function applied to each lane (or to the scalar). */
static LLVMValueRef libm_lanes(pass *p, LLVMValueRef call, const char *fname)
{
    LLVMTypeRef rt = LLVMTypeOf(call), st = scalar_of(rt);
    unsigned n = (unsigned)LLVMGetNumArgOperands(call), lanes = lanes_of(rt);
    LLVMTypeRef pts[4] = {st, st, st, st};
    if (n > 4)
        return NULL;
    for (unsigned i = 0; i < n; i++)
        if (LLVMTypeOf(LLVMGetOperand(call, i)) != rt &&
            LLVMTypeOf(LLVMGetOperand(call, i)) != st)
            return NULL;
    LLVMTypeRef fty = LLVMFunctionType(st, pts, n, 0);
    LLVMValueRef fn = LLVMGetNamedFunction(p->m, fname);
    if (!fn)
        fn = LLVMAddFunction(p->m, fname, fty);
    LLVMValueRef out = lanes > 1 ? LLVMGetUndef(rt) : NULL;
    for (unsigned l = 0; l < lanes; l++) {
        LLVMValueRef args[4];
        for (unsigned i = 0; i < n; i++) {
            LLVMValueRef a = LLVMGetOperand(call, i);
            args[i] = LLVMTypeOf(a) == st ? a : LLVMBuildExtractElement(p->b, a, ir_c32(p, l), "");
        }
        LLVMValueRef r = LLVMBuildCall2(p->b, fty, fn, args, n, "");
        if (lanes == 1)
            return r;
        out = LLVMBuildInsertElement(p->b, out, r, ir_c32(p, l), "");
    }
    return out;
}

static LLVMValueRef libm_op(pass *p, LLVMValueRef call, const char *name)
{
    char lib[300];
    LLVMTypeRef st = scalar_of(LLVMTypeOf(call));
    int is_float = LLVMGetTypeKind(st) == LLVMFloatTypeKind;
    if (!is_float && LLVMGetTypeKind(st) != LLVMDoubleTypeKind)
        return NULL;
    if (!strncmp(name, "native_", 7))
        name += 7;
    else if (!strncmp(name, "half_", 5))
        name += 5;
    snprintf(lib, sizeof lib, "%s%s", !strcmp(name, "mad") ? "fma" : name, is_float ? "f" : "");
    return ir_native_ok(lib) ? libm_lanes(p, call, lib) : NULL;
}

int ir_builtin_clmath(pass *p, LLVMValueRef call, const char *mangled)
{
    if (p->lang != FE_LANG_OPENCL || strncmp(mangled, "_Z", 2) ||
        LLVMGetTypeKind(LLVMTypeOf(call)) == LLVMVoidTypeKind)
        return 0;
    char name[256];
    ir_demangle(mangled, name, sizeof name);
    int uns = unsigned_code(param_code(mangled));
    LLVMPositionBuilderBefore(p->b, call);
    LLVMValueRef v = NULL;
    if (!strncmp(name, "convert_", 8) && LLVMGetNumArgOperands(call) == 1)
        v = convert(p, call, name, uns);
    if (!v)
        v = integer_op(p, call, name, uns);
    if (!v)
        v = libm_op(p, call, name);
    if (!v)
        return 0;
    ir_replace(call, v);
    return 1;
}
