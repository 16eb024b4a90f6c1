/*
 * cudalibxt.h -- the multi-GPU descriptor CUDA's libraries share
 * (cudaLibXtDesc, cuFFT's Xt API), for host code gpumc compiles and never
 * runs: the structs and enums as CUDA documents them.
 */
#ifndef GPUMC_CUDALIBXT_H
#define GPUMC_CUDALIBXT_H

#include <stddef.h>

#define CUDA_XT_DESCRIPTOR_VERSION 0x01000000
#define MAX_CUDA_DESCRIPTOR_GPUS 64

enum cudaXtCopyType_t {
    LIB_XT_COPY_HOST_TO_DEVICE, LIB_XT_COPY_DEVICE_TO_HOST, LIB_XT_COPY_DEVICE_TO_DEVICE
};
typedef enum cudaXtCopyType_t cudaLibXtCopyType;
enum libFormat_t { LIB_FORMAT_CUFFT = 0x0, LIB_FORMAT_UNDEFINED = 0x1 };
typedef enum libFormat_t libFormat;

typedef struct cudaXtDesc_t {
    int version;
    int nGPUs;
    int GPUs[MAX_CUDA_DESCRIPTOR_GPUS];
    void *data[MAX_CUDA_DESCRIPTOR_GPUS];
    size_t size[MAX_CUDA_DESCRIPTOR_GPUS];
    void *cudaXtState;
} cudaXtDesc;

typedef struct cudaLibXtDesc_t {
    int version;
    cudaXtDesc *descriptor;
    libFormat library;
    int subFormat;
    void *libDescriptor;
} cudaLibXtDesc;

#endif
