/*
 * fe_lower.c -- fe_lower(): options, parse, lower, assemble the harness.
 * See fe.h for the contract and fe_harness.h for the harness layout.
 */
#include "fe.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fe_call.h"
#include "fe_ctx.h"
#include "fe_harness.h"
#include "fe_launch.h"
#include "fe_parse.h"
#include "fe_scopedc.h"
#include "fe_stmt.h"
#include "fe_type.h"

fe_lang fe_lang_of_path(const char *path)
{
    const char *dot = path ? strrchr(path, '.') : NULL;
    if (!dot)
        return FE_LANG_AUTO;
    if (!strcmp(dot, ".cu") || !strcmp(dot, ".cuh"))
        return FE_LANG_CUDA;
    if (!strcmp(dot, ".cl"))
        return FE_LANG_OPENCL;
    if (!strcmp(dot, ".c") || !strcmp(dot, ".h"))
        return FE_LANG_SCOPED_C;
    return FE_LANG_AUTO;
}

const char *fe_lang_name(fe_lang lang)
{
    switch (lang) {
    case FE_LANG_CUDA: return "cuda";
    case FE_LANG_OPENCL: return "opencl";
    case FE_LANG_SCOPED_C: return "c";
    default: return "auto";
    }
}

static int usage(fe_diag *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int usage(fe_diag *d, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d->msg, sizeof d->msg, fmt, ap);
    va_end(ap);
    d->code = 17;
    return 17;
}

/* Launch dimensions: 0 means 1; negative or too large is a usage error. */
static int check_launch(const fe_options *opt, fe_ctx *c, fe_diag *d)
{
    long long n = 1;
    for (int i = 0; i < 3; i++) {
        if (opt->grid[i] < 0 || opt->block[i] < 0)
            return usage(d, "%s: error: launch dimensions must be positive "
                            "(got %d); use e.g. --grid=2 --block=4",
                     opt->input, opt->grid[i] < 0 ? opt->grid[i] : opt->block[i]);
        c->grid[i] = opt->grid[i] ? (unsigned)opt->grid[i] : 1;
        c->block[i] = opt->block[i] ? (unsigned)opt->block[i] : 1;
        long long f = (long long)c->grid[i] * c->block[i];
        n = f > FE_MAX_THREADS ? FE_MAX_THREADS + 1 : n * f; /* no overflow */
        if (n > FE_MAX_THREADS)
            break;
    }
    c->ngpus = opt->ngpus > 0 ? (unsigned)opt->ngpus : 1;
    if (n <= FE_MAX_THREADS)
        n *= c->ngpus;
    if (opt->ngpus < 0 || n > FE_MAX_THREADS)
        return usage(d, "%s: error: the launch has too many threads (at most %d); "
                        "model checking needs small launches such as --grid=2 --block=4",
                     opt->input, FE_MAX_THREADS);
    return 0;
}

static int check_options(const fe_options *opt, fe_ctx *c, fe_diag *d)
{
    if (!opt || !opt->input || !*opt->input) {
        d->code = 17;
        snprintf(d->msg, sizeof d->msg, "error: no input file");
        return 17;
    }
    c->lang = opt->lang != FE_LANG_AUTO ? opt->lang : fe_lang_of_path(opt->input);
    if (c->lang == FE_LANG_AUTO)
        return usage(d, "%s: error: unknown file type; use a .cu (CUDA), .cl (OpenCL) "
                        "or .c (scoped C) file, or choose the language explicitly",
                     opt->input);
    for (int i = 0; i < opt->nargs; i++)
        if (!opt->args || !opt->args[i].name || !opt->args[i].value)
            return usage(d, "%s: error: kernel argument %d has no name or value "
                            "(use NAME=VALUE)", opt->input, i + 1);
    c->unroll = opt->unroll > 0 ? opt->unroll : FE_DEFAULT_UNROLL;
    return check_launch(opt, c, d);
}

int fe_check_launch(const fe_options *opt, fe_diag *d)
{
    fe_ctx c;
    memset(&c, 0, sizeof c);
    return check_options(opt, &c, d);
}

/* Emit every function reachable from the entry functions. */
static int emit_functions(fe_ctx *c)
{
    for (int i = 0; i < c->nfns; i++)
        if (fe_emit_fn(c, i) < 0)
            return -1;
    return fe_check_recursion(c);
}

