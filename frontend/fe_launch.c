/*
 * fe_launch.c -- kernel selection, arguments, entry, setup.  See
 * fe_launch.h for the contract.
 */
#include "fe_launch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fe_args.h"
#include "fe_harness.h"
#include "fe_type.h"

#define MAX_KERNELS 64
#define MAX_BYTES (64LL << 20) /* per buffer */

/* ---- finding the kernel ----------------------------------------------- */

typedef struct kernels {
    fe_ctx *c;
    CXCursor v[MAX_KERNELS];
    int n;
    CXCursor tmpl; /* the first template kernel seen */
} kernels;

typedef struct attr_scan {
    fe_ctx *c;
    int kernel;
} attr_scan;

static enum CXChildVisitResult attr_cb(CXCursor a, CXCursor p, CXClientData d)
{
    (void)p;
    attr_scan *as = d;
    enum CXCursorKind k = clang_getCursorKind(a);
    if (k == CXCursor_CUDAGlobalAttr)
        as->kernel = 1;
    if (k == CXCursor_UnexposedAttr && as->c->lang == FE_LANG_OPENCL) {
        char t[64];
        if (fe_extent_text(&as->c->toks, a, t, sizeof t) == 0 &&
            (!strcmp(t, "__kernel") || !strcmp(t, "kernel")))
            as->kernel = 1;
    }
    return CXChildVisit_Continue;
}

static enum CXChildVisitResult kernel_cb(CXCursor f, CXCursor p, CXClientData d)
{
    (void)p;
    kernels *ks = d;
    enum CXCursorKind k = clang_getCursorKind(f);
    if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec)
        return CXChildVisit_Recurse;
    if (k == CXCursor_FunctionTemplate && clang_isCursorDefinition(f) && !fe_in_system(f)) {
        attr_scan ts = { ks->c, 0 };
        clang_visitChildren(f, attr_cb, &ts);
        if (ts.kernel && clang_Cursor_isNull(ks->tmpl))
            ks->tmpl = f; /* reported only if no plain kernel is found */
        return CXChildVisit_Continue;
    }
    if (k != CXCursor_FunctionDecl || !clang_isCursorDefinition(f) || fe_in_system(f))
        return CXChildVisit_Continue;
    attr_scan as = { ks->c, 0 };
    clang_visitChildren(f, attr_cb, &as);
    /* libclang 14 reports OpenCL kernels' calling convention as unexposed
     * (even when __kernel comes from a macro) */
    if (ks->c->lang == FE_LANG_OPENCL &&
        clang_getFunctionTypeCallingConv(clang_getCursorType(f)) == CXCallingConv_Unexposed)
        as.kernel = 1;
    if (as.kernel && ks->n < MAX_KERNELS)
        ks->v[ks->n++] = f;
    return CXChildVisit_Continue;
}

static void kernel_list(kernels *ks, char *out, size_t n)
{
    out[0] = 0;
    for (int i = 0; i < ks->n; i++) {
        char *name = fe_spelling(ks->v[i]);
        size_t len = strlen(out);
        snprintf(out + len, n - len, "%s%s", i ? ", " : "", name ? name : "?");
        free(name);
    }
}

