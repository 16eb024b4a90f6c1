/*
 * fe_expr.c -- lowering of expressions.  See fe_expr.h for the contract.
 */
#include "fe_expr.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fe_call.h"
#include "fe_type.h"
#include "fe_vars.h"

static int plain(fe_ctx *c, CXCursor e, fe_buf *o);

/* ---- small helpers ---------------------------------------------------- */

static enum CXCursorKind kind(CXCursor e)
{
    return clang_getCursorKind(e);
}

static CXType type(CXCursor e)
{
    return clang_getCursorType(e);
}

/* The only code child of e, or a null cursor. */
static CXCursor only_kid(CXCursor e)
{
    fe_kids k = {0};
    CXCursor r = clang_getNullCursor();
    if (fe_kids_code(e, &k) == 1)
        r = k.v[0];
    fe_kids_free(&k);
    return r;
}

/* Two code children (operands of binary operators, subscripts). */
static int two_kids(CXCursor e, CXCursor *a, CXCursor *b)
{
    fe_kids k = {0};
    int ok = fe_kids_code(e, &k) == 2;
    if (ok) {
        *a = k.v[0];
        *b = k.v[1];
    }
    fe_kids_free(&k);
    return ok ? 0 : -1;
}

char *fe_rv_str(fe_ctx *c, CXCursor e)
{
    fe_buf b = {0};
    if (fe_rv(c, e, &b) < 0) {
        fe_buf_free(&b);
        return NULL;
    }
    return fe_buf_take(&b);
}

char *fe_addr_str(fe_ctx *c, CXCursor e)
{
    fe_buf b = {0};
    if (fe_addr(c, e, &b) < 0) {
        fe_buf_free(&b);
        return NULL;
    }
    return fe_buf_take(&b);
}

/* Array-to-pointer decay: an implicit cast from an array to a pointer. */
static int is_decay(CXCursor e, CXCursor *arr)
{
    if (kind(e) != CXCursor_UnexposedExpr || !fe_is_pointer(type(e)))
        return 0;
    CXCursor k = only_kid(e);
    if (clang_Cursor_isNull(k) || !fe_is_array(type(k)))
        return 0;
    *arr = k;
    return 1;
}

/* The pointer operand and the index of a subscript (either order). */
static int subscript_parts(CXCursor e, CXCursor *ptr, CXCursor *idx)
{
    CXCursor a, b;
    if (two_kids(e, &a, &b) < 0)
        return -1;
    int a_ptr = fe_is_pointer(type(a)) || fe_is_array(type(a));
    *ptr = a_ptr ? a : b;
    *idx = a_ptr ? b : a;
    return 0;
}

/* A referenced declaration of a DeclRefExpr / MemberRefExpr. */
static CXCursor ref(CXCursor e)
{
    return clang_getCursorReferenced(e);
}

/* ---- lvalue classes --------------------------------------------------- */

static fe_lv class_declref(fe_ctx *c, CXCursor e)
{
    switch (fe_storage_of(c, ref(e))) {
    case FE_ST_PRIVATE: return FE_LV_PRIVATE;
    case FE_ST_GLOBAL: case FE_ST_CTA: return FE_LV_MEMORY;
    case FE_ST_BUILTIN: return FE_LV_BUILTIN;
    case FE_ST_CONST: return FE_LV_CONST;
    default: return FE_LV_NONE;
    }
}

fe_lv fe_lv_class(fe_ctx *c, CXCursor e)
{
    CXCursor k, p, i;
    switch (kind(e)) {
    case CXCursor_ParenExpr:
    case CXCursor_UnexposedExpr:
        k = only_kid(e);
        if (clang_Cursor_isNull(k) || is_decay(e, &k))
            return FE_LV_NONE;
        return fe_lv_class(c, k);
    case CXCursor_DeclRefExpr:
        return class_declref(c, e);
    case CXCursor_MemberRefExpr:
        k = only_kid(e);
        if (clang_Cursor_isNull(k))
            return FE_LV_NONE;
        if (fe_is_pointer(type(k)))
            return FE_LV_MEMORY;
        return fe_lv_class(c, k);
    case CXCursor_ArraySubscriptExpr:
        if (subscript_parts(e, &p, &i) < 0)
            return FE_LV_NONE;
        p = fe_strip_parens(p);
        if (is_decay(p, &k)) {
            fe_lv a = fe_lv_class(c, k);
            return a == FE_LV_PRIVATE ? FE_LV_PRIVATE : FE_LV_MEMORY;
        }
        return FE_LV_MEMORY;
    case CXCursor_UnaryOperator: {
        char op[4];
        int post;
        if (fe_unop(&c->toks, e, op, &post) == 0 && !post && !strcmp(op, "*"))
            return FE_LV_MEMORY;
        return FE_LV_NONE;
    }
    case CXCursor_StringLiteral:
        return FE_LV_PRIVATE;
    default:
        return FE_LV_NONE;
    }
}

/* ---- access attributes, loads and stores ------------------------------ */

void fe_acc_of(fe_ctx *c, CXCursor lv, fe_acc *a)
{
    CXType t = type(lv);
    a->scope = "GPUMC_SCOPE_SYS";
    a->order = "GPUMC_NA";
    if (fe_type_is_atomic(t))
        a->order = "GPUMC_SC"; /* C11: plain use of an _Atomic object */
    else if (fe_type_is_volatile(t) && c->lang != FE_LANG_SCOPED_C)
        a->order = "GPUMC_RLX"; /* SPEC 3.1: volatile = relaxed, sys */
    a->size = fe_type_size(fe_type_value(t));
    a->src = fe_src_id(c, lv);
}

/* ---- whole structs: one access per scalar member ---------------------- */

#define MAX_LEAVES 64

typedef struct leaf {
    char path[160];   /* ".a", ".v[2].x" */
    CXType t;
} leaf;

