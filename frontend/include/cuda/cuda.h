/*
 * cuda.h -- the CUDA driver API's host declarations, so that host code
 * using it compiles (the runtime API is in gpumc_cuda.h, force-included
 * before every kernel).  Declared only: host code is compiled, not run.
 * Written from the CUDA Driver API reference.  It also brings in cuRAND's
 * device API and cooperative groups, as GPUVerify's cuda.h does: kernels
 * written for GPUVerify use curandState or `using namespace
 * cooperative_groups` after including only this header.
 */
#ifndef __cuda_cuda_h__
#define __cuda_cuda_h__
#define CUDA_VERSION 11080 /* as CUDART_VERSION (gpumc_cuda.h) */

typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
typedef struct CUevent_st *CUevent;
/* the driver API's texture and surface objects are the runtime's
 * (gpumc_texture.h): a kernel parameter of either type takes --arg tex=... */
typedef cudaTextureObject_t CUtexObject;
typedef cudaSurfaceObject_t CUsurfObject;
typedef enum cudaError_enum {
    CUDA_SUCCESS = 0, CUDA_ERROR_INVALID_VALUE = 1, CUDA_ERROR_OUT_OF_MEMORY = 2,
    CUDA_ERROR_NOT_INITIALIZED = 3, CUDA_ERROR_DEINITIALIZED = 4, CUDA_ERROR_NO_DEVICE = 100,
    CUDA_ERROR_INVALID_DEVICE = 101, CUDA_ERROR_INVALID_IMAGE = 200,
    CUDA_ERROR_INVALID_CONTEXT = 201, CUDA_ERROR_FILE_NOT_FOUND = 301,
    CUDA_ERROR_INVALID_HANDLE = 400, CUDA_ERROR_NOT_FOUND = 500, CUDA_ERROR_NOT_READY = 600,
    CUDA_ERROR_ILLEGAL_ADDRESS = 700, CUDA_ERROR_LAUNCH_FAILED = 719,
    CUDA_ERROR_NOT_SUPPORTED = 801, CUDA_ERROR_UNKNOWN = 999
} CUresult;
typedef enum CUdevice_attribute_enum {
    CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 1, CU_DEVICE_ATTRIBUTE_WARP_SIZE = 10,
    CU_DEVICE_ATTRIBUTE_CLOCK_RATE = 13, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16,
    CU_DEVICE_ATTRIBUTE_COMPUTE_MODE = 20, CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING = 41,
    CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75,
    CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76,
    CU_DEVICE_ATTRIBUTE_INTEGRATED = 18, CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY = 19,
    CU_DEVICE_ATTRIBUTE_CONCURRENT_KERNELS = 31, CU_DEVICE_ATTRIBUTE_PCI_BUS_ID = 33,
    CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID = 34, CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY = 83,
    CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH = 95,
    CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED = 102,
    CU_DEVICE_ATTRIBUTE_VIRTUAL_ADDRESS_MANAGEMENT_SUPPORTED = 102, /* the older name */
    CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR_SUPPORTED = 103,
    CU_DEVICE_ATTRIBUTE_GENERIC_COMPRESSION_SUPPORTED = 107,
    CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED = 115
} CUdevice_attribute;
typedef enum CUcomputemode_enum { CU_COMPUTEMODE_DEFAULT = 0, CU_COMPUTEMODE_PROHIBITED = 2,
                                  CU_COMPUTEMODE_EXCLUSIVE_PROCESS = 3 } CUcomputemode;
typedef enum CUjit_option_enum { CU_JIT_MAX_REGISTERS = 0, CU_JIT_INFO_LOG_BUFFER = 3,
                                 CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4,
                                 CU_JIT_ERROR_LOG_BUFFER = 5,
                                 CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6 } CUjit_option;
/* virtual memory management */
typedef unsigned long long CUmemGenericAllocationHandle;
typedef enum CUmemAllocationHandleType_enum {
    CU_MEM_HANDLE_TYPE_NONE = 0, CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR = 1,
    CU_MEM_HANDLE_TYPE_WIN32 = 2, CU_MEM_HANDLE_TYPE_WIN32_KMT = 4, CU_MEM_HANDLE_TYPE_FABRIC = 8
} CUmemAllocationHandleType;
typedef enum CUmemAllocationType_enum { CU_MEM_ALLOCATION_TYPE_INVALID = 0,
                                        CU_MEM_ALLOCATION_TYPE_PINNED = 1 } CUmemAllocationType;
typedef enum CUmemLocationType_enum { CU_MEM_LOCATION_TYPE_INVALID = 0,
                                      CU_MEM_LOCATION_TYPE_DEVICE = 1 } CUmemLocationType;
typedef enum CUmemAccess_flags_enum { CU_MEM_ACCESS_FLAGS_PROT_NONE = 0,
                                      CU_MEM_ACCESS_FLAGS_PROT_READ = 1,
                                      CU_MEM_ACCESS_FLAGS_PROT_READWRITE = 3 } CUmemAccess_flags;
typedef enum CUmemAllocationGranularity_flags_enum {
    CU_MEM_ALLOC_GRANULARITY_MINIMUM = 0, CU_MEM_ALLOC_GRANULARITY_RECOMMENDED = 1
} CUmemAllocationGranularity_flags;
typedef struct CUmemLocation_st { CUmemLocationType type; int id; } CUmemLocation;
typedef struct CUmemAllocationProp_st {
    CUmemAllocationType type;
    CUmemAllocationHandleType requestedHandleTypes;
    CUmemLocation location;
    void *win32HandleMetaData;
    struct {
        unsigned char compressionType, gpuDirectRDMACapable;
        unsigned short usage;
        unsigned char reserved[4];
    } allocFlags;
} CUmemAllocationProp;
typedef struct CUmemAccessDesc_st { CUmemLocation location; CUmemAccess_flags flags; } CUmemAccessDesc;

