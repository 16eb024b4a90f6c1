/*
 * fe_call.c -- lowering of calls.  See fe_call.h for the contract.
 */
#include "fe_call.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gpumc/harness.h>

#include "fe_builtin.h"
#include "fe_cuatomic.h"
#include "fe_expr.h"
#include "fe_type.h"

/* Everything one builtin lowering needs. */
typedef struct bcall {
    fe_ctx *c;
    CXCursor e;          /* the call */
    const fe_builtin *b;
    int scope;           /* CUDA suffix scope */
    int nargs;
    unsigned src;
    char *name;
} bcall;

static CXCursor arg(const bcall *k, int i)
{
    return clang_Cursor_getArgument(k->e, (unsigned)i);
}

static CXType ret_type(const bcall *k)
{
    return clang_getCursorType(k->e);
}

/* The value type an atomic builtin's first (pointer) argument points to. */
static CXType obj_type(const bcall *k)
{
    CXType p = fe_canon(clang_getCursorType(arg(k, 0)));
    return fe_type_value(clang_getPointeeType(p));
}

static const char *order_name(int o)
{
    static const char *const n[] = { "GPUMC_NA", "GPUMC_RLX", "GPUMC_ACQ",
                                     "GPUMC_REL", "GPUMC_ACQ_REL", "GPUMC_SC" };
    return o >= 0 && o <= 5 ? n[o] : "GPUMC_SC";
}

static const char *scope_name(int s)
{
    static const char *const n[] = { "GPUMC_SCOPE_THREAD", "GPUMC_SCOPE_CTA",
                                     "GPUMC_SCOPE_GPU", "GPUMC_SCOPE_SYS" };
    return s >= 0 && s <= 3 ? n[s] : "GPUMC_SCOPE_SYS";
}

static const char *rmw_name(int op)
{
    static const char *const n[] = {
        "GPUMC_RMW_XCHG", "GPUMC_RMW_ADD", "GPUMC_RMW_SUB", "GPUMC_RMW_AND",
        "GPUMC_RMW_OR", "GPUMC_RMW_XOR", "GPUMC_RMW_MIN", "GPUMC_RMW_MAX",
        "GPUMC_RMW_UMIN", "GPUMC_RMW_UMAX", "GPUMC_RMW_INC", "GPUMC_RMW_DEC",
        "GPUMC_RMW_FADD", "GPUMC_RMW_FSUB" };
    return op >= 0 && op <= 13 ? n[op] : "GPUMC_RMW_XCHG";
}

/* ---- memory order and scope arguments --------------------------------- */

/* C11 and OpenCL both use the __ATOMIC_* values (0..5). */
int fe_order_arg(fe_ctx *c, CXCursor a, fe_buf *o)
{
    static const int map[] = { GPUMC_RLX, GPUMC_ACQ, GPUMC_ACQ, GPUMC_REL,
                               GPUMC_ACQ_REL, GPUMC_SC };
    long long v;
    if (fe_eval_int(a, &v, NULL) == 0) {
        if (v < 0 || v > 5)
            return fe_fail(c, a, "invalid memory order %lld", v);
        fe_buf_puts(o, order_name(map[v]));
        return 0;
    }
    fe_buf_puts(o, "__gpumc_ord((int)(");
    int rc = fe_rv(c, a, o);
    fe_buf_puts(o, "))");
    return rc;
}

/* OpenCL memory_scope values: work_item 0, work_group 1, device 2,
 * all_svm_devices 3, sub_group 4 (clang's __OPENCL_MEMORY_SCOPE_*). */
int fe_scope_arg(fe_ctx *c, CXCursor a, fe_buf *o)
{
    long long v;
    if (fe_eval_int(a, &v, NULL) == 0) {
        if (v == 4)
            return fe_unsup(c, a, "memory_scope_sub_group");
        if (v < 0 || v > 3)
            return fe_fail(c, a, "invalid memory scope %lld", v);
        fe_buf_puts(o, scope_name((int)v));
        return 0;
    }
    fe_buf_puts(o, "__gpumc_cl_scope((int)(");
    int rc = fe_rv(c, a, o);
    fe_buf_puts(o, "))");
    return rc;
}

/* ---- helpers that build statement expressions ------------------------ */

/* "T name = <arg i>; " */
static int bind(bcall *k, int i, CXType t, const char *name, fe_buf *o)
{
    if (fe_type_decl(k->c, t, name, o, arg(k, i)) < 0)
        return -1;
    fe_buf_puts(o, " = ");
    if (fe_rv(k->c, arg(k, i), o) < 0)
        return -1;
    fe_buf_puts(o, "; ");
    return 0;
}

/* "T *name = <arg i>; " for the object pointer of an atomic. */
static int bind_obj(bcall *k, CXType t, const char *name, fe_buf *o)
{
    char d[32];
    snprintf(d, sizeof d, "*%s", name);
    return bind(k, 0, t, d, o);
}