typedef struct leaves {
    leaf v[MAX_LEAVES];
    int n;
} leaves;

typedef struct field_walk {
    fe_ctx *c;
    leaves *l;
    const char *path;
    CXCursor at;
    int rc;
} field_walk;

static int collect_leaves(fe_ctx *c, CXType t, const char *path, leaves *l,
                          CXCursor at);

static enum CXChildVisitResult leaf_field(CXCursor f, CXCursor p, CXClientData d)
{
    (void)p;
    field_walk *w = d;
    if (clang_getCursorKind(f) != CXCursor_FieldDecl || w->rc < 0)
        return CXChildVisit_Continue;
    char *name = fe_spelling(f);
    char path[160];
    snprintf(path, sizeof path, "%s.%s", w->path, name ? name : "");
    free(name);
    w->rc = collect_leaves(w->c, clang_getCursorType(f), path, w->l, w->at);
    return CXChildVisit_Continue;
}

static int collect_leaves(fe_ctx *c, CXType t, const char *path, leaves *l,
                          CXCursor at)
{
    CXType k = fe_type_value(t);
    if (fe_type_scalar(k)) {
        if (l->n == MAX_LEAVES || strlen(path) >= sizeof l->v[0].path)
            return fe_unsup(c, at, "copy of a struct with more than %d members "
                                   "in shared memory", MAX_LEAVES);
        snprintf(l->v[l->n].path, sizeof l->v[0].path, "%s", path);
        l->v[l->n++].t = k;
        return 0;
    }
    if (k.kind == CXType_ConstantArray) {
        for (long long i = 0; i < clang_getArraySize(k); i++) {
            char p[160];
            snprintf(p, sizeof p, "%s[%lld]", path, i);
            if (collect_leaves(c, clang_getArrayElementType(k), p, l, at) < 0)
                return -1;
        }
        return 0;
    }
    CXCursor def = clang_getCursorDefinition(clang_getTypeDeclaration(k));
    if (k.kind != CXType_Record || clang_Cursor_isNull(def) ||
        clang_getCursorKind(def) == CXCursor_UnionDecl)
        return fe_unsup(c, at, "copy of a union or non-scalar member in shared memory");
    field_walk w = { c, l, path, at, 0 };
    clang_visitChildren(def, leaf_field, &w);
    return w.rc;
}

static int record_load(fe_ctx *c, CXType t, const char *addr, const fe_acc *a,
                       fe_buf *o, CXCursor at)
{
    leaves *l = calloc(1, sizeof *l);
    char p[24], v[24], pd[32];
    fe_tmp(c, p);
    fe_tmp(c, v);
    snprintf(pd, sizeof pd, "*%s", p);
    int rc = l ? collect_leaves(c, t, "", l, at) : fe_fail_plain(c, 5, "out of memory");
    fe_buf_puts(o, "({ ");
    rc = rc < 0 ? rc : fe_type_decl(c, t, pd, o, at);
    fe_buf_printf(o, " = %s; ", addr);
    rc = rc < 0 ? rc : fe_type_decl(c, t, v, o, at);
    fe_buf_puts(o, "; ");
    for (int i = 0; rc == 0 && l && i < l->n; i++) {
        char la[200];
        snprintf(la, sizeof la, "&%s->%s", p, l->v[i].path + 1);
        fe_acc la_acc = *a;
        la_acc.size = fe_type_size(l->v[i].t);
        fe_buf_printf(o, "%s%s = ", v, l->v[i].path);
        rc = fe_emit_load(c, l->v[i].t, la, &la_acc, o, at);
        fe_buf_puts(o, "; ");
    }
    fe_buf_printf(o, "%s; })", v);
    free(l);
    return rc;
}

static int record_store(fe_ctx *c, CXType t, const char *addr, const char *val,
                        const fe_acc *a, fe_buf *o, CXCursor at)
{
    leaves *l = calloc(1, sizeof *l);
    char p[24], v[24], pd[32];
    fe_tmp(c, p);
    fe_tmp(c, v);
    snprintf(pd, sizeof pd, "*%s", p);
    int rc = l ? collect_leaves(c, t, "", l, at) : fe_fail_plain(c, 5, "out of memory");
    fe_buf_puts(o, "({ ");
    rc = rc < 0 ? rc : fe_type_decl(c, t, pd, o, at);
    fe_buf_printf(o, " = %s; ", addr);
    rc = rc < 0 ? rc : fe_type_decl(c, t, v, o, at);
    fe_buf_printf(o, " = %s; ", val);
    for (int i = 0; rc == 0 && l && i < l->n; i++) {
        char la[200], lv[200];
        snprintf(la, sizeof la, "&%s->%s", p, l->v[i].path + 1);
        snprintf(lv, sizeof lv, "%s%s", v, l->v[i].path);
        fe_acc la_acc = *a;
        la_acc.size = fe_type_size(l->v[i].t);
        rc = fe_emit_store(c, l->v[i].t, la, lv, &la_acc, o, at);
        fe_buf_puts(o, "; ");
    }
    fe_buf_puts(o, "})");
    free(l);
    return rc;
}

int fe_emit_load(fe_ctx *c, CXType t, const char *addr, const fe_acc *a,
                 fe_buf *o, CXCursor at)
{
    if (fe_type_kind(t) == FE_T_RECORD)
        return record_load(c, t, addr, a, o, at);
    fe_buf call = {0};
    fe_buf_printf(&call, "__gpumc_ld(__c, %s, %lld, %s, %s, %u)", addr, a->size,
                  a->order, a->scope, a->src);
    int rc = fe_type_from_bits(c, t, fe_buf_str(&call), o, at);
    fe_buf_free(&call);
    return rc;
}

