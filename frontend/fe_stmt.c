/*
 * fe_stmt.c -- lowering of statements and functions.  See fe_stmt.h.
 */
#include "fe_stmt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fe_expr.h"
#include "fe_loop.h"
#include "fe_type.h"
#include "fe_vars.h"

void fe_pad(fe_buf *o, int ind)
{
    for (int i = 0; i < ind; i++)
        fe_buf_puts(o, "    ");
}

static enum CXCursorKind kind(CXCursor e)
{
    return clang_getCursorKind(e);
}

/* ---- declarations ----------------------------------------------------- */

/* The size expression of a one-dimensional VLA declaration. */
static CXCursor vla_size(CXCursor d, CXCursor init)
{
    fe_kids k = {0};
    CXCursor r = clang_getNullCursor();
    fe_kids_code(d, &k);
    for (int i = 0; i < k.n && clang_Cursor_isNull(r); i++)
        if (!clang_equalCursors(k.v[i], init))
            r = k.v[i];
    fe_kids_free(&k);
    return r;
}

static int local_declarator(fe_ctx *c, CXCursor d, CXCursor init, fe_buf *o)
{
    CXType t = fe_canon(clang_getCursorType(d));
    char *name = fe_spelling(d);
    int rc;
    if (t.kind == CXType_VariableArray) {
        CXCursor sz = vla_size(d, init);
        CXType elem = clang_getArrayElementType(t);
        fe_buf decl = {0};
        fe_buf_printf(&decl, "%s[", name ? name : "");
        rc = clang_Cursor_isNull(sz) || fe_is_array(elem)
                 ? fe_unsup(c, d, "multi-dimensional variable-length array")
                 : fe_rv(c, sz, &decl);
        fe_buf_puts(&decl, "]");
        if (rc == 0)
            rc = fe_type_decl(c, elem, fe_buf_str(&decl), o, d);
        fe_buf_free(&decl);
    } else {
        rc = fe_type_decl(c, t, name, o, d);
    }
    free(name);
    return rc;
}

static int local_var(fe_ctx *c, CXCursor d, fe_buf *o, int ind)
{
    fe_storage st = fe_storage_of(c, d);
    if (st != FE_ST_PRIVATE)
        return 0; /* static storage: a region, declared by the harness */
    CXCursor init = clang_Cursor_getVarDeclInitializer(d);
    fe_pad(o, ind);
    if (local_declarator(c, d, init, o) < 0)
        return -1;
    if (!clang_Cursor_isNull(init)) {
        fe_buf init_text = {0};
        int rc = fe_rv(c, init, &init_text);
        /* an empty C++ default construction: no initializer in C */
        if (rc == 0 && strcmp(fe_buf_str(&init_text), "{0}") != 0)
            fe_buf_printf(o, " = %s", fe_buf_str(&init_text));
        else if (rc == 0 && fe_type_kind(clang_getCursorType(d)) == FE_T_RECORD)
            fe_buf_puts(o, " = {0}");
        fe_buf_free(&init_text);
        if (rc < 0)
            return -1;
    }
    fe_buf_puts(o, ";\n");
    char *name = fe_spelling(d);
    if (c->loop_depth > 0 && name) { /* dies with the iteration: see gpumc_spin */
        fe_pad(o, ind);
        fe_buf_printf(o, "__gpumc_scratch(__c, &%s, sizeof %s);\n", name, name);
    }
    int rc = fe_locals_push(c, name);
    free(name);
    return rc;
}

static int decl_stmt(fe_ctx *c, CXCursor s, fe_buf *o, int ind)
{
    fe_kids k = {0};
    int rc = fe_kids_all(s, &k) < 0 ? -1 : 0;
    for (int i = 0; i < k.n && rc == 0; i++) {
        enum CXCursorKind dk = kind(k.v[i]);
        if (dk == CXCursor_VarDecl)
            rc = local_var(c, k.v[i], o, ind);
        else if (dk == CXCursor_StructDecl || dk == CXCursor_UnionDecl ||
                 dk == CXCursor_TypedefDecl || dk == CXCursor_EnumDecl ||
                 dk == CXCursor_TypeAliasDecl)
            continue; /* types are printed from their canonical form */
        else
            rc = fe_unsup(c, k.v[i], "this kind of local declaration");
    }
    fe_kids_free(&k);
    return rc;
}

