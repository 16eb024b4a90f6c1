/*
 * fe_type.c -- C spelling of clang types, struct definitions.
 * See fe_type.h for the contract.
 */
#include "fe_type.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- classification --------------------------------------------------- */

CXType fe_type_value(CXType t)
{
    CXType k = fe_canon(t);
    if (k.kind == CXType_Atomic)
        return fe_canon(clang_Type_getValueType(k));
    return k;
}

int fe_type_is_atomic(CXType t)
{
    return fe_canon(t).kind == CXType_Atomic;
}

int fe_type_is_volatile(CXType t)
{
    return clang_isVolatileQualifiedType(t) ||
           clang_isVolatileQualifiedType(fe_canon(t));
}

long long fe_type_size(CXType t)
{
    return clang_Type_getSizeOf(fe_canon(t));
}

static CXType enum_int(CXType t)
{
    return fe_canon(clang_getEnumDeclIntegerType(clang_getTypeDeclaration(t)));
}

fe_tk fe_type_kind(CXType t)
{
    CXType k = fe_type_value(t);
    if (k.kind == CXType_Enum)
        k = enum_int(k);
    switch (k.kind) {
    case CXType_Void: return FE_T_VOID;
    case CXType_Bool: return FE_T_BOOL;
    case CXType_Char_S: case CXType_SChar: case CXType_Short:
    case CXType_Int: case CXType_Long: case CXType_LongLong:
    case CXType_WChar: case CXType_Int128:
        return FE_T_SINT;
    case CXType_Char_U: case CXType_UChar: case CXType_UShort:
    case CXType_UInt: case CXType_ULong: case CXType_ULongLong:
    case CXType_Char16: case CXType_Char32: case CXType_UInt128:
        return FE_T_UINT;
    case CXType_Float: return FE_T_FLOAT;
    case CXType_Double: return FE_T_DOUBLE;
    case CXType_Pointer: case CXType_NullPtr: return FE_T_PTR;
    case CXType_Record: return FE_T_RECORD;
    case CXType_ConstantArray: case CXType_IncompleteArray:
    case CXType_VariableArray:
        return FE_T_ARRAY;
    case CXType_FunctionProto: case CXType_FunctionNoProto: return FE_T_FUNC;
    default: return FE_T_OTHER;
    }
}

int fe_type_scalar(CXType t)
{
    fe_tk k = fe_type_kind(t);
    long long sz = fe_type_size(fe_type_value(t));
    return (k == FE_T_BOOL || k == FE_T_SINT || k == FE_T_UINT ||
            k == FE_T_FLOAT || k == FE_T_DOUBLE || k == FE_T_PTR) &&
           (sz == 1 || sz == 2 || sz == 4 || sz == 8);
}

const char *fe_type_uint(long long size)
{
    switch (size) {
    case 1: return "uint8_t";
    case 2: return "uint16_t";
    case 4: return "uint32_t";
    case 8: return "uint64_t";
    default: return NULL;
    }
}

/* ---- libcu++ atomics ---------------------------------------------------- */

/* The thread_scope argument of cuda::atomic<T, S>: libclang 14 gives no
 * values of class template arguments, so it is read from the type's
 * spelling ("cuda::atomic<int, cuda::thread_scope_block>" or
 * "...(cuda::thread_scope)2>"); system (0) when absent. */
static int scope_arg(CXType k)
{
    static const char *const names[] = { "thread_scope_system", "thread_scope_device",
                                         "thread_scope_block", "thread_scope_thread" };
    CXString sp = clang_getTypeSpelling(k);
    const char *s = clang_getCString(sp);
    const char *comma = s ? strrchr(s, ',') : NULL;
    int v = 0;
    for (int i = 0; comma && i < 4; i++)
        if (strstr(comma, names[i]))
            v = i;
    const char *num = comma ? strpbrk(comma, "0123") : NULL;
    if (comma && !strstr(comma, "thread_scope_") && num)
        v = *num - '0';
    clang_disposeString(sp);
    return v;
}

int fe_type_cuda_atomic(CXType t, CXType *value, int *scope)
{
    /* cuda::thread_scope: system 0, device 1, block 2, thread 3 */
    static const int scopes[] = { 3, 2, 1, 0 };
    CXType k = fe_canon(t);
    if (k.kind != CXType_Record)
        return 0;
    CXCursor tmpl = clang_getSpecializedCursorTemplate(clang_getTypeDeclaration(k));
    if (clang_Cursor_isNull(tmpl) || !fe_in_system(tmpl))
        return 0;
    char *name = fe_spelling(tmpl);
    char *ns = fe_spelling(clang_getCursorSemanticParent(tmpl));
    int kind = name && ns && !strcmp(ns, "cuda")
                   ? !strcmp(name, "atomic") ? 1 : !strcmp(name, "atomic_ref") ? 2 : 0
                   : 0;
    free(name);
    free(ns);
    if (!kind)
        return 0;
    *value = fe_canon(clang_Type_getTemplateArgumentAsType(k, 0));
    *scope = scopes[scope_arg(k)];
    return kind;
}