int fe_emit_store(fe_ctx *c, CXType t, const char *addr, const char *val,
                  const fe_acc *a, fe_buf *o, CXCursor at)
{
    if (fe_type_kind(t) == FE_T_RECORD)
        return record_store(c, t, addr, val, a, o, at);
    fe_buf bits = {0};
    int rc = fe_type_to_bits(c, t, val, &bits, at);
    if (rc == 0)
        fe_buf_printf(o, "__gpumc_st(__c, %s, %lld, %s, %s, %s, %u)", addr,
                      a->size, fe_buf_str(&bits), a->order, a->scope, a->src);
    fe_buf_free(&bits);
    return rc;
}

static int load_lvalue(fe_ctx *c, CXCursor e, fe_buf *o)
{
    if (c->const_ctx)
        return fe_unsup(c, e, "read of shared memory in a constant initializer");
    char *addr = fe_addr_str(c, e);
    if (!addr)
        return -1;
    fe_acc a;
    fe_acc_of(c, e, &a);
    int rc = fe_emit_load(c, type(e), addr, &a, o, e);
    free(addr);
    return rc;
}

/* ---- builtin variables (CUDA) ----------------------------------------- */

static int builtin_member(fe_ctx *c, CXCursor e, fe_buf *o)
{
    CXCursor base = fe_strip(only_kid(e));
    char *var = fe_spelling(ref(base));
    char *mem = fe_spelling(e);
    int d = mem && mem[0] >= 'x' && mem[0] <= 'z' && !mem[1] ? mem[0] - 'x' : -1;
    int rc = 0;
    if (d < 0 || !var)
        rc = fe_unsup(c, e, "member of a built-in variable");
    else if (!strcmp(var, "threadIdx"))
        fe_buf_printf(o, "__c->tid[%d]", d);
    else if (!strcmp(var, "blockIdx"))
        fe_buf_printf(o, "__c->cta[%d]", d);
    else if (!strcmp(var, "blockDim"))
        fe_buf_printf(o, "%uu", c->block[d]);
    else if (!strcmp(var, "gridDim"))
        fe_buf_printf(o, "%uu", c->grid[d]);
    else
        rc = fe_unsup(c, e, "built-in variable '%s'", var);
    free(var);
    free(mem);
    return rc;
}

static int builtin_rv(fe_ctx *c, CXCursor e, fe_buf *o)
{
    if (kind(e) == CXCursor_MemberRefExpr)
        return builtin_member(c, e, o);
    char *var = fe_spelling(ref(e));
    int rc = 0;
    if (var && !strcmp(var, "warpSize"))
        fe_buf_puts(o, "32");
    else
        rc = fe_unsup(c, e, "use of the whole built-in variable '%s' "
                            "(use its .x/.y/.z members)", var ? var : "?");
    free(var);
    return rc;
}

/* ---- literals and constants ------------------------------------------- */

static int emit_int_value(fe_ctx *c, CXCursor e, long long v, int u, fe_buf *o)
{
    CXType t = type(e);
    fe_tk k = fe_type_kind(t);
    if (k == FE_T_SINT && fe_canon(t).kind == CXType_Int && !u) {
        fe_buf_printf(o, v < 0 ? "(%lld)" : "%lld", v);
        return 0;
    }
    fe_buf_puts(o, "((");
    if (k == FE_T_VOID || fe_type_name(c, t, o, e) < 0) {
        if (fe_failed(c))
            return -1;
        fe_buf_puts(o, "long long");
    }
    if (u || k == FE_T_UINT || k == FE_T_BOOL)
        fe_buf_printf(o, ")%lluULL)", (unsigned long long)v);
    else if (v == (-9223372036854775807LL - 1))
        fe_buf_puts(o, ")(-9223372036854775807LL - 1))");
    else
        fe_buf_printf(o, ")%lldLL)", v);
    return 0;
}

static int emit_const(fe_ctx *c, CXCursor e, fe_buf *o)
{
    long long v;
    int u = 0;
    double d;
    if (fe_eval_int(e, &v, &u) == 0)
        return emit_int_value(c, e, v, u, o);
    if (fe_eval_float(e, &d) == 0) {
        if (fe_type_kind(type(e)) == FE_T_FLOAT)
            fe_buf_printf(o, "((float)%a)", d);
        else
            fe_buf_printf(o, "(%a)", d);
        return 0;
    }
    return -1;
}

static int literal(fe_ctx *c, CXCursor e, fe_buf *o)
{
    if (emit_const(c, e, o) == 0)
        return 0;
    return fe_unsup(c, e, "literal that does not fold to a constant");
}

static int string_literal(fe_ctx *c, CXCursor e, fe_buf *o)
{
    char text[1024];
    if (fe_extent_text(&c->toks, e, text, sizeof text) < 0 || text[0] != '"')
        return fe_unsup(c, e, "string literal (only printf formats are supported)");
    fe_buf_puts(o, text);
    return 0;
}

/* ---- declaration references ------------------------------------------- */

static int declref_rv(fe_ctx *c, CXCursor e, fe_buf *o)
{
    CXCursor d = ref(e);
    switch (kind(d)) {
    case CXCursor_EnumConstantDecl:
        return emit_int_value(c, e, clang_getEnumConstantDeclValue(d), 0, o);
    case CXCursor_FunctionDecl:
        return fe_unsup(c, e, "function pointer (use of '%s' as a value)",
                        clang_getCString(clang_getCursorSpelling(d)));
    case CXCursor_NonTypeTemplateParameter:
        return literal(c, e, o);
    default:
        break;
    }
    switch (class_declref(c, e)) {
    case FE_LV_PRIVATE:
        return plain(c, e, o);
    case FE_LV_MEMORY:
        return load_lvalue(c, e, o);
    case FE_LV_BUILTIN:
        return builtin_rv(c, e, o);
    case FE_LV_CONST:
        if (emit_const(c, e, o) == 0)
            return 0;
        return fe_fail(c, e, "internal: constant does not fold");
    default:
        return fe_unsup(c, e, "reference to this kind of declaration");
    }
}

