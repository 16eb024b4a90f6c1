/*
 * fe_vars.c -- storage classification and region registration.
 * See fe_vars.h for the contract.
 */
#include "fe_vars.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fe_type.h"

/* OpenCL address spaces as libclang 14 reports them (clang's LangAS). */
enum { AS_CL_GLOBAL = 1, AS_CL_LOCAL = 2, AS_CL_CONSTANT = 3 };

static enum CXChildVisitResult attr_cb(CXCursor c, CXCursor p, CXClientData d)
{
    (void)p;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_CUDASharedAttr)
        *(int *)d |= 1;
    if (k == CXCursor_CUDADeviceAttr || k == CXCursor_CUDAConstantAttr)
        *(int *)d |= 2;
    return CXChildVisit_Continue;
}

static int is_builtin_var(CXCursor decl)
{
    static const char *const names[] = { "threadIdx", "blockIdx", "blockDim",
                                         "gridDim", "warpSize", NULL };
    if (!fe_in_system(decl))
        return 0;
    char *n = fe_spelling(decl);
    int hit = 0;
    for (int i = 0; n && names[i]; i++)
        hit |= !strcmp(n, names[i]);
    free(n);
    return hit;
}

/* A const scalar whose initializer folds: no region needed. */
static int is_const_scalar(CXCursor decl)
{
    CXType t = clang_getCursorType(decl);
    if (!clang_isConstQualifiedType(t) || !fe_type_scalar(t) ||
        fe_type_kind(t) == FE_T_PTR || fe_type_is_volatile(t))
        return 0;
    CXCursor init = clang_Cursor_getVarDeclInitializer(decl);
    long long v;
    double d;
    return !clang_Cursor_isNull(init) &&
           (fe_eval_int(init, &v, NULL) == 0 || fe_eval_float(init, &d) == 0);
}

static fe_storage opencl_storage(CXCursor decl)
{
    unsigned as = clang_getAddressSpace(clang_getCursorType(decl));
    if (as == AS_CL_LOCAL)
        return FE_ST_CTA;
    if (as == AS_CL_CONSTANT && is_const_scalar(decl))
        return FE_ST_CONST;
    if (as == AS_CL_GLOBAL || as == AS_CL_CONSTANT ||
        clang_Cursor_hasVarDeclGlobalStorage(decl))
        return FE_ST_GLOBAL;
    return FE_ST_PRIVATE;
}

fe_storage fe_storage_of(fe_ctx *c, CXCursor decl)
{
    enum CXCursorKind k = clang_getCursorKind(decl);
    if (k == CXCursor_ParmDecl)
        return FE_ST_PRIVATE;
    if (k != CXCursor_VarDecl)
        return FE_ST_NONE;
    if (c->lang == FE_LANG_OPENCL)
        return opencl_storage(decl);
    if (is_builtin_var(decl))
        return FE_ST_BUILTIN;
    int attrs = 0;
    clang_visitChildren(decl, attr_cb, &attrs);
    if (attrs & 1)
        return FE_ST_CTA;
    if (!clang_Cursor_hasVarDeclGlobalStorage(decl))
        return FE_ST_PRIVATE;
    if (is_const_scalar(decl))
        return FE_ST_CONST;
    return FE_ST_GLOBAL;
}

static long long var_size(CXCursor decl)
{
    CXType t = fe_canon(clang_getCursorType(decl));
    if (t.kind == CXType_IncompleteArray)
        return -1; /* extern __shared__ T x[]: sized at launch */
    return clang_Type_getSizeOf(t);
}

int fe_var_index(fe_ctx *c, CXCursor decl, CXCursor use)
{
    CXCursor canon = clang_getCanonicalCursor(decl);
    for (int i = 0; i < c->nvars; i++)
        if (clang_equalCursors(c->vars[i].decl, canon))
            return i;
    fe_storage st = fe_storage_of(c, decl);
    if (st != FE_ST_GLOBAL && st != FE_ST_CTA && st != FE_ST_CONST)
        return fe_fail(c, use, "internal: not a shared variable");
    long long size = var_size(decl);
    if (size < 0 && !(st == FE_ST_CTA && size == -1))
        return fe_unsup(c, use, "variable of incomplete or variable size");
    if (fe_grow(c, (void **)&c->vars, &c->capvars, c->nvars, sizeof *c->vars) < 0)
        return -1;
    fe_var *v = &c->vars[c->nvars];
    memset(v, 0, sizeof *v);
    v->decl = canon;
    v->name = fe_spelling(decl);
    v->type = clang_getCursorType(decl);
    v->size = size;
    v->kind = st == FE_ST_CTA ? FE_VAR_CTA
            : st == FE_ST_CONST ? FE_VAR_CONST : FE_VAR_GLOBAL;
    char buf[160];
    snprintf(buf, sizeof buf, "%s%d_%s",
             v->kind == FE_VAR_CTA ? "v" : v->kind == FE_VAR_CONST
                                               ? "__gpumc_k" : "__gpumc_g",
             c->nvars, v->name ? v->name : "");
    v->cname = fe_strdup(buf);
    if (!v->name || !v->cname)
        return fe_fail_plain(c, 5, "out of memory");
    return c->nvars++;
}