/* ---- records ---------------------------------------------------------- */

typedef struct rec_check {
    int bad;          /* 1 method/ctor/base, 2 bit-field, 3 anonymous member */
} rec_check;

static enum CXChildVisitResult rec_check_cb(CXCursor c, CXCursor p,
                                            CXClientData d)
{
    (void)p;
    rec_check *rc = d;
    switch (clang_getCursorKind(c)) {
    case CXCursor_CXXMethod: case CXCursor_Constructor:
    case CXCursor_Destructor: case CXCursor_CXXBaseSpecifier:
    case CXCursor_FunctionTemplate: case CXCursor_ConversionFunction:
        rc->bad = 1;
        break;
    case CXCursor_FieldDecl:
        if (clang_Cursor_isBitField(c))
            rc->bad = 2;
        else if (clang_Cursor_isAnonymousRecordDecl(
                     clang_getTypeDeclaration(clang_getCursorType(c))))
            rc->bad = 3;
        break;
    default:
        break;
    }
    return CXChildVisit_Continue;
}

static int ident_ok(const char *s)
{
    if (!*s)
        return 0;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
              (*s >= '0' && *s <= '9') || *s == '_'))
            return 0;
    return 1;
}

static int rec_index(fe_ctx *c, CXType t, CXCursor at)
{
    CXCursor d = clang_getCanonicalCursor(clang_getTypeDeclaration(t));
    for (int i = 0; i < c->nrecs; i++)
        if (clang_equalCursors(c->recs[i].decl, d))
            return i;
    rec_check rc = { 0 };
    clang_visitChildren(d, rec_check_cb, &rc);
    CXCursor def = clang_getCursorDefinition(d);
    if (clang_Cursor_isNull(def))
        return fe_unsup(c, at, "incomplete struct type used by value");
    clang_visitChildren(def, rec_check_cb, &rc);
    if (rc.bad == 1)
        return fe_unsup(c, at, "C++ class type with member functions or bases");
    if (rc.bad == 2)
        return fe_unsup(c, at, "struct with bit-fields");
    if (rc.bad == 3)
        return fe_unsup(c, at, "struct with an anonymous struct or union member");
    if (fe_grow(c, (void **)&c->recs, &c->caprecs, c->nrecs, sizeof *c->recs) < 0)
        return -1;
    fe_rec *r = &c->recs[c->nrecs];
    memset(r, 0, sizeof *r);
    r->decl = d;
    r->is_union = clang_getCursorKind(def) == CXCursor_UnionDecl;
    char *name = fe_spelling(def);
    char buf[160];
    snprintf(buf, sizeof buf, "__gpumc_rec%d%s%s", c->nrecs,
             name && ident_ok(name) ? "_" : "",
             name && ident_ok(name) && strlen(name) < 100 ? name : "");
    free(name);
    r->cname = fe_strdup(buf);
    if (!r->cname)
        return fe_fail_plain(c, 5, "out of memory");
    return c->nrecs++;
}

/* ---- declarators ------------------------------------------------------ */

static const char *builtin_name(CXType k)
{
    switch (k.kind) {
    case CXType_Void: return "void";
    case CXType_Bool: return "_Bool";
    case CXType_Char_S: case CXType_Char_U: return "char";
    case CXType_SChar: return "signed char";
    case CXType_UChar: return "unsigned char";
    case CXType_Short: return "short";
    case CXType_UShort: return "unsigned short";
    case CXType_Int: return "int";
    case CXType_UInt: return "unsigned int";
    case CXType_Long: return "long";
    case CXType_ULong: return "unsigned long";
    case CXType_LongLong: return "long long";
    case CXType_ULongLong: return "unsigned long long";
    case CXType_Int128: return "__int128";
    case CXType_UInt128: return "unsigned __int128";
    case CXType_Float: return "float";
    case CXType_Double: return "double";
    case CXType_LongDouble: return "long double";
    case CXType_WChar: return "int";
    case CXType_Char16: return "unsigned short";
    case CXType_Char32: return "unsigned int";
    case CXType_NullPtr: return "void *";
    default: return NULL;
    }
}

static int decl_rec(fe_ctx *c, CXType t, const char *inner, fe_buf *o,
                    CXCursor at);