static int lvalue_rv(fe_ctx *c, CXCursor e, fe_buf *o)
{
    if (kind(e) == CXCursor_DeclRefExpr)
        return declref_rv(c, e, o);
    switch (fe_lv_class(c, e)) {
    case FE_LV_PRIVATE: return plain(c, e, o);
    case FE_LV_MEMORY: return load_lvalue(c, e, o);
    case FE_LV_BUILTIN: return builtin_rv(c, e, o);
    default: return fe_unsup(c, e, "expression used as a value");
    }
}

/* ---- plain C for private lvalues -------------------------------------- */

static int plain_subscript(fe_ctx *c, CXCursor e, fe_buf *o)
{
    CXCursor p, i, arr;
    if (subscript_parts(e, &p, &i) < 0 || !is_decay(fe_strip_parens(p), &arr))
        return fe_fail(c, e, "internal: private subscript");
    fe_buf_puts(o, "(");
    if (plain(c, arr, o) < 0)
        return -1;
    fe_buf_puts(o, ")[");
    if (fe_rv(c, i, o) < 0)
        return -1;
    fe_buf_puts(o, "]");
    return 0;
}

static int plain(fe_ctx *c, CXCursor e, fe_buf *o)
{
    CXCursor k;
    switch (kind(e)) {
    case CXCursor_DeclRefExpr: {
        char *n = fe_spelling(ref(e));
        fe_buf_puts(o, n ? n : "");
        free(n);
        return n ? 0 : -1;
    }
    case CXCursor_ParenExpr:
    case CXCursor_UnexposedExpr:
        k = only_kid(e);
        if (clang_Cursor_isNull(k))
            return fe_unsup(c, e, "implicit lvalue");
        return plain(c, k, o);
    case CXCursor_ArraySubscriptExpr:
        return plain_subscript(c, e, o);
    case CXCursor_MemberRefExpr: {
        k = only_kid(e);
        char *m = fe_spelling(e);
        fe_buf_puts(o, "(");
        int rc = clang_Cursor_isNull(k) ? fe_unsup(c, e, "implicit this->")
                                        : plain(c, k, o);
        fe_buf_printf(o, ").%s", m ? m : "");
        free(m);
        return rc;
    }
    case CXCursor_StringLiteral:
        return string_literal(c, e, o);
    default:
        return fe_unsup(c, e, "this kind of lvalue");
    }
}

/* ---- addresses -------------------------------------------------------- */

static int addr_declref(fe_ctx *c, CXCursor e, fe_buf *o)
{
    fe_storage st = fe_storage_of(c, ref(e));
    if (st == FE_ST_PRIVATE) {
        fe_buf_puts(o, "(&");
        int rc = plain(c, e, o);
        fe_buf_puts(o, ")");
        return rc;
    }
    if (st != FE_ST_GLOBAL && st != FE_ST_CTA && st != FE_ST_CONST)
        return fe_unsup(c, e, "address of this declaration");
    if (c->const_ctx)
        return fe_unsup(c, e, "address of a shared variable in an initializer");
    int i = fe_var_index(c, ref(e), e);
    if (i < 0)
        return -1;
    if (st == FE_ST_CONST)
        fe_buf_printf(o, "(&%s)", c->vars[i].cname);
    else
        fe_buf_printf(o, st == FE_ST_CTA ? "(__c->%s)" : "(%s)", c->vars[i].cname);
    return 0;
}

static int addr_member(fe_ctx *c, CXCursor e, fe_buf *o)
{
    CXCursor base = only_kid(e);
    if (clang_Cursor_isNull(base))
        return fe_unsup(c, e, "implicit this->");
    char *m = fe_spelling(e);
    fe_buf_puts(o, "(&(");
    int rc = fe_is_pointer(type(base)) ? fe_rv(c, base, o) : fe_addr(c, base, o);
    fe_buf_printf(o, ")->%s)", m ? m : "");
    free(m);
    return rc;
}

static int addr_subscript(fe_ctx *c, CXCursor e, fe_buf *o)
{
    CXCursor p, i;
    if (subscript_parts(e, &p, &i) < 0)
        return fe_fail(c, e, "internal: subscript");
    fe_buf_puts(o, "(");
    if (fe_rv(c, p, o) < 0)
        return -1;
    fe_buf_puts(o, " + (");
    if (fe_rv(c, i, o) < 0)
        return -1;
    fe_buf_puts(o, "))");
    return 0;
}

int fe_addr(fe_ctx *c, CXCursor e, fe_buf *o)
{
    fe_lv lv = fe_lv_class(c, e);
    if (lv == FE_LV_PRIVATE && kind(e) != CXCursor_DeclRefExpr) {
        fe_buf_puts(o, "(&");
        int rc = plain(c, e, o);
        fe_buf_puts(o, ")");
        return rc;
    }
    switch (kind(e)) {
    case CXCursor_ParenExpr:
    case CXCursor_UnexposedExpr: {
        CXCursor k = only_kid(e);
        if (clang_Cursor_isNull(k))
            return fe_unsup(c, e, "address of an implicit expression");
        return fe_addr(c, k, o);
    }
    case CXCursor_DeclRefExpr:
        return addr_declref(c, e, o);
    case CXCursor_MemberRefExpr:
        return addr_member(c, e, o);
    case CXCursor_ArraySubscriptExpr:
        return addr_subscript(c, e, o);
    case CXCursor_UnaryOperator:
        if (lv == FE_LV_MEMORY) {
            fe_buf_puts(o, "(");
            int rc = fe_rv(c, only_kid(e), o);
            fe_buf_puts(o, ")");
            return rc;
        }
        break;
    default:
        break;
    }
    if (lv == FE_LV_BUILTIN)
        return fe_unsup(c, e, "address of a built-in variable");
    return fe_unsup(c, e, "address of this expression");
}

/* ---- assignments, compound assignments, ++/-- -------------------------- */

