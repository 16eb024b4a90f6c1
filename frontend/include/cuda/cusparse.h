/*
 * cusparse.h -- cuSPARSE's host API for gpumc (see gpumc_hostlib.h):
 * handles, descriptors and enums as CUDA documents them, and the routines
 * host code calls most, by name, for host code gpumc compiles and never runs.
 */
#ifndef GPUMC_CUSPARSE_H
#define GPUMC_CUSPARSE_H

#include "gpumc_hostlib.h"

typedef enum {
    CUSPARSE_STATUS_SUCCESS = 0, CUSPARSE_STATUS_NOT_INITIALIZED = 1,
    CUSPARSE_STATUS_ALLOC_FAILED = 2, CUSPARSE_STATUS_INVALID_VALUE = 3,
    CUSPARSE_STATUS_ARCH_MISMATCH = 4, CUSPARSE_STATUS_MAPPING_ERROR = 5,
    CUSPARSE_STATUS_EXECUTION_FAILED = 6, CUSPARSE_STATUS_INTERNAL_ERROR = 7,
    CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED = 8, CUSPARSE_STATUS_ZERO_PIVOT = 9,
    CUSPARSE_STATUS_NOT_SUPPORTED = 10, CUSPARSE_STATUS_INSUFFICIENT_RESOURCES = 11
} cusparseStatus_t;
typedef enum { CUSPARSE_POINTER_MODE_HOST = 0, CUSPARSE_POINTER_MODE_DEVICE = 1 } cusparsePointerMode_t;
typedef enum {
    CUSPARSE_MATRIX_TYPE_GENERAL = 0, CUSPARSE_MATRIX_TYPE_SYMMETRIC = 1,
    CUSPARSE_MATRIX_TYPE_HERMITIAN = 2, CUSPARSE_MATRIX_TYPE_TRIANGULAR = 3
} cusparseMatrixType_t;
typedef enum { CUSPARSE_FILL_MODE_LOWER = 0, CUSPARSE_FILL_MODE_UPPER = 1 } cusparseFillMode_t;
typedef enum { CUSPARSE_DIAG_TYPE_NON_UNIT = 0, CUSPARSE_DIAG_TYPE_UNIT = 1 } cusparseDiagType_t;
typedef enum { CUSPARSE_INDEX_BASE_ZERO = 0, CUSPARSE_INDEX_BASE_ONE = 1 } cusparseIndexBase_t;
typedef enum {
    CUSPARSE_OPERATION_NON_TRANSPOSE = 0, CUSPARSE_OPERATION_TRANSPOSE = 1,
    CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE = 2
} cusparseOperation_t;
typedef enum { CUSPARSE_DIRECTION_ROW = 0, CUSPARSE_DIRECTION_COLUMN = 1 } cusparseDirection_t;
typedef enum { CUSPARSE_ACTION_SYMBOLIC = 0, CUSPARSE_ACTION_NUMERIC = 1 } cusparseAction_t;
typedef enum {
    CUSPARSE_FORMAT_CSR = 1, CUSPARSE_FORMAT_CSC = 2, CUSPARSE_FORMAT_COO = 3,
    CUSPARSE_FORMAT_BLOCKED_ELL = 5, CUSPARSE_FORMAT_BSR = 6, CUSPARSE_FORMAT_SLICED_ELLPACK = 7
} cusparseFormat_t;
typedef enum { CUSPARSE_ORDER_COL = 1, CUSPARSE_ORDER_ROW = 2 } cusparseOrder_t;
typedef enum {
    CUSPARSE_INDEX_16U = 1, CUSPARSE_INDEX_32I = 2, CUSPARSE_INDEX_64I = 3
} cusparseIndexType_t;
typedef enum {
    CUSPARSE_SPMV_ALG_DEFAULT = 0, CUSPARSE_SPMV_CSR_ALG1 = 2, CUSPARSE_SPMV_CSR_ALG2 = 3,
    CUSPARSE_SPMV_COO_ALG1 = 1, CUSPARSE_SPMV_COO_ALG2 = 4, CUSPARSE_SPMV_SELL_ALG1 = 5,
    CUSPARSE_MV_ALG_DEFAULT = 0, CUSPARSE_CSRMV_ALG1 = 2, CUSPARSE_CSRMV_ALG2 = 3,
    CUSPARSE_COOMV_ALG = 1
} cusparseSpMVAlg_t;
typedef enum {
    CUSPARSE_SPMM_ALG_DEFAULT = 0, CUSPARSE_SPMM_COO_ALG1 = 1, CUSPARSE_SPMM_COO_ALG2 = 2,
    CUSPARSE_SPMM_COO_ALG3 = 3, CUSPARSE_SPMM_COO_ALG4 = 5, CUSPARSE_SPMM_CSR_ALG1 = 4,
    CUSPARSE_SPMM_CSR_ALG2 = 6, CUSPARSE_SPMM_CSR_ALG3 = 12, CUSPARSE_SPMM_BLOCKED_ELL_ALG1 = 13,
    CUSPARSE_MM_ALG_DEFAULT = 0
} cusparseSpMMAlg_t;
typedef enum {
    CUSPARSE_SPGEMM_DEFAULT = 0, CUSPARSE_SPGEMM_CSR_ALG_DETERMINITIC = 1,
    CUSPARSE_SPGEMM_CSR_ALG_NONDETERMINITIC = 2, CUSPARSE_SPGEMM_ALG1 = 3,
    CUSPARSE_SPGEMM_ALG2 = 4, CUSPARSE_SPGEMM_ALG3 = 5
} cusparseSpGEMMAlg_t;
typedef enum { CUSPARSE_SPSV_ALG_DEFAULT = 0 } cusparseSpSVAlg_t;
typedef enum { CUSPARSE_SPSM_ALG_DEFAULT = 0 } cusparseSpSMAlg_t;
typedef enum { CUSPARSE_SDDMM_ALG_DEFAULT = 0 } cusparseSDDMMAlg_t;
typedef enum { CUSPARSE_SPARSETODENSE_ALG_DEFAULT = 0 } cusparseSparseToDenseAlg_t;
typedef enum { CUSPARSE_DENSETOSPARSE_ALG_DEFAULT = 0 } cusparseDenseToSparseAlg_t;
typedef enum { CUSPARSE_SPMAT_FILL_MODE = 0, CUSPARSE_SPMAT_DIAG_TYPE = 1 } cusparseSpMatAttribute_t;
typedef enum { CUSPARSE_CSR2CSC_ALG_DEFAULT = 1, CUSPARSE_CSR2CSC_ALG1 = 1 } cusparseCsr2CscAlg_t;
typedef enum { CUSPARSE_SOLVE_POLICY_NO_LEVEL = 0, CUSPARSE_SOLVE_POLICY_USE_LEVEL = 1 } cusparseSolvePolicy_t;
typedef struct cusparseContext *cusparseHandle_t;
typedef struct cusparseMatDescr *cusparseMatDescr_t;
typedef struct cusparseSpMatDescr *cusparseSpMatDescr_t;
typedef struct cusparseDnMatDescr *cusparseDnMatDescr_t;
typedef struct cusparseDnVecDescr *cusparseDnVecDescr_t;
typedef struct cusparseSpVecDescr *cusparseSpVecDescr_t;
typedef struct cusparseSpGEMMDescr *cusparseSpGEMMDescr_t;
typedef struct cusparseSpSVDescr *cusparseSpSVDescr_t;
typedef struct cusparseSpSMDescr *cusparseSpSMDescr_t;
typedef struct cusparseSpMatDescr const *cusparseConstSpMatDescr_t;
typedef struct cusparseDnMatDescr const *cusparseConstDnMatDescr_t;
typedef struct cusparseDnVecDescr const *cusparseConstDnVecDescr_t;
typedef struct cusparseSpVecDescr const *cusparseConstSpVecDescr_t;
typedef struct bsrsv2Info *bsrsv2Info_t;
typedef struct pruneInfo *pruneInfo_t;
typedef struct csrsv2Info *csrsv2Info_t;
typedef struct csric02Info *csric02Info_t;
typedef struct csrilu02Info *csrilu02Info_t;