static int decl_pointer(fe_ctx *c, CXType k, const char *inner, fe_buf *o,
                        CXCursor at)
{
    CXType p = fe_canon(clang_getPointeeType(k));
    if (fe_is_function(p))
        return fe_unsup(c, at, "function pointer");
    fe_buf in = {0};
    int wrap = fe_is_array(p);
    fe_buf_printf(&in, wrap ? "(*%s)" : "*%s", inner);
    int rc = decl_rec(c, p, fe_buf_str(&in), o, at);
    fe_buf_free(&in);
    return rc;
}

static int decl_array(fe_ctx *c, CXType k, const char *inner, fe_buf *o,
                      CXCursor at)
{
    fe_buf in = {0};
    if (k.kind == CXType_ConstantArray)
        fe_buf_printf(&in, "%s[%lld]", inner, clang_getArraySize(k));
    else if (k.kind == CXType_IncompleteArray)
        fe_buf_printf(&in, "%s[]", inner);
    else
        return fe_unsup(c, at, "variable-length array type here");
    int rc = decl_rec(c, clang_getArrayElementType(k), fe_buf_str(&in), o, at);
    fe_buf_free(&in);
    return rc;
}

static int decl_rec(fe_ctx *c, CXType t, const char *inner, fe_buf *o,
                    CXCursor at)
{
    CXType k = fe_canon(t);
    const char *sep = *inner ? " " : "";
    switch (k.kind) {
    case CXType_Atomic:
        return decl_rec(c, clang_Type_getValueType(k), inner, o, at);
    case CXType_Enum:
        return decl_rec(c, enum_int(k), inner, o, at);
    case CXType_Pointer:
        return decl_pointer(c, k, inner, o, at);
    case CXType_ConstantArray: case CXType_IncompleteArray:
    case CXType_VariableArray:
        return decl_array(c, k, inner, o, at);
    case CXType_Record: {
        CXType v;
        int sc, ca = fe_type_cuda_atomic(k, &v, &sc);
        if (ca) { /* atomic<T>: a T; atomic_ref<T>: a T * */
            fe_buf in = {0};
            fe_buf_printf(&in, ca == 2 ? "*%s" : "%s", inner);
            int rc = decl_rec(c, v, fe_buf_str(&in), o, at);
            fe_buf_free(&in);
            return rc;
        }
        int i = rec_index(c, k, at);
        if (i < 0)
            return -1;
        fe_buf_printf(o, "%s %s%s%s", c->recs[i].is_union ? "union" : "struct",
                      c->recs[i].cname, sep, inner);
        return 0;
    }
    case CXType_LValueReference: case CXType_RValueReference:
        return fe_unsup(c, at, "C++ reference type");
    case CXType_Vector: case CXType_ExtVector:
        return fe_unsup(c, at, "vector type");
    case CXType_Half: case CXType_Float16: case CXType_BFloat16:
        return fe_unsup(c, at, "half-precision floating point");
    default:
        break;
    }
    const char *name = builtin_name(k);
    if (!name) {
        CXString s = clang_getTypeSpelling(t);
        fe_unsup(c, at, "type '%s'", clang_getCString(s));
        clang_disposeString(s);
        return -1;
    }
    fe_buf_printf(o, "%s%s%s", name, sep, inner);
    return 0;
}

int fe_type_decl(fe_ctx *c, CXType t, const char *declarator, fe_buf *o,
                 CXCursor at)
{
    return decl_rec(c, t, declarator ? declarator : "", o, at);
}

int fe_type_name(fe_ctx *c, CXType t, fe_buf *o, CXCursor at)
{
    return decl_rec(c, t, "", o, at);
}

/* ---- value <-> bits --------------------------------------------------- */

int fe_type_to_bits(fe_ctx *c, CXType t, const char *val, fe_buf *o,
                    CXCursor at)
{
    fe_tk k = fe_type_kind(t);
    long long sz = fe_type_size(fe_type_value(t));
    if (!fe_type_scalar(t))
        return fe_unsup(c, at, "access to a non-scalar value in shared memory");
    if (k == FE_T_FLOAT)
        fe_buf_printf(o, "__gpumc_f2u(%s)", val);
    else if (k == FE_T_DOUBLE)
        fe_buf_printf(o, "__gpumc_d2u(%s)", val);
    else if (k == FE_T_PTR)
        fe_buf_printf(o, "(uint64_t)(uintptr_t)(%s)", val);
    else
        fe_buf_printf(o, "(uint64_t)(%s)(%s)", fe_type_uint(sz), val);
    return 0;
}