/* "T name" for a temporary of type t. */
static int decl_tmp(fe_ctx *c, CXType t, const char *name, fe_buf *o, CXCursor at)
{
    return fe_type_decl(c, t, name, o, at);
}

static int check_target(fe_ctx *c, CXCursor lhs, fe_lv lv)
{
    if (lv == FE_LV_PRIVATE || lv == FE_LV_MEMORY)
        return 0;
    if (lv == FE_LV_BUILTIN)
        return fe_unsup(c, lhs, "assignment to a built-in variable");
    return fe_unsup(c, lhs, "assignment to this kind of expression");
}

int fe_assign(fe_ctx *c, CXCursor e, CXCursor lhs, CXCursor rhs, fe_buf *o)
{
    fe_lv lv = fe_lv_class(c, lhs);
    if (check_target(c, lhs, lv) < 0)
        return -1;
    if (lv == FE_LV_PRIVATE) {
        fe_buf_puts(o, "(");
        if (plain(c, lhs, o) < 0)
            return -1;
        fe_buf_puts(o, " = ");
        int rc = fe_rv(c, rhs, o);
        fe_buf_puts(o, ")");
        return rc;
    }
    CXType t = type(lhs);
    char v[24], p[24];
    fe_tmp(c, v);
    fe_tmp(c, p);
    char *val = fe_rv_str(c, rhs);
    char *addr = val ? fe_addr_str(c, lhs) : NULL;
    fe_acc a;
    fe_acc_of(c, lhs, &a);
    int rc = addr ? 0 : -1;
    char pd[32];
    snprintf(pd, sizeof pd, "*%s", p);
    /* C++17: the right operand is sequenced before the left one */
    fe_buf_puts(o, "({ ");
    rc = rc < 0 ? rc : decl_tmp(c, t, v, o, e);
    fe_buf_printf(o, " = %s; ", val ? val : "");
    rc = rc < 0 ? rc : decl_tmp(c, t, pd, o, e);
    fe_buf_printf(o, " = %s; ", addr ? addr : "");
    rc = rc < 0 ? rc : fe_emit_store(c, t, p, v, &a, o, lhs);
    fe_buf_printf(o, "; %s; })", v);
    free(val);
    free(addr);
    return rc;
}

static const char *rmw_of(const char *op)
{
    if (!strcmp(op, "+")) return "GPUMC_RMW_ADD";
    if (!strcmp(op, "-")) return "GPUMC_RMW_SUB";
    if (!strcmp(op, "&")) return "GPUMC_RMW_AND";
    if (!strcmp(op, "|")) return "GPUMC_RMW_OR";
    if (!strcmp(op, "^")) return "GPUMC_RMW_XOR";
    return NULL;
}

/* x op= r on an _Atomic object: one RMW; the value is old op r. */
static int compound_atomic(fe_ctx *c, CXCursor lhs, const char *op,
                           const char *r, const char *addr, fe_buf *o)
{
    const char *rmw = rmw_of(op);
    fe_tk k = fe_type_kind(type(lhs));
    if (!rmw || k == FE_T_PTR || k == FE_T_FLOAT || k == FE_T_DOUBLE)
        return fe_unsup(c, lhs, "compound assignment '%s=' on an atomic object", op);
    fe_acc a;
    fe_acc_of(c, lhs, &a);
    CXType t = fe_type_value(type(lhs));
    fe_buf call = {0}, bits = {0};
    int rc = fe_type_to_bits(c, t, r, &bits, lhs);
    fe_buf_printf(&call, "__gpumc_rmw(__c, %s, %lld, %s, %s, %s, %s, %u)", addr,
                  a.size, rmw, fe_buf_str(&bits), a.order, a.scope, a.src);
    /* the value of the expression: old op r */
    rc = rc < 0 ? rc : fe_type_from_bits(c, t, fe_buf_str(&call), o, lhs);
    fe_buf_printf(o, " %s %s", op, r);
    fe_buf_free(&call);
    fe_buf_free(&bits);
    return rc;
}

static int compound_memory(fe_ctx *c, CXCursor e, CXCursor lhs, CXCursor rhs,
                           const char *op, fe_buf *o)
{
    CXType t = fe_type_value(type(lhs));
    char r[24], p[24], v[24], pd[32];
    fe_tmp(c, r);
    fe_tmp(c, p);
    fe_tmp(c, v);
    snprintf(pd, sizeof pd, "*%s", p);
    char *val = fe_rv_str(c, rhs);
    char *addr = val ? fe_addr_str(c, lhs) : NULL;
    if (!addr) {
        free(val);
        return -1;
    }
    fe_acc a;
    fe_acc_of(c, lhs, &a);
    int rc = 0;
    fe_buf_puts(o, "({ ");
    rc = rc < 0 ? rc : decl_tmp(c, type(rhs), r, o, e);
    fe_buf_printf(o, " = %s; ", val);
    rc = rc < 0 ? rc : decl_tmp(c, t, pd, o, e);
    fe_buf_printf(o, " = %s; ", addr);
    if (fe_type_is_atomic(type(lhs))) {
        fe_buf_puts(o, "(");
        rc = rc < 0 ? rc : fe_type_name(c, t, o, e);
        fe_buf_puts(o, ")(");
        rc = rc < 0 ? rc : compound_atomic(c, lhs, op, r, p, o);
        fe_buf_puts(o, "); })");
    } else {
        rc = rc < 0 ? rc : decl_tmp(c, t, v, o, e);
        fe_buf_puts(o, " = (");
        rc = rc < 0 ? rc : fe_type_name(c, t, o, e);
        fe_buf_puts(o, ")(");
        rc = rc < 0 ? rc : fe_emit_load(c, t, p, &a, o, lhs);
        fe_buf_printf(o, " %s %s); ", op, r);
        rc = rc < 0 ? rc : fe_emit_store(c, t, p, v, &a, o, lhs);
        fe_buf_printf(o, "; %s; })", v);
    }
    free(val);
    free(addr);
    return rc;
}