int fe_launch_find_kernel(fe_ctx *c, CXCursor *kernel)
{
    kernels ks;
    ks.c = c;
    ks.n = 0;
    ks.tmpl = clang_getNullCursor();
    clang_visitChildren(clang_getTranslationUnitCursor(c->tu), kernel_cb, &ks);
    const char *what = c->lang == FE_LANG_CUDA ? "__global__" : "__kernel";
    if (ks.n == 0 && !clang_Cursor_isNull(ks.tmpl))
        return fe_unsup(c, ks.tmpl, "template kernel (libclang 14 exposes only the "
                        "uninstantiated body; write the kernel for one concrete type)");
    if (ks.n == 0)
        return fe_fail_plain(c, 5, "%s: error: no %s function (kernel) in the file",
                             c->opt->input, what);
    char list[1024];
    kernel_list(&ks, list, sizeof list);
    for (int i = 0; i < ks.n && c->opt->kernel; i++) {
        char *name = fe_spelling(ks.v[i]);
        int hit = name && !strcmp(name, c->opt->kernel);
        free(name);
        if (hit) {
            *kernel = ks.v[i];
            return 0;
        }
    }
    if (c->opt->kernel)
        return fe_fail_plain(c, 17, "%s: error: no kernel named '%s'; the file has: %s",
                             c->opt->input, c->opt->kernel, list);
    if (ks.n > 1)
        return fe_fail_plain(c, 17,
                             "%s: error: the file has several kernels (%s); choose one "
                             "with --kernel=NAME", c->opt->input, list);
    *kernel = ks.v[0];
    return 0;
}

/* ---- arguments --------------------------------------------------------- */

static const fe_arg *find_arg(fe_ctx *c, const char *name)
{
    for (int i = 0; i < c->opt->nargs; i++)
        if (c->opt->args[i].name && !strcmp(c->opt->args[i].name, name))
            return &c->opt->args[i];
    return NULL;
}

static fe_ek elem_kind(CXType t)
{
    switch (fe_type_kind(t)) {
    case FE_T_BOOL: return FE_E_BOOL;
    case FE_T_SINT: return FE_E_SINT;
    case FE_T_UINT: return FE_E_UINT;
    case FE_T_FLOAT: return FE_E_FLOAT;
    case FE_T_DOUBLE: return FE_E_DOUBLE;
    default: return FE_E_NONE;
    }
}

static unsigned total(const unsigned v[3])
{
    return v[0] * v[1] * v[2];
}

static int usage(fe_ctx *c, const char *param, const char *msg, const char *ex)
{
    return fe_fail_plain(c, 17, "%s: error: kernel argument '%s': %s (e.g. --arg %s)",
                         c->opt->input, param, msg, ex);
}

/* One buffer argument: its element type and the parsed spec. */
typedef struct buf_arg {
    CXType elem;        /* pointee / element type */
    fe_ek kind;         /* of the values */
    long long esize;
    long long len;
    fe_bufspec spec;
} buf_arg;

static int spec_type(fe_ctx *c, const char *pname, buf_arg *b, fe_ek *kind)
{
    fe_ek ek;
    int size;
    *kind = elem_kind(b->elem);
    if (!b->spec.type[0]) {
        if (b->esize <= 0)
            return usage(c, pname, "the element type is unknown; give it", "p=int[8]");
        return 0;
    }
    if (fe_args_type(b->spec.type, &ek, &size) < 0)
        return usage(c, pname, "unknown element type", "p=int[8]");
    int pointee_void = fe_type_kind(b->elem) == FE_T_VOID;
    int float_mismatch = (*kind == FE_E_FLOAT || *kind == FE_E_DOUBLE) !=
                         (ek == FE_E_FLOAT || ek == FE_E_DOUBLE);
    if (!pointee_void && (size != b->esize || float_mismatch || *kind == FE_E_NONE)) {
        char msg[160];
        snprintf(msg, sizeof msg, "element type '%s' does not match the parameter",
                 b->spec.type);
        return usage(c, pname, msg, "p=int[8]");
    }
    *kind = ek;
    b->esize = size;
    return 0;
}