int fe_type_from_bits(fe_ctx *c, CXType t, const char *bits, fe_buf *o,
                      CXCursor at)
{
    fe_tk k = fe_type_kind(t);
    long long sz = fe_type_size(fe_type_value(t));
    if (!fe_type_scalar(t))
        return fe_unsup(c, at, "access to a non-scalar value in shared memory");
    if (k == FE_T_FLOAT) {
        fe_buf_printf(o, "__gpumc_u2f(%s)", bits);
        return 0;
    }
    if (k == FE_T_DOUBLE) {
        fe_buf_printf(o, "__gpumc_u2d(%s)", bits);
        return 0;
    }
    fe_buf_puts(o, "((");
    if (fe_type_name(c, t, o, at) < 0)
        return -1;
    if (k == FE_T_PTR)
        fe_buf_printf(o, ")(uintptr_t)(%s))", bits);
    else
        fe_buf_printf(o, ")(%s)(%s))", fe_type_uint(sz), bits);
    return 0;
}

/* ---- struct definitions ----------------------------------------------- */

typedef struct field_list {
    CXCursor v[256];
    int n;
} field_list;

static enum CXChildVisitResult field_cb(CXCursor c, CXCursor p, CXClientData d)
{
    (void)p;
    field_list *fl = d;
    if (clang_getCursorKind(c) == CXCursor_FieldDecl && fl->n < 256)
        fl->v[fl->n++] = c;
    return CXChildVisit_Continue;
}

static CXType strip_arrays(CXType t)
{
    CXType k = fe_canon(t);
    while (fe_is_array(k))
        k = fe_canon(clang_getArrayElementType(k));
    if (k.kind == CXType_Atomic)
        k = fe_canon(clang_Type_getValueType(k));
    return k;
}

static int emit_record(fe_ctx *c, int i);

static int emit_fields(fe_ctx *c, int i, field_list *fl, fe_buf *def)
{
    for (int f = 0; f < fl->n; f++) {
        CXType ft = clang_getCursorType(fl->v[f]);
        CXType base = strip_arrays(ft);
        if (base.kind == CXType_Record) {
            int j = rec_index(c, base, fl->v[f]);
            if (j < 0 || (j != i && emit_record(c, j) < 0))
                return -1;
        }
        char *name = fe_spelling(fl->v[f]);
        fe_buf_puts(def, "    ");
        int rc = fe_type_decl(c, ft, name, def, fl->v[f]);
        fe_buf_puts(def, ";\n");
        free(name);
        if (rc < 0)
            return -1;
    }
    return 0;
}

static void emit_layout_checks(fe_ctx *c, fe_rec *r, CXType t, field_list *fl)
{
    const char *tag = r->is_union ? "union" : "struct";
    fe_buf_printf(&c->types,
                  "_Static_assert(sizeof(%s %s) == %lld, \"layout of %s\");\n",
                  tag, r->cname, clang_Type_getSizeOf(t), r->cname);
    for (int f = 0; f < fl->n; f++) {
        char *name = fe_spelling(fl->v[f]);
        long long bits = clang_Cursor_getOffsetOfField(fl->v[f]);
        if (name && bits >= 0)
            fe_buf_printf(&c->types,
                          "_Static_assert(__builtin_offsetof(%s %s, %s) == %lld, "
                          "\"layout of %s\");\n",
                          tag, r->cname, name, bits / 8, r->cname);
        free(name);
    }
}

static int emit_record(fe_ctx *c, int i)
{
    if (c->recs[i].state == 2)
        return 0;
    if (c->recs[i].state == 1)
        return fe_unsup(c, c->recs[i].decl, "recursive struct type");
    c->recs[i].state = 1;
    CXCursor def = clang_getCursorDefinition(c->recs[i].decl);
    CXType t = fe_canon(clang_getCursorType(def));
    field_list fl;
    fl.n = 0;
    clang_visitChildren(def, field_cb, &fl);
    fe_buf body = {0};
    int rc = emit_fields(c, i, &fl, &body);
    fe_rec *r = &c->recs[i]; /* the table may have grown */
    if (rc == 0) {
        fe_buf_printf(&c->types, "%s %s {\n", r->is_union ? "union" : "struct",
                      r->cname);
        fe_buf_append(&c->types, &body);
        fe_buf_printf(&c->types, "} __attribute__((aligned(%lld)));\n",
                      clang_Type_getAlignOf(t));
        emit_layout_checks(c, r, t, &fl);
        r->state = 2;
    }
    fe_buf_free(&body);
    return rc;
}

int fe_type_emit_records(fe_ctx *c)
{
    fe_buf fwd = {0};
    for (int i = 0; i < c->nrecs; i++)
        if (emit_record(c, i) < 0) {
            fe_buf_free(&fwd);
            return -1;
        }
    for (int i = 0; i < c->nrecs; i++)
        fe_buf_printf(&fwd, "%s %s;\n", c->recs[i].is_union ? "union" : "struct",
                      c->recs[i].cname);
    fe_buf_append(&fwd, &c->types);
    fe_buf_free(&c->types);
    c->types = fwd;
    return 0;
}