static int compound(fe_ctx *c, CXCursor e, fe_buf *o)
{
    CXCursor lhs, rhs;
    char op[4];
    if (two_kids(e, &lhs, &rhs) < 0 || fe_binop(&c->toks, e, op) < 0)
        return fe_unsup(c, e, "cannot determine the operator (written inside a macro?)");
    size_t n = strlen(op);
    if (n < 2 || op[n - 1] != '=')
        return fe_fail(c, e, "internal: '%s' is not a compound assignment", op);
    op[n - 1] = 0;
    fe_lv lv = fe_lv_class(c, lhs);
    if (check_target(c, lhs, lv) < 0)
        return -1;
    if (lv == FE_LV_PRIVATE) {
        fe_buf_puts(o, "(");
        if (plain(c, lhs, o) < 0)
            return -1;
        fe_buf_printf(o, " %s= ", op);
        int rc = fe_rv(c, rhs, o);
        fe_buf_puts(o, ")");
        return rc;
    }
    return compound_memory(c, e, lhs, rhs, op, o);
}

static int incdec_atomic(fe_ctx *c, CXCursor e, CXCursor x, const char *addr,
                         int inc, int post, fe_buf *o)
{
    CXType t = fe_type_value(type(x));
    fe_tk k = fe_type_kind(t);
    if (k == FE_T_FLOAT || k == FE_T_DOUBLE)
        return fe_unsup(c, e, "++/-- on an atomic floating-point object");
    long long step = 1;
    if (k == FE_T_PTR)
        step = fe_type_size(clang_getPointeeType(t));
    fe_acc a;
    fe_acc_of(c, x, &a);
    char old[24];
    fe_tmp(c, old);
    fe_buf call = {0};
    fe_buf_printf(&call, "__gpumc_rmw(__c, %s, %lld, %s, (uint64_t)%lldULL, %s, %s, %u)",
                  addr, a.size, inc ? "GPUMC_RMW_ADD" : "GPUMC_RMW_SUB", step,
                  a.order, a.scope, a.src);
    fe_buf_puts(o, "({ ");
    int rc = decl_tmp(c, t, old, o, e);
    fe_buf_puts(o, " = ");
    rc = rc < 0 ? rc : fe_type_from_bits(c, t, fe_buf_str(&call), o, x);
    fe_buf_puts(o, "; ");
    if (post) {
        fe_buf_printf(o, "%s; })", old);
    } else {
        fe_buf_puts(o, "(");
        rc = rc < 0 ? rc : fe_type_name(c, t, o, e);
        fe_buf_printf(o, ")(%s %s 1); })", old, inc ? "+" : "-");
    }
    fe_buf_free(&call);
    return rc;
}

static int incdec_memory(fe_ctx *c, CXCursor e, CXCursor x, int inc, int post,
                         fe_buf *o)
{
    char *addr = fe_addr_str(c, x);
    if (!addr)
        return -1;
    char p[24], old[24], nv[24], pd[32];
    fe_tmp(c, p);
    fe_tmp(c, old);
    fe_tmp(c, nv);
    snprintf(pd, sizeof pd, "*%s", p);
    CXType t = fe_type_value(type(x));
    fe_acc a;
    fe_acc_of(c, x, &a);
    int rc = 0;
    if (fe_type_is_atomic(type(x))) {
        rc = incdec_atomic(c, e, x, addr, inc, post, o);
        free(addr);
        return rc;
    }
    fe_buf_puts(o, "({ ");
    rc = decl_tmp(c, t, pd, o, e);
    fe_buf_printf(o, " = %s; ", addr);
    rc = rc < 0 ? rc : decl_tmp(c, t, old, o, e);
    fe_buf_puts(o, " = ");
    rc = rc < 0 ? rc : fe_emit_load(c, t, p, &a, o, x);
    fe_buf_puts(o, "; ");
    rc = rc < 0 ? rc : decl_tmp(c, t, nv, o, e);
    fe_buf_puts(o, " = (");
    rc = rc < 0 ? rc : fe_type_name(c, t, o, e);
    fe_buf_printf(o, ")(%s %s 1); ", old, inc ? "+" : "-");
    rc = rc < 0 ? rc : fe_emit_store(c, t, p, nv, &a, o, x);
    fe_buf_printf(o, "; %s; })", post ? old : nv);
    free(addr);
    return rc;
}

static int incdec(fe_ctx *c, CXCursor e, CXCursor x, int inc, int post,
                  fe_buf *o)
{
    fe_lv lv = fe_lv_class(c, x);
    if (check_target(c, x, lv) < 0)
        return -1;
    if (lv == FE_LV_PRIVATE) {
        const char *op = inc ? "++" : "--";
        fe_buf_printf(o, "(%s", post ? "" : op);
        int rc = plain(c, x, o);
        fe_buf_printf(o, "%s)", post ? op : "");
        return rc;
    }
    return incdec_memory(c, e, x, inc, post, o);
}

/* ---- operators -------------------------------------------------------- */

static int unary(fe_ctx *c, CXCursor e, fe_buf *o)
{
    char op[4];
    int post = 0;
    CXCursor x = only_kid(e);
    if (clang_Cursor_isNull(x) || fe_unop(&c->toks, e, op, &post) < 0)
        return fe_unsup(c, e, "cannot determine the operator (written inside a macro?)");
    if (!strcmp(op, "++") || !strcmp(op, "--"))
        return incdec(c, e, x, op[0] == '+', post, o);
    if (!strcmp(op, "*"))
        return lvalue_rv(c, e, o);
    if (!strcmp(op, "&")) {
        if (fe_is_function(type(x)))
            return fe_unsup(c, e, "function pointer");
        return fe_addr(c, x, o);
    }
    fe_buf_printf(o, "(%s(", op);
    int rc = fe_rv(c, x, o);
    fe_buf_puts(o, "))");
    return rc;
}

