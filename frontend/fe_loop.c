/*
 * fe_loop.c -- loops.  See fe_loop.h for the contract.
 */
#include "fe_loop.h"

#include <stdlib.h>
#include <string.h>

#include "fe_builtin.h"
#include "fe_call.h"
#include "fe_expr.h"
#include "fe_stmt.h"
#include "fe_type.h"
#include "fe_vars.h"

#define MAX_RESETS 8
#define FE_SHARED_WEIGHT 1000000ull /* see spin_check */

/* A body that only resets private scalars to constants. */
typedef struct resets {
    CXCursor var[MAX_RESETS];   /* the DeclRefExpr written */
    CXCursor val[MAX_RESETS];   /* the constant */
    int n;
} resets;

static enum CXCursorKind kind(CXCursor e)
{
    return clang_getCursorKind(e);
}

/* ---- read-only conditions --------------------------------------------- */

static int readonly(fe_ctx *c, CXCursor e);

static int readonly_kids(fe_ctx *c, CXCursor e)
{
    fe_kids k = {0};
    int ok = fe_kids_code(e, &k) >= 0;
    for (int i = 0; ok && i < k.n; i++)
        ok = readonly(c, k.v[i]);
    fe_kids_free(&k);
    return ok;
}

/* x.load(...) / operator T() of a cuda::atomic or atomic_ref. */
static int cuda_atomic_load(fe_ctx *c, CXCursor e)
{
    CXCursor m = clang_getCursorReferenced(e);
    enum CXCursorKind k = clang_getCursorKind(m);
    CXType v;
    int sc;
    if ((k != CXCursor_CXXMethod && k != CXCursor_ConversionFunction) ||
        !fe_type_cuda_atomic(clang_getCursorType(clang_getCursorSemanticParent(m)), &v, &sc))
        return 0;
    char *n = fe_spelling(m);
    int load = n && (!strcmp(n, "load") || k == CXCursor_ConversionFunction);
    free(n);
    return load && readonly_kids(c, e);
}

static int readonly_call(fe_ctx *c, CXCursor e)
{
    if (cuda_atomic_load(c, e))
        return 1;
    static const int pure[] = { FE_B_A_LOAD, FE_B_CL_ID, FE_B_LDG, FE_B_MINMAX,
                                FE_B_ABS, FE_B_BITS, FE_B_MUL24, -1 };
    for (int i = 0; pure[i] >= 0; i++)
        if (fe_is_builtin_call(c, e, pure[i])) {
            int n = clang_Cursor_getNumArguments(e), ok = 1;
            for (int a = 0; ok && a < n; a++)
                ok = readonly(c, clang_Cursor_getArgument(e, (unsigned)a));
            return ok;
        }
    return 0;
}

static int readonly(fe_ctx *c, CXCursor e)
{
    char op[4];
    int post;
    switch (kind(e)) {
    case CXCursor_IntegerLiteral: case CXCursor_FloatingLiteral:
    case CXCursor_CharacterLiteral: case CXCursor_CXXBoolLiteralExpr:
    case CXCursor_CXXNullPtrLiteralExpr: case CXCursor_DeclRefExpr:
    case CXCursor_UnaryExpr:
        return 1;
    case CXCursor_ParenExpr: case CXCursor_UnexposedExpr:
    case CXCursor_MemberRefExpr: case CXCursor_ArraySubscriptExpr:
    case CXCursor_ConditionalOperator: case CXCursor_CStyleCastExpr:
    case CXCursor_CXXStaticCastExpr: case CXCursor_CXXFunctionalCastExpr:
        return readonly_kids(c, e);
    case CXCursor_UnaryOperator:
        if (fe_unop(&c->toks, e, op, &post) < 0 || !strcmp(op, "++") ||
            !strcmp(op, "--"))
            return 0;
        return readonly_kids(c, e);
    case CXCursor_BinaryOperator:
        if (fe_binop(&c->toks, e, op) < 0 || !strcmp(op, "="))
            return 0;
        return readonly_kids(c, e);
    case CXCursor_CallExpr:
        return readonly_call(c, e);
    default:
        return 0;
    }
}

/* ---- compare-and-swap conditions ------------------------------------- */

/* Same private variable or same constant: the CAS's compare operand. */
static int same_value(fe_ctx *c, CXCursor a, CXCursor b)
{
    long long x, y;
    a = fe_strip(a);
    b = fe_strip(b);
    if (fe_eval_int(a, &x, NULL) == 0 && fe_eval_int(b, &y, NULL) == 0)
        return x == y;
    if (kind(a) != CXCursor_DeclRefExpr || kind(b) != CXCursor_DeclRefExpr)
        return 0;
    CXCursor da = clang_getCursorReferenced(a);
    return fe_same_decl(da, clang_getCursorReferenced(b)) &&
           fe_storage_of(c, da) == FE_ST_PRIVATE;
}

