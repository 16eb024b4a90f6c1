/*
 * cublas_api.h -- cuBLAS's host API for gpumc (see gpumc_hostlib.h): the
 * handle, status and option enums as CUDA documents them, and the BLAS
 * routines by name (each in its _v2 and 64-bit _64 spellings too), for host code gpumc
 * compiles and never runs.
 */
#ifndef GPUMC_CUBLAS_API_H
#define GPUMC_CUBLAS_API_H

#include "gpumc_hostlib.h"
#ifdef __cplusplus /* CUDA's cublas_api.h includes them: code using cuBLAS's half types relies on it */
#include "cuda_bf16.h"
#include "cuda_fp16.h"
#endif

typedef enum {
    CUBLAS_STATUS_SUCCESS = 0, CUBLAS_STATUS_NOT_INITIALIZED = 1, CUBLAS_STATUS_ALLOC_FAILED = 3,
    CUBLAS_STATUS_INVALID_VALUE = 7, CUBLAS_STATUS_ARCH_MISMATCH = 8,
    CUBLAS_STATUS_MAPPING_ERROR = 11, CUBLAS_STATUS_EXECUTION_FAILED = 13,
    CUBLAS_STATUS_INTERNAL_ERROR = 14, CUBLAS_STATUS_NOT_SUPPORTED = 15,
    CUBLAS_STATUS_LICENSE_ERROR = 16
} cublasStatus_t;
typedef cublasStatus_t cublasStatus;
typedef enum { CUBLAS_FILL_MODE_LOWER = 0, CUBLAS_FILL_MODE_UPPER = 1, CUBLAS_FILL_MODE_FULL = 2 } cublasFillMode_t;
typedef enum { CUBLAS_DIAG_NON_UNIT = 0, CUBLAS_DIAG_UNIT = 1 } cublasDiagType_t;
typedef enum { CUBLAS_SIDE_LEFT = 0, CUBLAS_SIDE_RIGHT = 1 } cublasSideMode_t;
typedef enum {
    CUBLAS_OP_N = 0, CUBLAS_OP_T = 1, CUBLAS_OP_C = 2, CUBLAS_OP_HERMITAN = 2, CUBLAS_OP_CONJG = 3
} cublasOperation_t;
typedef enum { CUBLAS_POINTER_MODE_HOST = 0, CUBLAS_POINTER_MODE_DEVICE = 1 } cublasPointerMode_t;
typedef enum { CUBLAS_ATOMICS_NOT_ALLOWED = 0, CUBLAS_ATOMICS_ALLOWED = 1 } cublasAtomicsMode_t;
typedef enum {
    CUBLAS_DEFAULT_MATH = 0, CUBLAS_TENSOR_OP_MATH = 1, CUBLAS_PEDANTIC_MATH = 2,
    CUBLAS_TF32_TENSOR_OP_MATH = 3, CUBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION = 16
} cublasMath_t;
typedef enum {
    CUBLAS_GEMM_DFALT = -1, CUBLAS_GEMM_DEFAULT = -1, CUBLAS_GEMM_ALGO0 = 0, CUBLAS_GEMM_ALGO1,
    CUBLAS_GEMM_ALGO2, CUBLAS_GEMM_ALGO3, CUBLAS_GEMM_ALGO4, CUBLAS_GEMM_ALGO5, CUBLAS_GEMM_ALGO6,
    CUBLAS_GEMM_ALGO7, CUBLAS_GEMM_DEFAULT_TENSOR_OP = 99, CUBLAS_GEMM_DFALT_TENSOR_OP = 99,
    CUBLAS_GEMM_ALGO0_TENSOR_OP = 100
} cublasGemmAlgo_t;
typedef enum {
    CUBLAS_COMPUTE_16F = 64, CUBLAS_COMPUTE_16F_PEDANTIC = 65, CUBLAS_COMPUTE_32F = 68,
    CUBLAS_COMPUTE_32F_PEDANTIC = 69, CUBLAS_COMPUTE_32F_FAST_16F = 74,
    CUBLAS_COMPUTE_32F_FAST_16BF = 75, CUBLAS_COMPUTE_32F_FAST_TF32 = 77, CUBLAS_COMPUTE_64F = 70,
    CUBLAS_COMPUTE_64F_PEDANTIC = 71, CUBLAS_COMPUTE_32I = 72, CUBLAS_COMPUTE_32I_PEDANTIC = 73
} cublasComputeType_t;
typedef cudaDataType cublasDataType_t;
typedef struct cublasContext *cublasHandle_t;

