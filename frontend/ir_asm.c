/* ir_asm.c -- see ir_asm.h. */
#include "ir_asm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ASM_TEXT 256
#define ASM_MAX_OPS 6

/* The asm template of an inline-asm callee.  LLVM 14's C API has no getter,
 * so it is read from the printed value: `TYPE asm [flags] "TEXT", "CONS"`,
 * where TEXT escapes quotes and non-printables as \XX.  0, or -1 when it
 * does not fit. */
static int asm_template(LLVMValueRef callee, char *out, size_t n)
{
    char *s = LLVMPrintValueToString(callee);
    const char *q = s ? strchr(s, '"') : NULL;
    size_t k = 0;
    int rc = q ? 0 : -1;
    for (q = q ? q + 1 : NULL; q && *q && *q != '"' && rc == 0; q++) {
        char c = *q;
        if (c == '\\' && q[1] && q[2]) {
            char hex[3] = {q[1], q[2], 0};
            c = (char)strtol(hex, NULL, 16);
            q += 2;
        }
        if (k + 1 >= n)
            rc = -1;
        else
            out[k++] = c;
    }
    out[k] = 0;
    LLVMDisposeMessage(s);
    return rc;
}

/* One instruction: its opcode's dot-separated parts and its operands,
 * blanks removed.  -1 when the text is not a single instruction. */
typedef struct ptx_insn {
    char buf[ASM_TEXT];
    char *part[8];
    int nparts;
    char *op[ASM_MAX_OPS];
    int nops;
} ptx_insn;

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
        s++;
    char *e = s + strlen(s);
    while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n' || e[-1] == '\r' ||
                     e[-1] == ';'))
        *--e = 0;
    return s;
}

static int parse_insn(const char *text, ptx_insn *in)
{
    snprintf(in->buf, sizeof in->buf, "%s", text);
    char *s = trim(in->buf);
    if (!*s || strpbrk(s, ";{}\n@"))
        return -1; /* several instructions, a block or a predicate */
    char *args = s + strcspn(s, " \t");
    if (*args)
        *args++ = 0;
    in->nparts = 0;
    for (char *t = strtok(s, "."); t && in->nparts < 8; t = strtok(NULL, "."))
        in->part[in->nparts++] = t;
    in->nops = 0;
    for (char *t = strtok(args, ","); t; t = strtok(NULL, ",")) {
        if (in->nops == ASM_MAX_OPS)
            return -1;
        in->op[in->nops++] = trim(t);
    }
    return in->nparts ? 0 : -1;
}

static int has_part(const ptx_insn *in, const char *q)
{
    for (int i = 1; i < in->nparts; i++)
        if (!strcmp(in->part[i], q))
            return 1;
    return 0;
}

/* Operand text "$K" or "[$K]": the asm operand number K, else -1. */
static int operand_index(const char *op, int bracket)
{
    size_t len = strlen(op);
    if (bracket) {
        if (len < 4 || op[0] != '[' || op[len - 1] != ']')
            return -1;
        op++;
        len -= 2;
    }
    if (len < 2 || op[0] != '$' || len > 3)
        return -1;
    int k = 0;
    for (size_t i = 1; i < len; i++) {
        if (op[i] < '0' || op[i] > '9')
            return -1;
        k = k * 10 + (op[i] - '0');
    }
    return k;
}

/* The call argument for asm operand k (outputs come first), or NULL. */
static LLVMValueRef input(LLVMValueRef call, int nout, int k)
{
    int i = k - nout;
    return k >= nout && (unsigned)i < (unsigned)LLVMGetNumArgOperands(call)
               ? LLVMGetOperand(call, (unsigned)i)
               : NULL;
}

static int scope_of(const char *s)
{
    return !strcmp(s, "cta") ? 1 : !strcmp(s, "gl") || !strcmp(s, "gpu") ? 2
         : !strcmp(s, "sys") ? 3 : 0;
}

static int fence(pass *p, LLVMValueRef call, unsigned order, int scope)
{
    LLVMValueRef a[] = {ir_c32(p, order), ir_c32(p, (unsigned)scope), ir_c32(p, ir_src(p, call))};
    ir_call(p, RT_FENCE, a, 3);
    ir_replace(call, NULL);
    return 1;
}

static LLVMValueRef sreg(pass *p, unsigned which)
{
    LLVMValueRef a = ir_c32(p, which);
    return LLVMBuildZExt(p->b, ir_call(p, RT_SREG, &a, 1), p->i64, "");
}

/* %tid, %ctaid, %ntid, %nctaid with .x/.y/.z: the adapter's special
 * register number (gpumc_ir.h, __gpumc_sreg), else -1. */
static int index_register(const char *r)
{
    static const char *const names[] = {"%tid.", "%ctaid.", "%ntid.", "%nctaid."};
    for (int i = 0; i < 4; i++) {
        size_t n = strlen(names[i]);
        if (!strncmp(r, names[i], n) && r[n] >= 'x' && r[n] <= 'z' && !r[n + 1])
            return 3 * i + (r[n] - 'x');
    }
    return -1;
}

/* %lanemask_{eq,le,lt,ge,gt}: the lanes at, up to, below, from or above
 * the thread's own. */
