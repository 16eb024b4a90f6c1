/*
 * curand.h -- cuRAND's host API for gpumc (see gpumc_hostlib.h): generator
 * handles, generator kinds and statuses as CUDA documents them, and the
 * routines by name, for host code gpumc compiles and never runs.  The
 * device-side generators are in curand_kernel.h.
 */
#ifndef GPUMC_CURAND_H
#define GPUMC_CURAND_H

#include "gpumc_hostlib.h"

typedef enum curandStatus {
    CURAND_STATUS_SUCCESS = 0, CURAND_STATUS_VERSION_MISMATCH = 100,
    CURAND_STATUS_NOT_INITIALIZED = 101, CURAND_STATUS_ALLOCATION_FAILED = 102,
    CURAND_STATUS_TYPE_ERROR = 103, CURAND_STATUS_OUT_OF_RANGE = 104,
    CURAND_STATUS_LENGTH_NOT_MULTIPLE = 105, CURAND_STATUS_DOUBLE_PRECISION_REQUIRED = 106,
    CURAND_STATUS_LAUNCH_FAILURE = 201, CURAND_STATUS_PREEXISTING_FAILURE = 202,
    CURAND_STATUS_INITIALIZATION_FAILED = 203, CURAND_STATUS_ARCH_MISMATCH = 204,
    CURAND_STATUS_INTERNAL_ERROR = 999
} curandStatus_t;
typedef enum curandRngType {
    CURAND_RNG_TEST = 0, CURAND_RNG_PSEUDO_DEFAULT = 100, CURAND_RNG_PSEUDO_XORWOW = 101,
    CURAND_RNG_PSEUDO_MRG32K3A = 121, CURAND_RNG_PSEUDO_MTGP32 = 141,
    CURAND_RNG_PSEUDO_MT19937 = 142, CURAND_RNG_PSEUDO_PHILOX4_32_10 = 161,
    CURAND_RNG_QUASI_DEFAULT = 200, CURAND_RNG_QUASI_SOBOL32 = 201,
    CURAND_RNG_QUASI_SCRAMBLED_SOBOL32 = 202, CURAND_RNG_QUASI_SOBOL64 = 203,
    CURAND_RNG_QUASI_SCRAMBLED_SOBOL64 = 204
} curandRngType_t;
typedef enum curandOrdering {
    CURAND_ORDERING_PSEUDO_BEST = 100, CURAND_ORDERING_PSEUDO_DEFAULT = 101,
    CURAND_ORDERING_PSEUDO_SEEDED = 102, CURAND_ORDERING_QUASI_DEFAULT = 201
} curandOrdering_t;
typedef struct curandGenerator_st *curandGenerator_t;

#define GPUMC_CURAND(name) GPUMC_HOSTLIB_FN(curandStatus_t, name)
GPUMC_CURAND(curandCreateGenerator) GPUMC_CURAND(curandCreateGeneratorHost)
GPUMC_CURAND(curandDestroyGenerator) GPUMC_CURAND(curandGetVersion)
GPUMC_CURAND(curandSetStream) GPUMC_CURAND(curandSetPseudoRandomGeneratorSeed)
GPUMC_CURAND(curandSetGeneratorOffset) GPUMC_CURAND(curandSetGeneratorOrdering)
GPUMC_CURAND(curandSetQuasiRandomGeneratorDimensions) GPUMC_CURAND(curandGenerate)
GPUMC_CURAND(curandGenerateLongLong) GPUMC_CURAND(curandGenerateUniform)
GPUMC_CURAND(curandGenerateUniformDouble) GPUMC_CURAND(curandGenerateNormal)
GPUMC_CURAND(curandGenerateNormalDouble) GPUMC_CURAND(curandGenerateLogNormal)
GPUMC_CURAND(curandGenerateLogNormalDouble) GPUMC_CURAND(curandGeneratePoisson)
GPUMC_CURAND(curandGenerateSeeds)

#endif