static int check_value(bcall *k, CXType t, int op)
{
    fe_tk tk = fe_type_kind(t);
    if (!fe_type_scalar(t))
        return fe_unsup(k->c, k->e, "atomic on a non-scalar type");
    if ((tk == FE_T_FLOAT || tk == FE_T_DOUBLE) && op != GPUMC_RMW_XCHG &&
        op != GPUMC_RMW_ADD && op != GPUMC_RMW_SUB)
        return fe_unsup(k->c, k->e, "floating-point atomic %s (only add, sub and exchange "
                                    "are modelled on floating point)", k->name);
    return 0;
}

static int signed_op(CXType t, int op)
{
    fe_tk tk = fe_type_kind(t);
    if ((tk == FE_T_FLOAT || tk == FE_T_DOUBLE) && op == GPUMC_RMW_ADD)
        return GPUMC_RMW_FADD;
    if ((tk == FE_T_FLOAT || tk == FE_T_DOUBLE) && op == GPUMC_RMW_SUB)
        return GPUMC_RMW_FSUB;
    int u = fe_type_kind(t) == FE_T_UINT || fe_type_kind(t) == FE_T_BOOL;
    if (u && op == GPUMC_RMW_MIN)
        return GPUMC_RMW_UMIN;
    if (u && op == GPUMC_RMW_MAX)
        return GPUMC_RMW_UMAX;
    return op;
}

/* ({ T *p = obj; T v = val; FROM(__gpumc_rmw(p, op, TO(v))); }) where the
 * value is argument `vi`, or the constant `cval` when vi < 0. */
static int emit_rmw(bcall *k, int op, int vi, long long cval, const char *ord,
                    const char *scope, fe_buf *o)
{
    fe_ctx *c = k->c;
    CXType t = obj_type(k);
    if (check_value(k, t, op) < 0)
        return -1;
    char p[24], v[24];
    fe_tmp(c, p);
    fe_tmp(c, v);
    fe_buf_puts(o, "({ ");
    if (bind_obj(k, t, p, o) < 0)
        return -1;
    if (vi >= 0 && bind(k, vi, t, v, o) < 0)
        return -1;
    if (vi < 0 && (fe_type_decl(c, t, v, o, k->e) < 0 ||
                   (fe_buf_printf(o, " = %lld; ", cval), 0)))
        return -1;
    fe_buf bits = {0}, call = {0};
    int rc = fe_type_to_bits(c, t, v, &bits, k->e);
    fe_buf_printf(&call, "__gpumc_rmw(__c, %s, %lld, %s, %s, %s, %s, %u)", p,
                  fe_type_size(t), rmw_name(signed_op(t, op)), fe_buf_str(&bits),
                  ord, scope, k->src);
    rc = rc < 0 ? rc : fe_type_from_bits(c, t, fe_buf_str(&call), o, k->e);
    fe_buf_puts(o, "; })");
    fe_buf_free(&bits);
    fe_buf_free(&call);
    return rc;
}

/* CUDA atomicCAS / OpenCL 1.x atomic_cmpxchg: returns the old value. */
static int emit_cas_old(bcall *k, const char *ord, const char *scope, fe_buf *o)
{
    fe_ctx *c = k->c;
    CXType t = obj_type(k);
    if (check_value(k, t, GPUMC_RMW_XCHG) < 0)
        return -1;
    char p[24], e[24], d[24], x[24];
    fe_tmp(c, p);
    fe_tmp(c, e);
    fe_tmp(c, d);
    fe_tmp(c, x);
    fe_buf_puts(o, "({ ");
    if (bind_obj(k, t, p, o) < 0 || bind(k, 1, t, e, o) < 0 ||
        bind(k, 2, t, d, o) < 0)
        return -1;
    fe_buf_printf(o, "uint64_t %s = ", x);
    if (fe_type_to_bits(c, t, e, o, k->e) < 0)
        return -1;
    fe_buf_printf(o, "; __gpumc_cas(__c, %s, %lld, &%s, ", p, fe_type_size(t), x);
    if (fe_type_to_bits(c, t, d, o, k->e) < 0)
        return -1;
    fe_buf_printf(o, ", %s, %s, %s, 0, %u); ", ord, ord, scope, k->src);
    if (fe_type_from_bits(c, t, x, o, k->e) < 0)
        return -1;
    fe_buf_puts(o, "; })");
    return 0;
}

/* Evaluate every argument for its side effects (constants and format
 * strings skipped): "((void)0, (void)(a), ...)", with ", 0" before the
 * closing parenthesis when an int value is wanted. */
static int eval_args(bcall *k, int skip_strings, int value, fe_buf *o)
{
    fe_buf_puts(o, "((void)0");
    for (int i = 0; i < k->nargs; i++) {
        CXCursor a = arg(k, i);
        if (skip_strings && clang_getCursorKind(fe_strip(a)) == CXCursor_StringLiteral)
            continue;
        long long v;
        if (fe_eval_int(a, &v, NULL) == 0)
            continue;
        fe_buf_puts(o, ", (void)(");
        if (fe_rv(k->c, a, o) < 0)
            return -1;
        fe_buf_puts(o, ")");
    }
    fe_buf_puts(o, value ? ", __gpumc_nop())" : ")");
    return 0;
}

