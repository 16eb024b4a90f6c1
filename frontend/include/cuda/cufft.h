/*
 * cufft.h -- cuFFT's host API for gpumc (see gpumc_hostlib.h): plan handles,
 * transform kinds and the complex types as CUDA documents them, and the
 * planning and execution routines by name, for host code gpumc compiles and
 * never runs.
 */
#ifndef GPUMC_CUFFT_H
#define GPUMC_CUFFT_H

#include "gpumc_hostlib.h"

typedef enum cufftResult_t {
    CUFFT_SUCCESS = 0, CUFFT_INVALID_PLAN = 1, CUFFT_ALLOC_FAILED = 2, CUFFT_INVALID_TYPE = 3,
    CUFFT_INVALID_VALUE = 4, CUFFT_INTERNAL_ERROR = 5, CUFFT_EXEC_FAILED = 6,
    CUFFT_SETUP_FAILED = 7, CUFFT_INVALID_SIZE = 8, CUFFT_UNALIGNED_DATA = 9,
    CUFFT_INCOMPLETE_PARAMETER_LIST = 10, CUFFT_INVALID_DEVICE = 11, CUFFT_PARSE_ERROR = 12,
    CUFFT_NO_WORKSPACE = 13, CUFFT_NOT_IMPLEMENTED = 14, CUFFT_LICENSE_ERROR = 15,
    CUFFT_NOT_SUPPORTED = 16
} cufftResult;
typedef enum cufftType_t {
    CUFFT_R2C = 0x2a, CUFFT_C2R = 0x2c, CUFFT_C2C = 0x29, CUFFT_D2Z = 0x6a, CUFFT_Z2D = 0x6c,
    CUFFT_Z2Z = 0x69
} cufftType;
typedef enum cufftCompatibility_t { CUFFT_COMPATIBILITY_FFTW_PADDING = 0x01 } cufftCompatibility;
#define CUFFT_FORWARD (-1)
#define CUFFT_INVERSE 1
typedef int cufftHandle;
typedef float cufftReal;
typedef double cufftDoubleReal;
typedef cuComplex cufftComplex;
typedef cuDoubleComplex cufftDoubleComplex;

#define GPUMC_CUFFT(name) GPUMC_HOSTLIB_FN(cufftResult, name)
GPUMC_CUFFT(cufftPlan1d) GPUMC_CUFFT(cufftPlan2d) GPUMC_CUFFT(cufftPlan3d)
GPUMC_CUFFT(cufftPlanMany) GPUMC_CUFFT(cufftCreate) GPUMC_CUFFT(cufftMakePlan1d)
GPUMC_CUFFT(cufftMakePlan2d) GPUMC_CUFFT(cufftMakePlan3d) GPUMC_CUFFT(cufftMakePlanMany)
GPUMC_CUFFT(cufftMakePlanMany64) GPUMC_CUFFT(cufftEstimate1d) GPUMC_CUFFT(cufftEstimateMany)
GPUMC_CUFFT(cufftGetSize) GPUMC_CUFFT(cufftGetSize1d) GPUMC_CUFFT(cufftGetSizeMany)
GPUMC_CUFFT(cufftSetAutoAllocation) GPUMC_CUFFT(cufftSetWorkArea) GPUMC_CUFFT(cufftSetStream)
GPUMC_CUFFT(cufftExecC2C) GPUMC_CUFFT(cufftExecR2C) GPUMC_CUFFT(cufftExecC2R)
GPUMC_CUFFT(cufftExecZ2Z) GPUMC_CUFFT(cufftExecD2Z) GPUMC_CUFFT(cufftExecZ2D)
GPUMC_CUFFT(cufftDestroy) GPUMC_CUFFT(cufftGetVersion) GPUMC_CUFFT(cufftGetProperty)

#endif