#define GPUMC_CUSPARSE(name) GPUMC_HOSTLIB_FN(cusparseStatus_t, name)
GPUMC_CUSPARSE(cusparseCreate) GPUMC_CUSPARSE(cusparseDestroy) GPUMC_CUSPARSE(cusparseSetStream)
GPUMC_CUSPARSE(cusparseGetStream) GPUMC_CUSPARSE(cusparseGetVersion)
GPUMC_CUSPARSE(cusparseSetPointerMode) GPUMC_CUSPARSE(cusparseCreateMatDescr)
GPUMC_CUSPARSE(cusparseDestroyMatDescr) GPUMC_CUSPARSE(cusparseSetMatType)
GPUMC_CUSPARSE(cusparseSetMatIndexBase) GPUMC_CUSPARSE(cusparseSetMatFillMode)
GPUMC_CUSPARSE(cusparseSetMatDiagType) GPUMC_CUSPARSE(cusparseCreateCsr)
GPUMC_CUSPARSE(cusparseCreateCsc) GPUMC_CUSPARSE(cusparseCreateCoo)
GPUMC_CUSPARSE(cusparseCreateBlockedEll) GPUMC_CUSPARSE(cusparseCreateDnVec)
GPUMC_CUSPARSE(cusparseCreateDnMat) GPUMC_CUSPARSE(cusparseCreateSpVec)
GPUMC_CUSPARSE(cusparseDestroySpMat) GPUMC_CUSPARSE(cusparseDestroyDnVec)
GPUMC_CUSPARSE(cusparseDestroyDnMat) GPUMC_CUSPARSE(cusparseDestroySpVec)
GPUMC_CUSPARSE(cusparseSpMatGetSize) GPUMC_CUSPARSE(cusparseCsrSetPointers)
GPUMC_CUSPARSE(cusparseSpMV) GPUMC_CUSPARSE(cusparseSpMV_bufferSize)
GPUMC_CUSPARSE(cusparseSpMM) GPUMC_CUSPARSE(cusparseSpMM_bufferSize)
GPUMC_CUSPARSE(cusparseSpMM_preprocess) GPUMC_CUSPARSE(cusparseSDDMM)
GPUMC_CUSPARSE(cusparseSDDMM_bufferSize) GPUMC_CUSPARSE(cusparseSDDMM_preprocess) GPUMC_CUSPARSE(cusparseSpGEMM_createDescr)
GPUMC_CUSPARSE(cusparseSpGEMM_destroyDescr) GPUMC_CUSPARSE(cusparseSpGEMM_workEstimation)
GPUMC_CUSPARSE(cusparseSpGEMM_compute) GPUMC_CUSPARSE(cusparseSpGEMM_copy)
GPUMC_CUSPARSE(cusparseSpSV_createDescr) GPUMC_CUSPARSE(cusparseSpSV_destroyDescr)
GPUMC_CUSPARSE(cusparseSpSV_bufferSize) GPUMC_CUSPARSE(cusparseSpSV_analysis)
GPUMC_CUSPARSE(cusparseSpSV_solve) GPUMC_CUSPARSE(cusparseXcsr2coo)
GPUMC_CUSPARSE(cusparseXcoo2csr) GPUMC_CUSPARSE(cusparseXcoosortByRow)
GPUMC_CUSPARSE(cusparseXcoosort_bufferSizeExt) GPUMC_CUSPARSE(cusparseCreateIdentityPermutation)
GPUMC_CUSPARSE(cusparseScsrmv) GPUMC_CUSPARSE(cusparseDcsrmv) GPUMC_CUSPARSE(cusparseScsrmm)
GPUMC_CUSPARSE(cusparseDcsrmm) GPUMC_CUSPARSE(cusparseScsr2csc) GPUMC_CUSPARSE(cusparseDcsr2csc)
GPUMC_CUSPARSE(cusparseCsr2cscEx2) GPUMC_CUSPARSE(cusparseCsr2cscEx2_bufferSize)
GPUMC_CUSPARSE(cusparseScsrgemm) GPUMC_CUSPARSE(cusparseDcsrgemm)
GPUMC_CUSPARSE(cusparseCreateCsrsv2Info) GPUMC_CUSPARSE(cusparseDestroyCsrsv2Info)
GPUMC_CUSPARSE(cusparseScsrsv2_bufferSize) GPUMC_CUSPARSE(cusparseDcsrsv2_bufferSize)
GPUMC_CUSPARSE(cusparseScsrsv2_analysis) GPUMC_CUSPARSE(cusparseDcsrsv2_analysis)
GPUMC_CUSPARSE(cusparseScsrsv2_solve) GPUMC_CUSPARSE(cusparseDcsrsv2_solve)
GPUMC_CUSPARSE(cusparseCreateCsrilu02Info) GPUMC_CUSPARSE(cusparseDestroyCsrilu02Info)
GPUMC_CUSPARSE(cusparseScsrilu02) GPUMC_CUSPARSE(cusparseDcsrilu02)
GPUMC_CUSPARSE(cusparseScsrilu02_bufferSize) GPUMC_CUSPARSE(cusparseDcsrilu02_bufferSize)
GPUMC_CUSPARSE(cusparseScsrilu02_analysis) GPUMC_CUSPARSE(cusparseDcsrilu02_analysis)
GPUMC_CUSPARSE(cusparseSnnz) GPUMC_CUSPARSE(cusparseDnnz) GPUMC_CUSPARSE(cusparseSdense2csr)
GPUMC_CUSPARSE(cusparseDdense2csr) GPUMC_CUSPARSE(cusparseScsr2dense)
GPUMC_CUSPARSE(cusparseDcsr2dense) GPUMC_CUSPARSE(cusparseSparseToDense)
GPUMC_CUSPARSE(cusparseSparseToDense_bufferSize) GPUMC_CUSPARSE(cusparseDenseToSparse_bufferSize)
GPUMC_CUSPARSE(cusparseDenseToSparse_analysis) GPUMC_CUSPARSE(cusparseDenseToSparse_convert)