/* ---- control flow ----------------------------------------------------- */

static int if_stmt(fe_ctx *c, CXCursor s, fe_buf *o, int ind)
{
    fe_kids k = {0};
    int rc = -1;
    int n = fe_kids_code(s, &k);
    if (n < 2 || n > 3 || !clang_isExpression(kind(k.v[0]))) {
        rc = fe_unsup(c, s, "if statement with an initializer or declaration");
        goto out;
    }
    fe_pad(o, ind);
    fe_buf_puts(o, "if (");
    if (fe_rv(c, k.v[0], o) < 0)
        goto out;
    fe_buf_puts(o, ")\n");
    if (fe_stmt(c, k.v[1], o, ind + 1) < 0)
        goto out;
    if (n == 3) {
        fe_pad(o, ind);
        fe_buf_puts(o, "else\n");
        if (fe_stmt(c, k.v[2], o, ind + 1) < 0)
            goto out;
    }
    rc = 0;
out:
    fe_kids_free(&k);
    return rc;
}

static int compound(fe_ctx *c, CXCursor s, fe_buf *o, int ind)
{
    fe_kids k = {0};
    if (fe_kids_code(s, &k) < 0)
        return fe_fail_plain(c, 5, "out of memory");
    fe_pad(o, ind);
    fe_buf_puts(o, "{\n");
    int rc = 0, mark = fe_locals_mark(c);
    for (int i = 0; i < k.n && rc == 0; i++)
        rc = fe_stmt(c, k.v[i], o, ind + 1);
    fe_locals_pop(c, mark);
    fe_pad(o, ind);
    fe_buf_puts(o, "}\n");
    fe_kids_free(&k);
    return rc;
}

static int return_stmt(fe_ctx *c, CXCursor s, fe_buf *o, int ind)
{
    fe_kids k = {0};
    int n = fe_kids_code(s, &k);
    int rc = 0;
    fe_pad(o, ind);
    fe_buf_puts(o, "return");
    if (n == 1) {
        fe_buf_puts(o, " ");
        rc = fe_rv(c, k.v[0], o);
    }
    fe_buf_puts(o, ";\n");
    fe_kids_free(&k);
    return rc;
}

static int switch_stmt(fe_ctx *c, CXCursor s, fe_buf *o, int ind)
{
    fe_kids k = {0};
    int rc = -1;
    if (fe_kids_code(s, &k) != 2 || !clang_isExpression(kind(k.v[0]))) {
        rc = fe_unsup(c, s, "switch with an initializer or declaration");
        goto out;
    }
    fe_pad(o, ind);
    fe_buf_puts(o, "switch (");
    if (fe_rv(c, k.v[0], o) < 0)
        goto out;
    fe_buf_puts(o, ")\n");
    rc = fe_stmt(c, k.v[1], o, ind);
out:
    fe_kids_free(&k);
    return rc;
}

static int case_stmt(fe_ctx *c, CXCursor s, fe_buf *o, int ind)
{
    fe_kids k = {0};
    int rc = -1;
    long long v;
    int u = 0;
    if (fe_kids_code(s, &k) != 2 || fe_eval_int(k.v[0], &v, &u) < 0) {
        rc = fe_unsup(c, s, "case range or non-constant case label");
        goto out;
    }
    fe_pad(o, ind);
    if (u)
        fe_buf_printf(o, "case %lluULL:\n", (unsigned long long)v);
    else
        fe_buf_printf(o, "case %lldLL:\n", v);
    rc = fe_stmt(c, k.v[1], o, ind + 1);
out:
    fe_kids_free(&k);
    return rc;
}

static int label_like(fe_ctx *c, CXCursor s, const char *head, fe_buf *o, int ind)
{
    fe_kids k = {0};
    int rc = fe_kids_code(s, &k) == 1 ? 0 : fe_unsup(c, s, "empty label");
    if (rc == 0) {
        fe_pad(o, ind);
        fe_buf_printf(o, "%s:;\n", head);
        rc = fe_stmt(c, k.v[0], o, ind);
    }
    fe_kids_free(&k);
    return rc;
}

