/*
 * fe_ast.c -- libclang helpers: children, tokens, operators, constants.
 * See fe_ast.h for the contract.
 */
#include "fe_ast.h"

#include <stdlib.h>
#include <string.h>

/* ---- children --------------------------------------------------------- */

typedef struct kid_visit {
    fe_kids *k;
    int code_only;
    int oom;
} kid_visit;

static enum CXChildVisitResult kid_cb(CXCursor c, CXCursor parent,
                                      CXClientData data)
{
    (void)parent;
    kid_visit *kv = data;
    enum CXCursorKind kind = clang_getCursorKind(c);
    if (kv->code_only && !clang_isExpression(kind) && !clang_isStatement(kind))
        return CXChildVisit_Continue;
    fe_kids *k = kv->k;
    if (k->n == k->cap) {
        int cap = k->cap ? 2 * k->cap : 8;
        CXCursor *v = realloc(k->v, (size_t)cap * sizeof *v);
        if (!v) {
            kv->oom = 1;
            return CXChildVisit_Break;
        }
        k->v = v;
        k->cap = cap;
    }
    k->v[k->n++] = c;
    return CXChildVisit_Continue;
}

static int kids_get(CXCursor c, fe_kids *k, int code_only)
{
    kid_visit kv = { k, code_only, 0 };
    k->n = 0;
    clang_visitChildren(c, kid_cb, &kv);
    return kv.oom ? -1 : k->n;
}

int fe_kids_code(CXCursor c, fe_kids *k) { return kids_get(c, k, 1); }
int fe_kids_all(CXCursor c, fe_kids *k) { return kids_get(c, k, 0); }

void fe_kids_free(fe_kids *k)
{
    free(k->v);
    memset(k, 0, sizeof *k);
}

/* ---- token cache ------------------------------------------------------ */

void fe_toks_free(fe_toks *t)
{
    for (int i = 0; i < t->n; i++) {
        clang_disposeTokens(t->tu, t->files[i].toks, t->files[i].n);
        free(t->files[i].off);
        free(t->files[i].end);
    }
    free(t->files);
    memset(t, 0, sizeof *t);
}

static int tokfile_load(fe_toks *t, CXFile f, fe_tokfile *tf)
{
    size_t size = 0;
    memset(tf, 0, sizeof *tf);
    tf->file = f;
    if (!clang_getFileContents(t->tu, f, &size))
        return -1;
    CXSourceLocation b = clang_getLocationForOffset(t->tu, f, 0);
    CXSourceLocation e = clang_getLocationForOffset(t->tu, f, (unsigned)size);
    clang_tokenize(t->tu, clang_getRange(b, e), &tf->toks, &tf->n);
    tf->off = malloc((tf->n + 1) * sizeof *tf->off);
    tf->end = malloc((tf->n + 1) * sizeof *tf->end);
    if (!tf->off || !tf->end)
        return -1;
    for (unsigned i = 0; i < tf->n; i++) {
        CXSourceRange r = clang_getTokenExtent(t->tu, tf->toks[i]);
        clang_getFileLocation(clang_getRangeStart(r), NULL, NULL, NULL,
                              &tf->off[i]);
        clang_getFileLocation(clang_getRangeEnd(r), NULL, NULL, NULL,
                              &tf->end[i]);
    }
    return 0;
}

static fe_tokfile *toks_file(fe_toks *t, CXFile f)
{
    for (int i = 0; i < t->n; i++)
        if (clang_File_isEqual(t->files[i].file, f))
            return &t->files[i];
    if (t->n == t->cap) {
        int cap = t->cap ? 2 * t->cap : 4;
        fe_tokfile *v = realloc(t->files, (size_t)cap * sizeof *v);
        if (!v)
            return NULL;
        t->files = v;
        t->cap = cap;
    }
    fe_tokfile *tf = &t->files[t->n];
    if (tokfile_load(t, f, tf) < 0) {
        free(tf->off);
        free(tf->end);
        if (tf->toks)
            clang_disposeTokens(t->tu, tf->toks, tf->n);
        return NULL;
    }
    t->n++;
    return tf;
}