static int args_readonly(fe_ctx *c, CXCursor call)
{
    int n = clang_Cursor_getNumArguments(call);
    for (int i = 0; i < n; i++)
        if (!readonly(c, clang_Cursor_getArgument(call, (unsigned)i)))
            return 0;
    return 1;
}

/* `old = CAS(p, cmp, val) != cmp`: success (old == cmp) ends the loop. */
static int cas_ne(fe_ctx *c, CXCursor e)
{
    fe_kids k = {0};
    char op[4];
    int ok = 0;
    if (kind(e) == CXCursor_BinaryOperator && fe_binop(&c->toks, e, op) == 0 &&
        !strcmp(op, "!=") && fe_kids_code(e, &k) == 2) {
        for (int side = 0; side < 2 && !ok; side++) {
            CXCursor call = fe_strip(k.v[side]);
            if (!fe_is_builtin_call(c, call, FE_B_CU_CAS) &&
                !fe_is_builtin_call(c, call, FE_B_CL1_CAS))
                continue;
            ok = clang_Cursor_getNumArguments(call) == 3 &&
                 same_value(c, clang_Cursor_getArgument(call, 1), k.v[1 - side]) &&
                 args_readonly(c, call) && readonly(c, k.v[1 - side]);
        }
    }
    fe_kids_free(&k);
    return ok;
}

/* The variable behind `&x` (a private scalar), or a null cursor. */
static CXCursor address_of_private(fe_ctx *c, CXCursor e)
{
    char op[4];
    int post;
    e = fe_strip(e);
    if (kind(e) != CXCursor_UnaryOperator || fe_unop(&c->toks, e, op, &post) < 0 ||
        strcmp(op, "&"))
        return clang_getNullCursor();
    fe_kids k = {0};
    CXCursor v = clang_getNullCursor();
    if (fe_kids_code(e, &k) == 1) {
        CXCursor x = fe_strip(k.v[0]);
        if (kind(x) == CXCursor_DeclRefExpr &&
            fe_storage_of(c, clang_getCursorReferenced(x)) == FE_ST_PRIVATE)
            v = x;
    }
    fe_kids_free(&k);
    return v;
}

static int reset_has(const resets *r, CXCursor var)
{
    for (int i = 0; i < r->n; i++)
        if (fe_same_decl(clang_getCursorReferenced(r->var[i]),
                         clang_getCursorReferenced(var)))
            return 1;
    return 0;
}

/* `!cmpxchg(p, &exp, val, ...)` (or `== 0`): the failing CAS writes
 * `exp`, so the body must reset it for iterations to repeat. */
/* The compare-exchange call of `!CAS(...)` or `CAS(...) == 0`, or null. */
static CXCursor negated_cas(fe_ctx *c, CXCursor e)
{
    char op[4];
    int post;
    long long v;
    CXCursor call = clang_getNullCursor();
    fe_kids k = {0};
    if (kind(e) == CXCursor_UnaryOperator && fe_unop(&c->toks, e, op, &post) == 0 &&
        !strcmp(op, "!") && fe_kids_code(e, &k) == 1)
        call = fe_strip(k.v[0]);
    else if (kind(e) == CXCursor_BinaryOperator && fe_binop(&c->toks, e, op) == 0 &&
             !strcmp(op, "==") && fe_kids_code(e, &k) == 2)
        for (int side = 0; side < 2; side++)
            if (fe_eval_int(k.v[1 - side], &v, NULL) == 0 && v == 0)
                call = fe_strip(k.v[side]);
    fe_kids_free(&k);
    return call;
}

static int cas_bool(fe_ctx *c, CXCursor e, const resets *r)
{
    CXCursor call = negated_cas(c, e);
    if (clang_Cursor_isNull(call) || !fe_is_builtin_call(c, call, FE_B_A_CAS))
        return 0;
    CXCursor exp = address_of_private(c, clang_Cursor_getArgument(call, 1));
    if (clang_Cursor_isNull(exp) || !reset_has(r, exp))
        return 0;
    int n = clang_Cursor_getNumArguments(call);
    for (int i = 0; i < n; i++)
        if (i != 1 && !readonly(c, clang_Cursor_getArgument(call, (unsigned)i)))
            return 0;
    return 1;
}

