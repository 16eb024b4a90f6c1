/*
 * ir_lower.c -- fe_lower_harness(): the compile pipeline (clang -> LLVM IR
 * -> instrumentation -> glue) for CUDA, OpenCL and scoped C.  See fe.h.
 */
#include "fe.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <llvm-c/BitReader.h>
#include <llvm-c/Core.h>

#include "fe_args.h"
#include "fe_buf.h"
#include "fe_fixup.h"
#include "ir_clang.h"
#include "ir_glue.h"
#include "ir_names.h"
#include "ir_pass.h"

/* The prerequisites of a make rule ("t: a b \\\n c"), one per line. */
static char *deps_of_rule(const char *rule)
{
    fe_buf o = {0};
    const char *s = rule ? strchr(rule, ':') : NULL;
    if (!s)
        return NULL;
    for (s++; *s;) {
        while (*s == ' ' || *s == '\t' || *s == '\n' || (*s == '\\' && s[1] == '\n'))
            s += *s == '\\' ? 2 : 1;
        if (!*s)
            break;
        for (; *s && *s != ' ' && *s != '\t' && *s != '\n'; s++) {
            if (*s == '\\' && s[1] == ' ')
                s++; /* an escaped space belongs to the name */
            else if (*s == '\\' && s[1] == '\n')
                break;
            fe_buf_putc(&o, *s);
        }
        fe_buf_putc(&o, '\n');
    }
    return o.oom ? (fe_buf_free(&o), NULL) : fe_buf_take(&o);
}

