/*
 * cufftXt.h -- cuFFT's multi-GPU and callback API for gpumc (see
 * gpumc_hostlib.h): the descriptor, format, copy and callback enums and
 * the callback function types as CUDA documents them, and the routines by
 * name, for host code gpumc compiles and never runs.  A kernel of the file
 * is checked as any other; the FFTs themselves are not run.
 */
#ifndef GPUMC_CUFFTXT_H
#define GPUMC_CUFFTXT_H

#include "cudalibxt.h"
#include "cufft.h"

typedef enum cufftXtSubFormat_t {
    CUFFT_XT_FORMAT_INPUT = 0x00, CUFFT_XT_FORMAT_OUTPUT = 0x01, CUFFT_XT_FORMAT_INPLACE = 0x02,
    CUFFT_XT_FORMAT_INPLACE_SHUFFLED = 0x03, CUFFT_XT_FORMAT_1D_INPUT_SHUFFLED = 0x04,
    CUFFT_XT_FORMAT_DISTRIBUTED_INPUT = 0x05, CUFFT_XT_FORMAT_DISTRIBUTED_OUTPUT = 0x06,
    CUFFT_FORMAT_UNDEFINED = 0x07
} cufftXtSubFormat;
typedef enum cufftXtCopyType_t {
    CUFFT_COPY_HOST_TO_DEVICE = 0x00, CUFFT_COPY_DEVICE_TO_HOST = 0x01,
    CUFFT_COPY_DEVICE_TO_DEVICE = 0x02, CUFFT_COPY_UNDEFINED = 0x03
} cufftXtCopyType;
typedef enum cufftXtQueryType_t {
    CUFFT_QUERY_1D_FACTORS = 0x00, CUFFT_QUERY_UNDEFINED = 0x01
} cufftXtQueryType;
typedef enum cufftXtWorkAreaPolicy_t {
    CUFFT_WORKAREA_MINIMAL = 0, CUFFT_WORKAREA_USER = 1, CUFFT_WORKAREA_PERFORMANCE = 2
} cufftXtWorkAreaPolicy;
typedef enum cufftXtCallbackType_t {
    CUFFT_CB_LD_COMPLEX = 0x0, CUFFT_CB_LD_COMPLEX_DOUBLE = 0x1, CUFFT_CB_LD_REAL = 0x2,
    CUFFT_CB_LD_REAL_DOUBLE = 0x3, CUFFT_CB_ST_COMPLEX = 0x4, CUFFT_CB_ST_COMPLEX_DOUBLE = 0x5,
    CUFFT_CB_ST_REAL = 0x6, CUFFT_CB_ST_REAL_DOUBLE = 0x7, CUFFT_CB_UNDEFINED = 0x8
} cufftXtCallbackType;

typedef cufftComplex (*cufftCallbackLoadC)(void *dataIn, size_t offset, void *callerInfo,
                                           void *sharedPointer);
typedef cufftDoubleComplex (*cufftCallbackLoadZ)(void *dataIn, size_t offset, void *callerInfo,
                                                 void *sharedPointer);
typedef cufftReal (*cufftCallbackLoadR)(void *dataIn, size_t offset, void *callerInfo,
                                        void *sharedPointer);
typedef cufftDoubleReal (*cufftCallbackLoadD)(void *dataIn, size_t offset, void *callerInfo,
                                              void *sharedPointer);
typedef void (*cufftCallbackStoreC)(void *dataOut, size_t offset, cufftComplex element,
                                    void *callerInfo, void *sharedPointer);
typedef void (*cufftCallbackStoreZ)(void *dataOut, size_t offset, cufftDoubleComplex element,
                                    void *callerInfo, void *sharedPointer);
typedef void (*cufftCallbackStoreR)(void *dataOut, size_t offset, cufftReal element,
                                    void *callerInfo, void *sharedPointer);
typedef void (*cufftCallbackStoreD)(void *dataOut, size_t offset, cufftDoubleReal element,
                                    void *callerInfo, void *sharedPointer);

GPUMC_CUFFT(cufftXtSetGPUs) GPUMC_CUFFT(cufftXtMalloc) GPUMC_CUFFT(cufftXtMemcpy)
GPUMC_CUFFT(cufftXtFree) GPUMC_CUFFT(cufftXtSetWorkArea) GPUMC_CUFFT(cufftXtSetWorkAreaPolicy)
GPUMC_CUFFT(cufftXtExecDescriptorC2C) GPUMC_CUFFT(cufftXtExecDescriptorR2C)
GPUMC_CUFFT(cufftXtExecDescriptorC2R) GPUMC_CUFFT(cufftXtExecDescriptorZ2Z)
GPUMC_CUFFT(cufftXtExecDescriptorD2Z) GPUMC_CUFFT(cufftXtExecDescriptorZ2D)
GPUMC_CUFFT(cufftXtExecDescriptor) GPUMC_CUFFT(cufftXtExec) GPUMC_CUFFT(cufftXtQueryPlan)
GPUMC_CUFFT(cufftXtSetCallback) GPUMC_CUFFT(cufftXtClearCallback)
GPUMC_CUFFT(cufftXtSetCallbackSharedSize) GPUMC_CUFFT(cufftXtMakePlanMany)
GPUMC_CUFFT(cufftXtGetSizeMany) GPUMC_CUFFT(cufftXtSetDistribution)
GPUMC_CUFFT(cufftXtSetSubformatDefault)

#endif