/* ---- CUDA and shared builtins ------------------------------------------ */

/* cuda::atomic_thread_fence(order, thread_scope): system 0, device 1,
 * block 2, thread 3. */
static int b_cuda_fence(bcall *k, fe_buf *o)
{
    static const char *const scopes[] = { "GPUMC_SCOPE_SYS", "GPUMC_SCOPE_GPU",
                                          "GPUMC_SCOPE_CTA", "GPUMC_SCOPE_THREAD" };
    long long s = 0;
    if (k->nargs > 1 && (fe_eval_int(arg(k, 1), &s, NULL) < 0 || s < 0 || s > 3))
        return fe_unsup(k->c, arg(k, 1), "non-constant thread scope");
    fe_buf_puts(o, "__gpumc_fence(__c, ");
    if (k->nargs < 1 || fe_order_arg(k->c, arg(k, 0), o) < 0)
        return -1;
    fe_buf_printf(o, ", %s, %u)", scopes[s], k->src);
    return 0;
}

static int b_cuda(bcall *k, fe_buf *o)
{
    if (k->b->kind == FE_B_CU_CAS)
        return emit_cas_old(k, "GPUMC_RLX", scope_name(k->scope), o);
    if (k->b->b && fe_type_kind(obj_type(k)) != FE_T_UINT)
        return fe_unsup(k->c, k->e, "%s on a signed type", k->name);
    return emit_rmw(k, k->b->a, 1, 0, "GPUMC_RLX", scope_name(k->scope), o);
}

/* A generated postcondition check reports the condition itself, not the
 * call around it (see append_post in fe_lower.c). */
static unsigned check_src(bcall *k)
{
    char file[64];
    unsigned line, col;
    fe_where(k->c, k->e, file, sizeof file, &line, &col);
    if (strcmp(file, "<postcondition>"))
        return k->src;
    CXCursor e = fe_strip(arg(k, 0));
    for (int i = 0; i < 2 && clang_getCursorKind(e) == CXCursor_UnaryOperator; i++) {
        fe_kids kk = {0};
        if (fe_kids_code(e, &kk) == 1)
            e = fe_strip(kk.v[0]);
        fe_kids_free(&kk);
    }
    return fe_src_id(k->c, e);
}

static int b_check(bcall *k, const char *fn, fe_buf *o)
{
    if (k->nargs < 1)
        return fe_fail(k->c, k->e, "%s needs an argument", k->name);
    fe_buf_printf(o, "%s(__c, (", fn);
    if (fe_rv(k->c, arg(k, 0), o) < 0)
        return -1;
    fe_buf_printf(o, ") != 0, %u)", check_src(k));
    return 0;
}

static int b_minmax(bcall *k, fe_buf *o)
{
    CXType t = ret_type(k);
    char a[24], b[24];
    fe_tmp(k->c, a);
    fe_tmp(k->c, b);
    if (k->nargs != 2)
        return fe_unsup(k->c, k->e, "%s with %d arguments", k->name, k->nargs);
    fe_buf_puts(o, "({ ");
    if (bind(k, 0, t, a, o) < 0 || bind(k, 1, t, b, o) < 0)
        return -1;
    fe_buf_printf(o, "%s %s %s ? %s : %s; })", a, k->b->a ? ">" : "<", b, a, b);
    return 0;
}

static int b_abs(bcall *k, fe_buf *o)
{
    char a[24];
    fe_tmp(k->c, a);
    fe_buf_puts(o, "({ ");
    if (bind(k, 0, ret_type(k), a, o) < 0)
        return -1;
    fe_buf_printf(o, "%s < 0 ? -%s : %s; })", a, a, a);
    return 0;
}

static int b_ldg(bcall *k, fe_buf *o)
{
    CXType t = obj_type(k);
    char *p = fe_rv_str(k->c, arg(k, 0));
    if (!p)
        return -1;
    fe_acc a = { "GPUMC_NA", "GPUMC_SCOPE_SYS", fe_type_size(t), k->src };
    int rc = fe_emit_load(k->c, t, p, &a, o, k->e);
    free(p);
    return rc;
}

/* __float_as_int and friends: reinterpret the bits (types in bit_cast[]). */
static int b_bit_cast(bcall *k, fe_buf *o)
{
    static const char *const types[][2] = {
        {"float", "int"}, {"int", "float"}, {"float", "unsigned int"},
        {"unsigned int", "float"}, {"double", "long long"}, {"long long", "double"} };
    const char *const *ty = types[k->b->a - 4];
    char in[24], out[24];
    fe_tmp(k->c, in);
    fe_tmp(k->c, out);
    fe_buf_printf(o, "({ %s %s = (%s)(", ty[0], in, ty[0]);
    if (fe_rv(k->c, arg(k, 0), o) < 0)
        return -1;
    fe_buf_printf(o, "); %s %s; __builtin_memcpy(&%s, &%s, sizeof %s); %s; })", ty[1], out, out,
                  in, out, out);
    return 0;
}

