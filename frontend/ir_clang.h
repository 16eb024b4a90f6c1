/*
 * ir_clang.h -- clang, run as a child process, compiles the user's file.
 *
 * CUDA is compiled as CUDA C++17 device code for sm_70 with gpumc's own
 * headers force-included (frontend/include/cuda; no CUDA toolkit), OpenCL
 * as OpenCL C 2.0 for nvptx64 with clang's built-in declarations, to
 * LLVM bitcode with debug locations and value names, with clang's own
 * optimisations off: the instrumentation pass decides what runs first.
 * clang's diagnostics reach the user as clang prints them.  A crash of
 * clang is an input error (exit 5) with a message, never a crash of gpumc.
 */
#ifndef GPUMC_IR_CLANG_H
#define GPUMC_IR_CLANG_H

#include "fe.h"

/* The clang executable (GPUMC_CLANG, else the one found at build time). */
const char *ir_clang_path(void);

/* The directory of gpumc's headers for clang: GPUMC_PRELUDE_DIR, else the
 * source tree's frontend/include, else <exe>/../share/gpumc/include. */
const char *ir_prelude_dir(void);

/* Compile opt->input to bitcode at bc_path (and the files it read, as a
 * make rule, at bc_path.d).  0, or 5 with clang's
 * messages in d (cut to fit). */
int ir_clang_compile(const fe_options *opt, fe_lang lang, const char *bc_path, fe_diag *d);

#endif