static int binary(fe_ctx *c, CXCursor e, fe_buf *o)
{
    CXCursor a, b;
    char op[4];
    if (two_kids(e, &a, &b) < 0 || fe_binop(&c->toks, e, op) < 0)
        return fe_unsup(c, e, "cannot determine the operator (written inside a macro?)");
    if (!strcmp(op, "="))
        return fe_assign(c, e, a, b, o);
    if (op[strlen(op) - 1] == '=' && strcmp(op, "==") && strcmp(op, "!=") &&
        strcmp(op, "<=") && strcmp(op, ">="))
        return fe_fail(c, e, "internal: compound assignment as a binary operator");
    fe_buf_puts(o, "(");
    if (fe_rv(c, a, o) < 0)
        return -1;
    fe_buf_printf(o, " %s ", op);
    if (fe_rv(c, b, o) < 0)
        return -1;
    fe_buf_puts(o, ")");
    return 0;
}

static int conditional(fe_ctx *c, CXCursor e, fe_buf *o)
{
    fe_kids k = {0};
    int rc = -1;
    if (fe_kids_code(e, &k) != 3) {
        rc = fe_unsup(c, e, "GNU '?:' without a middle operand");
        goto out;
    }
    fe_buf_puts(o, "(");
    if (fe_rv(c, k.v[0], o) < 0)
        goto out;
    fe_buf_puts(o, " ? ");
    if (fe_rv(c, k.v[1], o) < 0)
        goto out;
    fe_buf_puts(o, " : ");
    if (fe_rv(c, k.v[2], o) < 0)
        goto out;
    fe_buf_puts(o, ")");
    rc = 0;
out:
    fe_kids_free(&k);
    return rc;
}

/* ---- casts ------------------------------------------------------------ */

/* Do e and x print as the same C type?  Then an implicit cast is a no-op
 * in C (qualifiers and address spaces are not printed). */
static int same_c_type(fe_ctx *c, CXCursor e, CXCursor x)
{
    fe_buf a = {0}, b = {0};
    int same = fe_type_name(c, type(e), &a, e) == 0 &&
               fe_type_name(c, type(x), &b, x) == 0 &&
               !strcmp(fe_buf_str(&a), fe_buf_str(&b));
    fe_buf_free(&a);
    fe_buf_free(&b);
    return same;
}

static int cast_to(fe_ctx *c, CXCursor e, CXCursor x, int implicit, fe_buf *o)
{
    CXType t = type(e);
    fe_tk k = fe_type_kind(t);
    if (k == FE_T_RECORD || k == FE_T_ARRAY || k == FE_T_FUNC ||
        (implicit && same_c_type(c, e, x)))
        return fe_rv(c, x, o);
    fe_buf_puts(o, "((");
    if (fe_type_name(c, t, o, e) < 0)
        return -1;
    fe_buf_puts(o, ")(");
    if (fe_rv(c, x, o) < 0)
        return -1;
    fe_buf_puts(o, "))");
    return 0;
}

static int explicit_cast(fe_ctx *c, CXCursor e, fe_buf *o)
{
    fe_kids k = {0};
    int n = fe_kids_code(e, &k);
    CXCursor x = n > 0 ? k.v[n - 1] : clang_getNullCursor();
    fe_kids_free(&k);
    if (clang_Cursor_isNull(x))
        return fe_unsup(c, e, "cast without an operand");
    return cast_to(c, e, x, 0, o);
}

static int decay_rv(fe_ctx *c, CXCursor e, CXCursor arr, fe_buf *o)
{
    fe_lv lv = fe_lv_class(c, arr);
    if (lv == FE_LV_PRIVATE) {
        fe_buf_puts(o, "(");
        int rc = plain(c, arr, o);
        fe_buf_puts(o, ")");
        return rc;
    }
    if (lv != FE_LV_MEMORY)
        return fe_unsup(c, e, "array value of this kind");
    fe_buf_puts(o, "((");
    if (fe_type_name(c, type(e), o, e) < 0)
        return -1;
    fe_buf_puts(o, ")");
    int rc = fe_addr(c, arr, o);
    fe_buf_puts(o, ")");
    return rc;
}

static int implicit(fe_ctx *c, CXCursor e, fe_buf *o)
{
    fe_kids k = {0};
    int n = fe_kids_code(e, &k);
    CXCursor x = n == 1 ? k.v[0] : clang_getNullCursor();
    fe_kids_free(&k);
    if (n == 0) {
        if (emit_const(c, e, o) == 0)
            return 0;
        fe_tk t = fe_type_kind(type(e));
        if (t == FE_T_RECORD || t == FE_T_ARRAY) {
            fe_buf_puts(o, "{0}"); /* implicit value-initialisation */
            return 0;
        }
        return fe_unsup(c, e, "implicit expression (default argument?)");
    }
    if (n != 1)
        return fe_unsup(c, e, "this kind of expression");
    CXCursor arr;
    if (is_decay(e, &arr))
        return decay_rv(c, e, arr, o);
    if (fe_is_function(type(x)))
        return fe_unsup(c, e, "function pointer");
    return cast_to(c, e, x, 1, o);
}

/* ---- initializer lists and sizeof -------------------------------------- */

/* A designated initializer `.f = v`, `[i] = v`, `.b[1].x = v`: the
 * designators are rebuilt from the tokens, array indices from their
 * constant values (the index children, in order), then the value. */