static int b_bits(bcall *k, fe_buf *o)
{
    if (k->b->a >= 4)
        return b_bit_cast(k, o);
    static const char *const pre[] = {
        "__builtin_popcount((unsigned int)(", "__builtin_popcountll((unsigned long long)(",
        "__gpumc_clz((unsigned int)(", "__builtin_ffs((int)(" };
    fe_buf_puts(o, pre[k->b->a]);
    int rc = fe_rv(k->c, arg(k, 0), o);
    fe_buf_puts(o, "))");
    return rc;
}

static int b_mul24(bcall *k, fe_buf *o)
{
    char *a = fe_rv_str(k->c, arg(k, 0));
    char *b = a ? fe_rv_str(k->c, arg(k, 1)) : NULL;
    if (b && k->b->a)
        fe_buf_printf(o, "((((unsigned int)(%s)) & 0xffffffu) * (((unsigned int)(%s)) & 0xffffffu))",
                      a, b);
    else if (b)
        fe_buf_printf(o, "(__gpumc_sext24(%s) * __gpumc_sext24(%s))", a, b);
    free(a);
    free(b);
    return b ? 0 : -1;
}

static int b_barrier(bcall *k, fe_buf *o)
{
    unsigned id = k->c->nbarrier++;
    fe_buf_puts(o, "(");
    int rc = eval_args(k, 0, 0, o);
    fe_buf_printf(o, ", __gpumc_barrier(__c, GPUMC_SCOPE_CTA, %uu, %u))", id, k->src);
    return rc;
}

/* ---- OpenCL ------------------------------------------------------------ */

static int b_cl_id(bcall *k, fe_buf *o)
{
    fe_buf_puts(o, "((");
    if (fe_type_name(k->c, ret_type(k), o, k->e) < 0)
        return -1;
    fe_buf_printf(o, ")__gpumc_cl_id(__c, %d, ", k->b->a);
    if (k->nargs > 0) {
        fe_buf_puts(o, "(unsigned int)(");
        if (fe_rv(k->c, arg(k, 0), o) < 0)
            return -1;
        fe_buf_puts(o, ")");
    } else {
        fe_buf_puts(o, "0u");
    }
    fe_buf_puts(o, "))");
    return 0;
}

static int b_cl_fence(bcall *k, fe_buf *o)
{
    fe_buf_puts(o, "(");
    if (eval_args(k, 0, 0, o) < 0)
        return -1;
    fe_buf_printf(o, ", __gpumc_fence(__c, %s, GPUMC_SCOPE_CTA, %u))",
                  order_name(k->b->a), k->src);
    return 0;
}

static int b_cl1(bcall *k, fe_buf *o)
{
    if (k->b->kind == FE_B_CL1_CAS)
        return emit_cas_old(k, "GPUMC_RLX", "GPUMC_SCOPE_GPU", o);
    if (k->b->b)
        return emit_rmw(k, k->b->a, -1, 1, "GPUMC_RLX", "GPUMC_SCOPE_GPU", o);
    return emit_rmw(k, k->b->a, 1, 0, "GPUMC_RLX", "GPUMC_SCOPE_GPU", o);
}

/* ---- C11 / OpenCL 2.0 atomics ----------------------------------------- */

static const char *default_scope(fe_ctx *c)
{
    return c->lang == FE_LANG_OPENCL ? "GPUMC_SCOPE_GPU" : "GPUMC_SCOPE_SYS";
}

/* Order argument i (default seq_cst) and scope argument i+1 (OpenCL). */
static int order_scope(bcall *k, int i, fe_buf *ord, fe_buf *sc)
{
    if (k->nargs > i) {
        if (fe_order_arg(k->c, arg(k, i), ord) < 0)
            return -1;
    } else {
        fe_buf_puts(ord, "GPUMC_SC");
    }
    if (k->nargs > i + 1 && k->c->lang == FE_LANG_OPENCL)
        return fe_scope_arg(k->c, arg(k, i + 1), sc);
    fe_buf_puts(sc, default_scope(k->c));
    return 0;
}

static int a_load(bcall *k, fe_buf *o)
{
    fe_buf ord = {0}, sc = {0};
    CXType t = obj_type(k);
    char *p = NULL;
    int rc = order_scope(k, 1, &ord, &sc);
    if (rc == 0 && !(p = fe_rv_str(k->c, arg(k, 0))))
        rc = -1;
    if (rc == 0 && check_value(k, t, GPUMC_RMW_XCHG) < 0)
        rc = -1;
    fe_acc a = { fe_buf_str(&ord), fe_buf_str(&sc), fe_type_size(t), k->src };
    if (rc == 0)
        rc = fe_emit_load(k->c, t, p, &a, o, k->e);
    free(p);
    fe_buf_free(&ord);
    fe_buf_free(&sc);
    return rc;
}