static void remove_dir(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char p[4400];
    while (d && (e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        if (snprintf(p, sizeof p, "%s/%s", dir, e->d_name) < (int)sizeof p)
            unlink(p);
    }
    if (d)
        closedir(d);
    rmdir(dir);
}

/* The C type of a value of kind k and size bytes, as the post kernel
 * declares it (sizes fixed in both CUDA and OpenCL C). */
static const char *scalar_name(ir_pkind k, unsigned size)
{
    if (k == IR_P_FLOAT && size == 2) /* nvptx compares no 16-bit floats: their bits */
        return "unsigned short";
    if (k == IR_P_FLOAT)
        return size == 8 ? "double" : "float";
    switch (size) {
    case 1: return "char";
    case 2: return "short";
    case 8: return "long long";
    default: return "int";
    }
}

/* A C name of an --arg element kind (OpenCL's long is 64 bits). */
static const char *typed_name(fe_ek kind, int size, fe_lang lang)
{
    static const char *const s[] = {"signed char", "short", "int", "long long"};
    static const char *const u[] = {"unsigned char", "unsigned short", "unsigned int",
                                    "unsigned long long"};
    int i = size == 1 ? 0 : size == 2 ? 1 : size == 4 ? 2 : 3;
    switch (kind) {
    case FE_E_FLOAT: return "float";
    case FE_E_DOUBLE: return "double";
    case FE_E_HALF:
    case FE_E_BF16: return "unsigned short"; /* their bits */
    case FE_E_SINT: return i == 3 && lang == FE_LANG_OPENCL ? "long" : s[i];
    default: return i == 3 && lang == FE_LANG_OPENCL ? "unsigned long" : u[i];
    }
}

/* The element type --arg gave a buffer parameter, or NULL.  The compiled
 * kernel does not say whether its bytes are signed: this does. */
static const char *post_elem_type(const fe_options *opt, const ir_param *q, fe_lang lang)
{
    for (int i = 0; i < opt->nargs; i++) {
        if (strcmp(opt->args[i].name, q->name) != 0)
            continue;
        fe_bufspec spec;
        char err[160];
        fe_ek kind;
        int size = 0, comps;
        memset(&spec, 0, sizeof spec);
        spec.len = -1;
        const char *t = NULL; /* a vector type's buffer is seen component by component */
        if (fe_args_buffer_of(opt->args[i].value ? opt->args[i].value : "", 1, &spec, err,
                           sizeof err) == 0 && spec.type[0] &&
            fe_args_vtype(spec.type, &kind, &size, &comps) == 0)
            t = typed_name(kind, size, lang);
        fe_bufspec_free(&spec);
        return t;
    }
    return NULL;
}

/* The scalar type of every member of a buffer's struct elements when they
 * are all one and tile the struct (__half, __half2, a complex), else NULL:
 * the postcondition indexes the buffer member by member, as --arg fills it.
 * Integers are unsigned: a __half is compared with its bits (0x3c00). */
static const char *uniform_member(const ir_param *q)
{
    static const char *const uint_name[] = {"unsigned char", "unsigned short", "unsigned int",
                                            "unsigned long long"};
    const ir_field *f = q->fields;
    if (!q->nfields || q->elem_size != q->nfields * f[0].size)
        return NULL;
    for (unsigned k = 1; k < q->nfields; k++)
        if (f[k].kind != f[0].kind || f[k].size != f[0].size || f[k].offset != k * f[0].size)
            return NULL;
    if (f[0].kind == IR_P_FLOAT && (f[0].size == 4 || f[0].size == 8))
        return scalar_name(f[0].kind, f[0].size);
    int lg = f[0].size == 1 ? 0 : f[0].size == 2 ? 1 : f[0].size == 4 ? 2 : f[0].size == 8 ? 3 : -1;
    return f[0].kind == IR_P_INT && lg >= 0 ? uint_name[lg] : NULL;
}

static void post_param(fe_buf *o, const fe_options *opt, const ir_param *q, fe_lang lang,
                       unsigned i)
{
    const char *space = lang != FE_LANG_OPENCL ? "" : q->local ? "local " : "global ";
    const char *given = q->kind == IR_P_PTR ? post_elem_type(opt, q, lang) : NULL;
    if (q->kind == IR_P_PTR && q->texture) /* its descriptor: the body names its data */
        fe_buf_printf(o, "const void *__gpumc_tex%u", i);
    else if (q->kind == IR_P_PTR && q->elem_kind != IR_P_AGG && q->elem_kind != IR_P_PTR)
        fe_buf_printf(o, "%s%s *%s", space,
                      given ? given : scalar_name(q->elem_kind, q->elem_size), q->name);
    else if (q->kind == IR_P_PTR) { /* structs: bytes, unless --arg says */
        const char *m = q->elem_kind == IR_P_AGG ? uniform_member(q) : NULL;
        fe_buf_printf(o, "%s%s *%s", space, given ? given : m ? m : "unsigned char", q->name);
    }
    else if (q->kind == IR_P_AGG)
        fe_buf_printf(o, "struct __gpumc_agg%u %s", i, q->name); /* defined before */
    else
        fe_buf_printf(o, "%s %s", scalar_name(q->kind, q->size), q->name);
}

static int is_param(const ir_result *r, const char *name)
{
    for (unsigned i = 0; i < r->nparams; i++)
        if (!strcmp(r->params[i].name, name))
            return 1;
    return 0;
}

/* CUDA __device__ and __constant__ variables the postconditions may read
 * (`--post='count == 8'`): declared extern, they link to the file's.  A
 * parameter of the same name hides one, as in the kernel. */
static void post_globals(fe_buf *o, const ir_result *r)
{
    for (unsigned i = 0; i < r->nglobals; i++) {
        const ir_global *v = &r->globals[i];
        if (!v->linkable || (v->kind != IR_G_DEVICE && v->kind != IR_G_CONST) ||
            is_param(r, v->name) || !v->size)
            continue;
        int scalar = v->elem_kind == IR_P_INT || v->elem_kind == IR_P_FLOAT;
        const char *t = scalar ? scalar_name(v->elem_kind, v->elem_size)
                        : v->elem_kind == IR_P_PTR ? "unsigned long long" : "unsigned char";
        unsigned esize = scalar ? v->elem_size : v->elem_kind == IR_P_PTR ? 8 : 1;
        const char *space = v->kind == IR_G_CONST ? "__constant__" : "__device__";
        if (esize == v->size)
            fe_buf_printf(o, "extern %s %s %s;\n", space, t, v->name);
        else
            fe_buf_printf(o, "extern %s %s %s[%llu];\n", space, t, v->name,
                          (unsigned long long)(v->size / esize));
    }
}

/* A kernel taking the checked kernel's parameters that asserts each
 * postcondition, one per line of the file "<postcondition>". */
static char *post_source(const fe_options *opt, fe_lang lang, const ir_result *r)
{
    fe_buf o = {0};
    if (lang == FE_LANG_CUDA)
        post_globals(&o, r);
    for (unsigned i = 0; i < r->nparams; i++) /* C++ defines no type in a parameter list */
        if (r->params[i].kind == IR_P_AGG)
            fe_buf_printf(&o, "struct __gpumc_agg%u { unsigned char b[%u]; };\n", i,
                          r->params[i].size ? r->params[i].size : 1);
    fe_buf_puts(&o, lang == FE_LANG_OPENCL ? "kernel void " IR_POST_KERNEL "("
                                           : "extern \"C\" __global__ void " IR_POST_KERNEL "(");
    for (unsigned i = 0; i < r->nparams; i++) {
        if (i)
            fe_buf_puts(&o, ", ");
        post_param(&o, opt, &r->params[i], lang, i);
    }
    fe_buf_puts(&o, ")\n{\n");
    for (unsigned i = 0; i < r->nparams; i++) /* a texture's data: the descriptor's first field */
        if (r->params[i].kind == IR_P_PTR && r->params[i].texture) {
            const char *t = post_elem_type(opt, &r->params[i], lang);
            fe_buf_printf(&o, "%s *%s = (%s *)*(char *const *)__gpumc_tex%u;\n", t ? t : "float",
                          r->params[i].name, t ? t : "float", i);
        }
    /* the user's text alone on its line: clang quotes it; host thread i (its
     * x id) checks postcondition i, so each failing one is a finding */
    for (int i = 0; i < opt->npost; i++)
        fe_buf_printf(&o, "if (%s == %d)\n#line %d \"<postcondition>\"\n__gpumc_assert(!!(\n"
                          "#line %d \"<postcondition>\"\n%s\n));\n",
                      lang == FE_LANG_OPENCL ? "get_local_id(0)" : "threadIdx.x", i, i + 1,
                      i + 1, opt->post[i]);
    fe_buf_puts(&o, "}\n");
    return o.oom ? (fe_buf_free(&o), NULL) : fe_buf_take(&o);
}

/* Compile the postcondition kernel for r's parameters to post_bc. */
static int compile_post(const fe_options *opt, fe_lang lang, const ir_result *r,
                        const char *dir, char *post_bc, size_t n, fe_diag *d)
{
    char src[4400];
    snprintf(src, sizeof src, "%s/post%s", dir, lang == FE_LANG_OPENCL ? ".cl" : ".cu");
    snprintf(post_bc, n, "%s/post.bc", dir);
    char *text = post_source(opt, lang, r);
    FILE *f = text ? fopen(src, "w") : NULL;
    int ok = f && fputs(text, f) >= 0;
    if (f && fclose(f) != 0)
        ok = 0;
    free(text);
    if (!ok) {
        snprintf(d->msg, sizeof d->msg, "cannot write the postcondition kernel in %.1900s", dir);
        return d->code = 7;
    }
    fe_options po = *opt;
    po.input = src;
    int rc = ir_clang_compile(&po, lang, post_bc, d);
    const char *agg = rc ? strstr(d->msg, "'__gpumc_agg") : NULL;
    if (agg) { /* a member of a struct passed by value: its type is not the post's */
        unsigned i = (unsigned)strtoul(agg + 12, NULL, 10);
        const char *err = strstr(d->msg, " error: ");
        int at = err && err < agg ? (int)(err - d->msg) : 0; /* "<postcondition>:1:3:" */
        char where[300];
        snprintf(where, sizeof where, "%.*s", at, d->msg);
        snprintf(d->msg, sizeof d->msg, "%s error: a postcondition cannot read the members of "
                 "struct parameter '%s' (it gets the struct as bytes); check what the struct "
                 "points to through another parameter or a __device__ variable",
                 at ? where : "<postcondition>:", i < r->nparams ? r->params[i].name : "?");
    }
    return rc;
}

/* --kernel='name<args>' names a template instantiation the file may never
 * make: compile a wrapper that includes the file and takes the kernel's
 * address, which instantiates it (an overload's, name<args>(params), as a
 * pointer of its type).  The pointer, IR_KERNEL_REF, tells the pass which
 * kernel the name denotes as C++ reads it (Mode::Slow for the demangler's
 * (Mode)1, a typedef, a default argument).  0 with *wrapped = 1 if one was
 * written. */
static int template_wrapper(const fe_options *opt, fe_lang lang, const char *dir,
                            const char *input, char *path, size_t n, int *wrapped, fe_diag *d)
{
    char abs[4096];
    *wrapped = 0;
    if (lang != FE_LANG_CUDA || !opt->kernel || !strchr(opt->kernel, '<'))
        return 0;
    if (!realpath(input, abs)) {
        snprintf(d->msg, sizeof d->msg, "%s: error: cannot read the file", opt->input);
        return d->code = 5;
    }
    snprintf(path, n, "%s/instantiate.cu", dir);
    FILE *f = fopen(path, "w");
    const char *params = ir_name_params(opt->kernel);
    static const char head[] = "#include \"%s\"\nextern \"C\" __attribute__((used)) __device__ ";
    int ok = f && fprintf(f, head, abs) > 0 &&
             (params ? fprintf(f, "void (*" IR_KERNEL_REF ")%s = &%.*s;\n", params,
                               (int)(params - opt->kernel), opt->kernel)
                     : fprintf(f, "void *" IR_KERNEL_REF " = (void *)&%s;\n", opt->kernel)) > 0;
    if (f && fclose(f) != 0)
        ok = 0;
    if (!ok) {
        snprintf(d->msg, sizeof d->msg, "cannot write %.1900s", path);
        return d->code = 7;
    }
    *wrapped = 1;
    return 0;
}

/* What clang said is wrong with the wrapper (after "error: "), or NULL
 * when the error is in the file itself -- which clang shows "In file
 * included from .../instantiate.cu:1:", so only an error line located in
 * the wrapper counts. */
static const char *wrapper_why(const fe_diag *d)
{
    for (const char *line = d->msg; *line;) {
        const char *end = strchr(line, '\n'), *at = strstr(line, "instantiate.cu:");
        size_t len = end ? (size_t)(end - line) : strlen(line);
        if (at && at < line + len && strncmp(line, "In file included from", 21)) {
            const char *why = strstr(at, ": error: ");
            if (why && why < line + len)
                return why + 9;
        }
        line += len + (end != NULL);
    }
    return NULL;
}

/* clang's message on the file as compiled through the wrapper, in the
 * user's terms: without the "In file included from" line of the wrapper
 * or a quote of its code, its path and the file's absolute one (the
 * wrapper includes that) named as the user does. */
static void unwrap_message(const fe_options *opt, const char *wrapper, fe_diag *d)
{
    char abs[4096], kernel[600];
    fe_buf o = {0};
    snprintf(kernel, sizeof kernel, "--kernel='%s'", opt->kernel);
    int have_abs = realpath(opt->input, abs) != NULL, snippet = 0;
    for (const char *line = d->msg; *line;) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) + 1 : strlen(line);
        int drop = !strncmp(line, "In file included from", 21) ||
                   (snippet-- > 0 && !strstr(line, ": note: ") && !strstr(line, ": error: "));
        if (!drop && strstr(line, wrapper) && strstr(line, wrapper) < line + len)
            snippet = 2; /* the wrapper's line quoted, and its caret */
        for (const char *p = line; p < line + len && !drop;) {
            size_t nw = strlen(wrapper), na = have_abs ? strlen(abs) : 0;
            if (!strncmp(p, wrapper, nw)) { /* "DIR/instantiate.cu:2:40" */
                fe_buf_puts(&o, kernel);
                p += nw;
                while (p < line + len && (*p == ':' || (*p >= '0' && *p <= '9')) &&
                       p[1] != ' ')
                    p++;
            } else if (na && !strncmp(p, abs, na)) {
                fe_buf_puts(&o, opt->input);
                p += na;
            } else {
                fe_buf_putc(&o, *p++);
            }
        }
        line += len;
    }
    if (!o.oom)
        snprintf(d->msg, sizeof d->msg, "%s", fe_buf_str(&o));
    fe_buf_free(&o);
}