static int parse_buffer(fe_ctx *c, const char *pname, const fe_arg *a,
                        long long deflen, buf_arg *b)
{
    char err[256];
    fe_ek kind = FE_E_NONE;
    b->esize = fe_type_kind(b->elem) == FE_T_VOID ? 0 : fe_type_size(b->elem);
    memset(&b->spec, 0, sizeof b->spec);
    b->spec.len = -1;
    if (a && fe_args_buffer(a->value ? a->value : "", &b->spec, err, sizeof err) < 0)
        return usage(c, pname, err, "p=int[4]:1,2,3,4");
    if (spec_type(c, pname, b, &kind) < 0)
        return -1;
    b->kind = kind;
    b->len = b->spec.len > 0 ? b->spec.len : b->spec.nvals > 0 ? b->spec.nvals : deflen;
    if (b->spec.nvals > 0 && kind == FE_E_NONE)
        return usage(c, pname, "initial values need a scalar element type", "p=[8]");
    for (int i = 0; i < b->spec.nvals; i++) {
        char out[96];
        if (fe_args_value(b->spec.vals[i], kind, (int)b->esize, out, sizeof out, err,
                          sizeof err) < 0)
            return usage(c, pname, err, "p=int[4]:1,2,3,4");
        free(b->spec.vals[i]);
        b->spec.vals[i] = fe_strdup(out);
    }
    if (b->len * b->esize > MAX_BYTES)
        return usage(c, pname, "buffer too large", "p=int[8]");
    return 0;
}

static const char *ctype_of(fe_ek kind, long long size)
{
    static const char *const s[] = { "int8_t", "int16_t", "int32_t", "int64_t" };
    static const char *const u[] = { "uint8_t", "uint16_t", "uint32_t", "uint64_t" };
    int i = size == 1 ? 0 : size == 2 ? 1 : size == 4 ? 2 : 3;
    switch (kind) {
    case FE_E_BOOL: return "_Bool";
    case FE_E_FLOAT: return "float";
    case FE_E_DOUBLE: return "double";
    case FE_E_SINT: return s[i];
    default: return u[i];
    }
}

/* "static const T __gpumc_ainit<i>[len] = { (T)v, ... };" */
static int buffer_init(fe_ctx *c, int i, buf_arg *b, fe_ek kind, CXCursor at,
                       fe_buf *o)
{
    fe_buf tn = {0};
    if (fe_type_kind(b->elem) == FE_T_VOID)
        fe_buf_puts(&tn, ctype_of(kind, b->esize));
    else if (fe_type_name(c, b->elem, &tn, at) < 0)
        return -1;
    fe_buf_printf(o, "        static const %s __gpumc_ainit%d[%lld] = {", fe_buf_str(&tn),
                  i, b->len);
    for (int k = 0; k < b->spec.nvals; k++)
        fe_buf_printf(o, "%s(%s)%s", k ? ", " : " ", fe_buf_str(&tn), b->spec.vals[k]);
    fe_buf_puts(o, " };\n");
    fe_buf_free(&tn);
    return 0;
}

/* ---- emission ---------------------------------------------------------- */

typedef struct launch {
    fe_ctx *c;
    int kfn;
    int post;            /* postcondition function, or -1 */
    unsigned ncta;       /* CTAs over all GPUs */
    fe_buf *decl;
    fe_buf setup;        /* region creation */
    fe_buf args;         /* ", arg" list for the kernel call */
} launch;

static int global_buffer(launch *l, int i, CXCursor p, const char *pname,
                         const fe_arg *a)
{
    fe_ctx *c = l->c;
    buf_arg b;
    memset(&b, 0, sizeof b);
    b.elem = fe_canon(clang_getPointeeType(fe_canon(clang_getCursorType(p))));
    long long deflen = (long long)total(c->grid) * total(c->block) * c->ngpus;
    int rc = parse_buffer(c, pname, a, deflen, &b);
    char var[48];
    snprintf(var, sizeof var, "__gpumc_a%d", i);
    if (rc == 0) {
        fe_buf_puts(l->decl, "static ");
        rc = fe_type_decl(c, clang_getCursorType(p), var, l->decl, p);
        fe_buf_printf(l->decl, "; /* buffer '%s' */\n", pname);
    }
    fe_buf_puts(&l->setup, "    {\n");
    if (rc == 0 && b.spec.nvals > 0)
        rc = buffer_init(c, i, &b, b.kind, p, &l->setup);
    if (rc == 0) {
        fe_buf_printf(&l->setup, "        %s = gpumc_region(s, ", var);
        fe_buf_cstr(&l->setup, pname);
        fe_buf_printf(&l->setup, ", %lld, ", b.len * b.esize);
        if (b.spec.nvals > 0)
            fe_buf_printf(&l->setup, "__gpumc_ainit%d);\n", i);
        else
            fe_buf_puts(&l->setup, "0);\n");
        fe_buf_printf(&l->setup, "        if (!%s) return -1;\n    }\n", var);
        fe_buf_printf(&l->args, ", %s", var);
    }
    fe_bufspec_free(&b.spec);
    return rc;
}