static int a_store(bcall *k, int init, fe_buf *o)
{
    fe_buf ord = {0}, sc = {0};
    CXType t = obj_type(k);
    char p[24], v[24];
    fe_tmp(k->c, p);
    fe_tmp(k->c, v);
    int rc = init ? (fe_buf_puts(&ord, "GPUMC_NA"), fe_buf_puts(&sc, default_scope(k->c)), 0)
                  : order_scope(k, 2, &ord, &sc);
    if (rc == 0)
        rc = check_value(k, t, GPUMC_RMW_XCHG);
    fe_buf_puts(o, "({ ");
    if (rc == 0 && (bind_obj(k, t, p, o) < 0 || bind(k, 1, t, v, o) < 0))
        rc = -1;
    fe_acc a = { fe_buf_str(&ord), fe_buf_str(&sc), fe_type_size(t), k->src };
    if (rc == 0)
        rc = fe_emit_store(k->c, t, p, v, &a, o, k->e);
    fe_buf_puts(o, "; })");
    fe_buf_free(&ord);
    fe_buf_free(&sc);
    return rc;
}

static int a_rmw(bcall *k, int op, fe_buf *o)
{
    fe_buf ord = {0}, sc = {0};
    int rc = order_scope(k, 2, &ord, &sc);
    if (rc == 0)
        rc = emit_rmw(k, op, 1, 0, fe_buf_str(&ord), fe_buf_str(&sc), o);
    fe_buf_free(&ord);
    fe_buf_free(&sc);
    return rc;
}

/* compare_exchange: *expected is read and (on failure) written as plain
 * memory; the result is the success flag. */
static int a_cas_body(bcall *k, const char *so, const char *fo, const char *sc,
                      fe_buf *o)
{
    fe_ctx *c = k->c;
    CXType t = obj_type(k);
    long long n = fe_type_size(t);
    char p[24], e[24], d[24], x[24], ok[24], ed[32];
    fe_tmp(c, p);
    fe_tmp(c, e);
    fe_tmp(c, d);
    fe_tmp(c, x);
    fe_tmp(c, ok);
    snprintf(ed, sizeof ed, "*%s", e);
    if (check_value(k, t, GPUMC_RMW_XCHG) < 0)
        return -1;
    fe_buf_puts(o, "({ ");
    if (bind_obj(k, t, p, o) < 0 || bind(k, 1, t, ed, o) < 0 ||
        bind(k, 2, t, d, o) < 0)
        return -1;
    fe_buf_printf(o, "uint64_t %s = __gpumc_ld_raw(__c, %s, %lld, %u); ", x, e, n,
                  k->src);
    fe_buf_printf(o, "int %s = __gpumc_cas(__c, %s, %lld, &%s, ", ok, p, n, x);
    if (fe_type_to_bits(c, t, d, o, k->e) < 0)
        return -1;
    fe_buf_printf(o, ", %s, %s, %s, %d, %u); ", so, fo, sc, k->b->a, k->src);
    fe_buf_printf(o, "if (!%s) __gpumc_st_raw(__c, %s, %lld, %s, %u); "
                  "__gpumc_cas_result(__c, %s, %s, %lld); })", ok, e, n, x, k->src, ok, x, n);
    return 0;
}

static int a_cas(bcall *k, fe_buf *o)
{
    fe_buf so = {0}, fo = {0}, sc = {0};
    int rc = 0;
    if (k->nargs >= 5) {
        rc = fe_order_arg(k->c, arg(k, 3), &so);
        rc = rc < 0 ? rc : fe_order_arg(k->c, arg(k, 4), &fo);
    } else {
        fe_buf_puts(&so, "GPUMC_SC");
        fe_buf_puts(&fo, "GPUMC_SC");
    }
    if (rc == 0 && k->nargs >= 6 && k->c->lang == FE_LANG_OPENCL)
        rc = fe_scope_arg(k->c, arg(k, 5), &sc);
    else
        fe_buf_puts(&sc, default_scope(k->c));
    if (rc == 0)
        rc = a_cas_body(k, fe_buf_str(&so), fe_buf_str(&fo), fe_buf_str(&sc), o);
    fe_buf_free(&so);
    fe_buf_free(&fo);
    fe_buf_free(&sc);
    return rc;
}

static int a_fence(bcall *k, fe_buf *o)
{
    fe_buf ord = {0}, sc = {0};
    int first = k->c->lang == FE_LANG_OPENCL ? 1 : 0; /* skip the flags */
    int rc = order_scope(k, first, &ord, &sc);
    if (rc == 0)
        fe_buf_printf(o, "__gpumc_fence(__c, %s, %s, %u)", fe_buf_str(&ord),
                      fe_buf_str(&sc), k->src);
    fe_buf_free(&ord);
    fe_buf_free(&sc);
    return rc;
}