static LLVMValueRef lane_mask(pass *p, const char *r)
{
    LLVMValueRef one = LLVMConstInt(p->i64, 1, 0), lane = sreg(p, 13);
    LLVMValueRef eq = LLVMBuildShl(p->b, one, lane, "");
    LLVMValueRef lt = LLVMBuildSub(p->b, eq, one, "");
    LLVMValueRef le = LLVMBuildOr(p->b, lt, eq, "");
    LLVMValueRef all = LLVMConstInt(p->i64, 0xffffffffull, 0);
    if (!strcmp(r, "%lanemask_eq"))
        return eq;
    if (!strcmp(r, "%lanemask_lt"))
        return lt;
    if (!strcmp(r, "%lanemask_le"))
        return le;
    if (!strcmp(r, "%lanemask_ge"))
        return LLVMBuildAnd(p->b, LLVMBuildNot(p->b, lt, ""), all, "");
    if (!strcmp(r, "%lanemask_gt"))
        return LLVMBuildAnd(p->b, LLVMBuildNot(p->b, le, ""), all, "");
    return NULL;
}

/* mov of a special register into the result: the thread's indices and
 * lane masks, %laneid, the clocks; %smid is 0 of %nsmid 1 (every CTA on
 * one SM: a schedule the hardware may choose), %warpid the warp's place
 * in its CTA. */
static int special_register(pass *p, LLVMValueRef call, const ptx_insn *in)
{
    LLVMTypeRef t = LLVMTypeOf(call);
    if (in->nops != 2 || operand_index(in->op[0], 0) != 0 ||
        LLVMGetTypeKind(t) != LLVMIntegerTypeKind)
        return 0;
    const char *r = in->op[1];
    LLVMValueRef v;
    int k = index_register(r);
    if (k >= 0) {
        v = sreg(p, (unsigned)k);
    } else if (!strncmp(r, "%lanemask_", 10)) {
        if (!(v = lane_mask(p, r)))
            return 0;
    } else if (!strcmp(r, "%smid") || !strcmp(r, "%gridid")) {
        v = LLVMConstInt(p->i64, 0, 0);
    } else if (!strcmp(r, "%nsmid")) {
        v = LLVMConstInt(p->i64, 1, 0);
    } else if (!strcmp(r, "%warpid") || !strcmp(r, "%nwarpid")) {
        /* the warp of the thread's linear index in its CTA; the CTA's warps */
        LLVMValueRef ws = sreg(p, 12), nx = sreg(p, 6), ny = sreg(p, 7);
        LLVMValueRef row = LLVMBuildAdd(p->b, sreg(p, 1), LLVMBuildMul(p->b, ny, sreg(p, 2), ""), "");
        LLVMValueRef lin = LLVMBuildAdd(p->b, sreg(p, 0), LLVMBuildMul(p->b, nx, row, ""), "");
        LLVMValueRef n = LLVMBuildMul(p->b, LLVMBuildMul(p->b, nx, ny, ""), sreg(p, 8), "");
        LLVMValueRef up = LLVMBuildAdd(p->b, n, LLVMBuildSub(p->b, ws, LLVMConstInt(p->i64, 1, 0), ""), "");
        v = LLVMBuildUDiv(p->b, !strcmp(r, "%warpid") ? lin : up, ws, "");
    } else if (!strcmp(r, "%laneid")) {
        v = sreg(p, 13);
    } else if (!strcmp(r, "%clock") || !strcmp(r, "%clock64") || !strcmp(r, "%globaltimer") ||
               !strcmp(r, "%globaltimer_lo")) {
        LLVMValueRef a = ir_c32(p, 15); /* the per-thread counter clock64() reads */
        v = LLVMBuildMul(p->b, LLVMBuildZExt(p->b, ir_call(p, RT_SREG, &a, 1), p->i64, ""),
                         LLVMConstInt(p->i64, 32, 0), "");
    } else {
        return 0;
    }
    ir_replace(call, LLVMBuildIntCast2(p->b, v, t, 0, ""));
    return 1;
}

/* The qualifiers of a load or store that change what it orders or how
 * much it moves: such a one is not a plain scalar access. */
static int ordered_or_vector(const ptx_insn *in)
{
    static const char *const q[] = {"acquire", "release", "relaxed", "mmio", "v2", "v4", "v8",
                                    NULL};
    for (int i = 0; q[i]; i++)
        if (has_part(in, q[i]))
            return 1;
    return 0;
}

static LLVMValueRef as_pointer(pass *p, LLVMValueRef v, LLVMTypeRef elem)
{
    LLVMTypeRef pt = LLVMPointerType(elem, 0);
    if (LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMIntegerTypeKind)
        return LLVMBuildIntToPtr(p->b, v, pt, "");
    return LLVMBuildPointerCast(p->b, v, pt, "");
}

/* ld.QUALS.TYPE $0, [$k] and st.QUALS.TYPE [$k], $j as plain accesses. */
static int plain_access(pass *p, LLVMValueRef call, const ptx_insn *in, int nout,
                        LLVMValueRef *access)
{
    if (in->nops != 2 || ordered_or_vector(in))
        return 0;
    if (!strcmp(in->part[0], "ld")) {
        LLVMTypeRef t = LLVMTypeOf(call);
        LLVMValueRef ptr = input(call, nout, operand_index(in->op[1], 1));
        if (nout != 1 || operand_index(in->op[0], 0) != 0 || !ptr ||
            LLVMGetTypeKind(t) == LLVMStructTypeKind)
            return 0;
        LLVMValueRef ld = LLVMBuildLoad2(p->b, t, as_pointer(p, ptr, t), "");
        ir_replace(call, ld);
        *access = ld;
        return 1;
    }
    LLVMValueRef ptr = input(call, nout, operand_index(in->op[0], 1));
    LLVMValueRef val = input(call, nout, operand_index(in->op[1], 0));
    if (nout != 0 || !ptr || !val)
        return 0;
    *access = LLVMBuildStore(p->b, val, as_pointer(p, ptr, LLVMTypeOf(val)));
    ir_replace(call, NULL);
    return 1;
}

