/*
 * gpumc_cuda.h -- CUDA prelude, force-included by the gpumc frontend.
 *
 * Declares just enough of the CUDA device API for clang (-x cuda
 * --cuda-device-only -nocudainc) to parse kernels without a CUDA toolkit.
 * Functions declared here have no bodies on purpose: the frontend
 * recognises them by name and lowers them to gpumc events (atomics,
 * fences, barriers) or rejects them as unsupported (warp intrinsics).
 * Host-side declarations exist only so that host code in the same .cu
 * file parses; host code is never lowered.
 */
#ifndef GPUMC_CUDA_PRELUDE_H
#define GPUMC_CUDA_PRELUDE_H

#define __GPUMC__ 1
#ifndef __CUDACC__
#define __CUDACC__ 1
#endif
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __restrict__ __restrict
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __align__(n) __attribute__((aligned(n)))
#define __builtin_align__(n) __attribute__((aligned(n)))

typedef __SIZE_TYPE__ size_t;

/* ---- vector types and the built-in index variables ------------------- */
#define __GPUMC_VEC(T, N) \
    struct N##1 { T x; }; struct N##2 { T x, y; }; \
    struct N##3 { T x, y, z; }; struct N##4 { T x, y, z, w; }; \
    typedef struct N##1 N##1; typedef struct N##2 N##2; \
    typedef struct N##3 N##3; typedef struct N##4 N##4;
__GPUMC_VEC(char, char)
__GPUMC_VEC(unsigned char, uchar)
__GPUMC_VEC(short, short)
__GPUMC_VEC(unsigned short, ushort)
__GPUMC_VEC(int, int)
__GPUMC_VEC(unsigned int, uint)
__GPUMC_VEC(long, long)
__GPUMC_VEC(unsigned long, ulong)
__GPUMC_VEC(long long, longlong)
__GPUMC_VEC(unsigned long long, ulonglong)
__GPUMC_VEC(float, float)
__GPUMC_VEC(double, double)
#undef __GPUMC_VEC

struct dim3 {
    unsigned int x, y, z;
    __host__ __device__ dim3(unsigned int vx = 1, unsigned int vy = 1,
                             unsigned int vz = 1) : x(vx), y(vy), z(vz) {}
};
typedef struct dim3 dim3;

extern const __device__ uint3 threadIdx;
extern const __device__ uint3 blockIdx;
extern const __device__ dim3 blockDim;
extern const __device__ dim3 gridDim;
extern const __device__ int warpSize;

/* ---- atomics (lowered by name; _block = cta, _system = sys scope) ---- */
#define __GPUMC_A2(name, T) \
    __device__ T name(T *address, T val); \
    __device__ T name##_block(T *address, T val); \
    __device__ T name##_system(T *address, T val);
#define __GPUMC_AINT(name) \
    __GPUMC_A2(name, int) __GPUMC_A2(name, unsigned int) \
    __GPUMC_A2(name, long long) __GPUMC_A2(name, unsigned long long)
__GPUMC_AINT(atomicAdd)
__GPUMC_A2(atomicAdd, float)
__GPUMC_A2(atomicAdd, double)
__GPUMC_AINT(atomicSub)
__GPUMC_AINT(atomicExch)
__GPUMC_A2(atomicExch, float)
__GPUMC_AINT(atomicMin)
__GPUMC_AINT(atomicMax)
__GPUMC_AINT(atomicAnd)
__GPUMC_AINT(atomicOr)
__GPUMC_AINT(atomicXor)
__GPUMC_A2(atomicInc, unsigned int)
__GPUMC_A2(atomicDec, unsigned int)
#define __GPUMC_CAS(T) \
    __device__ T atomicCAS(T *address, T compare, T val); \
    __device__ T atomicCAS_block(T *address, T compare, T val); \
    __device__ T atomicCAS_system(T *address, T compare, T val);
__GPUMC_CAS(int)
__GPUMC_CAS(unsigned int)
__GPUMC_CAS(long long)
__GPUMC_CAS(unsigned long long)
__GPUMC_CAS(unsigned short)
#undef __GPUMC_CAS
#undef __GPUMC_AINT
#undef __GPUMC_A2

/* ---- fences and barriers --------------------------------------------- */
__device__ void __threadfence_block(void);
__device__ void __threadfence(void);
__device__ void __threadfence_system(void);
__device__ void __syncthreads(void);
__device__ int __syncthreads_count(int predicate);
__device__ int __syncthreads_and(int predicate);
__device__ int __syncthreads_or(int predicate);

/* ---- warp-level intrinsics: declared so they parse, rejected later --- */
__device__ void __syncwarp(unsigned int mask = 0xffffffffu);
__device__ unsigned int __activemask(void);
__device__ unsigned int __ballot_sync(unsigned int mask, int predicate);
__device__ int __any_sync(unsigned int mask, int predicate);
__device__ int __all_sync(unsigned int mask, int predicate);
__device__ int __any(int predicate);
__device__ int __all(int predicate);
__device__ unsigned int __ballot(int predicate);
#define __GPUMC_SHFL(T) \
    __device__ T __shfl_sync(unsigned int mask, T var, int srcLane, int width = 32); \
    __device__ T __shfl_up_sync(unsigned int mask, T var, unsigned int delta, int width = 32); \
    __device__ T __shfl_down_sync(unsigned int mask, T var, unsigned int delta, int width = 32); \
    __device__ T __shfl_xor_sync(unsigned int mask, T var, int laneMask, int width = 32); \
    __device__ T __shfl(T var, int srcLane, int width = 32); \
    __device__ T __shfl_up(T var, unsigned int delta, int width = 32); \
    __device__ T __shfl_down(T var, unsigned int delta, int width = 32); \
    __device__ T __shfl_xor(T var, int laneMask, int width = 32); \
    __device__ unsigned int __match_any_sync(unsigned int mask, T value);