/* The wrapper did not compile but the file does: --kernel's name is what
 * is wrong, a usage error, told in the user's terms (not the wrapper's
 * path and variable).  5 if the file itself has the error. */
static int wrapper_error(const fe_options *opt, const char *wrapper, fe_diag *d)
{
    const char *why = wrapper_why(d);
    if (!why) {
        unwrap_message(opt, wrapper, d);
        return 5;
    }
    const char *end = strchr(why, '\n');
    int len = end ? (int)(end - why) : (int)strlen(why);
    char clang[512];
    snprintf(clang, sizeof clang, "%.*s", len, why);
    if (strstr(clang, "address of overloaded function"))
        snprintf(d->msg, sizeof d->msg, "%s: error: --kernel='%s' names no single "
                 "kernel: give every template argument the template has no default for, "
                 "and for an overloaded template its parameter types too "
                 "(--kernel='%s(float*, int)')", opt->input, opt->kernel, opt->kernel);
    else
        snprintf(d->msg, sizeof d->msg, "%s: error: --kernel='%s' names no kernel of the "
                 "file: %s", opt->input, opt->kernel, clang);
    return d->code = 17;
}

/* Did the wrapper fail only because --kernel's template is not visible
 * at file scope (it lives in a namespace the user left out)? */
static int unqualified_template(const fe_diag *d)
{
    const char *why = wrapper_why(d);
    return why && !strncmp(why, "use of undeclared identifier", 28);
}