/* The memory-model qualifiers of an ld, st, atom or red: its order
 * (gpumc_ir.h: 1 relaxed, 2 acquire, 3 release, 4 acq_rel) and scope
 * (1 cta, 2 gpu, 3 sys), else 0 and the defaults PTX gives (relaxed, gpu
 * for atom and red; a plain access for ld and st).  -1 for one gpumc does
 * not know (.mmio, vectors). */
static int ptx_order(const ptx_insn *in, int *scope)
{
    static const char *const sem[] = {"", "relaxed", "acquire", "release", "acq_rel"};
    int order = 0;
    *scope = 2;
    for (int i = 1; i < in->nparts; i++) {
        for (int k = 1; k <= 4; k++)
            if (!strcmp(in->part[i], sem[k]))
                order = k;
        if (scope_of(in->part[i]))
            *scope = scope_of(in->part[i]);
        if (!strcmp(in->part[i], "mmio") || !strcmp(in->part[i], "v2") ||
            !strcmp(in->part[i], "v4") || !strcmp(in->part[i], "v8"))
            return -1;
    }
    return order;
}

/* Operand text "$K" (an input) or an integer literal, as a value of the
 * integer type t; NULL when it is neither. */
static LLVMValueRef int_operand(pass *p, LLVMValueRef call, int nout, const char *op,
                                LLVMTypeRef t)
{
    LLVMValueRef v = input(call, nout, operand_index(op, 0));
    if (v)
        return LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMIntegerTypeKind
                   ? LLVMBuildIntCast2(p->b, v, t, 0, "")
                   : NULL;
    char *end;
    unsigned long long c = strtoull(op, &end, 0);
    return *op && !*end ? LLVMConstInt(t, c, 0) : NULL;
}

/* The width of a .b32/.u64/.f32... type qualifier in bytes, else 0. */
static unsigned type_size(const ptx_insn *in, int *is_float, int *is_signed)
{
    for (int i = in->nparts - 1; i > 0; i--) {
        const char *q = in->part[i];
        if ((q[0] == 'b' || q[0] == 'u' || q[0] == 's' || q[0] == 'f') &&
            (!strcmp(q + 1, "32") || !strcmp(q + 1, "64"))) {
            *is_float = q[0] == 'f';
            *is_signed = q[0] == 's';
            return q[1] == '3' ? 4 : 8;
        }
    }
    return 0;
}

/* ld.{relaxed,acquire}.SCOPE / st.{relaxed,release}.SCOPE [$k] on one
 * scalar: an atomic access of that order and scope. */
static int ordered_access(pass *p, LLVMValueRef call, const ptx_insn *in, int nout, int order,
                          int scope)
{
    int is_ld = !strcmp(in->part[0], "ld"), fl, sg;
    unsigned size = type_size(in, &fl, &sg);
    LLVMValueRef src = ir_c32(p, ir_src(p, call));
    if (in->nops != 2 || !size || (is_ld && order == 3) || (!is_ld && order == 2) || order == 4)
        return 0;
    if (is_ld) {
        LLVMTypeRef t = LLVMTypeOf(call);
        LLVMValueRef ptr = input(call, nout, operand_index(in->op[1], 1));
        if (nout != 1 || operand_index(in->op[0], 0) != 0 || !ptr ||
            ir_store_size(p, t) != size)
            return 0;
        LLVMValueRef a[] = {ir_i8p(p, as_pointer(p, ptr, t)), ir_c32(p, size),
                            ir_c32(p, (unsigned)order), ir_c32(p, (unsigned)scope), src};
        ir_replace(call, ir_from_i64(p, ir_call(p, RT_LOAD, a, 5), t));
        return 1;
    }
    LLVMValueRef ptr = input(call, nout, operand_index(in->op[0], 1));
    LLVMValueRef val = input(call, nout, operand_index(in->op[1], 0));
    if (nout != 0 || !ptr || !val || ir_store_size(p, LLVMTypeOf(val)) != size)
        return 0;
    LLVMValueRef a[] = {ir_i8p(p, as_pointer(p, ptr, LLVMTypeOf(val))), ir_c32(p, size),
                        ir_to_i64(p, val), ir_c32(p, (unsigned)order),
                        ir_c32(p, (unsigned)scope), src};
    ir_call(p, RT_STORE, a, 6);
    ir_replace(call, NULL);
    return 1;
}

/* atom[.sem][.scope][.space].OP.TYPE d, [a], b[, c] and red (no result):
 * an RMW of that order (relaxed by default) and scope (gpu by default). */