static int local_buffer(launch *l, int i, CXCursor p, const char *pname,
                        const fe_arg *a)
{
    fe_ctx *c = l->c;
    buf_arg b;
    memset(&b, 0, sizeof b);
    b.elem = fe_canon(clang_getPointeeType(fe_canon(clang_getCursorType(p))));
    int rc = parse_buffer(c, pname, a, total(c->block), &b);
    if (rc == 0 && b.spec.nvals > 0)
        rc = usage(c, pname, "__local memory starts uninitialised; give only a length",
                   "p=[64]");
    if (rc == 0) {
        fe_buf_printf(l->decl, "static void *__gpumc_al%d[%u]; /* __local '%s' per CTA */\n",
                      i, l->ncta, pname);
        fe_buf_printf(&l->setup,
                      "    for (unsigned i = 0; i < %uu; i++) {\n"
                      "        __gpumc_al%d[i] = gpumc_region(s, ", l->ncta, i);
        fe_buf_cstr(&l->setup, pname);
        fe_buf_printf(&l->setup, ", %lld, 0);\n        if (!__gpumc_al%d[i]) return -1;\n    }\n",
                      b.len * b.esize, i);
        fe_buf_puts(&l->args, ", (");
        rc = fe_type_name(c, clang_getCursorType(p), &l->args, p);
        fe_buf_printf(&l->args, ")__gpumc_al%d[lin]", i);
    }
    fe_bufspec_free(&b.spec);
    return rc;
}

static int scalar_arg(launch *l, CXCursor p, const char *pname, const fe_arg *a)
{
    fe_ctx *c = l->c;
    CXType t = clang_getCursorType(p);
    fe_ek kind = elem_kind(t);
    char err[256], out[96], ex[160];
    snprintf(ex, sizeof ex, "%s=%s", pname,
             kind == FE_E_FLOAT || kind == FE_E_DOUBLE ? "1.0" : "4");
    if (kind == FE_E_NONE)
        return fe_unsup(c, p, "kernel parameter of this type (only scalars and "
                              "pointers to buffers)");
    if (!a)
        return usage(c, pname, "missing value for a scalar parameter", ex);
    if (fe_args_value(a->value ? a->value : "", kind, (int)fe_type_size(t), out,
                      sizeof out, err, sizeof err) < 0)
        return usage(c, pname, err, ex);
    fe_buf_puts(&l->args, ", ((");
    int rc = fe_type_name(c, t, &l->args, p);
    fe_buf_printf(&l->args, ")%s)", out);
    return rc;
}

enum { AS_CL_LOCAL = 2 };

static int kernel_param(launch *l, int i, CXCursor p)
{
    fe_ctx *c = l->c;
    char *pname = fe_spelling(p);
    const fe_arg *a = find_arg(c, pname ? pname : "");
    CXType t = fe_canon(clang_getCursorType(p));
    int rc;
    if (t.kind != CXType_Pointer) {
        rc = scalar_arg(l, p, pname, a);
    } else if (fe_is_pointer(clang_getPointeeType(t))) {
        rc = fe_unsup(c, p, "pointer-to-pointer kernel parameter");
    } else if (c->lang == FE_LANG_OPENCL &&
               clang_getAddressSpace(clang_getPointeeType(t)) == AS_CL_LOCAL) {
        rc = local_buffer(l, i, p, pname, a);
    } else {
        rc = global_buffer(l, i, p, pname, a);
    }
    free(pname);
    return rc;
}