static int designated(fe_ctx *c, CXCursor e, CXToken *toks, unsigned n, fe_buf *o)
{
    fe_kids k = {0};
    int nk = fe_kids_code(e, &k), ki = 0, rc = 0;
    unsigned i = 0;
    for (; i < n && rc == 0; i++) {
        CXString sp = clang_getTokenSpelling(c->tu, toks[i]);
        const char *t = clang_getCString(sp);
        int eq = !strcmp(t, "="), dot = !strcmp(t, "."), br = !strcmp(t, "[");
        if (dot && i + 1 < n) {
            CXString f = clang_getTokenSpelling(c->tu, toks[++i]);
            fe_buf_printf(o, ".%s", clang_getCString(f));
            clang_disposeString(f);
        } else if (br) {
            long long v;
            int depth = 1;
            while (++i < n && depth > 0) {
                CXString x = clang_getTokenSpelling(c->tu, toks[i]);
                const char *xs = clang_getCString(x);
                depth += !strcmp(xs, "[") - !strcmp(xs, "]");
                if (!strcmp(xs, "..."))
                    rc = fe_unsup(c, e, "designator with a range");
                clang_disposeString(x);
            }
            i--;
            if (rc == 0 && (ki >= nk - 1 || fe_eval_int(k.v[ki++], &v, NULL) < 0))
                rc = fe_unsup(c, e, "non-constant array designator");
            if (rc == 0)
                fe_buf_printf(o, "[%lld]", v);
        } else if (!eq) {
            rc = fe_unsup(c, e, "this designated initializer");
        }
        clang_disposeString(sp);
        if (eq)
            break;
    }
    if (rc == 0 && (i == n || nk < 1))
        rc = fe_unsup(c, e, "this designated initializer");
    if (rc == 0) {
        fe_buf_puts(o, " = ");
        rc = fe_rv(c, k.v[nk - 1], o);
    }
    fe_kids_free(&k);
    return rc;
}

/* One element of an initializer list (maybe designated). */
static int init_elem(fe_ctx *c, CXCursor e, fe_buf *o)
{
    if (kind(e) != CXCursor_UnexposedExpr)
        return fe_rv(c, e, o);
    CXToken *toks = NULL;
    unsigned n = 0;
    clang_tokenize(c->tu, clang_getCursorExtent(e), &toks, &n);
    int rc;
    CXString first = n ? clang_getTokenSpelling(c->tu, toks[0]) : (CXString){0};
    const char *f = n ? clang_getCString(first) : "";
    if (f && (!strcmp(f, ".") || !strcmp(f, "[")))
        rc = designated(c, e, toks, n, o);
    else
        rc = fe_rv(c, e, o);
    if (n)
        clang_disposeString(first);
    if (toks)
        clang_disposeTokens(c->tu, toks, n);
    return rc;
}

static int init_list(fe_ctx *c, CXCursor e, fe_buf *o)
{
    fe_kids k = {0};
    if (fe_kids_code(e, &k) < 0)
        return fe_fail_plain(c, 5, "out of memory");
    fe_buf_puts(o, "{ ");
    int rc = 0;
    for (int i = 0; i < k.n && rc == 0; i++) {
        if (i)
            fe_buf_puts(o, ", ");
        rc = init_elem(c, k.v[i], o);
    }
    if (k.n == 0)
        fe_buf_puts(o, "0");
    fe_buf_puts(o, " }");
    fe_kids_free(&k);
    return rc;
}

static int unary_expr(fe_ctx *c, CXCursor e, fe_buf *o)
{
    if (emit_const(c, e, o) == 0)
        return 0;
    return fe_unsup(c, e, "sizeof/alignof of a variable-length type");
}

/* ---- entry point ------------------------------------------------------ */

int fe_rv(fe_ctx *c, CXCursor e, fe_buf *o)
{
    if (fe_failed(c))
        return -1;
    switch (kind(e)) {
    case CXCursor_IntegerLiteral: case CXCursor_FloatingLiteral:
    case CXCursor_CharacterLiteral: case CXCursor_CXXBoolLiteralExpr:
        return literal(c, e, o);
    case CXCursor_CXXNullPtrLiteralExpr: case CXCursor_GNUNullExpr:
        fe_buf_puts(o, "((void *)0)");
        return 0;
    case CXCursor_StringLiteral:
        return string_literal(c, e, o);
    case CXCursor_ParenExpr: {
        fe_buf_puts(o, "(");
        int rc = fe_rv(c, only_kid(e), o);
        fe_buf_puts(o, ")");
        return rc;
    }
    case CXCursor_DeclRefExpr: case CXCursor_MemberRefExpr:
    case CXCursor_ArraySubscriptExpr:
        return lvalue_rv(c, e, o);
    case CXCursor_UnaryOperator: return unary(c, e, o);
    case CXCursor_BinaryOperator: return binary(c, e, o);
    case CXCursor_CompoundAssignOperator: return compound(c, e, o);
    case CXCursor_ConditionalOperator: return conditional(c, e, o);
    case CXCursor_CallExpr: return fe_call(c, e, o);
    case CXCursor_CStyleCastExpr: case CXCursor_CXXStaticCastExpr:
    case CXCursor_CXXFunctionalCastExpr: case CXCursor_CXXReinterpretCastExpr:
    case CXCursor_CXXConstCastExpr:
        return explicit_cast(c, e, o);
    case CXCursor_UnexposedExpr: return implicit(c, e, o);
    case CXCursor_UnaryExpr: return unary_expr(c, e, o);
    case CXCursor_InitListExpr: return init_list(c, e, o);
    case CXCursor_LambdaExpr: return fe_unsup(c, e, "lambda expression");
    case CXCursor_CXXThisExpr: return fe_unsup(c, e, "'this' (C++ member functions)");
    case CXCursor_CXXNewExpr: case CXCursor_CXXDeleteExpr:
        return fe_unsup(c, e, "dynamic allocation");
    case CXCursor_CXXThrowExpr: return fe_unsup(c, e, "throw");
    case CXCursor_StmtExpr: return fe_unsup(c, e, "GNU statement expression");
    default: {
        CXString s = clang_getCursorKindSpelling(kind(e));
        fe_unsup(c, e, "expression of kind %s", clang_getCString(s));
        clang_disposeString(s);
        return -1;
    }
    }
}