/* CUDA source nvcc takes and clang 14 does not (fe_fixup.h): compile a
 * copy in dir, same lines and columns, named as the original by a #line
 * (so locations, __FILE__ and the debug info are the original's), its
 * quoted includes found next to the original (-iquote).  0 with *fixed = 1
 * if a copy was written to path. */
static int fixup_copy(const fe_options *opt, fe_lang lang, const char *dir, char *path,
                      size_t n, int *fixed, fe_diag *d)
{
    *fixed = 0;
    if (lang != FE_LANG_CUDA)
        return 0;
    char *text = fe_buf_read_file(opt->input);
    char *out = text ? fe_fixup_cuda(text) : NULL;
    free(text);
    if (!out)
        return 0; /* nothing to change (or unreadable: clang will say so) */
    const char *base = strrchr(opt->input, '/');
    snprintf(path, n, "%s/%s", dir, base ? base + 1 : opt->input);
    FILE *f = fopen(path, "w");
    fe_buf line = {0};
    fe_buf_puts(&line, "#line 1 ");
    fe_buf_cstr(&line, opt->input);
    fe_buf_puts(&line, "\n");
    int ok = f && !line.oom && fputs(line.s, f) >= 0 && fputs(out, f) >= 0;
    if (f && fclose(f) != 0)
        ok = 0;
    fe_buf_free(&line);
    free(out);
    if (!ok) {
        snprintf(d->msg, sizeof d->msg, "cannot write %.1900s", path);
        return d->code = 7;
    }
    *fixed = 1;
    return 0;
}