static int await_cond(fe_ctx *c, CXCursor cond, const resets *r)
{
    CXCursor e = fe_strip(cond);
    return readonly(c, cond) || cas_ne(c, e) || cas_bool(c, e, r);
}

/* ---- bodies that only reset private scalars --------------------------- */

static int add_reset(fe_ctx *c, CXCursor s, resets *r)
{
    char op[4];
    CXCursor lhs, rhs;
    fe_kids k = {0};
    int ok = kind(s) == CXCursor_BinaryOperator && fe_binop(&c->toks, s, op) == 0 &&
             !strcmp(op, "=") && fe_kids_code(s, &k) == 2 && r->n < MAX_RESETS;
    if (ok) {
        lhs = fe_strip(k.v[0]);
        rhs = k.v[1];
        long long v;
        ok = kind(lhs) == CXCursor_DeclRefExpr &&
             fe_storage_of(c, clang_getCursorReferenced(lhs)) == FE_ST_PRIVATE &&
             fe_type_scalar(clang_getCursorType(lhs)) &&
             fe_type_kind(clang_getCursorType(lhs)) != FE_T_FLOAT &&
             fe_type_kind(clang_getCursorType(lhs)) != FE_T_DOUBLE &&
             fe_eval_int(rhs, &v, NULL) == 0;
        if (ok) {
            r->var[r->n] = lhs;
            r->val[r->n++] = rhs;
        }
    }
    fe_kids_free(&k);
    return ok;
}

static int reset_body(fe_ctx *c, CXCursor body, resets *r)
{
    r->n = 0;
    if (kind(body) == CXCursor_NullStmt)
        return 1;
    if (kind(body) != CXCursor_CompoundStmt)
        return add_reset(c, body, r);
    fe_kids k = {0};
    int ok = fe_kids_code(body, &k) >= 0;
    for (int i = 0; ok && i < k.n; i++)
        ok = kind(k.v[i]) == CXCursor_NullStmt || add_reset(c, k.v[i], r);
    fe_kids_free(&k);
    return ok;
}

/* ---- emission --------------------------------------------------------- */

static int emit_resets(fe_ctx *c, const resets *r, int test, fe_buf *o)
{
    for (int i = 0; i < r->n; i++) {
        char *var = fe_rv_str(c, r->var[i]);
        char *val = var ? fe_rv_str(c, r->val[i]) : NULL;
        if (!val) {
            free(var);
            return -1;
        }
        if (test)
            fe_buf_printf(o, "%s%s == %s", i ? " && " : "", var, val);
        else
            fe_buf_printf(o, "%s = %s; ", var, val);
        free(var);
        free(val);
    }
    return 0;
}

static int emit_await(fe_ctx *c, CXCursor s, CXCursor cond, const resets *r,
                      fe_buf *o, int ind)
{
    unsigned src = fe_src_id(c, s);
    fe_pad(o, ind);
    if (r->n == 0) {
        fe_buf_puts(o, "__gpumc_assume(__c, !(");
        if (fe_rv(c, cond, o) < 0)
            return -1;
        fe_buf_printf(o, "), %u); /* await loop: spin-assume */\n", src);
        return 0;
    }
    /* peel one iteration unless the state already is the reset state */
    fe_buf_puts(o, "do { /* await loop: spin-assume */ if (!(");
    if (emit_resets(c, r, 1, o) < 0)
        return -1;
    fe_buf_puts(o, ")) { if (!(");
    if (fe_rv(c, cond, o) < 0)
        return -1;
    fe_buf_puts(o, ")) break; ");
    if (emit_resets(c, r, 0, o) < 0)
        return -1;
    fe_buf_puts(o, "} __gpumc_assume(__c, !(");
    if (fe_rv(c, cond, o) < 0)
        return -1;
    fe_buf_printf(o, "), %u); } while (0);\n", src);
    return 0;
}

static int is_await(fe_ctx *c, CXCursor cond, CXCursor body, resets *r)
{
    return reset_body(c, body, r) && await_cond(c, cond, r);
}

/* gpumc_spin with every private variable in scope (and the pending scoped-C
 * scope): an iteration that only read shared memory and changed none of
 * them blocks the thread instead of spinning until the unroll bound. */