__GPUMC_SHFL(int)
__GPUMC_SHFL(unsigned int)
__GPUMC_SHFL(long long)
__GPUMC_SHFL(unsigned long long)
__GPUMC_SHFL(float)
__GPUMC_SHFL(double)
#undef __GPUMC_SHFL
__device__ unsigned int __reduce_add_sync(unsigned int mask, unsigned int value);
__device__ unsigned int __lanemask_lt(void);
__device__ long long clock64(void);
__device__ long long clock(void);
__device__ void __nanosleep(unsigned int ns);

/* ---- integer helpers (lowered by name) -------------------------------- */
#define __GPUMC_MM(T) \
    __host__ __device__ T min(T a, T b); __host__ __device__ T max(T a, T b);
__GPUMC_MM(int)
__GPUMC_MM(unsigned int)
__GPUMC_MM(long long)
__GPUMC_MM(unsigned long long)
__GPUMC_MM(long)
__GPUMC_MM(unsigned long)
#undef __GPUMC_MM
__host__ __device__ unsigned int umin(unsigned int a, unsigned int b);
__host__ __device__ unsigned int umax(unsigned int a, unsigned int b);
__host__ __device__ long long llmin(long long a, long long b);
__host__ __device__ long long llmax(long long a, long long b);
__device__ int abs(int a);
__device__ int __popc(unsigned int x);
__device__ int __popcll(unsigned long long x);
__device__ int __clz(int x);
__device__ int __ffs(int x);
__device__ int __float_as_int(float x);
__device__ float __int_as_float(int x);
__device__ unsigned int __float_as_uint(float x);
__device__ float __uint_as_float(unsigned int x);
__device__ long long __double_as_longlong(double x);
__device__ double __longlong_as_double(long long x);
__device__ int __mul24(int a, int b);
__device__ unsigned int __umul24(unsigned int a, unsigned int b);
#define __GPUMC_LDG(T) __device__ T __ldg(const T *p);
__GPUMC_LDG(char)
__GPUMC_LDG(unsigned char)
__GPUMC_LDG(short)
__GPUMC_LDG(unsigned short)
__GPUMC_LDG(int)
__GPUMC_LDG(unsigned int)
__GPUMC_LDG(long)
__GPUMC_LDG(unsigned long)
__GPUMC_LDG(long long)
__GPUMC_LDG(unsigned long long)
__GPUMC_LDG(float)
__GPUMC_LDG(double)
#undef __GPUMC_LDG

/* ---- printf and assert ------------------------------------------------ */
extern "C" __device__ int printf(const char *fmt, ...);
__host__ __device__ void __gpumc_assert(int cond);
#undef assert
#define assert(e) __gpumc_assert(!!(e))

/* ---- host-side API, so that host code in the file parses ------------- */
typedef int cudaError_t;
enum cudaMemcpyKind { cudaMemcpyHostToHost = 0, cudaMemcpyHostToDevice = 1,
                      cudaMemcpyDeviceToHost = 2, cudaMemcpyDeviceToDevice = 3,
                      cudaMemcpyDefault = 4 };
#define cudaSuccess 0
typedef struct CUstream_st *cudaStream_t;
extern "C" {
__host__ cudaError_t cudaMalloc(void **p, size_t n);
__host__ cudaError_t cudaMallocManaged(void **p, size_t n, unsigned int flags = 1);
__host__ cudaError_t cudaMallocHost(void **p, size_t n);
__host__ cudaError_t cudaFree(void *p);
__host__ cudaError_t cudaFreeHost(void *p);
__host__ cudaError_t cudaMemcpy(void *d, const void *s, size_t n, enum cudaMemcpyKind k);
__host__ cudaError_t cudaMemset(void *d, int v, size_t n);
__host__ cudaError_t cudaDeviceSynchronize(void);
__host__ cudaError_t cudaDeviceReset(void);
__host__ cudaError_t cudaGetLastError(void);
__host__ cudaError_t cudaPeekAtLastError(void);
__host__ const char *cudaGetErrorString(cudaError_t e);
__host__ cudaError_t cudaSetDevice(int d);
__host__ cudaError_t cudaMemcpyToSymbol(const void *sym, const void *src, size_t n,
                                        size_t off = 0,
                                        enum cudaMemcpyKind k = cudaMemcpyHostToDevice);
__host__ cudaError_t cudaMemcpyFromSymbol(void *dst, const void *sym, size_t n,
                                          size_t off = 0,
                                          enum cudaMemcpyKind k = cudaMemcpyDeviceToHost);
__host__ int cudaConfigureCall(dim3 grid, dim3 block, size_t shmem = 0,
                               cudaStream_t stream = 0);
__host__ unsigned __cudaPushCallConfiguration(dim3 grid, dim3 block,
                                              size_t shmem = 0, void *stream = 0);
}
template <class T>
__host__ cudaError_t cudaMalloc(T **p, size_t n) { return cudaMalloc((void **)p, n); }
template <class T>
__host__ cudaError_t cudaMallocManaged(T **p, size_t n, unsigned int flags = 1)
{ return cudaMallocManaged((void **)p, n, flags); }

#endif