/* The kernel's parameter list as written ("int *p, int n"). */
static char *param_text(fe_ctx *c, CXCursor k)
{
    int n = clang_Cursor_getNumArguments(k);
    if (n <= 0)
        return fe_strdup(c->lang == FE_LANG_CUDA ? "" : "void");
    CXSourceRange a = clang_getCursorExtent(clang_Cursor_getArgument(k, 0));
    CXSourceRange b = clang_getCursorExtent(clang_Cursor_getArgument(k, (unsigned)n - 1));
    CXFile f = NULL, f2 = NULL;
    unsigned s = 0, e = 0;
    clang_getFileLocation(clang_getRangeStart(a), &f, NULL, NULL, &s);
    clang_getFileLocation(clang_getRangeEnd(b), &f2, NULL, NULL, &e);
    size_t size = 0;
    const char *text = f ? clang_getFileContents(c->tu, f, &size) : NULL;
    if (!text || !f2 || !clang_File_isEqual(f, f2) || e <= s || e > size)
        return NULL;
    char *r = malloc(e - s + 1);
    if (r) {
        memcpy(r, text + s, e - s);
        r[e - s] = 0;
    }
    return r;
}

/* Append `__gpumc_post(<kernel params>)` asserting every postcondition
 * and parse again; the kernel cursor must be looked up again after. */
static int append_post(fe_ctx *c, fe_parsed *p, CXCursor k)
{
    char *params = param_text(c, k);
    if (!params)
        return fe_unsup(c, k, "postconditions for a kernel whose parameter list "
                              "comes from a macro");
    fe_buf t = {0};
    fe_buf_printf(&t, "\n#line 1 \"<postcondition>\"\n%svoid __gpumc_post(%s) {\n",
                  c->lang == FE_LANG_CUDA ? "__device__ " : "", params);
    /* postcondition i is line i, column 1 of "<postcondition>" */
    for (int i = 0; i < c->opt->npost; i++)
        fe_buf_printf(&t, "__gpumc_assert(!!(\n#line %d \"<postcondition>\"\n%s\n));\n",
                      i + 1, c->opt->post[i] ? c->opt->post[i] : "1");
    fe_buf_puts(&t, "}\n");
    free(params);
    fe_toks_free(&c->toks); /* tokens belong to the old translation unit */
    int rc = fe_parse_append(c->opt, c->lang, p, fe_buf_str(&t), c->diag);
    fe_buf_free(&t);
    c->tu = p->tu;
    c->toks.tu = p->tu;
    if (rc != 0) {
        c->diag->code = 17; /* the expressions come from the command line */
        return -1;
    }
    return 0;
}

static enum CXChildVisitResult post_cb(CXCursor f, CXCursor parent, CXClientData d)
{
    (void)parent;
    if (clang_getCursorKind(f) == CXCursor_FunctionDecl && clang_isCursorDefinition(f)) {
        char *n = fe_spelling(f);
        if (n && !strcmp(n, "__gpumc_post"))
            *(CXCursor *)d = f;
        free(n);
    }
    return CXChildVisit_Continue;
}

static int lower_kernel(fe_ctx *c, fe_parsed *p, fe_buf *decl, fe_buf *entry)
{
    CXCursor k;
    if (fe_launch_find_kernel(c, &k) < 0)
        return -1;
    if (c->opt->npost > 0 && (c->lang != FE_LANG_CUDA && c->lang != FE_LANG_OPENCL))
        return fe_fail_plain(c, 17, "%s: error: postconditions apply to CUDA and "
                                    "OpenCL kernels", c->opt->input);
    if (c->opt->npost > 0 && (append_post(c, p, k) < 0 || fe_launch_find_kernel(c, &k) < 0))
        return -1;
    if (clang_getResultType(clang_getCursorType(k)).kind != CXType_Void)
        return fe_fail(c, k, "a kernel must return void");
    int kfn = fe_fn_use(c, k, k, 0);
    int post = -1;
    if (kfn >= 0 && c->opt->npost > 0) {
        CXCursor pf = clang_getNullCursor();
        clang_visitChildren(clang_getTranslationUnitCursor(c->tu), post_cb, &pf);
        post = clang_Cursor_isNull(pf) ? fe_fail(c, k, "internal: no postcondition function")
                                       : fe_fn_use(c, pf, pf, 0);
    }
    if (kfn < 0 || (c->opt->npost > 0 && post < 0) || emit_functions(c) < 0)
        return -1;
    return fe_launch_emit(c, kfn, post, decl, entry);
}