static void spin_check(fe_ctx *c, unsigned id, unsigned src, fe_buf *o, int ind)
{
    fe_pad(o, ind);
    fe_buf_puts(o, "{ const void *const __gpumc_ss[] = {");
    for (int i = 0; i < c->nlocals; i++)
        fe_buf_printf(o, " (const void *)&%s,", c->locals[i]);
    fe_buf_puts(o, " (const void *)&__c->pend }; const size_t __gpumc_sz[] = {");
    for (int i = 0; i < c->nlocals; i++)
        fe_buf_printf(o, " sizeof %s,", c->locals[i]);
    /* a purely private iteration weighs 1, one with shared events
     * FE_SHARED_WEIGHT: only the latter count towards --unroll, while an
     * endless private loop still ends (after unroll * FE_SHARED_WEIGHT) */
    fe_buf_printf(o, " sizeof __c->pend }; __gpumc_i%u += __gpumc_spin(__c, %u, __gpumc_ss, "
                  "__gpumc_sz, %d, %u) ? %lluull : 1ull; }\n",
                  id, id, c->nlocals + 1, src, FE_SHARED_WEIGHT);
}

/* "if (++__gpumc_iN > U) __gpumc_bound(__c, src);" at the top of a body. */
static void bound_check(fe_ctx *c, unsigned id, unsigned src, fe_buf *o, int ind)
{
    fe_pad(o, ind);
    fe_buf_printf(o, "if (__gpumc_i%u > %dull * %lluull) __gpumc_bound(__c, %u);\n", id,
                  c->unroll, FE_SHARED_WEIGHT, src);
}

/* One iteration: the spin check, then (while/for) the condition, the
 * bound check and the body.  Checking spin before the condition lets an
 * iteration that fails once and changes nothing block right there, as a
 * static spin-assume would. */
static int loop_body(fe_ctx *c, CXCursor cond, CXCursor body, unsigned id, unsigned src,
                     fe_buf *o, int ind)
{
    fe_pad(o, ind);
    fe_buf_puts(o, "{\n");
    spin_check(c, id, src, o, ind + 1);
    if (!clang_Cursor_isNull(cond)) {
        fe_pad(o, ind + 1);
        fe_buf_puts(o, "if (!(");
        if (fe_rv(c, cond, o) < 0)
            return -1;
        fe_buf_puts(o, ")) break;\n");
    }
    bound_check(c, id, src, o, ind + 1);
    c->loop_depth++;
    int rc = fe_stmt(c, body, o, ind + 1);
    c->loop_depth--;
    fe_pad(o, ind);
    fe_buf_puts(o, "}\n");
    return rc;
}

static int two(CXCursor s, CXCursor *a, CXCursor *b)
{
    fe_kids k = {0};
    int ok = fe_kids_code(s, &k) == 2;
    if (ok) {
        *a = k.v[0];
        *b = k.v[1];
    }
    fe_kids_free(&k);
    return ok ? 0 : -1;
}

int fe_loop_while(fe_ctx *c, CXCursor s, fe_buf *o, int ind)
{
    CXCursor cond, body;
    if (two(s, &cond, &body) < 0 || !clang_isExpression(kind(cond)))
        return fe_unsup(c, s, "while loop with a declaration in its condition");
    resets r;
    if (is_await(c, cond, body, &r))
        return emit_await(c, s, cond, &r, o, ind);
    unsigned id = c->nloop++, src = fe_src_id(c, s);
    fe_pad(o, ind);
    fe_buf_printf(o, "{ unsigned long long __gpumc_i%u = 0; for (;;)\n", id);
    if (loop_body(c, cond, body, id, src, o, ind + 1) < 0)
        return -1;
    fe_pad(o, ind);
    fe_buf_puts(o, "}\n");
    return 0;
}

int fe_loop_do(fe_ctx *c, CXCursor s, fe_buf *o, int ind)
{
    CXCursor body, cond;
    if (two(s, &body, &cond) < 0)
        return fe_unsup(c, s, "this do-while loop");
    resets r;
    if (is_await(c, cond, body, &r)) {
        /* do B while (C) == B; while (C) B: the resets run once first */
        fe_pad(o, ind);
        fe_buf_puts(o, "{ ");
        if (emit_resets(c, &r, 0, o) < 0)
            return -1;
        fe_buf_puts(o, "\n");
        if (emit_await(c, s, cond, &r, o, ind + 1) < 0)
            return -1;
        fe_pad(o, ind);
        fe_buf_puts(o, "}\n");
        return 0;
    }
    unsigned id = c->nloop++, src = fe_src_id(c, s);
    fe_pad(o, ind);
    fe_buf_printf(o, "{ unsigned long long __gpumc_i%u = 0; do\n", id);
    if (loop_body(c, clang_getNullCursor(), body, id, src, o, ind + 1) < 0)
        return -1;
    fe_pad(o, ind);
    fe_buf_puts(o, "while (");
    if (fe_rv(c, cond, o) < 0)
        return -1;
    fe_buf_puts(o, "); }\n");
    return 0;
}