/* extern __shared__ T x[]: sized from the argument named like it. */
static int dynamic_shared(launch *l)
{
    fe_ctx *c = l->c;
    for (int i = 0; i < c->nvars; i++) {
        fe_var *v = &c->vars[i];
        if (v->kind != FE_VAR_CTA || v->size >= 0)
            continue;
        buf_arg b;
        memset(&b, 0, sizeof b);
        b.elem = fe_canon(clang_getArrayElementType(fe_canon(v->type)));
        int rc = parse_buffer(c, v->name, find_arg(c, v->name), total(c->block), &b);
        if (rc == 0 && b.spec.nvals > 0)
            rc = usage(c, v->name, "shared memory starts uninitialised; give only a length",
                       "x=[64]");
        v->size = b.len * b.esize;
        fe_bufspec_free(&b.spec);
        if (rc < 0)
            return -1;
    }
    return 0;
}

/* Every argument given must name a parameter or a dynamic shared array. */
static int check_unknown_args(fe_ctx *c, CXCursor k)
{
    int n = clang_Cursor_getNumArguments(k);
    for (int a = 0; a < c->opt->nargs; a++) {
        const char *name = c->opt->args[a].name ? c->opt->args[a].name : "";
        int found = 0;
        for (int i = 0; i < n && !found; i++) {
            char *pn = fe_spelling(clang_Cursor_getArgument(k, (unsigned)i));
            found = pn && !strcmp(pn, name);
            free(pn);
        }
        for (int i = 0; i < c->nvars && !found; i++)
            found = c->vars[i].kind == FE_VAR_CTA && c->vars[i].size < 0 &&
                    !strcmp(c->vars[i].name, name);
        if (!found) {
            char *kn = fe_spelling(k);
            fe_fail_plain(c, 17, "%s: error: unknown kernel argument '%s'; kernel '%s' "
                                 "has %d parameter(s); see --help for the syntax",
                          c->opt->input, name, kn ? kn : "?", n);
            free(kn);
            return -1;
        }
    }
    return 0;
}

static void emit_entry(launch *l, fe_buf *o)
{
    fe_ctx *c = l->c;
    fe_buf_printf(o,
                  "static void __gpumc_thread(gpumc_thread *t, void *arg)\n"
                  "{\n"
                  "    const gpumc_coord *w = gpumc_where(t);\n"
                  "    __gpumc_ctx c;\n"
                  "    __builtin_memset(&c, 0, sizeof c);\n"
                  "    c.t = t;\n"
                  "    c.pend = -1;\n"
                  "    for (int i = 0; i < 3; i++) {\n"
                  "        c.tid[i] = (unsigned)w->tid[i];\n"
                  "        c.cta[i] = (unsigned)w->cta[i];\n"
                  "    }\n"
                  "    c.gpu = w->gpu;\n"
                  "    unsigned lin = (((unsigned)w->gpu * %uu + c.cta[2]) * %uu + c.cta[1]) * %uu + c.cta[0];\n",
                  c->grid[2], c->grid[1], c->grid[0]);
    fe_harness_cta_bind(c, "c", "lin", o);
    fe_buf_printf(o,
                  "    (void)arg;\n"
                  "    (void)lin;\n"
                  "    %s(&c%s);\n"
                  "}\n\n",
                  c->fns[l->kfn].cname, fe_buf_str(&l->args));
}

/* The host thread of the postconditions: joins every kernel thread, then
 * calls __gpumc_post with the kernel's arguments. */
