/*
 * nccl.h -- NCCL's host API (multi-GPU collectives) for gpumc (see
 * gpumc_hostlib.h): the communicator, unique id, result, data type and
 * reduction enums as NCCL documents them, and each routine by name, for
 * host code gpumc compiles and never runs.
 */
#ifndef GPUMC_NCCL_H
#define GPUMC_NCCL_H

#include "gpumc_hostlib.h"

#define NCCL_MAJOR 2
#define NCCL_MINOR 18
#define NCCL_PATCH 1
#define NCCL_VERSION(X, Y, Z) (((X) <= 2 && (Y) <= 8) ? (X) * 1000 + (Y) * 100 + (Z) : (X) * 10000 + (Y) * 100 + (Z))
#define NCCL_VERSION_CODE NCCL_VERSION(NCCL_MAJOR, NCCL_MINOR, NCCL_PATCH)
#define NCCL_UNIQUE_ID_BYTES 128

typedef struct ncclComm *ncclComm_t;
typedef struct { char internal[NCCL_UNIQUE_ID_BYTES]; } ncclUniqueId;
typedef enum {
    ncclSuccess = 0, ncclUnhandledCudaError = 1, ncclSystemError = 2, ncclInternalError = 3,
    ncclInvalidArgument = 4, ncclInvalidUsage = 5, ncclRemoteError = 6, ncclInProgress = 7,
    ncclNumResults = 8
} ncclResult_t;
typedef enum {
    ncclInt8 = 0, ncclChar = 0, ncclUint8 = 1, ncclInt32 = 2, ncclInt = 2, ncclUint32 = 3,
    ncclInt64 = 4, ncclUint64 = 5, ncclFloat16 = 6, ncclHalf = 6, ncclFloat32 = 7,
    ncclFloat = 7, ncclFloat64 = 8, ncclDouble = 8, ncclBfloat16 = 9, ncclNumTypes = 10
} ncclDataType_t;
typedef enum {
    ncclSum = 0, ncclProd = 1, ncclMax = 2, ncclMin = 3, ncclAvg = 4, ncclNumOps = 5,
    ncclMaxRedOp = 0x7fffffff
} ncclRedOp_t;
typedef struct { int blocking, cgaClusterSize, minCTAs, maxCTAs; const char *netName; int splitShare; } ncclConfig_t;
#define NCCL_CONFIG_INITIALIZER {1, 4, 1, 32, 0, 0}

GPUMC_HOSTLIB_FN(ncclResult_t, ncclGetVersion)
GPUMC_HOSTLIB_FN(ncclResult_t, ncclGetUniqueId)
GPUMC_HOSTLIB_FN(ncclResult_t, ncclCommInitRank)
GPUMC_HOSTLIB_FN(ncclResult_t, ncclCommInitRankConfig)
GPUMC_HOSTLIB_FN(ncclResult_t, ncclCommInitAll)
GPUMC_HOSTLIB_FN(ncclResult_t, ncclCommSplit)
GPUMC_HOSTLIB_FN(ncclResult_t, ncclCommFinalize)
GPUMC_HOSTLIB_FN(ncclResult_t, ncclCommDestroy)
GPUMC_HOSTLIB_FN(ncclResult_t, ncclCommAbort)
GPUMC_HOSTLIB_FN(ncclResult_t, ncclCommGetAsyncError)
GPUMC_HOSTLIB_FN(ncclResult_t, ncclCommCount)
GPUMC_HOSTLIB_FN(ncclResult_t, ncclCommCuDevice)
GPUMC_HOSTLIB_FN(ncclResult_t, ncclCommUserRank)
GPUMC_HOSTLIB_FN(const char *, ncclGetErrorString)
GPUMC_HOSTLIB_FN(const char *, ncclGetLastError)
GPUMC_HOSTLIB_FN(ncclResult_t, ncclRedOpCreatePreMulSum)
GPUMC_HOSTLIB_FN(ncclResult_t, ncclRedOpDestroy)
GPUMC_HOSTLIB_FN(ncclResult_t, ncclReduce)
GPUMC_HOSTLIB_FN(ncclResult_t, ncclBcast)
GPUMC_HOSTLIB_FN(ncclResult_t, ncclBroadcast)
GPUMC_HOSTLIB_FN(ncclResult_t, ncclAllReduce)
GPUMC_HOSTLIB_FN(ncclResult_t, ncclReduceScatter)
GPUMC_HOSTLIB_FN(ncclResult_t, ncclAllGather)
GPUMC_HOSTLIB_FN(ncclResult_t, ncclSend)
GPUMC_HOSTLIB_FN(ncclResult_t, ncclRecv)
GPUMC_HOSTLIB_FN(ncclResult_t, ncclGroupStart)
GPUMC_HOSTLIB_FN(ncclResult_t, ncclGroupEnd)

#endif
