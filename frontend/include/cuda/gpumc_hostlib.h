/*
 * gpumc_hostlib.h -- how gpumc declares the host APIs of CUDA's libraries
 * (cublas_v2.h, cublasLt.h, cusparse.h, cufft.h, curand.h, cusolverDn.h,
 * nccl.h) and of MPI (mpi.h), which multi-GPU programs run around their
 * kernels: gpumc checks kernels and compiles the host code around them
 * without running it, so a library's handles, enums and constants are declared as CUDA documents
 * them and each function as one taking any arguments and returning the
 * library's status -- the legacy and the current signature of a function
 * (cuBLAS's cublasSgemm with and without a handle) both compile.
 * GPUMC_HOSTLIB_FN(status, name) declares one such function.
 */
#ifndef GPUMC_HOSTLIB_H
#define GPUMC_HOSTLIB_H

#include "library_types.h"
#include "cuComplex.h"

#define GPUMC_HOSTLIB_FN(status, name) status name(...);

#endif