static int atomic_insn(pass *p, LLVMValueRef call, const ptx_insn *in, int nout, int order,
                       int scope)
{
    static const struct { const char *name; int op; } ops[] = {
        {"exch", 0}, {"add", 1}, {"and", 3}, {"or", 4}, {"xor", 5}, {"min", 6}, {"max", 7},
        {"inc", 10}, {"dec", 11}, {"cas", -1}};
    int red = !strcmp(in->part[0], "red"), fl, sg, op = -2;
    unsigned size = type_size(in, &fl, &sg);
    for (int i = 1; i < in->nparts && op == -2; i++)
        for (unsigned k = 0; k < sizeof ops / sizeof ops[0]; k++)
            if (!strcmp(in->part[i], ops[k].name))
                op = ops[k].op;
    if (op == -2 || !size || nout != !red || (fl && op != 1))
        return 0;
    int first = red ? 0 : 1; /* the address operand; an atom's result is $0 */
    if ((!red && operand_index(in->op[0], 0) != 0) || in->nops != first + (op == -1 ? 3 : 2))
        return 0;
    LLVMTypeRef t = nout ? LLVMTypeOf(call) : LLVMIntTypeInContext(p->cx, size * 8);
    LLVMValueRef ptr = input(call, nout, operand_index(in->op[first], 1));
    LLVMValueRef b = input(call, nout, operand_index(in->op[first + 1], 0));
    if (!ptr || !b || (nout && ir_store_size(p, t) != size))
        return 0;
    if ((op == 6 || op == 7) && !sg)
        op += 2; /* min/max of unsigned (u32, b32) values */
    if (fl)
        op = 12;
    order = order ? order : 1;
    LLVMValueRef src = ir_c32(p, ir_src(p, call)), p8 = ir_i8p(p, as_pointer(p, ptr, p->i8));
    LLVMValueRef old;
    if (op == -1) {
        LLVMValueRef c = input(call, nout, operand_index(in->op[first + 2], 0));
        if (!c)
            return 0;
        LLVMValueRef a[] = {p8, ir_c32(p, size), ir_to_i64(p, b), ir_to_i64(p, c),
                            ir_c32(p, (unsigned)order), ir_c32(p, order == 4 ? 2 : order == 3 ? 1
                                                                : (unsigned)order),
                            ir_c32(p, (unsigned)scope), ir_c32(p, 0), src};
        old = ir_call(p, RT_CAS, a, 9);
    } else {
        unsigned o = (unsigned)op | (red ? IR_RMW_UNUSED : 0);
        LLVMValueRef a[] = {p8, ir_c32(p, size), ir_c32(p, o), ir_to_i64(p, b),
                            ir_c32(p, (unsigned)order), ir_c32(p, (unsigned)scope), src};
        old = ir_call(p, RT_RMW, a, 7);
    }
    ir_replace(call, nout ? ir_from_i64(p, old, t) : NULL);
    return 1;
}

static LLVMValueRef call_intrinsic(pass *p, const char *name, LLVMTypeRef t, LLVMValueRef *a,
                                   unsigned n)
{
    char full[64];
    snprintf(full, sizeof full, "%s.i%u", name, LLVMGetIntTypeWidth(t));
    LLVMTypeRef params[] = {t, p->i1};
    LLVMTypeRef ft = LLVMFunctionType(t, params, n, 0);
    LLVMValueRef f = LLVMGetNamedFunction(p->m, full);
    if (!f)
        f = LLVMAddFunction(p->m, full, ft);
    return LLVMBuildCall2(p->b, ft, f, a, n, "");
}

/* lop3.b32 d, a, b, c, LUT: bit i of LUT is the result for the inputs
 * (a, b, c) = (i & 4, i & 2, i & 1): an OR of the minterms it selects. */
static LLVMValueRef lop3(pass *p, LLVMValueRef *in, unsigned lut, LLVMTypeRef t)
{
    LLVMValueRef r = LLVMConstInt(t, 0, 0);
    for (unsigned i = 0; i < 8; i++) {
        if (!(lut >> i & 1))
            continue;
        LLVMValueRef term = LLVMConstAllOnes(t);
        for (unsigned k = 0; k < 3; k++) {
            LLVMValueRef x = (i >> (2 - k) & 1) ? in[k] : LLVMBuildNot(p->b, in[k], "");
            term = LLVMBuildAnd(p->b, term, x, "");
        }
        r = LLVMBuildOr(p->b, r, term, "");
    }
    return r;
}

/* Integer bit operations: popc, clz, brev, bfind (unsigned) and bfe
 * (unsigned), computed on the width the opcode names (popc.b64 counts a
 * 64-bit source into a 32-bit result).  1 when replaced. */
static int bit_operation(pass *p, LLVMValueRef call, const ptx_insn *in)
{
    LLVMTypeRef rt = LLVMTypeOf(call);
    const char *op = in->part[0];
    if (LLVMGetTypeKind(rt) != LLVMIntegerTypeKind || in->nops < 2 ||
        operand_index(in->op[0], 0) != 0 || in->nops > 4)
        return 0;
    LLVMTypeRef t = has_part(in, "b64") || has_part(in, "u64") || has_part(in, "s64") ? p->i64
                                                                                       : p->i32;
    LLVMValueRef a[3] = {NULL, NULL, NULL};
    for (int i = 1; i < in->nops; i++)
        if (!(a[i - 1] = int_operand(p, call, 1, in->op[i], t)))
            return 0;
    unsigned w = LLVMGetIntTypeWidth(t);
    LLVMValueRef zero = LLVMConstInt(t, 0, 0), r = NULL;
    LLVMValueRef no_poison[] = {a[0], LLVMConstInt(p->i1, 0, 0)};
    if (!strcmp(op, "popc") && in->nops == 2) {
        r = call_intrinsic(p, "llvm.ctpop", t, a, 1);
    } else if (!strcmp(op, "clz") && in->nops == 2) {
        r = call_intrinsic(p, "llvm.ctlz", t, no_poison, 2);
    } else if (!strcmp(op, "brev") && in->nops == 2) {
        r = call_intrinsic(p, "llvm.bitreverse", t, a, 1);
    } else if (!strcmp(op, "bfind") && in->nops == 2 && has_part(in, "u32") && w == 32) {
        LLVMValueRef lead = call_intrinsic(p, "llvm.ctlz", t, no_poison, 2);
        LLVMValueRef idx = LLVMBuildSub(p->b, LLVMConstInt(t, 31, 0), lead, "");
        r = LLVMBuildSelect(p->b, LLVMBuildICmp(p->b, LLVMIntEQ, a[0], zero, ""),
                            LLVMConstAllOnes(t), idx, ""); /* no bit set: 0xffffffff */
    } else if (!strcmp(op, "bfe") && in->nops == 4 && has_part(in, "u32") && w == 32) {
        LLVMValueRef ff = LLVMConstInt(t, 0xff, 0), c32 = LLVMConstInt(t, 32, 0);
        LLVMValueRef pos = LLVMBuildAnd(p->b, a[1], ff, ""), len = LLVMBuildAnd(p->b, a[2], ff, "");
        LLVMValueRef big = LLVMBuildICmp(p->b, LLVMIntUGE, pos, c32, "");
        LLVMValueRef sh = LLVMBuildLShr(p->b, a[0], LLVMBuildSelect(p->b, big, zero, pos, ""), "");
        LLVMValueRef wide = LLVMBuildICmp(p->b, LLVMIntUGE, len, c32, "");
        LLVMValueRef mask = LLVMBuildSub(
            p->b, LLVMBuildShl(p->b, LLVMConstInt(t, 1, 0),
                               LLVMBuildSelect(p->b, wide, zero, len, ""), ""),
            LLVMConstInt(t, 1, 0), "");
        mask = LLVMBuildSelect(p->b, wide, LLVMConstAllOnes(t), mask, "");
        r = LLVMBuildSelect(p->b, big, zero, LLVMBuildAnd(p->b, sh, mask, ""), "");
    }
    if (!r)
        return 0;
    ir_replace(call, LLVMBuildIntCast2(p->b, r, rt, 0, ""));
    return 1;
}