/* ir_clang_compile of co with "-iquote DIR" after the user's clang
 * arguments. */
static int compile_beside(const fe_options *co, const char *dir, fe_lang lang, const char *bc,
                          fe_diag *d)
{
    fe_options o = *co;
    const char **args = malloc(((size_t)co->nclang_args + 2) * sizeof *args);
    if (!args) {
        snprintf(d->msg, sizeof d->msg, "out of memory");
        return d->code = 7;
    }
    for (int i = 0; i < co->nclang_args; i++)
        args[i] = co->clang_args[i];
    args[o.nclang_args++] = "-iquote";
    args[o.nclang_args++] = dir;
    o.clang_args = args;
    int rc = ir_clang_compile(&o, lang, bc, d);
    free(args);
    return rc;
}

/* deps (one path per line) with the line `from` named `to` (dropped if
 * to is NULL). */
static char *rename_dep(char *deps, const char *from, const char *to)
{
    fe_buf o = {0};
    size_t nf = strlen(from);
    for (const char *p = deps; p && *p;) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        int is_from = len == nf && !memcmp(p, from, nf);
        if (!is_from)
            fe_buf_putn(&o, p, len);
        else if (to)
            fe_buf_puts(&o, to);
        if (!is_from || to)
            fe_buf_putc(&o, '\n');
        p += len + (nl != NULL);
    }
    free(deps);
    return o.oom ? (fe_buf_free(&o), NULL) : fe_buf_take(&o);
}

