/*
 * fe_prelude.h -- the prelude headers, embedded in the library.
 *
 * The files under frontend/prelude/ are compiled into the library at build
 * time (embed_prelude.cmake) and handed to libclang as unsaved files under
 * /__gpumc__/<lang>/, so the frontend works from any directory without
 * installing headers and without a CUDA toolkit or OpenCL SDK.
 */
#ifndef GPUMC_FE_PRELUDE_H
#define GPUMC_FE_PRELUDE_H

typedef struct fe_prelude_file {
    const char *path;    /* /__gpumc__/cuda/gpumc_cuda.h, ... */
    const char *text;
    unsigned long len;
} fe_prelude_file;

extern const fe_prelude_file fe_prelude_files[];
extern const int fe_nprelude_files;

#endif
