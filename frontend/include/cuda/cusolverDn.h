/*
 * cusolverDn.h -- cuSOLVER's dense host API for gpumc (see gpumc_hostlib.h):
 * the handle, status and option enums as CUDA documents them, and the
 * factorisations and solvers host code calls most, by name, for host code
 * gpumc compiles and never runs.
 */
#ifndef GPUMC_CUSOLVERDN_H
#define GPUMC_CUSOLVERDN_H

#include "cublas_api.h"

typedef enum {
    CUSOLVER_STATUS_SUCCESS = 0, CUSOLVER_STATUS_NOT_INITIALIZED = 1,
    CUSOLVER_STATUS_ALLOC_FAILED = 2, CUSOLVER_STATUS_INVALID_VALUE = 3,
    CUSOLVER_STATUS_ARCH_MISMATCH = 4, CUSOLVER_STATUS_MAPPING_ERROR = 5,
    CUSOLVER_STATUS_EXECUTION_FAILED = 6, CUSOLVER_STATUS_INTERNAL_ERROR = 7,
    CUSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED = 8, CUSOLVER_STATUS_NOT_SUPPORTED = 9
} cusolverStatus_t;
typedef enum { CUSOLVER_EIG_TYPE_1 = 1, CUSOLVER_EIG_TYPE_2 = 2, CUSOLVER_EIG_TYPE_3 = 3 } cusolverEigType_t;
typedef enum { CUSOLVER_EIG_MODE_NOVECTOR = 0, CUSOLVER_EIG_MODE_VECTOR = 1 } cusolverEigMode_t;
typedef struct cusolverDnContext *cusolverDnHandle_t;
typedef struct syevjInfo *syevjInfo_t;
typedef struct gesvdjInfo *gesvdjInfo_t;

#define GPUMC_CUSOLVER(name) GPUMC_HOSTLIB_FN(cusolverStatus_t, name)
/* the precision prefixes of a routine: S, D, C, Z */
#define GPUMC_CUSOLVER_SDCZ(stem) GPUMC_CUSOLVER(cusolverDnS##stem) GPUMC_CUSOLVER(cusolverDnD##stem) \
    GPUMC_CUSOLVER(cusolverDnC##stem) GPUMC_CUSOLVER(cusolverDnZ##stem)
GPUMC_CUSOLVER(cusolverDnCreate) GPUMC_CUSOLVER(cusolverDnDestroy)
GPUMC_CUSOLVER(cusolverDnSetStream) GPUMC_CUSOLVER(cusolverDnGetStream)
GPUMC_CUSOLVER_SDCZ(getrf) GPUMC_CUSOLVER_SDCZ(getrf_bufferSize) GPUMC_CUSOLVER_SDCZ(getrs)
GPUMC_CUSOLVER_SDCZ(potrf) GPUMC_CUSOLVER_SDCZ(potrf_bufferSize) GPUMC_CUSOLVER_SDCZ(potrs)
GPUMC_CUSOLVER_SDCZ(geqrf) GPUMC_CUSOLVER_SDCZ(geqrf_bufferSize) GPUMC_CUSOLVER_SDCZ(ormqr)
GPUMC_CUSOLVER_SDCZ(ormqr_bufferSize) GPUMC_CUSOLVER_SDCZ(orgqr) GPUMC_CUSOLVER_SDCZ(orgqr_bufferSize)
GPUMC_CUSOLVER_SDCZ(gesvd) GPUMC_CUSOLVER_SDCZ(gesvd_bufferSize) GPUMC_CUSOLVER_SDCZ(syevd)
GPUMC_CUSOLVER_SDCZ(syevd_bufferSize) GPUMC_CUSOLVER_SDCZ(syevj) GPUMC_CUSOLVER_SDCZ(syevj_bufferSize)
GPUMC_CUSOLVER_SDCZ(gesvdj) GPUMC_CUSOLVER_SDCZ(gesvdj_bufferSize) GPUMC_CUSOLVER_SDCZ(heevd)
GPUMC_CUSOLVER_SDCZ(heevd_bufferSize) GPUMC_CUSOLVER_SDCZ(getrfBatched) GPUMC_CUSOLVER_SDCZ(potrfBatched)
GPUMC_CUSOLVER_SDCZ(gesvdjBatched) GPUMC_CUSOLVER_SDCZ(gesvdjBatched_bufferSize)
GPUMC_CUSOLVER(cusolverDnCreateSyevjInfo) GPUMC_CUSOLVER(cusolverDnDestroySyevjInfo)
GPUMC_CUSOLVER(cusolverDnCreateGesvdjInfo) GPUMC_CUSOLVER(cusolverDnDestroyGesvdjInfo)

#endif