/* shf.{l,r}.{wrap,clamp}.b32 d, a, b, c: the funnel shift of the 64-bit
 * {b:a} by c (mod 32, or at most 32), its upper (l) or lower (r) word. */
static int funnel_shift(pass *p, LLVMValueRef call, const ptx_insn *in)
{
    LLVMTypeRef t = LLVMTypeOf(call);
    int left = has_part(in, "l"), wrap = has_part(in, "wrap");
    if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind || in->nops != 4 ||
        operand_index(in->op[0], 0) != 0 || !has_part(in, "b32") ||
        left == has_part(in, "r") || wrap == has_part(in, "clamp"))
        return 0;
    LLVMValueRef a[3];
    for (int i = 0; i < 3; i++)
        if (!(a[i] = int_operand(p, call, 1, in->op[i + 1], p->i32)))
            return 0;
    LLVMValueRef c32 = ir_c32(p, 32);
    LLVMValueRef n = wrap ? LLVMBuildAnd(p->b, a[2], ir_c32(p, 31), "")
                          : LLVMBuildSelect(p->b, LLVMBuildICmp(p->b, LLVMIntUGT, a[2], c32, ""),
                                            c32, a[2], "");
    LLVMValueRef wide = LLVMBuildOr(
        p->b, LLVMBuildShl(p->b, LLVMBuildZExt(p->b, a[1], p->i64, ""), LLVMConstInt(p->i64, 32, 0), ""),
        LLVMBuildZExt(p->b, a[0], p->i64, ""), "");
    LLVMValueRef n64 = LLVMBuildZExt(p->b, n, p->i64, "");
    LLVMValueRef r = left ? LLVMBuildLShr(p->b, LLVMBuildShl(p->b, wide, n64, ""),
                                          LLVMConstInt(p->i64, 32, 0), "")
                          : LLVMBuildLShr(p->b, wide, n64, "");
    ir_replace(call, LLVMBuildIntCast2(p->b, r, t, 0, ""));
    return 1;
}

/* prmt.b32 d, a, b, c (the default mode): byte i of d is byte (c >> 4i)
 * & 7 of {b:a}, or that byte's sign replicated when bit 4i + 3 is set. */
static int byte_permute(pass *p, LLVMValueRef call, const ptx_insn *in)
{
    LLVMTypeRef t = LLVMTypeOf(call);
    if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind || in->nops != 4 || in->nparts != 2 ||
        strcmp(in->part[1], "b32") || operand_index(in->op[0], 0) != 0)
        return 0;
    LLVMValueRef a[3];
    for (int i = 0; i < 3; i++)
        if (!(a[i] = int_operand(p, call, 1, in->op[i + 1], p->i64)))
            return 0;
    LLVMValueRef lo = LLVMBuildAnd(p->b, a[0], LLVMConstInt(p->i64, 0xffffffffu, 0), "");
    LLVMValueRef wide = LLVMBuildOr(
        p->b, LLVMBuildShl(p->b, a[1], LLVMConstInt(p->i64, 32, 0), ""), lo, "");
    LLVMValueRef r = LLVMConstInt(p->i64, 0, 0), ff = LLVMConstInt(p->i64, 0xff, 0);
    for (unsigned i = 0; i < 4; i++) {
        LLVMValueRef nib = LLVMBuildLShr(p->b, a[2], LLVMConstInt(p->i64, 4 * i, 0), "");
        LLVMValueRef sel = LLVMBuildAnd(p->b, nib, LLVMConstInt(p->i64, 7, 0), "");
        LLVMValueRef byte = LLVMBuildAnd(
            p->b, LLVMBuildLShr(p->b, wide, LLVMBuildShl(p->b, sel, LLVMConstInt(p->i64, 3, 0), ""), ""),
            ff, "");
        LLVMValueRef sign = LLVMBuildICmp(p->b, LLVMIntNE,
                                          LLVMBuildAnd(p->b, byte, LLVMConstInt(p->i64, 0x80, 0), ""),
                                          LLVMConstInt(p->i64, 0, 0), "");
        LLVMValueRef rep = LLVMBuildICmp(p->b, LLVMIntNE,
                                         LLVMBuildAnd(p->b, nib, LLVMConstInt(p->i64, 8, 0), ""),
                                         LLVMConstInt(p->i64, 0, 0), "");
        byte = LLVMBuildSelect(p->b, rep,
                               LLVMBuildSelect(p->b, sign, ff, LLVMConstInt(p->i64, 0, 0), ""), byte, "");
        r = LLVMBuildOr(p->b, r, LLVMBuildShl(p->b, byte, LLVMConstInt(p->i64, 8 * i, 0), ""), "");
    }
    ir_replace(call, LLVMBuildIntCast2(p->b, r, t, 0, ""));
    return 1;
}

