/*
 * fe.h -- the frontend: kernel source in, harness C out.
 *
 * fe_lower() parses a CUDA (.cu), OpenCL C (.cl) or scoped-C (.c with main)
 * file with libclang, using the preludes shipped in frontend/prelude (no
 * vendor SDK needed), and writes a C harness that includes only
 * <gpumc/harness.h> and defines gpumc_harness_setup().  Every access to
 * shared state becomes a gpumc_* call carrying order, scope, size and the
 * user's file:line:col.  Errors are values: fe_lower returns 0, or an exit
 * code of SPEC section 5 (5 parse/unsupported, 17 usage) with a message in
 * diag that starts with file:line:col where one applies.
 *
 * The harness is compiled as ordinary GNU C (statement expressions,
 * __builtin_setjmp): `cc -shared -fPIC -I checker/include`.  It assumes the
 * ABI calls that end a thread's execution (a false gpumc_assume,
 * gpumc_loop_bound, a failed gpumc_assert, gpumc_memory_error) do not
 * return into the thread.  See docs/frontend.md for the lowering rules and
 * the kernel argument syntax.
 */
#ifndef GPUMC_FE_H
#define GPUMC_FE_H

#include <stddef.h>

typedef enum fe_lang { FE_LANG_AUTO = 0, FE_LANG_CUDA, FE_LANG_OPENCL, FE_LANG_SCOPED_C } fe_lang;

/* Loop bound used when fe_options.unroll <= 0. */
#define FE_DEFAULT_UNROLL 16
/* Largest launch (GPUs x CTAs x threads) fe_lower accepts. */
#define FE_MAX_THREADS 4096

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
    int unroll;               /* loop bound; <= 0: FE_DEFAULT_UNROLL */
    const fe_arg *args; int nargs;
    const char *const *clang_args; int nclang_args; /* after "--" */
    /* Host-side postconditions (CUDA/OpenCL): C expressions over the
     * kernel's parameters, checked by a host thread after every kernel
     * thread finished, e.g. "out[0] == 10".  NULL/0: none. */
    const char *const *post; int npost;
} fe_options;

typedef struct fe_diag {
    int code;          /* 0 ok, 5 input error, 17 usage error */
    char msg[2048];
} fe_diag;

/* Lower opt->input; on success *out is a malloc'd NUL-terminated C file.
 * Returns diag->code.  Never prints; never writes files. */
int fe_lower(const fe_options *opt, char **out, fe_diag *diag);

/* A harness: C text, and for kernels that went through the compile
 * pipeline (clang -> LLVM IR -> instrumentation) the instrumented bitcode
 * that the C text is linked with. */
typedef struct fe_harness {
    char *c;
    void *bc;      /* NULL: the C text is the whole harness */
    size_t bclen;
    char *deps;    /* compile pipeline: the files clang read, one per line */
} fe_harness;

/* Lower opt->input to a harness: CUDA through the compile pipeline, the
 * other languages through fe_lower.  Same errors as fe_lower. */
int fe_lower_harness(const fe_options *opt, fe_harness *out, fe_diag *diag);
void fe_harness_free(fe_harness *h);

/* The harness as text for --emit-harness: the C itself, or for a
 * compile-pipeline harness the instrumented LLVM IR (.ll) headed by the C
 * glue as comments.  malloc'd; NULL if out of memory. */
char *fe_harness_text(const fe_harness *h);

/* The clang that builds compile-pipeline harnesses (the version the
 * frontend was built with, or $GPUMC_CLANG). */
const char *fe_clang_path(void);

/* Check the options and launch dimensions fe_lower would check. */
int fe_check_launch(const fe_options *opt, fe_diag *diag);

/* The language fe_lower would use for `path` (by extension: .cu CUDA,
 * .cl OpenCL, .c/.h scoped C), FE_LANG_AUTO if unknown. */
fe_lang fe_lang_of_path(const char *path);

/* "cuda", "opencl", "c" (or "auto"). */
const char *fe_lang_name(fe_lang lang);

#endif