static int a_flag(bcall *k, fe_buf *o)
{
    fe_buf ord = {0}, sc = {0};
    CXType t = obj_type(k);
    long long n = fe_type_size(t);
    char *p = NULL;
    int rc = order_scope(k, 1, &ord, &sc);
    if (rc == 0 && !(p = fe_rv_str(k->c, arg(k, 0))))
        rc = -1;
    if (rc == 0 && k->b->kind == FE_B_A_FLAG_TAS)
        fe_buf_printf(o, "((_Bool)__gpumc_rmw(__c, %s, %lld, GPUMC_RMW_XCHG, 1, %s, %s, %u))",
                      p, n, fe_buf_str(&ord), fe_buf_str(&sc), k->src);
    else if (rc == 0)
        fe_buf_printf(o, "__gpumc_st(__c, %s, %lld, 0, %s, %s, %u)", p, n,
                      fe_buf_str(&ord), fe_buf_str(&sc), k->src);
    free(p);
    fe_buf_free(&ord);
    fe_buf_free(&sc);
    return rc;
}

/* ---- scoped C ---------------------------------------------------------- */

static int thread_fn_index(bcall *k, CXCursor fnarg)
{
    CXCursor f = fe_strip(fnarg);
    while (clang_getCursorKind(f) == CXCursor_CStyleCastExpr ||
           clang_getCursorKind(f) == CXCursor_UnaryOperator) {
        fe_kids kk = {0};
        int n = fe_kids_code(f, &kk);
        CXCursor next = n > 0 ? kk.v[n - 1] : clang_getNullCursor();
        fe_kids_free(&kk);
        if (clang_Cursor_isNull(next))
            break;
        f = fe_strip(next);
    }
    CXCursor d = clang_getCursorReferenced(f);
    if (clang_getCursorKind(f) != CXCursor_DeclRefExpr ||
        clang_getCursorKind(d) != CXCursor_FunctionDecl)
        return fe_unsup(k->c, fnarg, "pthread_create with a thread function "
                                     "that is not a named function");
    return fe_fn_use(k->c, d, k->e, 1);
}

static int b_create(bcall *k, fe_buf *o)
{
    if (k->nargs != 4)
        return fe_fail(k->c, k->e, "pthread_create needs 4 arguments");
    int fi = thread_fn_index(k, arg(k, 2));
    if (fi < 0)
        return -1;
    CXType ht = fe_canon(clang_getPointeeType(fe_canon(clang_getCursorType(arg(k, 0)))));
    fe_buf_printf(o, "__gpumc_create(__c, %d, (void *)(", fi);
    if (fe_rv(k->c, arg(k, 0), o) < 0)
        return -1;
    fe_buf_printf(o, "), %lld, (void *)(", clang_Type_getSizeOf(ht));
    if (fe_rv(k->c, arg(k, 3), o) < 0)
        return -1;
    fe_buf_printf(o, "), %u)", k->src);
    return 0;
}

/* NULL, 0, (void *)0, nullptr. */
static int is_null_const(CXCursor e)
{
    for (;;) {
        e = fe_strip(e);
        enum CXCursorKind k = clang_getCursorKind(e);
        if (k == CXCursor_GNUNullExpr || k == CXCursor_CXXNullPtrLiteralExpr)
            return 1;
        if (k != CXCursor_CStyleCastExpr)
            break;
        fe_kids kk = {0};
        int n = fe_kids_code(e, &kk);
        CXCursor next = n > 0 ? kk.v[n - 1] : clang_getNullCursor();
        fe_kids_free(&kk);
        if (clang_Cursor_isNull(next))
            return 0;
        e = next;
    }
    long long v;
    return fe_eval_int(e, &v, NULL) == 0 && v == 0;
}

static int b_join(bcall *k, fe_buf *o)
{
    if (k->nargs == 2 && !is_null_const(arg(k, 1)))
        return fe_unsup(k->c, arg(k, 1), "thread return values (pass NULL to pthread_join)");
    fe_buf_puts(o, "__gpumc_join_thread(__c, (int)(");
    if (fe_rv(k->c, arg(k, 0), o) < 0)
        return -1;
    fe_buf_printf(o, "), %u)", k->src);
    return 0;
}

static int b_ptr_call(bcall *k, const char *fn, fe_buf *o)
{
    fe_buf_printf(o, "%s(__c, (void *)(", fn);
    if (fe_rv(k->c, arg(k, 0), o) < 0)
        return -1;
    fe_buf_printf(o, "), %u)", k->src);
    return 0;
}

