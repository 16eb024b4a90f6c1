/*
 * fe_opts.c -- the frontend's options: the language of a file and the
 * checks of fe_options every lowering makes first.  See fe.h.
 */
#include "fe.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

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
static int check_launch(const fe_options *opt, fe_diag *d)
{
    long long n = 1;
    for (int i = 0; i < 3; i++) {
        if (opt->grid[i] < 0 || opt->block[i] < 0)
            return usage(d, "%s: error: launch dimensions must be positive "
                            "(got %d); use e.g. --grid=2 --block=4",
                     opt->input, opt->grid[i] < 0 ? opt->grid[i] : opt->block[i]);
        long long f = (long long)(opt->grid[i] ? opt->grid[i] : 1) *
                      (opt->block[i] ? opt->block[i] : 1);
        n = f > FE_MAX_THREADS ? FE_MAX_THREADS + 1 : n * f; /* no overflow */
        if (n > FE_MAX_THREADS)
            break;
    }
    if (n <= FE_MAX_THREADS)
        n *= opt->ngpus > 0 ? opt->ngpus : 1;
    if (opt->ngpus < 0 || n > FE_MAX_THREADS)
        return usage(d, "%s: error: the launch has too many threads (at most %d); "
                        "model checking needs small launches such as --grid=2 --block=4",
                     opt->input, FE_MAX_THREADS);
    return 0;
}

int fe_check_launch(const fe_options *opt, fe_diag *d)
{
    if (!opt || !opt->input || !*opt->input) {
        d->code = 17;
        snprintf(d->msg, sizeof d->msg, "error: no input file");
        return 17;
    }
    fe_lang lang = opt->lang != FE_LANG_AUTO ? opt->lang : fe_lang_of_path(opt->input);
    if (lang == FE_LANG_AUTO)
        return usage(d, "%s: error: unknown file type; use a .cu (CUDA), .cl (OpenCL) "
                        "or .c (scoped C) file, or choose the language explicitly",
                     opt->input);
    for (int i = 0; i < opt->nargs; i++)
        if (!opt->args || !opt->args[i].name || !opt->args[i].value)
            return usage(d, "%s: error: kernel argument %d has no name or value "
                            "(use NAME=VALUE)", opt->input, i + 1);
    return check_launch(opt, d);
}