static int label_stmt(fe_ctx *c, CXCursor s, fe_buf *o, int ind)
{
    char *n = fe_spelling(s);
    char head[160];
    snprintf(head, sizeof head, "__gpumc_L_%s", n ? n : "");
    free(n);
    return label_like(c, s, head, o, ind);
}

static unsigned start_offset(CXCursor s)
{
    unsigned off = 0;
    clang_getFileLocation(clang_getRangeStart(clang_getCursorExtent(s)), NULL,
                          NULL, NULL, &off);
    return off;
}

/* A backward goto is a loop: bound it like one (the counter lives for the
 * whole function call). */
static int goto_stmt(fe_ctx *c, CXCursor s, fe_buf *o, int ind)
{
    fe_kids k = {0};
    fe_kids_all(s, &k);
    CXCursor lab = k.n == 1 ? clang_getCursorReferenced(k.v[0]) : clang_getNullCursor();
    fe_kids_free(&k);
    if (clang_Cursor_isNull(lab) || kind(lab) != CXCursor_LabelStmt)
        return fe_unsup(c, s, "computed goto");
    char *n = fe_spelling(lab);
    fe_pad(o, ind);
    fe_buf_puts(o, "{ "); /* one statement: it may be the body of an if */
    if (start_offset(lab) < start_offset(s)) {
        unsigned id = c->nloop++;
        fe_buf_printf(c->fn_pro, "    unsigned __gpumc_i%u = 0;\n", id);
        /* the code between label and goto runs at most `unroll` times,
         * as a loop body does */
        fe_buf_printf(o, "if (++__gpumc_i%u >= %du) __gpumc_bound(__c, %u); ", id,
                      c->unroll, fe_src_id(c, s));
    }
    fe_buf_printf(o, "goto __gpumc_L_%s; }\n", n ? n : "");
    free(n);
    return 0;
}

static int expr_stmt(fe_ctx *c, CXCursor s, fe_buf *o, int ind)
{
    fe_pad(o, ind);
    if (fe_rv(c, s, o) < 0)
        return -1;
    fe_buf_puts(o, ";\n");
    return 0;
}

int fe_stmt(fe_ctx *c, CXCursor s, fe_buf *o, int ind)
{
    if (fe_failed(c))
        return -1;
    switch (kind(s)) {
    case CXCursor_CompoundStmt: return compound(c, s, o, ind);
    case CXCursor_DeclStmt: return decl_stmt(c, s, o, ind);
    case CXCursor_IfStmt: return if_stmt(c, s, o, ind);
    case CXCursor_WhileStmt: return fe_loop_while(c, s, o, ind);
    case CXCursor_DoStmt: return fe_loop_do(c, s, o, ind);
    case CXCursor_ForStmt: return fe_loop_for(c, s, o, ind);
    case CXCursor_ReturnStmt: return return_stmt(c, s, o, ind);
    case CXCursor_SwitchStmt: return switch_stmt(c, s, o, ind);
    case CXCursor_CaseStmt: return case_stmt(c, s, o, ind);
    case CXCursor_DefaultStmt: return label_like(c, s, "default", o, ind);
    case CXCursor_LabelStmt: return label_stmt(c, s, o, ind);
    case CXCursor_GotoStmt: return goto_stmt(c, s, o, ind);
    case CXCursor_BreakStmt:
        fe_pad(o, ind);
        fe_buf_puts(o, "break;\n");
        return 0;
    case CXCursor_ContinueStmt:
        fe_pad(o, ind);
        fe_buf_puts(o, "continue;\n");
        return 0;
    case CXCursor_NullStmt:
        fe_pad(o, ind);
        fe_buf_puts(o, ";\n");
        return 0;
    case CXCursor_GCCAsmStmt: case CXCursor_MSAsmStmt:
        return fe_unsup(c, s, "inline assembly");
    case CXCursor_IndirectGotoStmt:
        return fe_unsup(c, s, "computed goto");
    default:
        if (clang_isExpression(kind(s)))
            return expr_stmt(c, s, o, ind);
        {
            CXString k = clang_getCursorKindSpelling(kind(s));
            fe_unsup(c, s, "statement of kind %s", clang_getCString(k));
            clang_disposeString(k);
        }
        return -1;
    }
}