/* The adapter the glue pastes in: gpumc_irmem.h, then the language's
 * (gpumc_scrt.h for scoped C, else gpumc_irrt.h).  Both files count as
 * dependencies of the lowering (appended to *deps, if any). */
static int read_adapter(fe_lang lang, char **text, char **deps, fe_diag *d)
{
    const char *const names[] = {"gpumc_irmem.h",
                                 lang == FE_LANG_SCOPED_C ? "gpumc_scrt.h" : "gpumc_irrt.h"};
    fe_buf all = {0}, dl = {0};
    fe_buf_puts(&dl, *deps ? *deps : "");
    for (int i = 0; i < 2; i++) {
        char path[4200];
        snprintf(path, sizeof path, "%s/rt/%s", ir_prelude_dir(), names[i]);
        char *t = fe_buf_read_file(path);
        if (!t) {
            fe_buf_free(&all);
            fe_buf_free(&dl);
            snprintf(d->msg, sizeof d->msg, "cannot read %.1900s (set GPUMC_PRELUDE_DIR to "
                     "gpumc's frontend/include)", path);
            return d->code = 7;
        }
        fe_buf_puts(&all, t);
        fe_buf_puts(&all, "\n");
        fe_buf_printf(&dl, "%s\n", path);
        free(t);
    }
    if (all.oom || dl.oom) {
        fe_buf_free(&all);
        fe_buf_free(&dl);
        snprintf(d->msg, sizeof d->msg, "out of memory");
        return d->code = 7;
    }
    *text = fe_buf_take(&all);
    if (*deps) { /* only a lowering that knows its files is cached */
        free(*deps);
        *deps = fe_buf_take(&dl);
    } else {
        fe_buf_free(&dl);
    }
    return 0;
}

static int make_tmpdir(char *dir, size_t n, fe_diag *d)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, n, "%s/gpumc-fe-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (mkdtemp(dir))
        return 0;
    snprintf(d->msg, sizeof d->msg, "cannot create a temporary directory in %s",
             tmp && *tmp ? tmp : "/tmp");
    return d->code = 7;
}

/* deps + the files clang read compiling one source, as the user names them
 * (a fixed copy stands for its original; the wrapper is made from the
 * input's path and --kernel, both in the cache key, so it is dropped).
 * NULL once any file's are unknown: only a lowering that knows all its
 * files is cached.  `first`: the program's first file (deps is empty). */
static char *add_deps(char *deps, int first, const char *bc, const char *fixed,
                      const char *original, const char *wrapper)
{
    char depfile[4400];
    snprintf(depfile, sizeof depfile, "%s.d", bc);
    char *rule = fe_buf_read_file(depfile);
    char *mine = deps_of_rule(rule);
    free(rule);
    if (fixed && mine)
        mine = rename_dep(mine, fixed, original);
    if (wrapper && mine)
        mine = rename_dep(mine, wrapper, NULL);
    if (!mine || (!deps && !first)) {
        free(deps);
        free(mine);
        return NULL;
    }
    if (!deps)
        return mine;
    fe_buf all = {0};
    fe_buf_puts(&all, deps);
    fe_buf_puts(&all, mine);
    free(deps);
    free(mine);
    return all.oom ? (fe_buf_free(&all), NULL) : fe_buf_take(&all);
}

/* Compile co->input to bc: a fixed copy with its quoted includes found in
 * the original's directory `beside`, or (beside NULL) the file itself. */
