/*
 * fe_cuatomic.c -- cuda::atomic / cuda::atomic_ref member calls.
 * See fe_cuatomic.h for the contract.
 */
#include "fe_cuatomic.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gpumc/harness.h>

#include "fe_call.h"
#include "fe_expr.h"
#include "fe_type.h"

/* An order index past the arguments: seq_cst (operators). */
#define NO_ORDER 99

/* One member call being lowered. */
typedef struct acall {
    fe_ctx *c;
    CXCursor e;
    int kind;            /* 1 atomic, 2 atomic_ref */
    CXType t;            /* value type */
    int scope;
    CXCursor obj;        /* the atomic object expression */
    int a0, nargs;       /* first explicit argument, how many */
    unsigned src;
    char *name;
} acall;

static const char *scope_name(int s)
{
    static const char *const n[] = { "GPUMC_SCOPE_THREAD", "GPUMC_SCOPE_CTA",
                                     "GPUMC_SCOPE_GPU", "GPUMC_SCOPE_SYS" };
    return n[s & 3];
}

static CXCursor arg(const acall *a, int i)
{
    return clang_Cursor_getArgument(a->e, (unsigned)(a->a0 + i));
}

/* The address of the value: atomic_ref holds it, atomic is it. */
static int pointer(acall *a, fe_buf *o)
{
    if (a->kind == 2)
        return fe_rv(a->c, a->obj, o);
    fe_buf_puts(o, "((");
    if (fe_type_name(a->c, a->t, o, a->e) < 0)
        return -1;
    fe_buf_puts(o, " *)");
    int rc = fe_addr(a->c, a->obj, o);
    fe_buf_puts(o, ")");
    return rc;
}

/* Memory order argument i, seq_cst when absent. */
static int order(acall *a, int i, fe_buf *o)
{
    if (i >= a->nargs) {
        fe_buf_puts(o, "GPUMC_SC");
        return 0;
    }
    return fe_order_arg(a->c, arg(a, i), o);
}

static int emit_load(acall *a, int oi, fe_buf *o)
{
    fe_buf p = {0}, ord = {0};
    int rc = pointer(a, &p);
    rc = rc < 0 ? rc : order(a, oi, &ord);
    fe_acc acc = { fe_buf_str(&ord), scope_name(a->scope), fe_type_size(a->t), a->src };
    rc = rc < 0 ? rc : fe_emit_load(a->c, a->t, fe_buf_str(&p), &acc, o, a->e);
    fe_buf_free(&p);
    fe_buf_free(&ord);
    return rc;
}

static int emit_store(acall *a, int vi, int oi, fe_buf *o)
{
    char v[24], p[24], pd[32];
    fe_tmp(a->c, v);
    fe_tmp(a->c, p);
    snprintf(pd, sizeof pd, "*%s", p);
    fe_buf ord = {0};
    fe_buf_puts(o, "({ ");
    int rc = fe_type_decl(a->c, a->t, pd, o, a->e);
    fe_buf_puts(o, " = ");
    rc = rc < 0 ? rc : pointer(a, o);
    fe_buf_puts(o, "; ");
    rc = rc < 0 ? rc : fe_type_decl(a->c, a->t, v, o, a->e);
    fe_buf_puts(o, " = ");
    rc = rc < 0 ? rc : fe_rv(a->c, arg(a, vi), o);
    fe_buf_puts(o, "; ");
    rc = rc < 0 ? rc : order(a, oi, &ord);
    fe_acc acc = { fe_buf_str(&ord), scope_name(a->scope), fe_type_size(a->t), a->src };
    rc = rc < 0 ? rc : fe_emit_store(a->c, a->t, p, v, &acc, o, a->e);
    fe_buf_printf(o, "; %s; })", v);
    fe_buf_free(&ord);
    return rc;
}

