/*
 * mpi.h -- the MPI host API for gpumc (see gpumc_hostlib.h): multi-GPU
 * programs start one process per GPU with MPI around their kernels.  The
 * handles are integers (as in MPICH), the constants and predefined
 * datatypes and operations are the standard's names, and each routine is
 * declared by name, for host code gpumc compiles and never runs.
 */
#ifndef GPUMC_MPI_H
#define GPUMC_MPI_H

#include "gpumc_hostlib.h"

typedef int MPI_Comm;
typedef int MPI_Datatype;
typedef int MPI_Op;
typedef int MPI_Request;
typedef int MPI_Group;
typedef int MPI_Info;
typedef long long MPI_Aint;
typedef long long MPI_Offset;
typedef struct MPI_Status { int count_lo, count_hi_and_cancelled, MPI_SOURCE, MPI_TAG, MPI_ERROR; } MPI_Status;

#define MPI_VERSION 3
#define MPI_SUBVERSION 1
#define MPI_SUCCESS 0
#define MPI_ERR_OTHER 15
#define MPI_MAX_ERROR_STRING 512
#define MPI_MAX_PROCESSOR_NAME 128
#define MPI_COMM_NULL ((MPI_Comm)0x04000000)
#define MPI_COMM_WORLD ((MPI_Comm)0x44000000)
#define MPI_COMM_SELF ((MPI_Comm)0x44000001)
#define MPI_GROUP_NULL ((MPI_Group)0x08000000)
#define MPI_REQUEST_NULL ((MPI_Request)0x2c000000)
#define MPI_INFO_NULL ((MPI_Info)0x1c000000)
#define MPI_DATATYPE_NULL ((MPI_Datatype)0x0c000000)
#define MPI_CHAR ((MPI_Datatype)0x4c000101)
#define MPI_SIGNED_CHAR ((MPI_Datatype)0x4c000118)
#define MPI_UNSIGNED_CHAR ((MPI_Datatype)0x4c000102)
#define MPI_BYTE ((MPI_Datatype)0x4c00010d)
#define MPI_SHORT ((MPI_Datatype)0x4c000203)
#define MPI_UNSIGNED_SHORT ((MPI_Datatype)0x4c000204)
#define MPI_INT ((MPI_Datatype)0x4c000405)
#define MPI_UNSIGNED ((MPI_Datatype)0x4c000406)
#define MPI_LONG ((MPI_Datatype)0x4c000807)
#define MPI_UNSIGNED_LONG ((MPI_Datatype)0x4c000808)
#define MPI_LONG_LONG ((MPI_Datatype)0x4c000809)
#define MPI_LONG_LONG_INT MPI_LONG_LONG
#define MPI_UNSIGNED_LONG_LONG ((MPI_Datatype)0x4c000819)
#define MPI_FLOAT ((MPI_Datatype)0x4c00040a)
#define MPI_DOUBLE ((MPI_Datatype)0x4c00080b)
#define MPI_C_BOOL ((MPI_Datatype)0x4c00013f)
#define MPI_INT8_T ((MPI_Datatype)0x4c000137)
#define MPI_INT32_T ((MPI_Datatype)0x4c000439)
#define MPI_INT64_T ((MPI_Datatype)0x4c00083a)
#define MPI_UINT8_T ((MPI_Datatype)0x4c00013b)
#define MPI_UINT32_T ((MPI_Datatype)0x4c00043d)
#define MPI_UINT64_T ((MPI_Datatype)0x4c00083e)
#define MPI_OP_NULL ((MPI_Op)0x18000000)
#define MPI_MAX ((MPI_Op)0x58000001)
#define MPI_MIN ((MPI_Op)0x58000002)
#define MPI_SUM ((MPI_Op)0x58000003)
#define MPI_PROD ((MPI_Op)0x58000004)
#define MPI_LAND ((MPI_Op)0x58000005)
#define MPI_BAND ((MPI_Op)0x58000006)
#define MPI_LOR ((MPI_Op)0x58000007)
#define MPI_BOR ((MPI_Op)0x58000008)
#define MPI_ANY_SOURCE (-2)
#define MPI_ANY_TAG (-1)
#define MPI_PROC_NULL (-1)
#define MPI_UNDEFINED (-32766)
#define MPI_IN_PLACE ((void *)-1)
#define MPI_STATUS_IGNORE ((MPI_Status *)1)
#define MPI_STATUSES_IGNORE ((MPI_Status *)1)
#define MPI_THREAD_SINGLE 0
#define MPI_THREAD_FUNNELED 1
#define MPI_THREAD_SERIALIZED 2
#define MPI_THREAD_MULTIPLE 3
#define MPI_COMM_TYPE_SHARED 1
#define MPI_MAX_LIBRARY_VERSION_STRING 8192

GPUMC_HOSTLIB_FN(int, MPI_Init)
GPUMC_HOSTLIB_FN(int, MPI_Init_thread)
GPUMC_HOSTLIB_FN(int, MPI_Initialized)
GPUMC_HOSTLIB_FN(int, MPI_Finalize)
GPUMC_HOSTLIB_FN(int, MPI_Finalized)
GPUMC_HOSTLIB_FN(int, MPI_Abort)
GPUMC_HOSTLIB_FN(int, MPI_Comm_rank)
GPUMC_HOSTLIB_FN(int, MPI_Comm_size)
GPUMC_HOSTLIB_FN(int, MPI_Comm_split)
GPUMC_HOSTLIB_FN(int, MPI_Comm_split_type)
GPUMC_HOSTLIB_FN(int, MPI_Comm_dup)
GPUMC_HOSTLIB_FN(int, MPI_Comm_free)
GPUMC_HOSTLIB_FN(int, MPI_Barrier)
GPUMC_HOSTLIB_FN(int, MPI_Bcast)
GPUMC_HOSTLIB_FN(int, MPI_Reduce)
GPUMC_HOSTLIB_FN(int, MPI_Allreduce)
GPUMC_HOSTLIB_FN(int, MPI_Gather)
GPUMC_HOSTLIB_FN(int, MPI_Gatherv)
GPUMC_HOSTLIB_FN(int, MPI_Allgather)
GPUMC_HOSTLIB_FN(int, MPI_Allgatherv)
GPUMC_HOSTLIB_FN(int, MPI_Scatter)
GPUMC_HOSTLIB_FN(int, MPI_Scatterv)
GPUMC_HOSTLIB_FN(int, MPI_Alltoall)
GPUMC_HOSTLIB_FN(int, MPI_Send)
GPUMC_HOSTLIB_FN(int, MPI_Recv)
GPUMC_HOSTLIB_FN(int, MPI_Sendrecv)
GPUMC_HOSTLIB_FN(int, MPI_Isend)
GPUMC_HOSTLIB_FN(int, MPI_Irecv)
GPUMC_HOSTLIB_FN(int, MPI_Wait)
GPUMC_HOSTLIB_FN(int, MPI_Waitall)
GPUMC_HOSTLIB_FN(int, MPI_Test)
GPUMC_HOSTLIB_FN(int, MPI_Get_count)
GPUMC_HOSTLIB_FN(int, MPI_Get_processor_name)
GPUMC_HOSTLIB_FN(int, MPI_Error_string)
GPUMC_HOSTLIB_FN(double, MPI_Wtime)
GPUMC_HOSTLIB_FN(double, MPI_Wtick)

#endif
