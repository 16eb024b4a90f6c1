/*
 * nvtx3/nvToolsExtCudaRt.h -- NVTX names for CUDA runtime objects (devices,
 * streams, events) for gpumc: declarations that do nothing, as in
 * nvToolsExt.h, with the generic names as macros for the ASCII forms.
 */
#ifndef GPUMC_NVTOOLSEXTCUDART_H
#define GPUMC_NVTOOLSEXTCUDART_H

#include "nvToolsExt.h"

static inline void nvtxNameCudaDeviceA(int, const char *) {}
static inline void nvtxNameCudaStreamA(struct CUstream_st *, const char *) {}
static inline void nvtxNameCudaEventA(struct CUevent_st *, const char *) {}
#define nvtxNameCudaDevice nvtxNameCudaDeviceA
#define nvtxNameCudaStream nvtxNameCudaStreamA
#define nvtxNameCudaEvent nvtxNameCudaEventA

#endif