/* old = RMW(op, value); the result is old, or `old OP value` (post != 0). */
static int emit_rmw(acall *a, int op, const char *value, int oi, const char *post,
                    fe_buf *o)
{
    fe_tk k = fe_type_kind(a->t);
    int u = k == FE_T_UINT || k == FE_T_BOOL;
    if ((k == FE_T_FLOAT || k == FE_T_DOUBLE) && op != GPUMC_RMW_XCHG)
        return fe_unsup(a->c, a->e, "floating-point atomic %s", a->name);
    if (u && op == GPUMC_RMW_MIN)
        op = GPUMC_RMW_UMIN;
    if (u && op == GPUMC_RMW_MAX)
        op = GPUMC_RMW_UMAX;
    static const char *const ops[] = {
        "GPUMC_RMW_XCHG", "GPUMC_RMW_ADD", "GPUMC_RMW_SUB", "GPUMC_RMW_AND",
        "GPUMC_RMW_OR", "GPUMC_RMW_XOR", "GPUMC_RMW_MIN", "GPUMC_RMW_MAX",
        "GPUMC_RMW_UMIN", "GPUMC_RMW_UMAX" };
    char p[24], v[24], pd[32];
    fe_tmp(a->c, p);
    fe_tmp(a->c, v);
    snprintf(pd, sizeof pd, "*%s", p);
    fe_buf ord = {0}, bits = {0}, call = {0};
    fe_buf_puts(o, "({ ");
    int rc = fe_type_decl(a->c, a->t, pd, o, a->e);
    fe_buf_puts(o, " = ");
    rc = rc < 0 ? rc : pointer(a, o);
    fe_buf_puts(o, "; ");
    rc = rc < 0 ? rc : fe_type_decl(a->c, a->t, v, o, a->e);
    fe_buf_printf(o, " = %s; ", value);
    rc = rc < 0 ? rc : order(a, oi, &ord);
    rc = rc < 0 ? rc : fe_type_to_bits(a->c, a->t, v, &bits, a->e);
    fe_buf_printf(&call, "__gpumc_rmw(__c, %s, %lld, %s, %s, %s, %s, %u)", p,
                  fe_type_size(a->t), ops[op], fe_buf_str(&bits), fe_buf_str(&ord),
                  scope_name(a->scope), a->src);
    fe_buf_puts(o, "(");
    rc = rc < 0 ? rc : fe_type_name(a->c, a->t, o, a->e);
    fe_buf_puts(o, ")(");
    rc = rc < 0 ? rc : fe_type_from_bits(a->c, a->t, fe_buf_str(&call), o, a->e);
    if (post)
        fe_buf_printf(o, " %s %s", post, v);
    fe_buf_puts(o, "); })");
    fe_buf_free(&ord);
    fe_buf_free(&bits);
    fe_buf_free(&call);
    return rc;
}

static int rmw_arg(acall *a, int op, const char *post, fe_buf *o)
{
    char *v = a->nargs > 0 ? fe_rv_str(a->c, arg(a, 0)) : NULL;
    if (!v)
        return a->nargs > 0 ? -1 : fe_fail(a->c, a->e, "%s needs a value", a->name);
    int rc = emit_rmw(a, op, v, 1, post, o);
    free(v);
    return rc;
}

/* The failure order C++ derives from a single success order. */
static const char *fail_of(const char *succ)
{
    if (!strcmp(succ, "GPUMC_ACQ_REL"))
        return "GPUMC_ACQ";
    if (!strcmp(succ, "GPUMC_REL"))
        return "GPUMC_RLX";
    return succ;
}

static int emit_cas(acall *a, int weak, fe_buf *o)
{
    fe_ctx *c = a->c;
    long long n = fe_type_size(a->t);
    char p[24], e[24], d[24], x[24], ok[24];
    fe_tmp(c, p);
    fe_tmp(c, e);
    fe_tmp(c, d);
    fe_tmp(c, x);
    fe_tmp(c, ok);
    fe_buf so = {0}, fo = {0};
    int rc = a->nargs >= 2 ? order(a, 2, &so) : fe_fail(c, a->e, "bad compare_exchange");
    if (rc == 0 && a->nargs >= 4)
        rc = order(a, 3, &fo);
    else if (rc == 0)
        fe_buf_puts(&fo, fail_of(fe_buf_str(&so)));
    char ed[32], pd[32];
    snprintf(ed, sizeof ed, "*%s", e);
    snprintf(pd, sizeof pd, "*%s", p);
    fe_buf_puts(o, "({ ");
    rc = rc < 0 ? rc : fe_type_decl(c, a->t, pd, o, a->e);
    fe_buf_puts(o, " = ");
    rc = rc < 0 ? rc : pointer(a, o);
    fe_buf_puts(o, "; ");
    rc = rc < 0 ? rc : fe_type_decl(c, a->t, ed, o, a->e);
    fe_buf_puts(o, " = ");
    rc = rc < 0 ? rc : fe_addr(c, arg(a, 0), o); /* expected is a reference */
    fe_buf_puts(o, "; ");
    rc = rc < 0 ? rc : fe_type_decl(c, a->t, d, o, a->e);
    fe_buf_puts(o, " = ");
    rc = rc < 0 ? rc : fe_rv(c, arg(a, 1), o);
    fe_buf_printf(o, "; uint64_t %s = __gpumc_ld_raw(__c, %s, %lld, %u); ", x, e, n, a->src);
    fe_buf_printf(o, "int %s = __gpumc_cas(__c, %s, %lld, &%s, ", ok, p, n, x);
    rc = rc < 0 ? rc : fe_type_to_bits(c, a->t, d, o, a->e);
    fe_buf_printf(o, ", %s, %s, %s, %d, %u); ", fe_buf_str(&so), fe_buf_str(&fo),
                  scope_name(a->scope), weak, a->src);
    fe_buf_printf(o, "if (!%s) __gpumc_st_raw(__c, %s, %lld, %s, %u); (_Bool)%s; })",
                  ok, e, n, x, a->src, ok);
    fe_buf_free(&so);
    fe_buf_free(&fo);
    return rc;
}