static void header(fe_ctx *c, fe_buf *o)
{
    fe_buf_puts(o, "/*\n * Generated by the gpumc frontend from ");
    fe_buf_puts(o, c->opt->input);
    fe_buf_printf(o, " (%s", fe_lang_name(c->lang));
    if (c->lang != FE_LANG_SCOPED_C)
        fe_buf_printf(o, ", grid %ux%ux%u, block %ux%ux%u, %u GPU(s)", c->grid[0],
                      c->grid[1], c->grid[2], c->block[0], c->block[1], c->block[2],
                      c->ngpus);
    fe_buf_printf(o, ", unroll %d).\n * Do not edit: regenerate instead.\n */\n"
                     "#include <gpumc/harness.h>\n\n", c->unroll);
}

static int assemble(fe_ctx *c, fe_buf *decl, fe_buf *entry, fe_buf *o)
{
    fe_buf ctxdef = {0}, helpers = {0}, srcs = {0};
    int rc = fe_harness_ctx(c, &ctxdef);
    if (rc == 0)
        rc = fe_type_emit_records(c);
    if (rc == 0) {
        fe_harness_helpers(c, &helpers);
        fe_harness_sources(c, &srcs);
        header(c, o);
        fe_buf_append(o, &c->types);
        fe_buf_puts(o, "\n");
        fe_buf_append(o, &ctxdef);
        fe_buf_append(o, &helpers);
        if (c->lang == FE_LANG_SCOPED_C)
            fe_scopedc_runtime(c, o);
        fe_buf_append(o, decl);
        fe_buf_puts(o, "\n");
        fe_buf_append(o, &c->protos);
        fe_buf_puts(o, "\n");
        fe_buf_append(o, &c->fnbodies);
        fe_buf_append(o, &srcs);
        fe_buf_append(o, entry);
    }
    fe_buf_free(&ctxdef);
    fe_buf_free(&helpers);
    fe_buf_free(&srcs);
    return rc;
}

static void ctx_free(fe_ctx *c)
{
    for (int i = 0; i < c->nvars; i++) {
        free(c->vars[i].name);
        free(c->vars[i].cname);
    }
    for (int i = 0; i < c->nfns; i++)
        free(c->fns[i].cname);
    for (int i = 0; i < c->nrecs; i++)
        free(c->recs[i].cname);
    for (int i = 0; i < c->nsrcs; i++) {
        free(c->srcs[i].file);
        free(c->srcs[i].text);
    }
    free(c->vars);
    free(c->fns);
    free(c->edges);
    free(c->recs);
    free(c->srcs);
    fe_locals_pop(c, 0);
    free(c->locals);
    fe_buf_free(&c->types);
    fe_buf_free(&c->protos);
    fe_buf_free(&c->fnbodies);
    fe_toks_free(&c->toks);
}

static int lower_parsed(fe_ctx *c, fe_parsed *p, char **out)
{
    fe_buf decl = {0}, entry = {0}, o = {0};
    int rc = c->lang == FE_LANG_SCOPED_C ? fe_scopedc_lower(c, &decl, &entry)
                                         : lower_kernel(c, p, &decl, &entry);
    if (rc == 0)
        rc = assemble(c, &decl, &entry, &o);
    if (rc == 0 && (o.oom || decl.oom || entry.oom || c->fnbodies.oom))
        rc = fe_fail_plain(c, 5, "%s: error: out of memory", c->opt->input);
    if (rc == 0)
        *out = fe_buf_take(&o);
    fe_buf_free(&decl);
    fe_buf_free(&entry);
    fe_buf_free(&o);
    return rc;
}

int fe_lower(const fe_options *opt, char **out, fe_diag *diag)
{
    fe_ctx c;
    memset(&c, 0, sizeof c);
    memset(diag, 0, sizeof *diag);
    *out = NULL;
    c.opt = opt;
    c.diag = diag;
    c.cur_fn = -1;
    if (check_options(opt, &c, diag) != 0)
        return diag->code;
    fe_parsed p;
    if (fe_parse(opt, c.lang, &p, diag) != 0) {
        fe_parsed_free(&p);
        return diag->code;
    }
    c.tu = p.tu;
    c.toks.tu = p.tu;
    c.pp = &p.pp;
    if (lower_parsed(&c, &p, out) < 0 && !diag->code) {
        diag->code = 5;
        snprintf(diag->msg, sizeof diag->msg, "%s: error: internal: lowering failed",
                 opt->input);
    }
    ctx_free(&c);
    fe_parsed_free(&p);
    if (diag->code) {
        free(*out);
        *out = NULL;
    }
    return diag->code;
}