static void emit_post_thread(launch *l, int post, fe_buf *o)
{
    fe_ctx *c = l->c;
    unsigned nt = total(c->grid) * total(c->block) * c->ngpus;
    unsigned src = fe_src_id(c, c->fns[post].def);
    fe_buf_printf(o,
                  "static void __gpumc_post_thread(gpumc_thread *t, void *arg)\n"
                  "{\n"
                  "    __gpumc_ctx c;\n"
                  "    __builtin_memset(&c, 0, sizeof c);\n"
                  "    c.t = t;\n"
                  "    c.pend = -1;\n"
                  "    unsigned lin = 0;\n"
                  "    (void)arg;\n"
                  "    (void)lin;\n"
                  "    for (int i = 0; i < %u; i++)\n"
                  "        gpumc_join(t, i, %u);\n",
                  nt, src);
    fe_harness_cta_bind(c, "c", "lin", o);
    fe_buf_printf(o, "    %s(&c%s);\n}\n\n", c->fns[post].cname, fe_buf_str(&l->args));
}

static void emit_setup(launch *l, fe_buf *o)
{
    fe_ctx *c = l->c;
    fe_buf_puts(o,
                "int gpumc_harness_setup(gpumc_setup *s)\n"
                "{\n"
                "    if (gpumc_sources(s, __gpumc_src, (unsigned)(sizeof __gpumc_src / "
                "sizeof __gpumc_src[0])) < 0)\n"
                "        return -1;\n");
    fe_buf_append(o, &l->setup);
    fe_buf_printf(o,
                  "    for (int g = 0; g < %u; g++)\n"
                  "    for (int cz = 0; cz < %u; cz++)\n"
                  "    for (int cy = 0; cy < %u; cy++)\n"
                  "    for (int cx = 0; cx < %u; cx++)\n"
                  "    for (int tz = 0; tz < %u; tz++)\n"
                  "    for (int ty = 0; ty < %u; ty++)\n"
                  "    for (int tx = 0; tx < %u; tx++) {\n"
                  "        gpumc_coord w = { 0, g, { cx, cy, cz }, { tx, ty, tz } };\n"
                  "        if (gpumc_thread_add(s, __gpumc_thread, 0, &w) < 0)\n"
                  "            return -1;\n"
                  "    }\n",
                  c->ngpus, c->grid[2], c->grid[1], c->grid[0], c->block[2],
                  c->block[1], c->block[0]);
    if (l->post >= 0)
        fe_buf_puts(o, "    {\n"
                       "        gpumc_coord h = { 1, 0, { 0, 0, 0 }, { 0, 0, 0 } };\n"
                       "        if (gpumc_thread_add(s, __gpumc_post_thread, 0, &h) < 0)\n"
                       "            return -1;\n"
                       "    }\n");
    fe_buf_puts(o, "    return 0;\n}\n");
}

int fe_launch_emit(fe_ctx *c, int kfn, int post, fe_buf *decl, fe_buf *entry)
{
    launch l;
    memset(&l, 0, sizeof l);
    l.c = c;
    l.kfn = kfn;
    l.post = post;
    l.ncta = total(c->grid) * c->ngpus;
    l.decl = decl;
    CXCursor k = c->fns[kfn].def;
    int rc = check_unknown_args(c, k);
    int n = clang_Cursor_getNumArguments(k);
    for (int i = 0; i < n && rc == 0; i++)
        rc = kernel_param(&l, i, clang_Cursor_getArgument(k, (unsigned)i));
    if (rc == 0)
        rc = dynamic_shared(&l);
    if (rc == 0)
        rc = fe_harness_globals(c, decl, &l.setup);
    if (rc == 0)
        rc = fe_harness_cta_regions(c, l.ncta, decl, &l.setup);
    if (rc == 0) {
        emit_entry(&l, entry);
        if (post >= 0)
            emit_post_thread(&l, post, entry);
        emit_setup(&l, entry);
    }
    fe_buf_free(&l.setup);
    fe_buf_free(&l.args);
    return rc;
}
