/*
 * helper_cuda.h -- a stand-in for the CUDA samples' helper header of this
 * name, found only when the program's own copy is not on the include path
 * (gpumc puts this folder after every other): its error checks and device
 * queries, for host code gpumc compiles and never runs.  Written for gpumc.
 */
#ifndef GPUMC_HELPER_CUDA_H
#define GPUMC_HELPER_CUDA_H

#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#include "helper_string.h"

#ifndef MAX
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#endif
#ifndef MIN
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#endif

template <class T>
static inline void __gpumc_check_cuda(T result, const char *expr, const char *file, int line)
{
    if (result) {
        fprintf(stderr, "CUDA error at %s:%d \"%s\"\n", file, line, expr);
        exit(EXIT_FAILURE);
    }
}
#define checkCudaErrors(val) __gpumc_check_cuda((val), #val, __FILE__, __LINE__)

static inline void __gpumc_last_cuda_error(const char *msg, const char *file, int line, int quit)
{
    cudaError_t e = cudaGetLastError();
    if (e != cudaSuccess) {
        fprintf(stderr, "%s(%d): %s: %s\n", file, line, msg, cudaGetErrorString(e));
        if (quit)
            exit(EXIT_FAILURE);
    }
}
#define getLastCudaError(msg) __gpumc_last_cuda_error((msg), __FILE__, __LINE__, 1)
#define printLastCudaError(msg) __gpumc_last_cuda_error((msg), __FILE__, __LINE__, 0)

static inline const char *_cudaGetErrorEnum(cudaError_t e)
{
    return cudaGetErrorName(e);
}
static inline int _ConvertSMVer2Cores(int major, int minor)
{
    (void)major, (void)minor;
    return 64;
}
static inline const char *_ConvertSMVer2ArchName(int major, int minor)
{
    (void)major, (void)minor;
    return "gpumc";
}
static inline int gpuDeviceInit(int dev)
{
    return cudaSetDevice(dev) == cudaSuccess ? dev : -1;
}
static inline int gpuGetMaxGflopsDeviceId(void)
{
    return 0;
}
static inline int findCudaDevice(int argc, const char **argv)
{
    (void)argc, (void)argv;
    return gpuDeviceInit(0);
}
static inline int findIntegratedGPU(void)
{
    return 0;
}
static inline bool checkCudaCapabilities(int major, int minor)
{
    (void)major, (void)minor;
    return true;
}

#endif
