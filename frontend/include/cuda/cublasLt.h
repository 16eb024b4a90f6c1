/*
 * cublasLt.h -- cuBLASLt's host API for gpumc (see gpumc_hostlib.h): the
 * opaque descriptors, the algorithm and heuristic-result structs and the
 * attribute, order and epilogue enums as CUDA documents them, and each
 * routine by name, for host code gpumc compiles and never runs.
 */
#ifndef GPUMC_CUBLASLT_H
#define GPUMC_CUBLASLT_H

#include <stddef.h>
#include <stdint.h>

#include "cublas_api.h"

typedef struct cublasLtContext *cublasLtHandle_t;
typedef struct cublasLtMatmulDescOpaque_t *cublasLtMatmulDesc_t;
typedef struct cublasLtMatrixLayoutOpaque_t *cublasLtMatrixLayout_t;
typedef struct cublasLtMatmulPreferenceOpaque_t *cublasLtMatmulPreference_t;
typedef struct cublasLtMatrixTransformDescOpaque_t *cublasLtMatrixTransformDesc_t;
typedef struct { uint64_t data[8]; } cublasLtMatmulAlgo_t;
typedef struct {
    cublasLtMatmulAlgo_t algo;
    size_t workspaceSize;
    cublasStatus_t state;
    float wavesCount;
    int reserved[4];
} cublasLtMatmulHeuristicResult_t;

typedef enum {
    CUBLASLT_ORDER_COL = 0, CUBLASLT_ORDER_ROW = 1, CUBLASLT_ORDER_COL32 = 2,
    CUBLASLT_ORDER_COL4_4R2_8C = 3, CUBLASLT_ORDER_COL32_2R_4R4 = 4
} cublasLtOrder_t;
typedef enum {
    CUBLASLT_MATRIX_LAYOUT_TYPE = 0, CUBLASLT_MATRIX_LAYOUT_ORDER = 1,
    CUBLASLT_MATRIX_LAYOUT_ROWS = 2, CUBLASLT_MATRIX_LAYOUT_COLS = 3,
    CUBLASLT_MATRIX_LAYOUT_LD = 4, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT = 5,
    CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET = 6, CUBLASLT_MATRIX_LAYOUT_PLANE_OFFSET = 7
} cublasLtMatrixLayoutAttribute_t;
typedef enum {
    CUBLASLT_MATMUL_DESC_COMPUTE_TYPE = 0, CUBLASLT_MATMUL_DESC_SCALE_TYPE = 1,
    CUBLASLT_MATMUL_DESC_POINTER_MODE = 2, CUBLASLT_MATMUL_DESC_TRANSA = 3,
    CUBLASLT_MATMUL_DESC_TRANSB = 4, CUBLASLT_MATMUL_DESC_TRANSC = 5,
    CUBLASLT_MATMUL_DESC_FILL_MODE = 6, CUBLASLT_MATMUL_DESC_EPILOGUE = 7,
    CUBLASLT_MATMUL_DESC_BIAS_POINTER = 8, CUBLASLT_MATMUL_DESC_BIAS_BATCH_STRIDE = 10,
    CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER = 11, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD = 12,
    CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_BATCH_STRIDE = 13,
    CUBLASLT_MATMUL_DESC_ALPHA_VECTOR_BATCH_STRIDE = 14,
    CUBLASLT_MATMUL_DESC_SM_COUNT_TARGET = 15, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER = 17,
    CUBLASLT_MATMUL_DESC_B_SCALE_POINTER = 18, CUBLASLT_MATMUL_DESC_C_SCALE_POINTER = 19,
    CUBLASLT_MATMUL_DESC_D_SCALE_POINTER = 20, CUBLASLT_MATMUL_DESC_AMAX_D_POINTER = 21,
    CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_DATA_TYPE = 22,
    CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_SCALE_POINTER = 23,
    CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_AMAX_POINTER = 24, CUBLASLT_MATMUL_DESC_FAST_ACCUM = 25,
    CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE = 26
} cublasLtMatmulDescAttributes_t;
typedef enum {
    CUBLASLT_MATMUL_PREF_SEARCH_MODE = 0, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES = 1,
    CUBLASLT_MATMUL_PREF_REDUCTION_SCHEME_MASK = 3,
    CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES = 5, CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_B_BYTES = 6,
    CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_C_BYTES = 7, CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_D_BYTES = 8,
    CUBLASLT_MATMUL_PREF_MAX_WAVES_COUNT = 9, CUBLASLT_MATMUL_PREF_IMPL_MASK = 12
} cublasLtMatmulPreferenceAttributes_t;
typedef enum {
    CUBLASLT_EPILOGUE_DEFAULT = 1, CUBLASLT_EPILOGUE_RELU = 2, CUBLASLT_EPILOGUE_RELU_AUX = 130,
    CUBLASLT_EPILOGUE_BIAS = 4, CUBLASLT_EPILOGUE_RELU_BIAS = 6,
    CUBLASLT_EPILOGUE_RELU_AUX_BIAS = 134, CUBLASLT_EPILOGUE_DRELU = 136,
    CUBLASLT_EPILOGUE_DRELU_BGRAD = 152, CUBLASLT_EPILOGUE_GELU = 32,
    CUBLASLT_EPILOGUE_GELU_AUX = 160, CUBLASLT_EPILOGUE_GELU_BIAS = 36,
    CUBLASLT_EPILOGUE_GELU_AUX_BIAS = 164, CUBLASLT_EPILOGUE_DGELU = 192,
    CUBLASLT_EPILOGUE_DGELU_BGRAD = 208, CUBLASLT_EPILOGUE_BGRADA = 256,
    CUBLASLT_EPILOGUE_BGRADB = 512
} cublasLtEpilogue_t;