static int fetch(acall *a, fe_buf *o)
{
    static const struct { const char *n; int op; } f[] = {
        { "fetch_add", GPUMC_RMW_ADD }, { "fetch_sub", GPUMC_RMW_SUB },
        { "fetch_and", GPUMC_RMW_AND }, { "fetch_or", GPUMC_RMW_OR },
        { "fetch_xor", GPUMC_RMW_XOR }, { "fetch_min", GPUMC_RMW_MIN },
        { "fetch_max", GPUMC_RMW_MAX }, { "exchange", GPUMC_RMW_XCHG }, { NULL, 0 } };
    for (int i = 0; f[i].n; i++)
        if (!strcmp(a->name, f[i].n))
            return rmw_arg(a, f[i].op, NULL, o);
    return 1;
}

static int operators(acall *a, fe_buf *o)
{
    static const struct { const char *n, *post; int op; } f[] = {
        { "operator+=", "+", GPUMC_RMW_ADD }, { "operator-=", "-", GPUMC_RMW_SUB },
        { "operator&=", "&", GPUMC_RMW_AND }, { "operator|=", "|", GPUMC_RMW_OR },
        { "operator^=", "^", GPUMC_RMW_XOR }, { NULL, NULL, 0 } };
    for (int i = 0; f[i].n; i++)
        if (!strcmp(a->name, f[i].n))
            return rmw_arg(a, f[i].op, f[i].post, o);
    int inc = !strcmp(a->name, "operator++"), dec = !strcmp(a->name, "operator--");
    if (inc || dec) /* x++ has a dummy int argument; ++x none */
        return emit_rmw(a, inc ? GPUMC_RMW_ADD : GPUMC_RMW_SUB, "1", NO_ORDER,
                        a->nargs == 0 ? (inc ? "+" : "-") : NULL, o);
    if (!strcmp(a->name, "operator="))
        return emit_store(a, 0, NO_ORDER, o);
    return 1;
}

static int member(acall *a, fe_buf *o)
{
    if (!strcmp(a->name, "load"))
        return emit_load(a, 0, o);
    if (!strncmp(a->name, "operator ", 9)) /* conversion to T */
        return emit_load(a, NO_ORDER, o);
    if (!strcmp(a->name, "store"))
        return emit_store(a, 0, 1, o);
    if (!strcmp(a->name, "compare_exchange_strong"))
        return emit_cas(a, 0, o);
    if (!strcmp(a->name, "compare_exchange_weak"))
        return emit_cas(a, 1, o);
    int rc = fetch(a, o);
    if (rc != 1)
        return rc;
    rc = operators(a, o);
    if (rc != 1)
        return rc;
    return fe_unsup(a->c, a->e, "cuda atomic member '%s'", a->name);
}

/* The object: the base of the MemberRefExpr callee, or the first argument
 * of an operator call. */
static int find_object(acall *a)
{
    fe_kids k = {0};
    int n = fe_kids_code(a->e, &k), found = 0;
    if (n > 0 && clang_getCursorKind(k.v[0]) == CXCursor_MemberRefExpr) {
        fe_kids b = {0};
        if (fe_kids_code(k.v[0], &b) == 1) {
            a->obj = b.v[0];
            found = 1;
        }
        fe_kids_free(&b);
        a->a0 = 0;
    } else if (clang_Cursor_getNumArguments(a->e) > 0) {
        a->obj = clang_Cursor_getArgument(a->e, 0);
        a->a0 = 1;
        found = 1;
    }
    fe_kids_free(&k);
    a->nargs = clang_Cursor_getNumArguments(a->e) - a->a0;
    return found;
}

int fe_cuatomic_call(fe_ctx *c, CXCursor e, CXCursor m, fe_buf *o, int *rc)
{
    acall a;
    memset(&a, 0, sizeof a);
    a.kind = fe_type_cuda_atomic(clang_getCursorType(clang_getCursorSemanticParent(m)),
                                 &a.t, &a.scope);
    if (!a.kind)
        return 0;
    a.c = c;
    a.e = e;
    a.name = fe_spelling(m);
    a.src = fe_src_id(c, e);
    if (!find_object(&a))
        *rc = fe_unsup(c, e, "cuda atomic call without an object");
    else
        *rc = member(&a, o);
    free(a.name);
    return 1;
}

int fe_cuatomic_ctor(fe_ctx *c, CXCursor e, CXCursor ctor, fe_buf *o, int *rc)
{
    CXType t;
    int scope;
    int kind = fe_type_cuda_atomic(clang_getCursorType(clang_getCursorSemanticParent(ctor)),
                                   &t, &scope);
    if (!kind)
        return 0;
    int n = clang_Cursor_getNumArguments(e);
    CXCursor a = n == 1 ? clang_Cursor_getArgument(e, 0) : clang_getNullCursor();
    if (n == 0)
        *rc = (fe_buf_puts(o, "0"), 0); /* atomic<T>(): zero */
    else if (n == 1 && clang_CXXConstructor_isCopyConstructor(ctor))
        *rc = fe_rv(c, a, o);       /* copying a ref copies the pointer */
    else if (n == 1 && kind == 2)
        *rc = fe_addr(c, a, o);     /* atomic_ref(x): &x */
    else if (n == 1)
        *rc = fe_rv(c, a, o);       /* atomic<T>(v): v */
    else
        *rc = fe_unsup(c, e, "this cuda atomic constructor");
    return 1;
}