#define GPUMC_CUBLAS(name) GPUMC_HOSTLIB_FN(cublasStatus_t, name) \
    GPUMC_HOSTLIB_FN(cublasStatus_t, name##_v2) GPUMC_HOSTLIB_FN(cublasStatus_t, name##_64) \
    GPUMC_HOSTLIB_FN(cublasStatus_t, name##_v2_64)
/* the precision prefixes of a routine: S, D, C, Z */
#define GPUMC_CUBLAS_SDCZ(stem) GPUMC_CUBLAS(cublasS##stem) GPUMC_CUBLAS(cublasD##stem) \
    GPUMC_CUBLAS(cublasC##stem) GPUMC_CUBLAS(cublasZ##stem)

GPUMC_CUBLAS(cublasCreate) GPUMC_CUBLAS(cublasDestroy) GPUMC_CUBLAS(cublasGetVersion)
GPUMC_CUBLAS(cublasGetProperty) GPUMC_CUBLAS(cublasSetStream) GPUMC_CUBLAS(cublasGetStream)
GPUMC_CUBLAS(cublasSetPointerMode) GPUMC_CUBLAS(cublasGetPointerMode)
GPUMC_CUBLAS(cublasSetMathMode) GPUMC_CUBLAS(cublasGetMathMode)
GPUMC_CUBLAS(cublasSetAtomicsMode) GPUMC_CUBLAS(cublasGetAtomicsMode)
GPUMC_CUBLAS(cublasSetWorkspace) GPUMC_CUBLAS(cublasSetVector) GPUMC_CUBLAS(cublasGetVector)
GPUMC_CUBLAS(cublasSetMatrix) GPUMC_CUBLAS(cublasGetMatrix)
GPUMC_CUBLAS(cublasSetVectorAsync) GPUMC_CUBLAS(cublasGetVectorAsync)
GPUMC_CUBLAS(cublasSetMatrixAsync) GPUMC_CUBLAS(cublasGetMatrixAsync)
/* the legacy API's handle-less setup */
GPUMC_CUBLAS(cublasInit) GPUMC_CUBLAS(cublasShutdown) GPUMC_CUBLAS(cublasAlloc)
GPUMC_CUBLAS(cublasFree) GPUMC_CUBLAS(cublasGetError)
/* level 1 */
GPUMC_CUBLAS(cublasIsamax) GPUMC_CUBLAS(cublasIdamax) GPUMC_CUBLAS(cublasIcamax)
GPUMC_CUBLAS(cublasIzamax) GPUMC_CUBLAS(cublasIsamin) GPUMC_CUBLAS(cublasIdamin)
GPUMC_CUBLAS(cublasIcamin) GPUMC_CUBLAS(cublasIzamin)
GPUMC_CUBLAS(cublasSasum) GPUMC_CUBLAS(cublasDasum) GPUMC_CUBLAS(cublasScasum)
GPUMC_CUBLAS(cublasDzasum) GPUMC_CUBLAS(cublasSnrm2) GPUMC_CUBLAS(cublasDnrm2)
GPUMC_CUBLAS(cublasScnrm2) GPUMC_CUBLAS(cublasDznrm2) GPUMC_CUBLAS(cublasSdot)
GPUMC_CUBLAS(cublasDdot) GPUMC_CUBLAS(cublasCdotu) GPUMC_CUBLAS(cublasCdotc)
GPUMC_CUBLAS(cublasZdotu) GPUMC_CUBLAS(cublasZdotc) GPUMC_CUBLAS(cublasCsscal)
GPUMC_CUBLAS(cublasZdscal) GPUMC_CUBLAS(cublasAxpyEx) GPUMC_CUBLAS(cublasDotEx)
GPUMC_CUBLAS(cublasScalEx) GPUMC_CUBLAS(cublasNrm2Ex)
GPUMC_CUBLAS_SDCZ(axpy) GPUMC_CUBLAS_SDCZ(copy) GPUMC_CUBLAS_SDCZ(scal) GPUMC_CUBLAS_SDCZ(swap)
GPUMC_CUBLAS_SDCZ(rot) GPUMC_CUBLAS_SDCZ(rotg)
GPUMC_CUBLAS(cublasSrotm) GPUMC_CUBLAS(cublasDrotm) GPUMC_CUBLAS(cublasSrotmg)
GPUMC_CUBLAS(cublasDrotmg)
/* level 2 */
GPUMC_CUBLAS_SDCZ(gemv) GPUMC_CUBLAS_SDCZ(gbmv) GPUMC_CUBLAS_SDCZ(trmv) GPUMC_CUBLAS_SDCZ(tbmv)
GPUMC_CUBLAS_SDCZ(tpmv) GPUMC_CUBLAS_SDCZ(trsv) GPUMC_CUBLAS_SDCZ(tbsv) GPUMC_CUBLAS_SDCZ(tpsv)
GPUMC_CUBLAS_SDCZ(symv) GPUMC_CUBLAS_SDCZ(syr) GPUMC_CUBLAS_SDCZ(syr2)
GPUMC_CUBLAS(cublasSger) GPUMC_CUBLAS(cublasDger) GPUMC_CUBLAS(cublasCgeru)
GPUMC_CUBLAS(cublasCgerc) GPUMC_CUBLAS(cublasZgeru) GPUMC_CUBLAS(cublasZgerc)
GPUMC_CUBLAS(cublasSsbmv) GPUMC_CUBLAS(cublasDsbmv) GPUMC_CUBLAS(cublasSspmv)
GPUMC_CUBLAS(cublasDspmv) GPUMC_CUBLAS(cublasChemv) GPUMC_CUBLAS(cublasZhemv)
GPUMC_CUBLAS(cublasSgemvBatched) GPUMC_CUBLAS(cublasDgemvBatched)
GPUMC_CUBLAS(cublasSgemvStridedBatched) GPUMC_CUBLAS(cublasDgemvStridedBatched)
/* level 3 and extensions */
GPUMC_CUBLAS_SDCZ(gemm) GPUMC_CUBLAS_SDCZ(symm) GPUMC_CUBLAS_SDCZ(syrk) GPUMC_CUBLAS_SDCZ(syr2k)
GPUMC_CUBLAS_SDCZ(syrkx) GPUMC_CUBLAS_SDCZ(trmm) GPUMC_CUBLAS_SDCZ(trsm) GPUMC_CUBLAS_SDCZ(geam)
GPUMC_CUBLAS_SDCZ(dgmm) GPUMC_CUBLAS_SDCZ(gemmBatched) GPUMC_CUBLAS_SDCZ(gemmStridedBatched)
GPUMC_CUBLAS_SDCZ(trsmBatched) GPUMC_CUBLAS_SDCZ(getrfBatched) GPUMC_CUBLAS_SDCZ(getriBatched)
GPUMC_CUBLAS_SDCZ(getrsBatched) GPUMC_CUBLAS_SDCZ(matinvBatched) GPUMC_CUBLAS_SDCZ(geqrfBatched)
GPUMC_CUBLAS_SDCZ(gelsBatched)
GPUMC_CUBLAS(cublasHgemm) GPUMC_CUBLAS(cublasHgemmBatched)
GPUMC_CUBLAS(cublasHgemmStridedBatched) GPUMC_CUBLAS(cublasCgemm3m) GPUMC_CUBLAS(cublasZgemm3m)
GPUMC_CUBLAS(cublasChemm) GPUMC_CUBLAS(cublasZhemm) GPUMC_CUBLAS(cublasCherk)
GPUMC_CUBLAS(cublasZherk) GPUMC_CUBLAS(cublasSgemmEx) GPUMC_CUBLAS(cublasCgemmEx)
GPUMC_CUBLAS(cublasGemmEx) GPUMC_CUBLAS(cublasGemmBatchedEx)
GPUMC_CUBLAS(cublasGemmStridedBatchedEx)

static inline const char *cublasGetStatusName(cublasStatus_t) { return "CUBLAS_STATUS"; }
static inline const char *cublasGetStatusString(cublasStatus_t) { return "cuBLAS status"; }

#endif