/* Index of the first token starting at or after offset `off`. */
static unsigned tok_lower_bound(const fe_tokfile *tf, unsigned off)
{
    unsigned lo = 0, hi = tf->n;
    while (lo < hi) {
        unsigned mid = lo + (hi - lo) / 2;
        if (tf->off[mid] < off)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static int tok_spell(fe_toks *t, const fe_tokfile *tf, unsigned i, char *out,
                     size_t n)
{
    if (i >= tf->n)
        return -1;
    CXString s = clang_getTokenSpelling(t->tu, tf->toks[i]);
    const char *cs = clang_getCString(s);
    int ok = cs && strlen(cs) < n;
    if (ok)
        strcpy(out, cs);
    clang_disposeString(s);
    return ok ? 0 : -1;
}

static fe_tokfile *loc_file(fe_toks *t, CXSourceLocation loc, unsigned *off)
{
    CXFile f = NULL;
    clang_getFileLocation(loc, &f, NULL, NULL, off);
    return f ? toks_file(t, f) : NULL;
}

/* The token just before the one starting at `loc`. */
static int tok_before(fe_toks *t, CXSourceLocation loc, char *out, size_t n)
{
    unsigned off;
    fe_tokfile *tf = loc_file(t, loc, &off);
    if (!tf)
        return -1;
    unsigned i = tok_lower_bound(tf, off);
    if (i == 0 || i > tf->n || (i < tf->n && tf->off[i] != off))
        return -1;
    return tok_spell(t, tf, i - 1, out, n);
}

static int tok_at(fe_toks *t, CXSourceLocation loc, char *out, size_t n)
{
    unsigned off;
    fe_tokfile *tf = loc_file(t, loc, &off);
    if (!tf)
        return -1;
    unsigned i = tok_lower_bound(tf, off);
    if (i >= tf->n || tf->off[i] != off)
        return -1;
    return tok_spell(t, tf, i, out, n);
}

/* The token that ends exactly at `loc` (range ends are one past). */
static int tok_ending_at(fe_toks *t, CXSourceLocation loc, char *out,
                         size_t n)
{
    unsigned off;
    fe_tokfile *tf = loc_file(t, loc, &off);
    if (!tf)
        return -1;
    unsigned i = tok_lower_bound(tf, off);
    if (i == 0 || tf->end[i - 1] != off)
        return -1;
    return tok_spell(t, tf, i - 1, out, n);
}

/* ---- operators -------------------------------------------------------- */

static int is_binop(const char *s)
{
    static const char *const ops[] = {
        "+", "-", "*", "/", "%", "<<", ">>", "<", ">", "<=", ">=", "==",
        "!=", "&", "^", "|", "&&", "||", ",", "=", "+=", "-=", "*=", "/=",
        "%=", "<<=", ">>=", "&=", "^=", "|=", NULL };
    for (int i = 0; ops[i]; i++)
        if (!strcmp(s, ops[i]))
            return 1;
    return 0;
}

int fe_binop(fe_toks *t, CXCursor e, char op[4])
{
    fe_kids k = {0};
    int rc = -1;
    if (fe_kids_code(e, &k) == 2) {
        CXSourceRange r = clang_getCursorExtent(k.v[1]);
        rc = tok_before(t, clang_getRangeStart(r), op, 4);
        if (rc == 0 && !is_binop(op))
            rc = -1;
    }
    fe_kids_free(&k);
    return rc;
}

int fe_unop(fe_toks *t, CXCursor e, char op[4], int *postfix)
{
    fe_kids k = {0};
    int rc = -1;
    if (fe_kids_code(e, &k) != 1)
        goto out;
    CXSourceRange re = clang_getCursorExtent(e);
    CXSourceRange rk = clang_getCursorExtent(k.v[0]);
    unsigned oe, ok;
    clang_getFileLocation(clang_getRangeStart(re), NULL, NULL, NULL, &oe);
    clang_getFileLocation(clang_getRangeStart(rk), NULL, NULL, NULL, &ok);
    *postfix = oe == ok;
    if (*postfix) {
        rc = tok_ending_at(t, clang_getRangeEnd(re), op, 4);
        if (rc == 0 && strcmp(op, "++") && strcmp(op, "--"))
            rc = -1;
    } else {
        rc = tok_at(t, clang_getRangeStart(re), op, 4);
        if (rc == 0 && !strchr("+-*&!~", op[0]))
            rc = -1; /* __extension__, __real, co_await: not ours */
    }
out:
    fe_kids_free(&k);
    return rc;
}

static int is_word(char ch)
{
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
           (ch >= '0' && ch <= '9') || ch == '_';
}

int fe_extent_text(fe_toks *t, CXCursor e, char *out, size_t n)
{
    CXSourceRange r = clang_getCursorExtent(e);
    unsigned b, en;
    fe_tokfile *tf = loc_file(t, clang_getRangeStart(r), &b);
    CXFile f2 = NULL;
    clang_getFileLocation(clang_getRangeEnd(r), &f2, NULL, NULL, &en);
    if (!tf || !f2 || !clang_File_isEqual(tf->file, f2) || n == 0)
        return -1;
    size_t len = 0;
    out[0] = 0;
    for (unsigned i = tok_lower_bound(tf, b); i < tf->n && tf->end[i] <= en;
         i++) {
        char s[128];
        if (tok_spell(t, tf, i, s, sizeof s) < 0)
            return -1;
        size_t sl = strlen(s);
        if (len + sl + 2 >= n)
            return -1;
        if (len && is_word(out[len - 1]) && is_word(s[0]))
            out[len++] = ' ';
        memcpy(out + len, s, sl + 1);
        len += sl;
    }
    return 0;
}

/* ---- constants -------------------------------------------------------- */

int fe_eval_int(CXCursor e, long long *v, int *is_unsigned)
{
    if (!clang_isExpression(clang_getCursorKind(e)))
        return -1;
    CXEvalResult r = clang_Cursor_Evaluate(e);
    if (!r)
        return -1;
    int rc = -1;
    if (clang_EvalResult_getKind(r) == CXEval_Int) {
        int u = (int)clang_EvalResult_isUnsignedInt(r);
        *v = u ? (long long)clang_EvalResult_getAsUnsigned(r)
               : clang_EvalResult_getAsLongLong(r);
        if (is_unsigned)
            *is_unsigned = u;
        rc = 0;
    }
    clang_EvalResult_dispose(r);
    return rc;
}

int fe_eval_float(CXCursor e, double *v)
{
    if (!clang_isExpression(clang_getCursorKind(e)))
        return -1;
    CXEvalResult r = clang_Cursor_Evaluate(e);
    if (!r)
        return -1;
    int rc = -1;
    if (clang_EvalResult_getKind(r) == CXEval_Float) {
        *v = clang_EvalResult_getAsDouble(r);
        rc = 0;
    }
    clang_EvalResult_dispose(r);
    return rc;
}

/* ---- cursors and types ------------------------------------------------ */

CXCursor fe_strip_parens(CXCursor e)
{
    while (clang_getCursorKind(e) == CXCursor_ParenExpr) {
        fe_kids k = {0};
        if (fe_kids_code(e, &k) != 1) {
            fe_kids_free(&k);
            break;
        }
        e = k.v[0];
        fe_kids_free(&k);
    }
    return e;
}

CXCursor fe_strip(CXCursor e)
{
    for (;;) {
        enum CXCursorKind kind = clang_getCursorKind(e);
        if (kind != CXCursor_ParenExpr && kind != CXCursor_UnexposedExpr)
            return e;
        fe_kids k = {0};
        if (fe_kids_code(e, &k) != 1) {
            fe_kids_free(&k);
            return e;
        }
        e = k.v[0];
        fe_kids_free(&k);
    }
}

CXType fe_canon(CXType t)
{
    return clang_getCanonicalType(t);
}

int fe_is_array(CXType t)
{
    enum CXTypeKind k = fe_canon(t).kind;
    return k == CXType_ConstantArray || k == CXType_IncompleteArray ||
           k == CXType_VariableArray || k == CXType_DependentSizedArray;
}

int fe_is_pointer(CXType t)
{
    return fe_canon(t).kind == CXType_Pointer;
}

int fe_is_record(CXType t)
{
    return fe_canon(t).kind == CXType_Record;
}

int fe_is_function(CXType t)
{
    enum CXTypeKind k = fe_canon(t).kind;
    return k == CXType_FunctionProto || k == CXType_FunctionNoProto;
}

char *fe_spelling(CXCursor c)
{
    CXString s = clang_getCursorSpelling(c);
    const char *cs = clang_getCString(s);
    char *r = strdup(cs ? cs : "");
    clang_disposeString(s);
    return r;
}

int fe_same_decl(CXCursor a, CXCursor b)
{
    return clang_equalCursors(clang_getCanonicalCursor(a),
                              clang_getCanonicalCursor(b));
}

int fe_in_system(CXCursor c)
{
    CXSourceLocation l = clang_getCursorLocation(c);
    if (clang_Location_isInSystemHeader(l))
        return 1;
    CXFile f = NULL;
    clang_getExpansionLocation(l, &f, NULL, NULL, NULL);
    if (!f)
        return 1; /* built-in declarations have no file */
    CXString n = clang_getFileName(f);
    const char *s = clang_getCString(n);
    int prelude = s && !strncmp(s, "/__gpumc__/", 11);
    clang_disposeString(n);
    return prelude;
}