static int b_scoped(bcall *k, fe_buf *o)
{
    switch (k->b->kind) {
    case FE_B_V_SCOPE:
        fe_buf_printf(o, "((void)(__c->pend = %s))", scope_name(k->b->a));
        return 0;
    case FE_B_V_PLACE:
        fe_buf_printf(o, "__gpumc_place(__c, %d, (int)(", k->b->a);
        if (fe_rv(k->c, arg(k, 0), o) < 0)
            return -1;
        fe_buf_printf(o, "), %u)", k->src);
        return 0;
    case FE_B_PT_CREATE: return b_create(k, o);
    case FE_B_PT_JOIN: return b_join(k, o);
    case FE_B_PT_EXIT:
        fe_buf_puts(o, "__gpumc_exit(__c)");
        return 0;
    case FE_B_PT_SELF:
        fe_buf_puts(o, "((unsigned long)__c->self)");
        return 0;
    case FE_B_MUTEX_LOCK: return b_ptr_call(k, "__gpumc_mutex_lock", o);
    case FE_B_MUTEX_UNLOCK: return b_ptr_call(k, "__gpumc_mutex_unlock", o);
    case FE_B_MUTEX_TRYLOCK: return b_ptr_call(k, "__gpumc_mutex_trylock", o);
    case FE_B_MUTEX_INIT: return b_ptr_call(k, "__gpumc_mutex_init", o);
    case FE_B_PT_BARRIER_WAIT: {
        unsigned id = k->c->nbarrier++;
        fe_buf_puts(o, "((void)(");
        if (fe_rv(k->c, arg(k, 0), o) < 0)
            return -1;
        fe_buf_printf(o, "), __gpumc_pbarrier(__c, %uu, %u))", id, k->src);
        return 0;
    }
    case FE_B_PT_BARRIER_INIT:
        return eval_args(k, 0, 1, o);
    default:
        return fe_fail(k->c, k->e, "internal: builtin kind %d", (int)k->b->kind);
    }
}

/* ---- dispatch ---------------------------------------------------------- */

static int builtin(bcall *k, fe_buf *o)
{
    switch (k->b->kind) {
    case FE_B_CU_RMW: case FE_B_CU_CAS: return b_cuda(k, o);
    case FE_B_FENCE:
        fe_buf_printf(o, "__gpumc_fence(__c, %s, %s, %u)", order_name(k->b->a),
                      scope_name(k->b->b), k->src);
        return 0;
    case FE_B_BARRIER: return b_barrier(k, o);
    case FE_B_ASSERT: return b_check(k, "__gpumc_assert", o);
    case FE_B_ASSUME: return b_check(k, "__gpumc_assume", o);
    case FE_B_PRINTF: return eval_args(k, 1, 1, o);
    case FE_B_NOP: return eval_args(k, 0, 1, o);
    case FE_B_RETCAS:
        fe_buf_puts(o, "(void)(__c->retcas = 1)");
        return 0;
    case FE_B_MINMAX: return b_minmax(k, o);
    case FE_B_ABS: return b_abs(k, o);
    case FE_B_LDG: return b_ldg(k, o);
    case FE_B_BITS: return b_bits(k, o);
    case FE_B_MUL24: return b_mul24(k, o);
    case FE_B_CL_ID: return b_cl_id(k, o);
    case FE_B_CL_FENCE: return b_cl_fence(k, o);
    case FE_B_CL1_RMW: case FE_B_CL1_CAS: return b_cl1(k, o);
    case FE_B_A_INIT: return a_store(k, 1, o);
    case FE_B_A_LOAD: return a_load(k, o);
    case FE_B_A_STORE: return a_store(k, 0, o);
    case FE_B_A_XCHG: return a_rmw(k, GPUMC_RMW_XCHG, o);
    case FE_B_A_FETCH: return a_rmw(k, k->b->a, o);
    case FE_B_A_CAS: return a_cas(k, o);
    case FE_B_A_FENCE: return a_fence(k, o);
    case FE_B_A_FLAG_TAS: case FE_B_A_FLAG_CLEAR: return a_flag(k, o);
    case FE_B_CU_AFENCE: return b_cuda_fence(k, o);
    case FE_B_ABORT:
        fe_buf_printf(o, "__gpumc_assert(__c, 0, %u)", k->src);
        return 0;
    case FE_B_UNSUP: return fe_unsup(k->c, k->e, "%s", k->b->msg);
    default: return b_scoped(k, o);
    }
}

static int call_builtin(fe_ctx *c, CXCursor e, CXCursor callee, fe_buf *o)
{
    bcall k;
    memset(&k, 0, sizeof k);
    k.c = c;
    k.e = e;
    k.name = fe_spelling(callee);
    k.b = fe_builtin_find(c->lang, k.name ? k.name : "", &k.scope);
    k.nargs = clang_Cursor_getNumArguments(e);
    int rc;
    if (!k.b) {
        rc = fe_unsup(c, e, "call to '%s', which has no definition gpumc can "
                            "model", k.name ? k.name : "?");
    } else {
        k.src = fe_src_id(c, e);
        rc = builtin(&k, o);
    }
    free(k.name);
    return rc;
}

int fe_is_builtin_call(fe_ctx *c, CXCursor e, int kind)
{
    if (clang_getCursorKind(e) != CXCursor_CallExpr)
        return 0;
    CXCursor callee = clang_getCursorReferenced(e);
    if (clang_getCursorKind(callee) != CXCursor_FunctionDecl)
        return 0;
    CXCursor def = clang_getCursorDefinition(callee);
    if (!clang_Cursor_isNull(def) && !fe_in_system(def))
        return 0;
    char *name = fe_spelling(callee);
    const fe_builtin *b = fe_builtin_find(c->lang, name ? name : "", NULL);
    free(name);
    return b && (int)b->kind == kind;
}

/* ---- user functions ----------------------------------------------------- */