/* The parts of a for statement: libclang omits absent ones, so they are
 * told apart by position relative to the two semicolons of the header. */
typedef struct for_parts {
    CXCursor init, cond, inc, body;
} for_parts;

static unsigned offset_of(CXSourceLocation l)
{
    unsigned off = 0;
    clang_getFileLocation(l, NULL, NULL, NULL, &off);
    return off;
}

static int header_semis(fe_ctx *c, CXCursor s, unsigned *s1, unsigned *s2)
{
    CXToken *toks = NULL;
    unsigned n = 0;
    int depth = 0, found = 0;
    clang_tokenize(c->tu, clang_getCursorExtent(s), &toks, &n);
    for (unsigned i = 0; i < n && found < 2; i++) {
        CXString sp = clang_getTokenSpelling(c->tu, toks[i]);
        const char *t = clang_getCString(sp);
        if (!strcmp(t, "(") || !strcmp(t, "[") || !strcmp(t, "{"))
            depth++;
        else if (!strcmp(t, ")") || !strcmp(t, "]") || !strcmp(t, "}"))
            depth--;
        else if (!strcmp(t, ";") && depth == 1) {
            unsigned off = offset_of(clang_getRangeStart(clang_getTokenExtent(c->tu, toks[i])));
            *(found ? s2 : s1) = off;
            found++;
        }
        clang_disposeString(sp);
    }
    if (toks)
        clang_disposeTokens(c->tu, toks, n);
    return found == 2 ? 0 : -1;
}

static int for_split(fe_ctx *c, CXCursor s, for_parts *p)
{
    fe_kids k = {0};
    unsigned s1, s2;
    p->init = p->cond = p->inc = p->body = clang_getNullCursor();
    int n = fe_kids_code(s, &k);
    if (n < 1 || header_semis(c, s, &s1, &s2) < 0) {
        fe_kids_free(&k);
        return -1;
    }
    p->body = k.v[n - 1];
    for (int i = 0; i < n - 1; i++) {
        unsigned off = offset_of(clang_getRangeStart(clang_getCursorExtent(k.v[i])));
        if (off < s1)
            p->init = k.v[i];
        else if (off < s2)
            p->cond = k.v[i];
        else
            p->inc = k.v[i];
    }
    fe_kids_free(&k);
    return 0;
}

static int for_init(fe_ctx *c, CXCursor init, fe_buf *o, int ind)
{
    if (clang_Cursor_isNull(init))
        return 0;
    if (kind(init) == CXCursor_DeclStmt)
        return fe_stmt(c, init, o, ind);
    fe_pad(o, ind);
    if (fe_rv(c, init, o) < 0)
        return -1;
    fe_buf_puts(o, ";\n");
    return 0;
}

int fe_loop_for(fe_ctx *c, CXCursor s, fe_buf *o, int ind)
{
    for_parts p;
    if (for_split(c, s, &p) < 0)
        return fe_unsup(c, s, "for statement written inside a macro");
    if (!clang_Cursor_isNull(p.cond) && !clang_isExpression(kind(p.cond)))
        return fe_unsup(c, s, "for loop with a declaration in its condition");
    fe_pad(o, ind);
    fe_buf_puts(o, "{\n");
    int mark = fe_locals_mark(c);
    if (for_init(c, p.init, o, ind + 1) < 0)
        return -1;
    resets r;
    if (!clang_Cursor_isNull(p.cond) && clang_Cursor_isNull(p.inc) &&
        is_await(c, p.cond, p.body, &r)) {
        if (emit_await(c, s, p.cond, &r, o, ind + 1) < 0)
            return -1;
        fe_pad(o, ind);
        fe_buf_puts(o, "}\n");
        return 0;
    }
    unsigned id = c->nloop++, src = fe_src_id(c, s);
    fe_pad(o, ind + 1);
    fe_buf_printf(o, "unsigned long long __gpumc_i%u = 0;\n", id);
    fe_pad(o, ind + 1);
    fe_buf_puts(o, "for (;; ");
    if (!clang_Cursor_isNull(p.inc) && fe_rv(c, p.inc, o) < 0)
        return -1;
    fe_buf_puts(o, ")\n");
    if (loop_body(c, p.cond, p.body, id, src, o, ind + 2) < 0)
        return -1;
    fe_locals_pop(c, mark);
    fe_pad(o, ind);
    fe_buf_puts(o, "}\n");
    return 0;
}