/* Integer arithmetic on one register width: add, sub, mul.lo/.hi/.wide,
 * mad.lo, min, max, and, or, xor, not, shl, shr (.u/.s/.b 32 or 64). */
static int arithmetic(pass *p, LLVMValueRef call, const ptx_insn *in)
{
    LLVMTypeRef rt = LLVMTypeOf(call);
    int fl, sg;
    unsigned size = type_size(in, &fl, &sg);
    const char *op = in->part[0];
    int wide = has_part(in, "wide"), hi = has_part(in, "hi");
    int nargs = !strcmp(op, "mad") ? 3 : !strcmp(op, "not") ? 1 : 2;
    if (fl || !size || LLVMGetTypeKind(rt) != LLVMIntegerTypeKind || in->nops != nargs + 1 ||
        operand_index(in->op[0], 0) != 0 || (wide && size != 4) ||
        (!strcmp(op, "mad") && !has_part(in, "lo")) || has_part(in, "cc") || has_part(in, "sat"))
        return 0;
    LLVMTypeRef t = LLVMIntTypeInContext(p->cx, size * 8), w = wide || hi ? LLVMIntTypeInContext(p->cx, size * 16) : t;
    LLVMValueRef a[3];
    for (int i = 0; i < nargs; i++) {
        if (!(a[i] = int_operand(p, call, 1, in->op[i + 1], t)))
            return 0;
        if (w != t)
            a[i] = sg ? LLVMBuildSExt(p->b, a[i], w, "") : LLVMBuildZExt(p->b, a[i], w, "");
    }
    LLVMValueRef r = NULL;
    if (!strcmp(op, "add"))
        r = LLVMBuildAdd(p->b, a[0], a[1], "");
    else if (!strcmp(op, "sub"))
        r = LLVMBuildSub(p->b, a[0], a[1], "");
    else if (!strcmp(op, "mul") && (wide || hi || has_part(in, "lo")))
        r = LLVMBuildMul(p->b, a[0], a[1], "");
    else if (!strcmp(op, "mad"))
        r = LLVMBuildAdd(p->b, LLVMBuildMul(p->b, a[0], a[1], ""), a[2], "");
    else if (!strcmp(op, "min") || !strcmp(op, "max")) {
        LLVMIntPredicate lt = sg ? LLVMIntSLT : LLVMIntULT;
        LLVMValueRef less = LLVMBuildICmp(p->b, lt, a[0], a[1], "");
        r = LLVMBuildSelect(p->b, less, !strcmp(op, "min") ? a[0] : a[1],
                            !strcmp(op, "min") ? a[1] : a[0], "");
    } else if (!strcmp(op, "and"))
        r = LLVMBuildAnd(p->b, a[0], a[1], "");
    else if (!strcmp(op, "or"))
        r = LLVMBuildOr(p->b, a[0], a[1], "");
    else if (!strcmp(op, "xor"))
        r = LLVMBuildXor(p->b, a[0], a[1], "");
    else if (!strcmp(op, "not"))
        r = LLVMBuildNot(p->b, a[0], "");
    else if (!strcmp(op, "shl") || !strcmp(op, "shr")) {
        /* PTX clamps the count: at the width or more, 0 (or the sign) */
        LLVMValueRef max = LLVMConstInt(t, size * 8 - 1, 0);
        LLVMValueRef big = LLVMBuildICmp(p->b, LLVMIntUGT, a[1], max, "");
        LLVMValueRef n = LLVMBuildSelect(p->b, big, max, a[1], "");
        if (!strcmp(op, "shl"))
            r = LLVMBuildSelect(p->b, big, LLVMConstInt(t, 0, 0), LLVMBuildShl(p->b, a[0], n, ""), "");
        else if (sg)
            r = LLVMBuildAShr(p->b, a[0], n, "");
        else
            r = LLVMBuildSelect(p->b, big, LLVMConstInt(t, 0, 0), LLVMBuildLShr(p->b, a[0], n, ""), "");
    }
    if (!r)
        return 0;
    if (hi)
        r = LLVMBuildTrunc(p->b, LLVMBuildLShr(p->b, r, LLVMConstInt(w, size * 8, 0), ""), t, "");
    ir_replace(call, LLVMBuildIntCast2(p->b, r, rt, sg, ""));
    return 1;
}

/* lop3.b32 d, a, b, c, LUT (five operands). */
static int lop3_insn(pass *p, LLVMValueRef call, const ptx_insn *in)
{
    LLVMTypeRef t = LLVMTypeOf(call);
    if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind || in->nops != 5 ||
        operand_index(in->op[0], 0) != 0)
        return 0;
    LLVMValueRef a[3];
    for (int i = 0; i < 3; i++)
        if (!(a[i] = int_operand(p, call, 1, in->op[i + 1], t)))
            return 0;
    char *end;
    unsigned long long lut = strtoull(in->op[4], &end, 0);
    if (!*in->op[4] || *end || lut > 0xff)
        return 0;
    ir_replace(call, lop3(p, a, (unsigned)lut, t));
    return 1;
}

