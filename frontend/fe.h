/*
 * fe.h -- the frontend: kernel source in, harness C out.
 *
 * fe_lower() parses a CUDA (.cu), OpenCL C (.cl) or scoped-C (.c with main)
 * file with libclang, using the preludes shipped in frontend/ (no vendor
 * SDK needed), and writes a C harness that includes only
 * gpumc/harness.h and defines gpumc_harness_setup().  Every access to
 * shared state becomes a gpumc_* call carrying order, scope, size and the
 * user's file:line:col.  Errors are values: fe_lower returns 0, or an exit
 * code of SPEC section 5 (5 parse/unsupported, 17 usage) with a message in
 * diag that starts with file:line:col where one applies.
 */
#ifndef GPUMC_FE_H
#define GPUMC_FE_H

#include <stddef.h>

typedef enum fe_lang { FE_LANG_AUTO = 0, FE_LANG_CUDA, FE_LANG_OPENCL, FE_LANG_SCOPED_C } fe_lang;

/* One kernel argument as given on the command line or in a JSON file. */
typedef struct fe_arg {
    const char *name;   /* parameter name */
    const char *value;  /* scalar literal, or buffer spec (see docs/cli.md) */
} fe_arg;

typedef struct fe_options {
    const char *input;        /* path of the kernel file */
    fe_lang lang;             /* AUTO: from the extension */
    const char *kernel;       /* kernel name, NULL: the only one */
    int grid[3], block[3];    /* CTAs per grid, threads per CTA (0 = unset) */
    int ngpus;                /* number of GPUs (default 1) */
    int unroll;               /* loop bound */
    const fe_arg *args; int nargs;
    const char *const *clang_args; int nclang_args; /* after "--" */
} fe_options;

typedef struct fe_diag {
    int code;          /* 0 ok, 5 input error, 17 usage error */
    char msg[2048];
} fe_diag;

/* Lower opt->input; on success *out is a malloc'd NUL-terminated C file. */
int fe_lower(const fe_options *opt, char **out, fe_diag *diag);

#endif