/* ---- functions -------------------------------------------------------- */

static int fn_signature(fe_ctx *c, fe_fn *f, fe_buf *o)
{
    CXType ft = clang_getCursorType(f->def);
    fe_buf_puts(o, "static ");
    fe_buf head = {0};
    fe_buf_printf(&head, "%s(__gpumc_ctx *__c", f->cname);
    int n = clang_Cursor_getNumArguments(f->def);
    int rc = 0;
    for (int i = 0; i < n && rc == 0; i++) {
        CXCursor p = clang_Cursor_getArgument(f->def, (unsigned)i);
        char *name = fe_spelling(p);
        char fallback[32];
        snprintf(fallback, sizeof fallback, "__gpumc_p%d", i);
        fe_buf_puts(&head, ", ");
        rc = fe_type_decl(c, clang_getCursorType(p),
                          name && *name ? name : fallback, &head, p);
        if (rc == 0)
            rc = fe_locals_push(c, name && *name ? name : fallback);
        free(name);
    }
    fe_buf_puts(&head, ")");
    if (rc == 0)
        rc = fe_type_decl(c, clang_getResultType(ft), fe_buf_str(&head), o, f->def);
    fe_buf_free(&head);
    return rc;
}

static CXCursor fn_body(CXCursor def)
{
    fe_kids k = {0};
    CXCursor b = clang_getNullCursor();
    fe_kids_code(def, &k);
    if (k.n > 0 && kind(k.v[k.n - 1]) == CXCursor_CompoundStmt)
        b = k.v[k.n - 1];
    fe_kids_free(&k);
    return b;
}

int fe_emit_fn(fe_ctx *c, int idx)
{
    fe_buf sig = {0}, body = {0}, pro = {0};
    c->cur_fn = idx;
    c->fn_pro = &pro;
    fe_locals_pop(c, 0); /* parameters are pushed by fn_signature */
    CXCursor b = fn_body(c->fns[idx].def);
    int rc = clang_Cursor_isNull(b) ? fe_unsup(c, c->fns[idx].def, "function without a body")
                                    : fn_signature(c, &c->fns[idx], &sig);
    if (rc == 0)
        rc = fe_stmt(c, b, &body, 1);
    if (rc == 0) {
        fe_buf_printf(&c->protos, "%s;\n", fe_buf_str(&sig));
        fe_buf_printf(&c->fnbodies, "%s\n{\n    (void)__c;\n", fe_buf_str(&sig));
        fe_buf_append(&c->fnbodies, &pro);
        fe_buf_append(&c->fnbodies, &body);
        fe_buf_puts(&c->fnbodies, "}\n\n");
    }
    c->fn_pro = NULL;
    c->cur_fn = -1;
    fe_locals_pop(c, 0);
    fe_buf_free(&sig);
    fe_buf_free(&body);
    fe_buf_free(&pro);
    return rc;
}

/* ---- recursion -------------------------------------------------------- */

static int dfs(fe_ctx *c, int f, unsigned char *state)
{
    state[f] = 1;
    for (int i = 0; i < c->nedges; i++) {
        if (c->edges[i].from != f)
            continue;
        int t = c->edges[i].to;
        if (state[t] == 1) {
            char *n = fe_spelling(c->fns[t].def);
            fe_unsup(c, c->edges[i].site, "recursion (through '%s')", n ? n : "?");
            free(n);
            return -1;
        }
        if (state[t] == 0 && dfs(c, t, state) < 0)
            return -1;
    }
    state[f] = 2;
    return 0;
}

int fe_check_recursion(fe_ctx *c)
{
    unsigned char *state = calloc((size_t)c->nfns + 1, 1);
    if (!state)
        return fe_fail_plain(c, 5, "out of memory");
    int rc = 0;
    for (int f = 0; f < c->nfns && rc == 0; f++)
        if (state[f] == 0)
            rc = dfs(c, f, state);
    free(state);
    return rc;
}