static int compile_input(const fe_options *co, const char *beside, fe_lang lang,
                         const char *bc, fe_diag *d)
{
    return beside ? compile_beside(co, beside, lang, bc, d) : ir_clang_compile(co, lang, bc, d);
}

/* Compile one source file of the program (opt->input) to dir/kernel.bc
 * (*bc), through a fixed copy and, while *wrap, the template wrapper; its
 * dependencies are added to *deps (`first`: the program's first file).
 * *wrap stays set when the file does not declare --kernel's template (it
 * may be another file's): the next file tries the wrapper. */
static int compile_source(const fe_options *opt, fe_lang lang, const char *dir, int first,
                          int *wrap, char *bc, size_t nbc, char **deps, fe_diag *d)
{
    char wrapper[4400], fixed[4400], beside[4096];
    int wrapped = 0, fixes = 0;
    snprintf(bc, nbc, "%s/kernel.bc", dir);
    int rc = fixup_copy(opt, lang, dir, fixed, sizeof fixed, &fixes, d);
    if (!rc && *wrap)
        rc = template_wrapper(opt, lang, dir, fixes ? fixed : opt->input, wrapper,
                              sizeof wrapper, &wrapped, d);
    if (!wrapped)
        *wrap = 0;
    fe_options co = *opt;
    co.input = wrapped ? wrapper : fixes ? fixed : opt->input;
    const char *slash = strrchr(opt->input, '/');
    snprintf(beside, sizeof beside, "%.*s", slash ? (int)(slash - opt->input) : 1,
             slash ? opt->input : ".");
    const char *dir_of_input = slash == opt->input ? "/" : beside;
    if (!rc)
        rc = compile_input(&co, fixes ? dir_of_input : NULL, lang, bc, d);
    if (rc == 5 && wrapped && unqualified_template(d)) {
        /* name<args> of a template in a namespace, unseen at file scope, or
         * declared in another file: the instantiations the file makes itself,
         * matched by name, unless a later file takes the wrapper */
        wrapped = 0;
        co.input = fixes ? fixed : opt->input;
        memset(d, 0, sizeof *d);
        rc = compile_input(&co, fixes ? dir_of_input : NULL, lang, bc, d);
    } else if (wrapped) {
        *wrap = 0;
    }
    if (rc == 5 && wrapped)
        rc = wrapper_error(opt, wrapper, d);
    if (!rc)
        *deps = add_deps(*deps, first, bc, fixes ? fixed : NULL, opt->input,
                         wrapped ? wrapper : NULL);
    return rc;
}

/* The program's other files (--link), each compiled in a directory of
 * its own (a fixed copy keeps its file's name): their bitcode paths.
 * *wrap: --kernel's template wrapper is still to be taken by one of them. */
static int compile_links(const fe_options *opt, fe_lang lang, int *wrap, char (*dirs)[4096],
                         char (*bcs)[4200], char **deps, fe_diag *d)
{
    int rc = 0;
    for (int k = 0; k < opt->nlink && !rc; k++) {
        fe_options lo = *opt;
        lo.input = opt->link[k];
        rc = make_tmpdir(dirs[k], sizeof dirs[k], d);
        if (!rc)
            rc = compile_source(&lo, lang, dirs[k], 0, wrap, bcs[k], sizeof bcs[k], deps, d);
    }
    return rc;
}