extern "C" {
__host__ CUresult cuInit(unsigned int flags);
__host__ CUresult cuDriverGetVersion(int *v);
__host__ CUresult cuDeviceGet(CUdevice *d, int ordinal);
__host__ CUresult cuDeviceGetCount(int *n);
__host__ CUresult cuDeviceGetName(char *name, int len, CUdevice d);
__host__ CUresult cuDeviceGetAttribute(int *v, CUdevice_attribute a, CUdevice d);
__host__ CUresult cuDeviceTotalMem(size_t *bytes, CUdevice d);
__host__ CUresult cuDeviceComputeCapability(int *major, int *minor, CUdevice d);
__host__ CUresult cuCtxCreate(CUcontext *c, unsigned int flags, CUdevice d);
__host__ CUresult cuCtxDestroy(CUcontext c);
__host__ CUresult cuCtxSynchronize(void);
__host__ CUresult cuCtxSetCurrent(CUcontext c);
__host__ CUresult cuCtxGetCurrent(CUcontext *c);
__host__ CUresult cuCtxGetDevice(CUdevice *d);
__host__ CUresult cuDevicePrimaryCtxRetain(CUcontext *c, CUdevice d);
__host__ CUresult cuDevicePrimaryCtxRelease(CUdevice d);
__host__ CUresult cuModuleLoad(CUmodule *m, const char *path);
__host__ CUresult cuModuleLoadData(CUmodule *m, const void *image);
__host__ CUresult cuModuleLoadDataEx(CUmodule *m, const void *image, unsigned int n,
                                     CUjit_option *opts, void **values);
__host__ CUresult cuModuleGetFunction(CUfunction *f, CUmodule m, const char *name);
__host__ CUresult cuModuleGetGlobal(CUdeviceptr *p, size_t *bytes, CUmodule m, const char *name);
__host__ CUresult cuModuleUnload(CUmodule m);
__host__ CUresult cuMemGetInfo(size_t *free_bytes, size_t *total_bytes);
__host__ CUresult cuMemAlloc(CUdeviceptr *p, size_t bytes);
__host__ CUresult cuMemFree(CUdeviceptr p);
__host__ CUresult cuMemAllocHost(void **p, size_t bytes);
__host__ CUresult cuMemFreeHost(void *p);
__host__ CUresult cuMemGetAllocationGranularity(size_t *g, const CUmemAllocationProp *p,
                                                CUmemAllocationGranularity_flags o);
__host__ CUresult cuMemAddressReserve(CUdeviceptr *p, size_t size, size_t alignment,
                                      CUdeviceptr addr, unsigned long long flags);
__host__ CUresult cuMemAddressFree(CUdeviceptr p, size_t size);
__host__ CUresult cuMemCreate(CUmemGenericAllocationHandle *h, size_t size,
                              const CUmemAllocationProp *p, unsigned long long flags);
__host__ CUresult cuMemRelease(CUmemGenericAllocationHandle h);
__host__ CUresult cuMemMap(CUdeviceptr p, size_t size, size_t offset,
                           CUmemGenericAllocationHandle h, unsigned long long flags);
__host__ CUresult cuMemUnmap(CUdeviceptr p, size_t size);
__host__ CUresult cuMemSetAccess(CUdeviceptr p, size_t size, const CUmemAccessDesc *d,
                                 size_t count);
__host__ CUresult cuMemExportToShareableHandle(void *shareable, CUmemGenericAllocationHandle h,
                                               CUmemAllocationHandleType t,
                                               unsigned long long flags);
__host__ CUresult cuMemImportFromShareableHandle(CUmemGenericAllocationHandle *h,
                                                 void *shareable, CUmemAllocationHandleType t);
__host__ CUresult cuMemcpyHtoD(CUdeviceptr d, const void *s, size_t bytes);
__host__ CUresult cuMemcpyDtoH(void *d, CUdeviceptr s, size_t bytes);
__host__ CUresult cuMemcpyDtoD(CUdeviceptr d, CUdeviceptr s, size_t bytes);
__host__ CUresult cuMemsetD8(CUdeviceptr d, unsigned char v, size_t n);
__host__ CUresult cuMemsetD32(CUdeviceptr d, unsigned int v, size_t n);
__host__ CUresult cuLaunchKernel(CUfunction f, unsigned int gx, unsigned int gy, unsigned int gz,
                                 unsigned int bx, unsigned int by, unsigned int bz,
                                 unsigned int shmem, CUstream s, void **params, void **extra);
__host__ CUresult cuStreamCreate(CUstream *s, unsigned int flags);
__host__ CUresult cuStreamSynchronize(CUstream s);
__host__ CUresult cuStreamDestroy(CUstream s);
__host__ CUresult cuEventCreate(CUevent *e, unsigned int flags);
__host__ CUresult cuEventRecord(CUevent e, CUstream s);
__host__ CUresult cuEventSynchronize(CUevent e);
__host__ CUresult cuEventElapsedTime(float *ms, CUevent a, CUevent b);
__host__ CUresult cuEventDestroy(CUevent e);
__host__ CUresult cuGetErrorName(CUresult e, const char **s);
__host__ CUresult cuGetErrorString(CUresult e, const char **s);
}

#include "curand_kernel.h"
#include "cooperative_groups.h"

#endif