/* Shared addresses.  A shared variable lives in the pass's virtual window
 * (ir_pass.h: slot k at GPUMC_IR_VBASE + k * GPUMC_IR_VSLOT); its 32-bit
 * shared-state-space address, as cvta.to.shared gives it, is the slot in
 * the top byte and the offset below (shared variables are below 16 MiB),
 * so the address survives the truncation to 32 bits kernels make. */
LLVMValueRef ir_asm_to_shared(pass *p, LLVMValueRef ptr)
{
    LLVMValueRef a = LLVMBuildSub(p->b, LLVMBuildPtrToInt(p->b, ptr, p->i64, ""),
                                  LLVMConstInt(p->i64, GPUMC_IR_VBASE, 0), "");
    LLVMValueRef slot = LLVMBuildAnd(p->b, LLVMBuildLShr(p->b, a, LLVMConstInt(p->i64, 32, 0), ""),
                                     LLVMConstInt(p->i64, 0xff, 0), "");
    return LLVMBuildOr(p->b, LLVMBuildShl(p->b, slot, LLVMConstInt(p->i64, 24, 0), ""),
                       LLVMBuildAnd(p->b, a, LLVMConstInt(p->i64, 0xffffff, 0), ""), "");
}

LLVMValueRef ir_asm_from_shared(pass *p, LLVMValueRef v)
{
    LLVMValueRef a = LLVMBuildZExt(p->b, LLVMBuildIntCast2(p->b, v, p->i32, 0, ""), p->i64, "");
    LLVMValueRef slot = LLVMBuildLShr(p->b, a, LLVMConstInt(p->i64, 24, 0), "");
    LLVMValueRef off = LLVMBuildAnd(p->b, a, LLVMConstInt(p->i64, 0xffffff, 0), "");
    LLVMValueRef addr = LLVMBuildAdd(
        p->b, LLVMBuildMul(p->b, slot, LLVMConstInt(p->i64, GPUMC_IR_VSLOT, 0), ""),
        LLVMBuildAdd(p->b, off, LLVMConstInt(p->i64, GPUMC_IR_VBASE, 0), ""), "");
    return LLVMBuildIntToPtr(p->b, addr, p->i8p, "");
}

/* cp.async.{ca,cg}.shared.global[.L2::NB] [$d], [$s], N[, srcN] and the
 * group operations (the adapter keeps the thread's copies in flight). */
static int cp_async(pass *p, LLVMValueRef call, const ptx_insn *in)
{
    LLVMValueRef src = ir_c32(p, ir_src(p, call));
    const char *what = in->nparts >= 3 ? in->part[2] : "";
    if (!strcmp(what, "commit_group") && in->nparts == 3 && !in->nops) {
        ir_call(p, RT_CPCOMMIT, &src, 1);
    } else if (!strcmp(what, "wait_all") && in->nparts == 3 && !in->nops) {
        LLVMValueRef a[] = {ir_c32(p, 0), src};
        ir_call(p, RT_CPCOMMIT, &src, 1);
        ir_call(p, RT_CPWAIT, a, 2);
    } else if (!strcmp(what, "wait_group") && in->nparts == 3 && in->nops == 1) {
        LLVMValueRef n = int_operand(p, call, 0, in->op[0], p->i32);
        if (!n)
            return 0;
        LLVMValueRef a[] = {n, src};
        ir_call(p, RT_CPWAIT, a, 2);
    } else if ((!strcmp(what, "ca") || !strcmp(what, "cg")) && in->nparts >= 5 &&
               !strcmp(in->part[3], "shared") && !strcmp(in->part[4], "global") &&
               (in->nops == 3 || in->nops == 4)) {
        LLVMValueRef d = input(call, 0, operand_index(in->op[0], 1));
        LLVMValueRef s = input(call, 0, operand_index(in->op[1], 1));
        LLVMValueRef n = int_operand(p, call, 0, in->op[2], p->i32);
        LLVMValueRef sn = in->nops == 4 ? int_operand(p, call, 0, in->op[3], p->i32) : n;
        if (!d || !s || !n || !sn || LLVMGetTypeKind(LLVMTypeOf(d)) != LLVMIntegerTypeKind)
            return 0;
        LLVMValueRef a[] = {ir_asm_from_shared(p, d), as_pointer(p, s, p->i8), n, sn, src};
        ir_call(p, RT_CPASYNC, a, 5);
    } else {
        return 0;
    }
    ir_replace(call, NULL);
    return 1;
}

/* 1 when the instruction was replaced by its meaning, 0 when it is not
 * one gpumc knows. */