int fe_fn_use(fe_ctx *c, CXCursor decl, CXCursor site, int entry)
{
    CXCursor canon = clang_getCanonicalCursor(decl);
    int idx = -1;
    for (int i = 0; i < c->nfns && idx < 0; i++)
        if (clang_equalCursors(c->fns[i].decl, canon))
            idx = i;
    if (idx < 0) {
        CXCursor def = clang_getCursorDefinition(decl);
        if (clang_Cursor_isNull(def))
            return fe_unsup(c, site, "call to a function without a definition");
        /* libclang shows the template pattern, not the instantiation */
        if (!clang_Cursor_isNull(clang_getSpecializedCursorTemplate(def)) ||
            clang_getCursorKind(def) == CXCursor_FunctionTemplate)
            return fe_unsup(c, site, "call to a function template (libclang exposes "
                                     "only its uninstantiated body)");
        if (clang_Cursor_isVariadic(def))
            return fe_unsup(c, site, "call to a variadic function");
        if (fe_grow(c, (void **)&c->fns, &c->capfns, c->nfns, sizeof *c->fns) < 0)
            return -1;
        fe_fn *f = &c->fns[c->nfns];
        memset(f, 0, sizeof *f);
        f->decl = canon;
        f->def = def;
        char *n = fe_spelling(def);
        char buf[160];
        snprintf(buf, sizeof buf, "__gpumc_f%d_%s", c->nfns, n ? n : "");
        free(n);
        f->cname = fe_strdup(buf);
        idx = c->nfns++;
    }
    c->fns[idx].entry |= entry;
    if (c->cur_fn >= 0 && !entry) {
        if (fe_grow(c, (void **)&c->edges, &c->capedges, c->nedges,
                    sizeof *c->edges) < 0)
            return -1;
        c->edges[c->nedges++] = (fe_call_edge){ c->cur_fn, idx, site };
    }
    return idx;
}

static int call_user(fe_ctx *c, CXCursor e, CXCursor callee, fe_buf *o)
{
    int fi = fe_fn_use(c, callee, e, 0);
    if (fi < 0)
        return -1;
    fe_buf_printf(o, "%s(__c", c->fns[fi].cname);
    int n = clang_Cursor_getNumArguments(e);
    for (int i = 0; i < n; i++) {
        fe_buf_puts(o, ", ");
        if (fe_rv(c, clang_Cursor_getArgument(e, (unsigned)i), o) < 0)
            return -1;
    }
    fe_buf_puts(o, ")");
    return 0;
}

static int call_ctor(fe_ctx *c, CXCursor e, CXCursor ctor, fe_buf *o)
{
    int rc = 0;
    if (fe_cuatomic_ctor(c, e, ctor, o, &rc))
        return rc;
    int n = clang_Cursor_getNumArguments(e);
    if (n == 1 && (clang_CXXConstructor_isCopyConstructor(ctor) ||
                   clang_CXXConstructor_isMoveConstructor(ctor)))
        return fe_rv(c, clang_Cursor_getArgument(e, 0), o);
    if (n == 0 && clang_CXXConstructor_isDefaultConstructor(ctor) &&
        fe_in_system(ctor) == 0 && clang_Cursor_isNull(clang_getCursorDefinition(ctor))) {
        fe_buf_puts(o, "{0}");
        return 0;
    }
    return fe_unsup(c, e, "C++ constructor call");
}

/* The implicit copy/move assignment of a plain struct (a = b in C++). */
static int is_default_assign(CXCursor m)
{
    char *n = fe_spelling(m);
    int ok = n && !strcmp(n, "operator=") && clang_CXXMethod_isDefaulted(m);
    free(n);
    return ok;
}

int fe_call(fe_ctx *c, CXCursor e, fe_buf *o)
{
    int rc = 0;
    CXCursor callee = clang_getCursorReferenced(e);
    switch (clang_getCursorKind(callee)) {
    case CXCursor_FunctionDecl: {
        CXCursor def = clang_getCursorDefinition(callee);
        if (clang_Cursor_isNull(def) || fe_in_system(def))
            return call_builtin(c, e, callee, o);
        return call_user(c, e, callee, o);
    }
    case CXCursor_Constructor:
        return call_ctor(c, e, callee, o);
    case CXCursor_CXXMethod:
        if (fe_cuatomic_call(c, e, callee, o, &rc))
            return rc;
        if (is_default_assign(callee) && clang_Cursor_getNumArguments(e) == 2)
            return fe_assign(c, e, clang_Cursor_getArgument(e, 0),
                             clang_Cursor_getArgument(e, 1), o);
        return fe_unsup(c, e, "C++ member function call");
    case CXCursor_ConversionFunction:
        if (fe_cuatomic_call(c, e, callee, o, &rc))
            return rc;
        return fe_unsup(c, e, "C++ conversion operator");
    case CXCursor_Destructor:
        return fe_unsup(c, e, "C++ member function call");
    default:
        if (clang_Cursor_isNull(callee))
            return fe_unsup(c, e, "call through a function pointer or of an "
                                  "unresolved name");
        return fe_unsup(c, e, "call through a function pointer");
    }
}