GPUMC_HOSTLIB_FN(cublasStatus_t, cublasLtCreate)
GPUMC_HOSTLIB_FN(cublasStatus_t, cublasLtDestroy)
GPUMC_HOSTLIB_FN(size_t, cublasLtGetVersion)
GPUMC_HOSTLIB_FN(size_t, cublasLtGetCudartVersion)
GPUMC_HOSTLIB_FN(const char *, cublasLtGetStatusName)
GPUMC_HOSTLIB_FN(const char *, cublasLtGetStatusString)
GPUMC_HOSTLIB_FN(cublasStatus_t, cublasLtMatmul)
GPUMC_HOSTLIB_FN(cublasStatus_t, cublasLtMatmulAlgoGetHeuristic)
GPUMC_HOSTLIB_FN(cublasStatus_t, cublasLtMatmulAlgoGetIds)
GPUMC_HOSTLIB_FN(cublasStatus_t, cublasLtMatmulAlgoInit)
GPUMC_HOSTLIB_FN(cublasStatus_t, cublasLtMatmulAlgoCheck)
GPUMC_HOSTLIB_FN(cublasStatus_t, cublasLtMatmulAlgoConfigSetAttribute)
GPUMC_HOSTLIB_FN(cublasStatus_t, cublasLtMatmulAlgoConfigGetAttribute)
GPUMC_HOSTLIB_FN(cublasStatus_t, cublasLtMatmulDescCreate)
GPUMC_HOSTLIB_FN(cublasStatus_t, cublasLtMatmulDescInit)
GPUMC_HOSTLIB_FN(cublasStatus_t, cublasLtMatmulDescDestroy)
GPUMC_HOSTLIB_FN(cublasStatus_t, cublasLtMatmulDescSetAttribute)
GPUMC_HOSTLIB_FN(cublasStatus_t, cublasLtMatmulDescGetAttribute)
GPUMC_HOSTLIB_FN(cublasStatus_t, cublasLtMatmulPreferenceCreate)
GPUMC_HOSTLIB_FN(cublasStatus_t, cublasLtMatmulPreferenceInit)
GPUMC_HOSTLIB_FN(cublasStatus_t, cublasLtMatmulPreferenceDestroy)
GPUMC_HOSTLIB_FN(cublasStatus_t, cublasLtMatmulPreferenceSetAttribute)
GPUMC_HOSTLIB_FN(cublasStatus_t, cublasLtMatmulPreferenceGetAttribute)
GPUMC_HOSTLIB_FN(cublasStatus_t, cublasLtMatrixLayoutCreate)
GPUMC_HOSTLIB_FN(cublasStatus_t, cublasLtMatrixLayoutInit)
GPUMC_HOSTLIB_FN(cublasStatus_t, cublasLtMatrixLayoutDestroy)
GPUMC_HOSTLIB_FN(cublasStatus_t, cublasLtMatrixLayoutSetAttribute)
GPUMC_HOSTLIB_FN(cublasStatus_t, cublasLtMatrixLayoutGetAttribute)
GPUMC_HOSTLIB_FN(cublasStatus_t, cublasLtMatrixTransform)
GPUMC_HOSTLIB_FN(cublasStatus_t, cublasLtMatrixTransformDescCreate)
GPUMC_HOSTLIB_FN(cublasStatus_t, cublasLtMatrixTransformDescDestroy)
GPUMC_HOSTLIB_FN(cublasStatus_t, cublasLtMatrixTransformDescSetAttribute)
GPUMC_HOSTLIB_FN(cublasStatus_t, cublasLtLoggerSetLevel)
GPUMC_HOSTLIB_FN(cublasStatus_t, cublasLtLoggerSetMask)
GPUMC_HOSTLIB_FN(cublasStatus_t, cublasLtLoggerSetCallback)
GPUMC_HOSTLIB_FN(cublasStatus_t, cublasLtLoggerOpenFile)

#endif