static int lower(pass *p, LLVMValueRef call, const ptx_insn *in, LLVMValueRef *access)
{
    const char *op = in->part[0];
    int nout = LLVMGetTypeKind(LLVMTypeOf(call)) == LLVMVoidTypeKind ? 0 : 1;
    if (!strcmp(op, "membar") && in->nparts == 2 && scope_of(in->part[1]) && !in->nops)
        return fence(p, call, 5, scope_of(in->part[1]));
    if (!strcmp(op, "fence") && in->nparts == 3 && scope_of(in->part[2]) && !in->nops &&
        (!strcmp(in->part[1], "sc") || !strcmp(in->part[1], "acq_rel")))
        return fence(p, call, !strcmp(in->part[1], "sc") ? 5 : 4, scope_of(in->part[2]));
    if ((!strcmp(op, "bar") || !strcmp(op, "barrier")) && in->nparts >= 2 &&
        !strcmp(in->part[1], "sync") && (in->nparts == 2 || has_part(in, "aligned")) &&
        in->nops == 1 && !strcmp(in->op[0], "0")) {
        LLVMValueRef a[] = {ir_c32(p, 1), ir_c32(p, p->nbarriers++), ir_c32(p, ir_src(p, call))};
        ir_call(p, RT_BARRIER, a, 3);
        ir_replace(call, NULL);
        return 1;
    }
    if (!strcmp(op, "mov") && in->nparts == 2 && nout)
        return special_register(p, call, in);
    int scope, order = ptx_order(in, &scope);
    if ((!strcmp(op, "ld") || !strcmp(op, "st")) && order > 0)
        return ordered_access(p, call, in, nout, order, scope);
    if (!strcmp(op, "ld") || !strcmp(op, "st"))
        return plain_access(p, call, in, nout, access);
    if ((!strcmp(op, "atom") || !strcmp(op, "red")) && order >= 0)
        return atomic_insn(p, call, in, nout, order, scope);
    if (!strcmp(op, "lop3") && nout)
        return lop3_insn(p, call, in);
    if (!strcmp(op, "shf") && nout)
        return funnel_shift(p, call, in);
    if (!strcmp(op, "prmt") && nout)
        return byte_permute(p, call, in);
    static const char *const arith[] = {"add", "sub", "mul", "mad", "min", "max", "and", "or",
                                        "xor", "not", "shl", "shr", NULL};
    for (int i = 0; arith[i] && nout; i++)
        if (!strcmp(op, arith[i]))
            return arithmetic(p, call, in);
    if ((!strcmp(op, "popc") || !strcmp(op, "clz") || !strcmp(op, "brev") ||
         !strcmp(op, "bfind") || !strcmp(op, "bfe")) && nout)
        return bit_operation(p, call, in);
    if (!strcmp(op, "cp") && in->nparts >= 3 && !strcmp(in->part[1], "async") && !nout)
        return cp_async(p, call, in);
    if (!strcmp(op, "prefetch") || !strcmp(op, "prefetchu")) {
        ir_replace(call, NULL); /* a cache hint */
        return 1;
    }
    return 0;
}

/* The predicated copy kernels write as a block,
 *     { .reg .pred P; setp.ne.b32 P, $k, 0; @P cp.async... }
 * (FlashInfer's no-fill load): the copy with a size of 0 when $k is 0. */
static int predicated_copy(pass *p, LLVMValueRef call, const char *text)
{
    char buf[ASM_TEXT], pred[32], cond[16], rest[ASM_TEXT];
    snprintf(buf, sizeof buf, "%s", text);
    for (char *c = buf; *c; c++)
        if (*c == '\n' || *c == '\t')
            *c = ' ';
    if (sscanf(buf, " { .reg .pred %31[A-Za-z0-9_] ; setp.ne.b32 %*[A-Za-z0-9_] , %15[$0-9] , 0 ; @%*[A-Za-z0-9_] %255[^;] ; }",
               pred, cond, rest) != 3)
        return 0;
    LLVMValueRef k = input(call, 0, operand_index(cond, 0));
    ptx_insn in;
    if (!k || LLVMGetTypeKind(LLVMTypeOf(k)) != LLVMIntegerTypeKind || parse_insn(rest, &in) != 0 ||
        strcmp(in.part[0], "cp") || in.nparts < 5 || strcmp(in.part[1], "async") || in.nops != 3)
        return 0;
    LLVMValueRef on = LLVMBuildICmp(p->b, LLVMIntNE, k, LLVMConstInt(LLVMTypeOf(k), 0, 0), "");
    LLVMValueRef n = int_operand(p, call, 0, in.op[2], p->i32);
    LLVMValueRef d = input(call, 0, operand_index(in.op[0], 1));
    LLVMValueRef s = input(call, 0, operand_index(in.op[1], 1));
    if (!n || !d || !s || LLVMGetTypeKind(LLVMTypeOf(d)) != LLVMIntegerTypeKind ||
        (strcmp(in.part[2], "ca") && strcmp(in.part[2], "cg")) || strcmp(in.part[3], "shared") ||
        strcmp(in.part[4], "global"))
        return 0;
    n = LLVMBuildSelect(p->b, on, n, ir_c32(p, 0), "");
    LLVMValueRef a[] = {ir_asm_from_shared(p, d), as_pointer(p, s, p->i8), n, n,
                        ir_c32(p, ir_src(p, call))};
    ir_call(p, RT_CPASYNC, a, 5);
    ir_replace(call, NULL);
    return 1;
}

int ir_asm_lower(pass *p, LLVMValueRef call, LLVMValueRef *access)
{
    char text[ASM_TEXT], what[ASM_TEXT + 96];
    ptx_insn in;
    *access = NULL;
    LLVMPositionBuilderBefore(p->b, call);
    int have = asm_template(LLVMGetCalledValue(call), text, sizeof text) == 0;
    if (have && predicated_copy(p, call, text))
        return 0;
    int known = have && parse_insn(text, &in) == 0 && lower(p, call, &in, access);
    if (known)
        return 0;
    char *shown = trim(text);
    for (char *c = shown; *c; c++)
        if (*c == '\n' || *c == '\t')
            *c = ' ';
        else if (*c == '$')
            *c = '%'; /* operands as the source writes them */
    snprintf(what, sizeof what, "inline assembly '%.80s%s' (PTX gpumc does not model)", shown,
             strlen(shown) > 80 ? "..." : "");
    return ir_stop_at_run_time(p, call, what);
}