static int lower_ir(const fe_options *opt, fe_lang lang, fe_harness *out, fe_diag *d)
{
    char dir[4096], bc[4200];
    char(*ldirs)[4096] = calloc((size_t)opt->nlink + 1, sizeof *ldirs);
    char(*lbcs)[4200] = calloc((size_t)opt->nlink + 1, sizeof *lbcs);
    const char **lbc = calloc((size_t)opt->nlink + 1, sizeof *lbc);
    if (!ldirs || !lbcs || !lbc) {
        free(ldirs);
        free(lbcs);
        free(lbc);
        snprintf(d->msg, sizeof d->msg, "out of memory");
        return d->code = 7;
    }
    int wrap = 1; /* --kernel='name<args>': some file of the program declares it */
    int rc = make_tmpdir(dir, sizeof dir, d);
    if (!rc)
        rc = compile_source(opt, lang, dir, 1, &wrap, bc, sizeof bc, &out->deps, d);
    if (!rc)
        rc = compile_links(opt, lang, &wrap, ldirs, lbcs, &out->deps, d);
    for (int k = 0; k < opt->nlink; k++)
        lbc[k] = lbcs[k];
    ir_result r;
    memset(&r, 0, sizeof r);
    ir_job job = {bc, opt->input, ir_prelude_dir(), opt->kernel, lang, NULL,
                  opt->volatile_relaxed, lbc, opt->nlink};
    if (!rc)
        rc = ir_instrument(&job, &r, d);
    char post_bc[4400];
    if (!rc && opt->npost > 0) { /* again, with the postconditions linked in */
        rc = compile_post(opt, lang, &r, dir, post_bc, sizeof post_bc, d);
        if (rc == 5) /* the user's --post expression does not compile: usage */
            rc = d->code = 17;
        ir_result_free(&r);
        job.post_bc = post_bc;
        if (!rc)
            rc = ir_instrument(&job, &r, d);
    }
    if (rc) { /* only a lowering that knows its files is cached */
        free(out->deps);
        out->deps = NULL;
    }
    if (dir[0])
        remove_dir(dir);
    for (int k = 0; k < opt->nlink; k++)
        if (ldirs[k][0])
            remove_dir(ldirs[k]);
    free(ldirs);
    free(lbcs);
    free(lbc);
    char *adapter = NULL;
    if (!rc)
        rc = read_adapter(lang, &adapter, &out->deps, d);
    if (!rc)
        rc = ir_glue_emit(opt, &r, adapter, &out->c, d);
    free(adapter);
    if (!rc) {
        out->bc = r.bc;
        out->bclen = r.bclen;
        r.bc = NULL;
    }
    ir_result_free(&r);
    return rc;
}

int fe_lower_harness(const fe_options *opt, fe_harness *out, fe_diag *d)
{
    memset(out, 0, sizeof *out);
    memset(d, 0, sizeof *d);
    int rc = fe_check_launch(opt, d);
    if (rc)
        return rc;
    return lower_ir(opt, opt->lang != FE_LANG_AUTO ? opt->lang : fe_lang_of_path(opt->input), out,
                    d);
}

void fe_harness_free(fe_harness *h)
{
    free(h->c);
    free(h->bc);
    free(h->deps);
    memset(h, 0, sizeof *h);
}

char *fe_harness_text(const fe_harness *h)
{
    if (!h->bc)
        return h->c ? strdup(h->c) : NULL;
    LLVMContextRef cx = LLVMContextCreate();
    LLVMMemoryBufferRef mb = LLVMCreateMemoryBufferWithMemoryRange(h->bc, h->bclen, "harness", 0);
    LLVMModuleRef m = NULL;
    char *ir = NULL;
    if (mb && !LLVMParseBitcodeInContext2(cx, mb, &m)) {
        ir = LLVMPrintModuleToString(m);
        LLVMDisposeModule(m);
    }
    if (mb)
        LLVMDisposeMemoryBuffer(mb);
    LLVMContextDispose(cx);
    fe_buf o = {0};
    fe_buf_puts(&o, "; gpumc harness: the instrumented kernel (LLVM IR) below; the C glue it\n"
                    "; is linked with, as comments first.\n;\n");
    for (const char *line = h->c; line && *line;) {
        const char *nl = strchr(line, '\n');
        size_t n = nl ? (size_t)(nl - line) : strlen(line);
        fe_buf_puts(&o, "; ");
        fe_buf_putn(&o, line, n);
        fe_buf_putc(&o, '\n');
        line += n + (nl != NULL);
    }
    fe_buf_puts(&o, ";\n");
    fe_buf_puts(&o, ir ? ir : "; (the bitcode could not be read back)\n");
    if (ir)
        LLVMDisposeMessage(ir);
    return o.oom ? (fe_buf_free(&o), NULL) : fe_buf_take(&o);
}

const char *fe_clang_path(void)
{
    return ir_clang_path();
}
