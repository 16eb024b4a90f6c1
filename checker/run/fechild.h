/*
 * fechild.h -- the frontend, run as a child process (gpumc-lower).
 *
 * gpumc itself never loads libclang or LLVM: lowering a kernel runs the
 * gpumc-lower executable, which writes the harness (C glue, instrumented
 * bitcode, the files clang read, and on request the harness as text) into
 * a private temporary directory.  So exploring memory holds the kernel
 * only, a cached kernel starts in milliseconds, and a crash of clang or of
 * the frontend is an input error with a message, never a crash of gpumc.
 *
 * Contract: fechild_lower returns 0 with the outputs filled (malloc'd), or
 * the frontend's exit code (5 input, 17 usage, 7 internal) with its
 * message (as it printed it, file:line:col first) in *msg (malloc'd), or
 * FECHILD_TIMED_OUT / FECHILD_STOPPED when the request's deadline passed
 * or its stop flag was set first (the frontend and its clang are killed).
 */
#ifndef GPUMC_FECHILD_H
#define GPUMC_FECHILD_H

#include <signal.h>
#include <stddef.h>

#define FECHILD_TIMED_OUT (-2)
#define FECHILD_STOPPED (-3)

typedef struct fechild_req {
    const char *input, *lang, *kernel; /* lang: "cuda", "opencl", "c"; kernel may be NULL */
    const char *const *more_inputs; int nmore_inputs; /* linked with input */
    const int *grid, *block;           /* NULL: not given */
    int gpus;                          /* 0: not given */
    int sub_group;                     /* OpenCL sub-group size, 0: not given */
    const int *offset;                 /* OpenCL global work offset, NULL: none */
    int value_choice;                  /* fe_options.value_choice */
    int volatile_relaxed;              /* fe_options.volatile_relaxed */
    int cooperative;                   /* fe_options.cooperative */
    int shared_mem;                    /* fe_options.shared_mem, -1: not given */
    const char *const *args; int nargs;     /* NAME=VALUE */
    const char *const *post; int npost;
    const char *const *cc_args; int ncc_args;
    int want_text;                     /* also the harness as text (--emit-harness) */
    double deadline;                   /* futil_now() seconds to give up at, 0: none */
    const volatile sig_atomic_t *stop; /* give up once set (may be NULL) */
} fechild_req;

typedef struct fechild_out {
    char *c;
    void *bc;          /* NULL for a harness that is all C */
    size_t bclen;
    char *deps;        /* one path per line, or NULL */
    char *text;        /* want_text: the harness as text */
} fechild_out;

/* The gpumc-lower executable: $GPUMC_LOWER, else next to this gpumc. */
const char *fechild_path(void);

int fechild_lower(const fechild_req *rq, fechild_out *out, char **msg);
void fechild_out_free(fechild_out *o);

#endif