GPUMC_CUSPARSE(cusparseCreateConstCsr) GPUMC_CUSPARSE(cusparseCreateConstCoo)
GPUMC_CUSPARSE(cusparseCreateConstDnVec) GPUMC_CUSPARSE(cusparseCreateConstDnMat)
GPUMC_CUSPARSE(cusparseCreateConstSpVec) GPUMC_CUSPARSE(cusparseCooSetStridedBatch)
GPUMC_CUSPARSE(cusparseCsrSetStridedBatch) GPUMC_CUSPARSE(cusparseDnMatSetStridedBatch)
GPUMC_CUSPARSE(cusparseDnMatGetStridedBatch) GPUMC_CUSPARSE(cusparseSpMatSetAttribute)
GPUMC_CUSPARSE(cusparseSpMatGetAttribute) GPUMC_CUSPARSE(cusparseSpMatGetFormat)
GPUMC_CUSPARSE(cusparseSpMatGetIndexBase) GPUMC_CUSPARSE(cusparseSpMatGetValues)
GPUMC_CUSPARSE(cusparseSpMatSetValues) GPUMC_CUSPARSE(cusparseCsrGet) GPUMC_CUSPARSE(cusparseCooGet)
GPUMC_CUSPARSE(cusparseDnVecGet) GPUMC_CUSPARSE(cusparseDnVecGetValues)
GPUMC_CUSPARSE(cusparseDnVecSetValues) GPUMC_CUSPARSE(cusparseDnMatGet)
GPUMC_CUSPARSE(cusparseDnMatGetValues) GPUMC_CUSPARSE(cusparseDnMatSetValues)
GPUMC_CUSPARSE(cusparseSpVecGet) GPUMC_CUSPARSE(cusparseAxpby) GPUMC_CUSPARSE(cusparseGather)
GPUMC_CUSPARSE(cusparseScatter) GPUMC_CUSPARSE(cusparseRot) GPUMC_CUSPARSE(cusparseSpVV)
GPUMC_CUSPARSE(cusparseSpVV_bufferSize) GPUMC_CUSPARSE(cusparseSpSM_createDescr)
GPUMC_CUSPARSE(cusparseSpSM_destroyDescr) GPUMC_CUSPARSE(cusparseSpSM_bufferSize)
GPUMC_CUSPARSE(cusparseSpSM_analysis) GPUMC_CUSPARSE(cusparseSpSM_solve)
GPUMC_CUSPARSE(cusparseSpGEMMreuse_workEstimation) GPUMC_CUSPARSE(cusparseSpGEMMreuse_nnz)
GPUMC_CUSPARSE(cusparseSpGEMMreuse_copy) GPUMC_CUSPARSE(cusparseSpGEMMreuse_compute)
GPUMC_CUSPARSE(cusparseSpGEMM_estimateMemory) GPUMC_CUSPARSE(cusparseSpGEMM_getNumProducts)
GPUMC_CUSPARSE(cusparseXcsrsort) GPUMC_CUSPARSE(cusparseXcsrsort_bufferSizeExt)
GPUMC_CUSPARSE(cusparseXcsrgeam2Nnz) GPUMC_CUSPARSE(cusparseScsrgeam2)
GPUMC_CUSPARSE(cusparseDcsrgeam2) GPUMC_CUSPARSE(cusparseScsrgeam2_bufferSizeExt)
GPUMC_CUSPARSE(cusparseDcsrgeam2_bufferSizeExt) GPUMC_CUSPARSE(cusparseSgtsv2)
GPUMC_CUSPARSE(cusparseDgtsv2) GPUMC_CUSPARSE(cusparseSgtsv2_bufferSizeExt)
GPUMC_CUSPARSE(cusparseDgtsv2_bufferSizeExt) GPUMC_CUSPARSE(cusparseSgtsv2StridedBatch)
GPUMC_CUSPARSE(cusparseDgtsv2StridedBatch) GPUMC_CUSPARSE(cusparseSgtsv2StridedBatch_bufferSizeExt)
GPUMC_CUSPARSE(cusparseDgtsv2StridedBatch_bufferSizeExt) GPUMC_CUSPARSE(cusparseSgtsvInterleavedBatch)
GPUMC_CUSPARSE(cusparseDgtsvInterleavedBatch)
GPUMC_CUSPARSE(cusparseSgtsvInterleavedBatch_bufferSizeExt)
GPUMC_CUSPARSE(cusparseDgtsvInterleavedBatch_bufferSizeExt)
GPUMC_CUSPARSE(cusparseSpMatGetStridedBatch) GPUMC_CUSPARSE(cusparseXcsrsv2_zeroPivot)
GPUMC_CUSPARSE(cusparseXcsrilu02_zeroPivot) GPUMC_CUSPARSE(cusparseXcsric02_zeroPivot)
GPUMC_CUSPARSE(cusparseCreateCsric02Info) GPUMC_CUSPARSE(cusparseDestroyCsric02Info)
GPUMC_CUSPARSE(cusparseScsric02) GPUMC_CUSPARSE(cusparseDcsric02)
GPUMC_CUSPARSE(cusparseScsric02_bufferSize) GPUMC_CUSPARSE(cusparseDcsric02_bufferSize)
GPUMC_CUSPARSE(cusparseScsric02_analysis) GPUMC_CUSPARSE(cusparseDcsric02_analysis)

static inline const char *cusparseGetErrorName(cusparseStatus_t) { return "CUSPARSE_STATUS"; }
static inline const char *cusparseGetErrorString(cusparseStatus_t) { return "cuSPARSE status"; }

#endif
