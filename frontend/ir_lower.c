/*
 * ir_lower.c -- fe_lower_harness(): the compile pipeline (clang -> LLVM IR
 * -> instrumentation -> glue) for CUDA and OpenCL; scoped C still go through
 * the AST lowering of fe_lower().  See fe.h.
 */
#include "fe.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ir_clang.h"
#include "ir_glue.h"
#include "ir_pass.h"

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *s = NULL;
    size_t n = 0, cap = 0;
    for (;;) {
        if (n + 4096 + 1 > cap) {
            cap = cap ? cap * 2 : 65536;
            char *ns = realloc(s, cap);
            if (!ns) {
                free(s);
                fclose(f);
                return NULL;
            }
            s = ns;
        }
        size_t k = fread(s + n, 1, 4096, f);
        n += k;
        if (k < 4096)
            break;
    }
    fclose(f);
    if (s)
        s[n] = '\0';
    return s;
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

static int lower_ir(const fe_options *opt, fe_lang lang, fe_harness *out, fe_diag *d)
{
    const char *tmp = getenv("TMPDIR");
    char dir[4096], bc[4200], adapter_path[4200];
    snprintf(dir, sizeof dir, "%s/gpumc-fe-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir)) {
        snprintf(d->msg, sizeof d->msg, "cannot create a temporary directory in %s",
                 tmp && *tmp ? tmp : "/tmp");
        return d->code = 7;
    }
    snprintf(bc, sizeof bc, "%s/kernel.bc", dir);
    int rc = ir_clang_compile(opt, lang, bc, d);
    ir_result r;
    memset(&r, 0, sizeof r);
    if (!rc) {
        ir_job job = {bc, opt->input, ir_prelude_dir(), opt->kernel, lang};
        rc = ir_instrument(&job, &r, d);
    }
    remove_dir(dir);
    char *adapter = NULL;
    if (!rc) {
        snprintf(adapter_path, sizeof adapter_path, "%s/rt/gpumc_irrt.h", ir_prelude_dir());
        adapter = read_file(adapter_path);
        if (!adapter) {
            snprintf(d->msg, sizeof d->msg, "cannot read %.1900s (set GPUMC_PRELUDE_DIR to "
                     "gpumc's frontend/include)", adapter_path);
            rc = d->code = 7;
        }
    }
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
    fe_lang lang = opt->lang != FE_LANG_AUTO ? opt->lang : fe_lang_of_path(opt->input);
    if (lang == FE_LANG_CUDA || lang == FE_LANG_OPENCL) {
        int rc = fe_check_launch(opt, d);
        return rc ? rc : lower_ir(opt, lang, out, d);
    }
    return fe_lower(opt, &out->c, d);
}

void fe_harness_free(fe_harness *h)
{
    free(h->c);
    free(h->bc);
    memset(h, 0, sizeof *h);
}

const char *fe_clang_path(void)
{
    return ir_clang_path();
}
