/*
 * fe.h -- the frontend: kernel source in, harness out.
 *
 * fe_lower_harness() compiles a CUDA (.cu), OpenCL C (.cl) or scoped-C
 * (.c with main) file with clang to LLVM IR, using the headers shipped in
 * frontend/include (no vendor SDK needed), instruments it (every access to
 * shared state becomes a call of the harness ABI carrying order, scope,
 * size and the user's file:line:col) and writes the C glue that defines
 * gpumc_harness_setup().  Errors are values: it returns 0, or an exit code
 * of SPEC section 5 (5 compile error or unsupported construct, 17 usage,
 * 7 internal) with a message in diag that starts with file:line:col where
 * one applies.  See docs/frontend.md for the pipeline and the kernel
 * argument syntax.
 */
#ifndef GPUMC_FE_H
#define GPUMC_FE_H

#include <stddef.h>
#include "gpumc/limits.h"

typedef enum fe_lang { FE_LANG_AUTO = 0, FE_LANG_CUDA, FE_LANG_OPENCL, FE_LANG_SCOPED_C } fe_lang;

/* Largest launch (GPUs x CTAs x threads) the frontend accepts. */
#define FE_MAX_THREADS GPUMC_MAX_THREADS

/* One kernel argument as given on the command line or in a JSON file.
 * value syntax (docs/frontend.md):
 *   scalar parameter:  a C literal           n=4   x=-1   f=0.5   b=true
 *   pointer parameter: [TYPE][LEN][:V,V...]  buf=int[8]  buf=int[4]:1,2,3,4
 *                      buf=[16]  buf=:1,2,3  (missing values are zero) */
typedef struct fe_arg {
    const char *name;   /* parameter name */
    const char *value;
} fe_arg;

typedef struct fe_options {
    const char *input;        /* path of the kernel file */
    fe_lang lang;             /* AUTO: from the extension */
    const char *kernel;       /* kernel name, NULL: the only one */
    int grid[3], block[3];    /* CTAs per grid, threads per CTA (0 = 1) */
    int ngpus;                /* number of GPUs (default 1) */
    int subgroup;             /* OpenCL sub-group (warp) size, 0: 32 */
    int offset[3];            /* OpenCL global work offset (get_global_offset) */
    /* the value a number argument given none gets (ir_glue.c): 0 the
     * global thread count, 1 one, 2 zero -- the driver's next tries when
     * the kernel's own preconditions refuse the first */
    int value_choice;
    int volatile_relaxed;     /* volatile accesses: 1 relaxed atomics, sys (PTX); 0 plain */
    int cooperative;          /* CUDA: a cooperative launch (a grid may sync()) */
    /* CUDA: bytes of dynamic shared memory (extern __shared__) per CTA, if
     * given; else IR_DEFAULT_DYNSHARED */
    int shared_mem_given; unsigned shared_mem;
    const fe_arg *args; int nargs;
    const char *const *clang_args; int nclang_args; /* after "--" */
    /* Host-side postconditions (CUDA/OpenCL): C expressions over the
     * kernel's parameters, checked by a host thread after every kernel
     * thread finished, e.g. "out[0] == 10".  NULL/0: none. */
    const char *const *post; int npost;
    /* The program's other files (CUDA/OpenCL, -rdc): compiled like input
     * and linked with it before the kernel is chosen.  NULL/0: none. */
    const char *const *link; int nlink;
} fe_options;

typedef struct fe_diag {
    int code;          /* 0 ok, 5 input error, 17 usage error */
    char msg[2048];
} fe_diag;

/* A harness: the C glue and the instrumented bitcode it is linked with. */
typedef struct fe_harness {
    char *c;
    void *bc;
    size_t bclen;
    char *deps;    /* compile pipeline: the files clang read, one per line */
} fe_harness;

/* Lower opt->input to a harness; returns diag->code.  Never prints; writes
 * only in a private temporary directory, removed before it returns. */
int fe_lower_harness(const fe_options *opt, fe_harness *out, fe_diag *diag);
void fe_harness_free(fe_harness *h);

/* The harness as text for --emit-harness: the instrumented LLVM IR (.ll)
 * headed by the C glue as comments.  malloc'd; NULL if out of memory. */
char *fe_harness_text(const fe_harness *h);

/* The clang that builds compile-pipeline harnesses (the version the
 * frontend was built with, or $GPUMC_CLANG). */
const char *fe_clang_path(void);

/* Check the options and the launch dimensions (fe_opts.c). */
int fe_check_launch(const fe_options *opt, fe_diag *diag);

/* The language of `path` (by extension: .cu CUDA,
 * .cl OpenCL, .c/.h scoped C), FE_LANG_AUTO if unknown. */
fe_lang fe_lang_of_path(const char *path);

/* "cuda", "opencl", "c" (or "auto"). */
const char *fe_lang_name(fe_lang lang);

#endif
