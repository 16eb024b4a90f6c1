/*
 * gpumc_cuda.h -- the CUDA device API for gpumc's compile pipeline.
 *
 * Force-included (-include) before the user's .cu file, which clang
 * compiles as CUDA device code (--cuda-device-only -nocudainc), so kernels
 * need no CUDA toolkit.  Everything a kernel calls is defined here in
 * terms of the gpumc intrinsics of gpumc_ir.h: the instrumentation pass
 * turns those into harness ABI calls.  Anything declared without a body
 * is either a C library function the native harness links against (math)
 * or unsupported, which the pass reports at the call.
 *
 * Semantics (SPEC 3.1): atomicX is relaxed at gpu scope, _block cta,
 * _system sys; __threadfence_block/__threadfence/__threadfence_system are
 * SC fences at cta/gpu/sys scope; __syncthreads is the CTA barrier.
 */
#include <gpumc_names_save.h>
#ifndef GPUMC_CUDA_H
#define GPUMC_CUDA_H

#define __GPUMC__ 1
#ifndef __CUDACC__
#define __CUDACC__ 1
#endif
#ifndef __CUDA_ARCH__
#define __CUDA_ARCH__ 700
#endif
#define __CUDA_RUNTIME_H__ 1
#define __DRIVER_TYPES_H__ 1
#define CUDART_VERSION 11080
#define __CUDACC_VER_MAJOR__ 11
#define __CUDACC_VER_MINOR__ 8
#define __CUDACC_VER_BUILD__ 89
/* the kernel is checked as nvcc compiles it: portable code often takes
 * "#if !defined(__NVCC__)" to mean a plain C++ compiler (and defines
 * __device__ away) */
#ifndef __NVCC__
#define __NVCC__ 1
#endif

#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed)) __attribute__((device)) /* managed implies device */
#define __forceinline__ __inline__ __attribute__((always_inline))
#if defined(__cplusplus) && __has_include(<memory>)
/* libstdc++ 12 writes __attribute__((__noinline__)) in <memory>: read it
 * before __noinline__ becomes a macro (clang 15 makes it a keyword); clang's
 * <new> wrapper wants malloc and free declared first */
#include <stdlib.h>
/* device code's malloc and free (new and delete call them): below */
extern "C" __attribute__((device)) void *malloc(size_t n);
extern "C" __attribute__((device)) void free(void *p);
#include <memory>
#endif
#define __noinline__ __attribute__((noinline))
#define __restrict__ __restrict
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __align__(n) __attribute__((aligned(n)))
#define __builtin_align__(n) __attribute__((aligned(n)))
#define __grid_constant__

#include "gpumc_ir.h"

#define __GPUMC_FI static __inline__ __attribute__((always_inline)) __device__
#define __GPUMC_HDFI static __inline__ __attribute__((always_inline)) __host__ __device__

/* Device math, declared before the C library (as clang's own CUDA wrapper
 * does): device overloads of the libm names whose bodies are clang
 * builtins; the native harness runs them with the host's libm. */
#define __GPUMC_M1(F, D)                                                       \
    __GPUMC_FI float F(float x) { return __builtin_##F(x); }                   \
    __GPUMC_FI double D(double x) { return __builtin_##D(x); }
#define __GPUMC_M2(F, D)                                                       \
    __GPUMC_FI float F(float x, float y) { return __builtin_##F(x, y); }       \
    __GPUMC_FI double D(double x, double y) { return __builtin_##D(x, y); }
__GPUMC_M1(expf, exp) __GPUMC_M1(exp2f, exp2) __GPUMC_M1(expm1f, expm1)
__GPUMC_M1(logf, log) __GPUMC_M1(log2f, log2) __GPUMC_M1(log10f, log10) __GPUMC_M1(log1pf, log1p)
__GPUMC_M1(sqrtf, sqrt) __GPUMC_M1(cbrtf, cbrt) __GPUMC_M1(fabsf, fabs)
__GPUMC_M1(floorf, floor) __GPUMC_M1(ceilf, ceil) __GPUMC_M1(truncf, trunc)
__GPUMC_M1(roundf, round) __GPUMC_M1(rintf, rint) __GPUMC_M1(nearbyintf, nearbyint)
__GPUMC_M1(sinf, sin) __GPUMC_M1(cosf, cos) __GPUMC_M1(tanf, tan)
__GPUMC_M1(asinf, asin) __GPUMC_M1(acosf, acos) __GPUMC_M1(atanf, atan)
__GPUMC_M1(sinhf, sinh) __GPUMC_M1(coshf, cosh) __GPUMC_M1(tanhf, tanh)
__GPUMC_M1(asinhf, asinh) __GPUMC_M1(acoshf, acosh) __GPUMC_M1(atanhf, atanh)
__GPUMC_M1(erff, erf) __GPUMC_M1(erfcf, erfc) __GPUMC_M1(tgammaf, tgamma) __GPUMC_M1(lgammaf, lgamma)
__GPUMC_M2(powf, pow) __GPUMC_M2(fminf, fmin) __GPUMC_M2(fmaxf, fmax) __GPUMC_M2(fmodf, fmod)
__GPUMC_M2(atan2f, atan2) __GPUMC_M2(hypotf, hypot) __GPUMC_M2(copysignf, copysign)
__GPUMC_M2(remainderf, remainder) __GPUMC_M2(fdimf, fdim)
#undef __GPUMC_M1
#undef __GPUMC_M2
__GPUMC_FI float fmaf(float x, float y, float z) { return __builtin_fmaf(x, y, z); }
__GPUMC_FI double fma(double x, double y, double z) { return __builtin_fma(x, y, z); }
__GPUMC_FI float ldexpf(float x, int e) { return __builtin_ldexpf(x, e); }
__GPUMC_FI double ldexp(double x, int e) { return __builtin_ldexp(x, e); }
__GPUMC_FI void sincosf(float x, float *s, float *c) { *s = __builtin_sinf(x); *c = __builtin_cosf(x); }
/* Outputs through a pointer go through a local, so the kernel's store to
 * *e is an ordinary (checked) access whatever memory it points to. */
__GPUMC_FI float frexpf(float x, int *e) { int k; float m = __builtin_frexpf(x, &k); *e = k; return m; }
__GPUMC_FI double frexp(double x, int *e) { int k; double m = __builtin_frexp(x, &k); *e = k; return m; }
__GPUMC_FI float frexp(float x, int *e) { return frexpf(x, e); }
__GPUMC_FI float modff(float x, float *ip) { float i = __builtin_truncf(x); *ip = i; return x - i; }
__GPUMC_FI double modf(double x, double *ip) { double i = __builtin_trunc(x); *ip = i; return x - i; }
__GPUMC_FI float remquof(float x, float y, int *q)
{ int k; float r = __builtin_remquof(x, y, &k); *q = k; return r; }
__GPUMC_FI double remquo(double x, double y, int *q)
{ int k; double r = __builtin_remquo(x, y, &k); *q = k; return r; }
__GPUMC_FI float logbf(float x) { return __builtin_logbf(x); }
__GPUMC_FI double logb(double x) { return __builtin_logb(x); }
__GPUMC_FI int ilogbf(float x) { return __builtin_ilogbf(x); }
__GPUMC_FI int ilogb(double x) { return __builtin_ilogb(x); }
__GPUMC_FI float scalbnf(float x, int n) { return __builtin_scalbnf(x, n); }
__GPUMC_FI double scalbn(double x, int n) { return __builtin_scalbn(x, n); }
__GPUMC_FI float nanf(const char *tag) { (void)tag; return __builtin_nanf(""); }
__GPUMC_FI double nan(const char *tag) { (void)tag; return __builtin_nan(""); }
__GPUMC_FI float nextafterf(float x, float y) { return __builtin_nextafterf(x, y); }
__GPUMC_FI double nextafter(double x, double y) { return __builtin_nextafter(x, y); }
__GPUMC_FI void sincos(double x, double *s, double *c) { *s = __builtin_sin(x); *c = __builtin_cos(x); }
__GPUMC_FI float exp10f(float x) { return __builtin_powf(10.0f, x); }
__GPUMC_FI long lroundf(float x) { return __builtin_lroundf(x); }
__GPUMC_FI long lround(double x) { return __builtin_lround(x); }
__GPUMC_FI long long llroundf(float x) { return __builtin_llroundf(x); }
__GPUMC_FI long long llround(double x) { return __builtin_llround(x); }
__GPUMC_FI long lrintf(float x) { return __builtin_lrintf(x); }
__GPUMC_FI long lrint(double x) { return __builtin_lrint(x); }
__GPUMC_FI long long llrintf(float x) { return __builtin_llrintf(x); }
__GPUMC_FI long long llrint(double x) { return __builtin_llrint(x); }
__GPUMC_FI int abs(int x) { return x < 0 ? -x : x; }
__GPUMC_FI long labs(long x) { return x < 0 ? -x : x; }
__GPUMC_FI long long llabs(long long x) { return x < 0 ? -x : x; }
__GPUMC_FI int isnan(float x) { return __builtin_isnan(x); }
__GPUMC_FI int isnan(double x) { return __builtin_isnan(x); }
__GPUMC_FI int isinf(float x) { return __builtin_isinf(x); }
__GPUMC_FI int isinf(double x) { return __builtin_isinf(x); }
__GPUMC_FI int isfinite(float x) { return __builtin_isfinite(x); }
__GPUMC_FI int isfinite(double x) { return __builtin_isfinite(x); }
__GPUMC_FI void *memcpy(void *d, const void *s, __SIZE_TYPE__ n) { return __builtin_memcpy(d, s, n); }
__GPUMC_FI void *memset(void *d, int c, __SIZE_TYPE__ n) { return __builtin_memset(d, c, n); }

/* The C and C++ library for host code in the same file. */
#include <stddef.h>
#include <stdint.h>
#include <limits.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <time.h> /* as nvcc's common_functions.h: host code calls time() and clock() */
/* Device printf (clang lowers it itself); its output is not modelled. */
extern "C" __device__ int printf(const char *, ...);

/* ---- vector types ------------------------------------------------------ */
#define __GPUMC_VEC(T, N, A2, A4)                                              \
    struct N##1 { T x; };                                                      \
    struct __attribute__((aligned(A2))) N##2 { T x, y; };                      \
    struct N##3 { T x, y, z; };                                                \
    struct __attribute__((aligned(A4))) N##4 { T x, y, z, w; };                \
    typedef struct N##1 N##1; typedef struct N##2 N##2;                        \
    typedef struct N##3 N##3; typedef struct N##4 N##4;                        \
    __GPUMC_HDFI N##1 make_##N##1(T x) { N##1 r = {x}; return r; }             \
    __GPUMC_HDFI N##2 make_##N##2(T x, T y) { N##2 r = {x, y}; return r; }     \
    __GPUMC_HDFI N##3 make_##N##3(T x, T y, T z) { N##3 r = {x, y, z}; return r; } \
    __GPUMC_HDFI N##4 make_##N##4(T x, T y, T z, T w) { N##4 r = {x, y, z, w}; return r; }
__GPUMC_VEC(signed char, char, 2, 4)
__GPUMC_VEC(unsigned char, uchar, 2, 4)
__GPUMC_VEC(short, short, 4, 8)
__GPUMC_VEC(unsigned short, ushort, 4, 8)
__GPUMC_VEC(int, int, 8, 16)
__GPUMC_VEC(unsigned int, uint, 8, 16)
__GPUMC_VEC(long, long, 16, 16)
__GPUMC_VEC(unsigned long, ulong, 16, 16)
__GPUMC_VEC(long long, longlong, 16, 16)
__GPUMC_VEC(unsigned long long, ulonglong, 16, 16)
__GPUMC_VEC(float, float, 8, 16)
__GPUMC_VEC(double, double, 16, 16)
#undef __GPUMC_VEC

struct dim3 {
    unsigned int x, y, z;
    __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1,
                                       unsigned int vz = 1) : x(vx), y(vy), z(vz) {}
    __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
    __host__ __device__ constexpr operator uint3() const { return uint3{x, y, z}; }
};
typedef struct dim3 dim3;

/* ---- threadIdx, blockIdx, blockDim, gridDim, warpSize ------------------ */
#define __GPUMC_SREG_VAR(TYPE, BASE)                                           \
    struct TYPE {                                                              \
        __declspec(property(get = __get_x)) unsigned int x;                    \
        __declspec(property(get = __get_y)) unsigned int y;                    \
        __declspec(property(get = __get_z)) unsigned int z;                    \
        static __forceinline__ __device__ unsigned int __get_x(void) { return __gpumc_sreg(BASE); } \
        static __forceinline__ __device__ unsigned int __get_y(void) { return __gpumc_sreg(BASE + 1); } \
        static __forceinline__ __device__ unsigned int __get_z(void) { return __gpumc_sreg(BASE + 2); } \
        __forceinline__ __device__ operator uint3() const { return uint3{__get_x(), __get_y(), __get_z()}; } \
        __forceinline__ __device__ operator dim3() const { return dim3(__get_x(), __get_y(), __get_z()); } \
    };
__GPUMC_SREG_VAR(__gpumc_threadIdx_t, 0)
__GPUMC_SREG_VAR(__gpumc_blockIdx_t, 3)
__GPUMC_SREG_VAR(__gpumc_blockDim_t, 6)
__GPUMC_SREG_VAR(__gpumc_gridDim_t, 9)
#undef __GPUMC_SREG_VAR
extern const __device__ __gpumc_threadIdx_t threadIdx;
extern const __device__ __gpumc_blockIdx_t blockIdx;
extern const __device__ __gpumc_blockDim_t blockDim;
extern const __device__ __gpumc_gridDim_t gridDim;
constexpr int warpSize = 32; /* a constant, not a macro: cudaDeviceProp has a warpSize */

/* ---- atomics ------------------------------------------------------------ */
/* A value's bits as 64: its first 8 bytes (wider values go in pieces,
 * __gpumc_shfl_t). */
template <class T> __GPUMC_FI unsigned long long __gpumc_bits(T v)
{
    unsigned long long b = 0;
    __builtin_memcpy(&b, &v, sizeof(T) < 8 ? sizeof(T) : 8);
    return b;
}
template <class T> __GPUMC_FI T __gpumc_unbits(unsigned long long b)
{
    T v = T();
    __builtin_memcpy(&v, &b, sizeof(T) < 8 ? sizeof(T) : 8);
    return v;
}
template <class T> __GPUMC_FI T __gpumc_atomic_op(T *p, int op, T v, int scope)
{
    return __gpumc_unbits<T>(__gpumc_rmw(p, sizeof(T), op, __gpumc_bits(v), __GPUMC_ORDER_RLX, scope));
}
template <class T> __GPUMC_FI T __gpumc_atomic_cas(T *p, T cmp, T v, int scope)
{
    return __gpumc_unbits<T>(__gpumc_cas(p, sizeof(T), __gpumc_bits(cmp), __gpumc_bits(v),
                                         __GPUMC_ORDER_RLX, __GPUMC_ORDER_RLX, scope));
}

#define __GPUMC_ATOMIC(NAME, T, OP)                                                     \
    __GPUMC_FI T NAME(T *p, T v) { return __gpumc_atomic_op(p, OP, v, __GPUMC_SCOPE_GPU); } \
    __GPUMC_FI T NAME##_block(T *p, T v) { return __gpumc_atomic_op(p, OP, v, __GPUMC_SCOPE_CTA); } \
    __GPUMC_FI T NAME##_system(T *p, T v) { return __gpumc_atomic_op(p, OP, v, __GPUMC_SCOPE_SYS); }
#define __GPUMC_ATOMIC_INTS(NAME, SOP, UOP)                                    \
    __GPUMC_ATOMIC(NAME, int, SOP) __GPUMC_ATOMIC(NAME, unsigned int, UOP)     \
    __GPUMC_ATOMIC(NAME, long long, SOP) __GPUMC_ATOMIC(NAME, unsigned long long, UOP)
/* gpumc_rmw_op: 0 xchg 1 add 2 sub 3 and 4 or 5 xor 6 min 7 max 8 umin
 * 9 umax 10 inc 11 dec 12 fadd 13 fsub 14 hadd (binary16) 15 bfadd (bfloat16);
 * cuda_fp16.h and cuda_bf16.h use the last two */
__GPUMC_ATOMIC_INTS(atomicAdd, 1, 1)
__GPUMC_ATOMIC(atomicAdd, float, 12)
__GPUMC_ATOMIC(atomicAdd, double, 12)
__GPUMC_ATOMIC_INTS(atomicSub, 2, 2)
__GPUMC_ATOMIC(atomicSub, float, 13)
__GPUMC_ATOMIC_INTS(atomicExch, 0, 0)
__GPUMC_ATOMIC(atomicExch, float, 0)
__GPUMC_ATOMIC(atomicExch, double, 0)
__GPUMC_ATOMIC_INTS(atomicMin, 6, 8)
__GPUMC_ATOMIC_INTS(atomicMax, 7, 9)
__GPUMC_ATOMIC_INTS(atomicAnd, 3, 3)
__GPUMC_ATOMIC_INTS(atomicOr, 4, 4)
__GPUMC_ATOMIC_INTS(atomicXor, 5, 5)
__GPUMC_ATOMIC(atomicInc, unsigned int, 10)
__GPUMC_ATOMIC(atomicDec, unsigned int, 11)
#undef __GPUMC_ATOMIC_INTS
#undef __GPUMC_ATOMIC

#define __GPUMC_CAS(T)                                                                  \
    __GPUMC_FI T atomicCAS(T *p, T c, T v) { return __gpumc_atomic_cas(p, c, v, __GPUMC_SCOPE_GPU); } \
    __GPUMC_FI T atomicCAS_block(T *p, T c, T v) { return __gpumc_atomic_cas(p, c, v, __GPUMC_SCOPE_CTA); } \
    __GPUMC_FI T atomicCAS_system(T *p, T c, T v) { return __gpumc_atomic_cas(p, c, v, __GPUMC_SCOPE_SYS); }
__GPUMC_CAS(int)
__GPUMC_CAS(unsigned int)
__GPUMC_CAS(long long)
__GPUMC_CAS(unsigned long long)
__GPUMC_CAS(unsigned short)
#undef __GPUMC_CAS

/* CUDA 12.8's atomic built-ins: GNU's __atomic_* with a memory order and a
 * thread scope.  Consume is acquire (as nvcc implements it); without a
 * cluster launch every CTA is a cluster of its own, so cluster scope is
 * block scope. */
#define __CUDACC_DEVICE_ATOMIC_BUILTINS__ 1
enum {
    __NV_ATOMIC_RELAXED,
    __NV_ATOMIC_CONSUME,
    __NV_ATOMIC_ACQUIRE,
    __NV_ATOMIC_RELEASE,
    __NV_ATOMIC_ACQ_REL,
    __NV_ATOMIC_SEQ_CST
};
enum {
    __NV_THREAD_SCOPE_THREAD,
    __NV_THREAD_SCOPE_BLOCK,
    __NV_THREAD_SCOPE_CLUSTER,
    __NV_THREAD_SCOPE_DEVICE,
    __NV_THREAD_SCOPE_SYSTEM
};
__GPUMC_FI int __gpumc_nv_order(int o)
{
    return o == __NV_ATOMIC_RELAXED ? __GPUMC_ORDER_RLX
         : o == __NV_ATOMIC_CONSUME || o == __NV_ATOMIC_ACQUIRE ? __GPUMC_ORDER_ACQ
         : o == __NV_ATOMIC_RELEASE ? __GPUMC_ORDER_REL
         : o == __NV_ATOMIC_ACQ_REL ? __GPUMC_ORDER_ACQ_REL : __GPUMC_ORDER_SC;
}
__GPUMC_FI int __gpumc_nv_scope(int s)
{
    return s == __NV_THREAD_SCOPE_THREAD ? __GPUMC_SCOPE_THREAD
         : s == __NV_THREAD_SCOPE_BLOCK || s == __NV_THREAD_SCOPE_CLUSTER ? __GPUMC_SCOPE_CTA
         : s == __NV_THREAD_SCOPE_DEVICE ? __GPUMC_SCOPE_GPU : __GPUMC_SCOPE_SYS;
}
template <class T> __GPUMC_FI T __gpumc_nv_rmw(T *p, int op, T v, int order, int scope)
{
    static_assert(sizeof(T) <= 8, "gpumc models atomics of at most 8 bytes");
    return __gpumc_unbits<T>(__gpumc_rmw(p, sizeof(T), op, __gpumc_bits(v),
                                         __gpumc_nv_order(order), __gpumc_nv_scope(scope)));
}
template <class T> constexpr int __gpumc_nv_op(int iop, int fop) { return T(0.5) != T(0) ? fop : iop; }
template <class T> constexpr int __gpumc_nv_minmax(int sop, int uop) { return T(-1) < T(0) ? sop : uop; }
#define __GPUMC_NV_RMW(NAME, OP)                                                            \
    template <class T>                                                                      \
    __GPUMC_FI T __nv_atomic_fetch_##NAME(T *p, T v, int order, int scope = __NV_THREAD_SCOPE_SYSTEM) \
    { return __gpumc_nv_rmw(p, OP, v, order, scope); }                                       \
    template <class T>                                                                      \
    __GPUMC_FI void __nv_atomic_##NAME(T *p, T v, int order, int scope = __NV_THREAD_SCOPE_SYSTEM) \
    { (void)__gpumc_nv_rmw(p, OP, v, order, scope); }
__GPUMC_NV_RMW(add, (__gpumc_nv_op<T>(1, 12)))
__GPUMC_NV_RMW(sub, (__gpumc_nv_op<T>(2, 13)))
__GPUMC_NV_RMW(and, 3)
__GPUMC_NV_RMW(or, 4)
__GPUMC_NV_RMW(xor, 5)
__GPUMC_NV_RMW(min, (__gpumc_nv_minmax<T>(6, 8)))
__GPUMC_NV_RMW(max, (__gpumc_nv_minmax<T>(7, 9)))
#undef __GPUMC_NV_RMW
template <class T>
__GPUMC_FI T __nv_atomic_exchange_n(T *p, T v, int order, int scope = __NV_THREAD_SCOPE_SYSTEM)
{ return __gpumc_nv_rmw(p, 0, v, order, scope); }
template <class T>
__GPUMC_FI void __nv_atomic_exchange(T *p, T *v, T *ret, int order, int scope = __NV_THREAD_SCOPE_SYSTEM)
{ *ret = __gpumc_nv_rmw(p, 0, *v, order, scope); }
template <class T>
__GPUMC_FI T __nv_atomic_load_n(T *p, int order, int scope = __NV_THREAD_SCOPE_SYSTEM)
{
    static_assert(sizeof(T) <= 8, "gpumc models atomics of at most 8 bytes");
    return __gpumc_unbits<T>(__gpumc_load(p, sizeof(T), __gpumc_nv_order(order), __gpumc_nv_scope(scope)));
}
template <class T>
__GPUMC_FI void __nv_atomic_load(T *p, T *ret, int order, int scope = __NV_THREAD_SCOPE_SYSTEM)
{ *ret = __nv_atomic_load_n(p, order, scope); }
template <class T>
__GPUMC_FI void __nv_atomic_store_n(T *p, T v, int order, int scope = __NV_THREAD_SCOPE_SYSTEM)
{
    static_assert(sizeof(T) <= 8, "gpumc models atomics of at most 8 bytes");
    __gpumc_store(p, sizeof(T), __gpumc_bits(v), __gpumc_nv_order(order), __gpumc_nv_scope(scope));
}
template <class T>
__GPUMC_FI void __nv_atomic_store(T *p, T *v, int order, int scope = __NV_THREAD_SCOPE_SYSTEM)
{ __nv_atomic_store_n(p, *v, order, scope); }
/* weak is ignored, as by nvcc: it never fails spuriously */
template <class T>
__GPUMC_FI bool __nv_atomic_compare_exchange_n(T *p, T *expected, T desired, bool weak, int success,
                                               int failure, int scope = __NV_THREAD_SCOPE_SYSTEM)
{
    static_assert(sizeof(T) <= 8, "gpumc models atomics of at most 8 bytes");
    (void)weak;
    T seen = __gpumc_unbits<T>(__gpumc_cas(p, sizeof(T), __gpumc_bits(*expected), __gpumc_bits(desired),
                                           __gpumc_nv_order(success), __gpumc_nv_order(failure),
                                           __gpumc_nv_scope(scope)));
    bool ok = __gpumc_bits(seen) == __gpumc_bits(*expected);
    if (!ok)
        *expected = seen;
    return ok;
}
template <class T>
__GPUMC_FI bool __nv_atomic_compare_exchange(T *p, T *expected, T *desired, bool weak, int success,
                                             int failure, int scope = __NV_THREAD_SCOPE_SYSTEM)
{ return __nv_atomic_compare_exchange_n(p, expected, *desired, weak, success, failure, scope); }

/* ---- fences and barriers ------------------------------------------------ */
__GPUMC_FI void __threadfence_block(void) { __gpumc_fence(__GPUMC_ORDER_SC, __GPUMC_SCOPE_CTA); }
__GPUMC_FI void __threadfence(void) { __gpumc_fence(__GPUMC_ORDER_SC, __GPUMC_SCOPE_GPU); }
__GPUMC_FI void __threadfence_system(void) { __gpumc_fence(__GPUMC_ORDER_SC, __GPUMC_SCOPE_SYS); }
__GPUMC_FI void __nv_atomic_thread_fence(int order, int scope = __NV_THREAD_SCOPE_SYSTEM)
{
    __gpumc_fence(__gpumc_nv_order(order), __gpumc_nv_scope(scope));
}
/* __syncthreads is a clang builtin on this target: a macro reaches ours. */
__GPUMC_FI void __gpumc_syncthreads(void) { __gpumc_barrier(__GPUMC_SCOPE_CTA); }
#define __syncthreads() __gpumc_syncthreads()

/* ---- warp collectives (Volta+: independent thread scheduling, warp size
 * 32; a mask must name the whole warp) and counting CTA barriers ---- */
__GPUMC_FI void __syncwarp(unsigned int mask = 0xffffffffu) { __gpumc_warp_sync(mask); }
__GPUMC_FI unsigned int __activemask(void) { return __gpumc_converge(); }
__GPUMC_FI unsigned int __ballot_sync(unsigned int mask, int pred) { return __gpumc_vote(mask, pred != 0, 0); }
__GPUMC_FI int __any_sync(unsigned int mask, int pred) { return (int)__gpumc_vote(mask, pred != 0, 1); }
__GPUMC_FI int __all_sync(unsigned int mask, int pred) { return (int)__gpumc_vote(mask, pred != 0, 2); }
__GPUMC_FI int __uni_sync(unsigned int mask, int pred)
{
    unsigned int b = __gpumc_vote(mask, pred != 0, 0);
    return b == 0 || b == (mask & __gpumc_sreg(14));
}
/* pre-Volta forms: the whole warp */
/* The mask-less forms CUDA 9 deprecated (and removed for sm_70 and
 * later): the whole warp, said once per call site. */
#define __GPUMC_LEGACY(NAME)                                                   \
    __gpumc_warn(NAME " without a mask is the pre-Volta form, removed for sm_70 and later: " \
                 "checked as " NAME "_sync(0xffffffff, ...), so every lane of the warp must " \
                 "reach it")
__GPUMC_FI unsigned int __ballot(int pred)
{ __GPUMC_LEGACY("__ballot"); return __ballot_sync(0xffffffffu, pred); }
__GPUMC_FI int __any(int pred) { __GPUMC_LEGACY("__any"); return __any_sync(0xffffffffu, pred); }
__GPUMC_FI int __all(int pred) { __GPUMC_LEGACY("__all"); return __all_sync(0xffffffffu, pred); }
template <class T> __GPUMC_FI T __gpumc_shfl_t(unsigned int mask, T var, int lane, int width, int kind)
{
    if (sizeof(T) <= 8)
        return __gpumc_unbits<T>(__gpumc_shfl(mask, __gpumc_bits(var), lane, width, kind));
    /* a wider type (cooperative groups shuffle any trivially copyable
     * one): 8 bytes at a time, each piece a shuffle of its own, as CUDA
     * moves it word by word */
    unsigned char in[sizeof(T)], out[sizeof(T)];
    __builtin_memcpy(in, &var, sizeof(T));
    for (unsigned k = 0; k < sizeof(T); k += 8) {
        unsigned n = sizeof(T) - k < 8 ? (unsigned)sizeof(T) - k : 8;
        unsigned long long w = 0;
        __builtin_memcpy(&w, in + k, n);
        w = __gpumc_shfl(mask, w, lane, width, kind);
        __builtin_memcpy(out + k, &w, n);
    }
    T r;
    __builtin_memcpy(&r, out, sizeof(T));
    return r;
}
template <class T> __GPUMC_FI T __shfl_sync(unsigned int mask, T var, int srcLane, int width = 32)
{ return __gpumc_shfl_t(mask, var, srcLane, width, 0); }
template <class T> __GPUMC_FI T __shfl_up_sync(unsigned int mask, T var, unsigned int delta, int width = 32)
{ return __gpumc_shfl_t(mask, var, (int)delta, width, 1); }
template <class T> __GPUMC_FI T __shfl_down_sync(unsigned int mask, T var, unsigned int delta, int width = 32)
{ return __gpumc_shfl_t(mask, var, (int)delta, width, 2); }
template <class T> __GPUMC_FI T __shfl_xor_sync(unsigned int mask, T var, int laneMask, int width = 32)
{ return __gpumc_shfl_t(mask, var, laneMask, width, 3); }
template <class T> __GPUMC_FI T __shfl(T var, int srcLane, int width = 32)
{ __GPUMC_LEGACY("__shfl"); return __shfl_sync(0xffffffffu, var, srcLane, width); }
template <class T> __GPUMC_FI T __shfl_up(T var, unsigned int delta, int width = 32)
{ __GPUMC_LEGACY("__shfl_up"); return __shfl_up_sync(0xffffffffu, var, delta, width); }
template <class T> __GPUMC_FI T __shfl_down(T var, unsigned int delta, int width = 32)
{ __GPUMC_LEGACY("__shfl_down"); return __shfl_down_sync(0xffffffffu, var, delta, width); }
template <class T> __GPUMC_FI T __shfl_xor(T var, int laneMask, int width = 32)
{ __GPUMC_LEGACY("__shfl_xor"); return __shfl_xor_sync(0xffffffffu, var, laneMask, width); }
template <class T> __GPUMC_FI unsigned int __match_any_sync(unsigned int mask, T value)
{ return __gpumc_match_any(mask, __gpumc_bits(value)); }
template <class T> __GPUMC_FI unsigned int __match_all_sync(unsigned int mask, T value, int *pred)
{
    unsigned int same = __gpumc_match_any(mask, __gpumc_bits(value));
    unsigned int all = mask & __gpumc_sreg(14);
    *pred = same == all;
    return same == all ? all : 0;
}
#define __GPUMC_WREDUCE(NAME, T, OP)                                           \
    __GPUMC_FI T NAME(unsigned int mask, T value)                              \
    { return (T)__gpumc_warp_reduce(mask, __gpumc_bits(value), OP, sizeof(T)); }
__GPUMC_WREDUCE(__reduce_add_sync, unsigned int, 1)
__GPUMC_WREDUCE(__reduce_add_sync, int, 1)
__GPUMC_WREDUCE(__reduce_min_sync, unsigned int, 8)
__GPUMC_WREDUCE(__reduce_min_sync, int, 6)
__GPUMC_WREDUCE(__reduce_max_sync, unsigned int, 9)
__GPUMC_WREDUCE(__reduce_max_sync, int, 7)
__GPUMC_WREDUCE(__reduce_and_sync, unsigned int, 3)
__GPUMC_WREDUCE(__reduce_or_sync, unsigned int, 4)
__GPUMC_WREDUCE(__reduce_xor_sync, unsigned int, 5)
#undef __GPUMC_WREDUCE
__GPUMC_FI unsigned int __lanemask_lt(void) { return (1u << __gpumc_sreg(13)) - 1u; }
__GPUMC_FI unsigned int __lanemask_le(void) { return (2u << __gpumc_sreg(13)) - 1u; }
__GPUMC_FI unsigned int __lanemask_eq(void) { return 1u << __gpumc_sreg(13); }
__GPUMC_FI unsigned int __lanemask_gt(void) { return ~__lanemask_le(); }
__GPUMC_FI unsigned int __lanemask_ge(void) { return ~__lanemask_lt(); }
/* __syncthreads_count/and/or are clang builtins on this target: macros. */
__GPUMC_FI int __gpumc_syncthreads_count(int p) { return __gpumc_cta_vote(p != 0, 0); }
__GPUMC_FI int __gpumc_syncthreads_and(int p) { return __gpumc_cta_vote(p != 0, 1); }
__GPUMC_FI int __gpumc_syncthreads_or(int p) { return __gpumc_cta_vote(p != 0, 2); }
#define __syncthreads_count(p) __gpumc_syncthreads_count(p)
#define __syncthreads_and(p) __gpumc_syncthreads_and(p)
#define __syncthreads_or(p) __gpumc_syncthreads_or(p)

/* ---- integer and bit intrinsics ------------------------------------------ */
__GPUMC_HDFI int min(int a, int b) { return a < b ? a : b; }
__GPUMC_HDFI int max(int a, int b) { return a > b ? a : b; }
__GPUMC_HDFI unsigned int min(unsigned int a, unsigned int b) { return a < b ? a : b; }
__GPUMC_HDFI unsigned int max(unsigned int a, unsigned int b) { return a > b ? a : b; }
__GPUMC_HDFI long min(long a, long b) { return a < b ? a : b; }
__GPUMC_HDFI long max(long a, long b) { return a > b ? a : b; }
__GPUMC_HDFI unsigned long min(unsigned long a, unsigned long b) { return a < b ? a : b; }
__GPUMC_HDFI unsigned long max(unsigned long a, unsigned long b) { return a > b ? a : b; }
__GPUMC_HDFI unsigned long min(long a, unsigned long b) { return min((unsigned long)a, b); }
__GPUMC_HDFI unsigned long min(unsigned long a, long b) { return min(a, (unsigned long)b); }
__GPUMC_HDFI unsigned long max(long a, unsigned long b) { return max((unsigned long)a, b); }
__GPUMC_HDFI unsigned long max(unsigned long a, long b) { return max(a, (unsigned long)b); }
__GPUMC_HDFI long long min(long long a, long long b) { return a < b ? a : b; }
__GPUMC_HDFI long long max(long long a, long long b) { return a > b ? a : b; }
__GPUMC_HDFI unsigned long long min(unsigned long long a, unsigned long long b) { return a < b ? a : b; }
__GPUMC_HDFI unsigned long long max(unsigned long long a, unsigned long long b) { return a > b ? a : b; }
__GPUMC_HDFI float min(float a, float b) { return fminf(a, b); }
__GPUMC_HDFI float max(float a, float b) { return fmaxf(a, b); }
__GPUMC_HDFI double min(double a, double b) { return fmin(a, b); }
__GPUMC_HDFI double max(double a, double b) { return fmax(a, b); }
/* mixed arguments, as CUDA's math API overloads them: the wider type wins */
__GPUMC_HDFI double min(float a, double b) { return fmin(a, b); }
__GPUMC_HDFI double min(double a, float b) { return fmin(a, b); }
__GPUMC_HDFI double max(float a, double b) { return fmax(a, b); }
__GPUMC_HDFI double max(double a, float b) { return fmax(a, b); }
__GPUMC_HDFI unsigned int min(int a, unsigned int b) { return min((unsigned int)a, b); }
__GPUMC_HDFI unsigned int min(unsigned int a, int b) { return min(a, (unsigned int)b); }
__GPUMC_HDFI unsigned int max(int a, unsigned int b) { return max((unsigned int)a, b); }
__GPUMC_HDFI unsigned int max(unsigned int a, int b) { return max(a, (unsigned int)b); }
__GPUMC_HDFI unsigned long long min(long long a, unsigned long long b)
{ return min((unsigned long long)a, b); }
__GPUMC_HDFI unsigned long long min(unsigned long long a, long long b)
{ return min(a, (unsigned long long)b); }
__GPUMC_HDFI unsigned long long max(long long a, unsigned long long b)
{ return max((unsigned long long)a, b); }
__GPUMC_HDFI unsigned long long max(unsigned long long a, long long b)
{ return max(a, (unsigned long long)b); }
__GPUMC_HDFI unsigned int umin(unsigned int a, unsigned int b) { return a < b ? a : b; }
__GPUMC_HDFI unsigned int umax(unsigned int a, unsigned int b) { return a > b ? a : b; }
__GPUMC_HDFI long long llmin(long long a, long long b) { return a < b ? a : b; }
__GPUMC_HDFI long long llmax(long long a, long long b) { return a > b ? a : b; }
__GPUMC_FI int __popc(unsigned int x) { return __builtin_popcount(x); }
__GPUMC_FI int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
__GPUMC_FI int __clz(int x) { return x ? __builtin_clz((unsigned int)x) : 32; }
__GPUMC_FI int __clzll(long long x) { return x ? __builtin_clzll((unsigned long long)x) : 64; }
__GPUMC_FI int __ffs(int x) { return __builtin_ffs(x); }
__GPUMC_FI int __ffsll(long long x) { return __builtin_ffsll(x); }
__GPUMC_FI unsigned int __brev(unsigned int x) { return __builtin_bitreverse32(x); }
__GPUMC_FI int __mul24(int a, int b) { return ((a << 8) >> 8) * ((b << 8) >> 8); }
__GPUMC_FI unsigned int __umul24(unsigned int a, unsigned int b) { return (a & 0xffffffu) * (b & 0xffffffu); }
__GPUMC_FI int __mulhi(int a, int b) { return (int)(((long long)a * b) >> 32); }
__GPUMC_FI unsigned int __umulhi(unsigned int a, unsigned int b) { return (unsigned int)(((unsigned long long)a * b) >> 32); }
__GPUMC_FI long long __mul64hi(long long a, long long b) { return (long long)(((__int128)a * b) >> 64); }
__GPUMC_FI unsigned long long __umul64hi(unsigned long long a, unsigned long long b)
{ return (unsigned long long)(((unsigned __int128)a * b) >> 64); }
/* |a - b| + c */
__GPUMC_FI unsigned int __sad(int a, int b, unsigned int c) { return (a > b ? (unsigned)(a - b) : (unsigned)(b - a)) + c; }
__GPUMC_FI unsigned int __usad(unsigned int a, unsigned int b, unsigned int c) { return (a > b ? a - b : b - a) + c; }

/* SIMD within a word: __v<op>2 on the two 16-bit halves, __v<op>4 on the
 * four bytes, each lane on its own (wrapping unless "ss"/"us": saturated
 * signed / unsigned; "cmp": all ones where true, "set": 1). */
enum {
    __GPUMC_V_ADD, __GPUMC_V_SUB, __GPUMC_V_ADDSS, __GPUMC_V_ADDUS, __GPUMC_V_SUBSS,
    __GPUMC_V_SUBUS, __GPUMC_V_ABSDIFFS, __GPUMC_V_ABSDIFFU, __GPUMC_V_MAXS, __GPUMC_V_MAXU,
    __GPUMC_V_MINS, __GPUMC_V_MINU, __GPUMC_V_AVGS, __GPUMC_V_AVGU, __GPUMC_V_HADDU,
    __GPUMC_V_EQ, __GPUMC_V_NE, __GPUMC_V_GES, __GPUMC_V_GEU, __GPUMC_V_GTS, __GPUMC_V_GTU,
    __GPUMC_V_LES, __GPUMC_V_LEU, __GPUMC_V_LTS, __GPUMC_V_LTU,
    __GPUMC_V_NEG, __GPUMC_V_NEGSS, __GPUMC_V_ABS, __GPUMC_V_ABSSS,
    __GPUMC_V_CMP = 0x100
};
__GPUMC_FI long long __gpumc_vsat(long long v, long long lo, long long hi) { return v < lo ? lo : v > hi ? hi : v; }
__GPUMC_FI long long __gpumc_vlane(unsigned int a, unsigned int b, int bits, int op)
{
    long long m = (1ll << bits) - 1, smin = -(1ll << (bits - 1)), smax = (1ll << (bits - 1)) - 1;
    long long ua = a & m, ub = b & m, sa = ua > smax ? ua - (m + 1) : ua, sb = ub > smax ? ub - (m + 1) : ub;
    switch (op & 0xff) {
    case __GPUMC_V_ADD: return ua + ub;
    case __GPUMC_V_SUB: return ua - ub;
    case __GPUMC_V_ADDSS: return __gpumc_vsat(sa + sb, smin, smax);
    case __GPUMC_V_ADDUS: return __gpumc_vsat(ua + ub, 0, m);
    case __GPUMC_V_SUBSS: return __gpumc_vsat(sa - sb, smin, smax);
    case __GPUMC_V_SUBUS: return __gpumc_vsat(ua - ub, 0, m);
    case __GPUMC_V_ABSDIFFS: return sa > sb ? sa - sb : sb - sa;
    case __GPUMC_V_ABSDIFFU: return ua > ub ? ua - ub : ub - ua;
    case __GPUMC_V_MAXS: return sa > sb ? sa : sb;
    case __GPUMC_V_MAXU: return ua > ub ? ua : ub;
    case __GPUMC_V_MINS: return sa < sb ? sa : sb;
    case __GPUMC_V_MINU: return ua < ub ? ua : ub;
    case __GPUMC_V_AVGS: { long long s = sa + sb; return s >= 0 ? (s + 1) >> 1 : -((-s + 1) >> 1); }
    case __GPUMC_V_AVGU: return (ua + ub + 1) >> 1;
    case __GPUMC_V_HADDU: return (ua + ub) >> 1;
    case __GPUMC_V_EQ: return ua == ub;
    case __GPUMC_V_NE: return ua != ub;
    case __GPUMC_V_GES: return sa >= sb;
    case __GPUMC_V_GEU: return ua >= ub;
    case __GPUMC_V_GTS: return sa > sb;
    case __GPUMC_V_GTU: return ua > ub;
    case __GPUMC_V_LES: return sa <= sb;
    case __GPUMC_V_LEU: return ua <= ub;
    case __GPUMC_V_LTS: return sa < sb;
    case __GPUMC_V_LTU: return ua < ub;
    case __GPUMC_V_NEG: return -sa;
    case __GPUMC_V_NEGSS: return __gpumc_vsat(-sa, smin, smax);
    case __GPUMC_V_ABS: return sa < 0 ? -sa : sa;
    default: return __gpumc_vsat(sa < 0 ? -sa : sa, smin, smax); /* ABSSS */
    }
}
__GPUMC_FI unsigned int __gpumc_simd(unsigned int a, unsigned int b, int bits, int op)
{
    unsigned int r = 0, m = bits == 16 ? 0xffffu : 0xffu;
    for (int s = 0; s < 32; s += bits) {
        long long v = __gpumc_vlane(a >> s, b >> s, bits, op);
        r |= ((op & __GPUMC_V_CMP) && v ? m : (unsigned int)v & m) << s;
    }
    return r;
}
/* The sum over the lanes of |a - b|, signed or unsigned lanes. */
__GPUMC_FI unsigned int __gpumc_vsad(unsigned int a, unsigned int b, int bits, int op)
{
    unsigned int r = 0;
    for (int s = 0; s < 32; s += bits)
        r += (unsigned int)__gpumc_vlane(a >> s, b >> s, bits, op);
    return r;
}
#define __GPUMC_V2(NAME, OP)                                                                  \
    __GPUMC_FI unsigned int NAME##2(unsigned int a, unsigned int b) { return __gpumc_simd(a, b, 16, OP); } \
    __GPUMC_FI unsigned int NAME##4(unsigned int a, unsigned int b) { return __gpumc_simd(a, b, 8, OP); }
#define __GPUMC_V1(NAME, OP)                                                                  \
    __GPUMC_FI unsigned int NAME##2(unsigned int a) { return __gpumc_simd(a, 0, 16, OP); }    \
    __GPUMC_FI unsigned int NAME##4(unsigned int a) { return __gpumc_simd(a, 0, 8, OP); }
__GPUMC_V2(__vadd, __GPUMC_V_ADD) __GPUMC_V2(__vsub, __GPUMC_V_SUB)
__GPUMC_V2(__vaddss, __GPUMC_V_ADDSS) __GPUMC_V2(__vaddus, __GPUMC_V_ADDUS)
__GPUMC_V2(__vsubss, __GPUMC_V_SUBSS) __GPUMC_V2(__vsubus, __GPUMC_V_SUBUS)
__GPUMC_V2(__vabsdiffs, __GPUMC_V_ABSDIFFS) __GPUMC_V2(__vabsdiffu, __GPUMC_V_ABSDIFFU)
__GPUMC_V2(__vmaxs, __GPUMC_V_MAXS) __GPUMC_V2(__vmaxu, __GPUMC_V_MAXU)
__GPUMC_V2(__vmins, __GPUMC_V_MINS) __GPUMC_V2(__vminu, __GPUMC_V_MINU)
__GPUMC_V2(__vavgs, __GPUMC_V_AVGS) __GPUMC_V2(__vavgu, __GPUMC_V_AVGU)
__GPUMC_V2(__vhaddu, __GPUMC_V_HADDU)
__GPUMC_V2(__vseteq, __GPUMC_V_EQ) __GPUMC_V2(__vsetne, __GPUMC_V_NE)
__GPUMC_V2(__vsetges, __GPUMC_V_GES) __GPUMC_V2(__vsetgeu, __GPUMC_V_GEU)
__GPUMC_V2(__vsetgts, __GPUMC_V_GTS) __GPUMC_V2(__vsetgtu, __GPUMC_V_GTU)
__GPUMC_V2(__vsetles, __GPUMC_V_LES) __GPUMC_V2(__vsetleu, __GPUMC_V_LEU)
__GPUMC_V2(__vsetlts, __GPUMC_V_LTS) __GPUMC_V2(__vsetltu, __GPUMC_V_LTU)
__GPUMC_V2(__vcmpeq, __GPUMC_V_EQ | __GPUMC_V_CMP) __GPUMC_V2(__vcmpne, __GPUMC_V_NE | __GPUMC_V_CMP)
__GPUMC_V2(__vcmpges, __GPUMC_V_GES | __GPUMC_V_CMP) __GPUMC_V2(__vcmpgeu, __GPUMC_V_GEU | __GPUMC_V_CMP)
__GPUMC_V2(__vcmpgts, __GPUMC_V_GTS | __GPUMC_V_CMP) __GPUMC_V2(__vcmpgtu, __GPUMC_V_GTU | __GPUMC_V_CMP)
__GPUMC_V2(__vcmples, __GPUMC_V_LES | __GPUMC_V_CMP) __GPUMC_V2(__vcmpleu, __GPUMC_V_LEU | __GPUMC_V_CMP)
__GPUMC_V2(__vcmplts, __GPUMC_V_LTS | __GPUMC_V_CMP) __GPUMC_V2(__vcmpltu, __GPUMC_V_LTU | __GPUMC_V_CMP)
__GPUMC_V1(__vneg, __GPUMC_V_NEG) __GPUMC_V1(__vnegss, __GPUMC_V_NEGSS)
__GPUMC_V1(__vabs, __GPUMC_V_ABS) __GPUMC_V1(__vabsss, __GPUMC_V_ABSSS)
#undef __GPUMC_V1
#undef __GPUMC_V2
__GPUMC_FI unsigned int __vsads2(unsigned int a, unsigned int b) { return __gpumc_vsad(a, b, 16, __GPUMC_V_ABSDIFFS); }
__GPUMC_FI unsigned int __vsads4(unsigned int a, unsigned int b) { return __gpumc_vsad(a, b, 8, __GPUMC_V_ABSDIFFS); }
__GPUMC_FI unsigned int __vsadu2(unsigned int a, unsigned int b) { return __gpumc_vsad(a, b, 16, __GPUMC_V_ABSDIFFU); }
__GPUMC_FI unsigned int __vsadu4(unsigned int a, unsigned int b) { return __gpumc_vsad(a, b, 8, __GPUMC_V_ABSDIFFU); }
/* DPX (CUDA 12): a three-way max or min, an add (wrapping in the lane)
 * then a max or min, optionally clamped below at 0 (ReLU), per 32-bit
 * value or per 16-bit half, signed or unsigned. */
enum { __GPUMC_DPX_MAX3, __GPUMC_DPX_MIN3, __GPUMC_DPX_ADDMAX, __GPUMC_DPX_ADDMIN };
__GPUMC_FI long long __gpumc_dpx_lane(unsigned int v, int s, int bits, int sgn)
{
    if (bits == 32)
        return sgn ? (long long)(int)v : (long long)v;
    return sgn ? (long long)(short)(v >> s) : (long long)(unsigned short)(v >> s);
}
__GPUMC_FI unsigned int __gpumc_dpx(unsigned int a, unsigned int b, unsigned int c, int bits,
                                    int sgn, int op, int relu)
{
    unsigned int r = 0, m = bits == 32 ? 0xffffffffu : 0xffffu;
    for (int s = 0; s < 32; s += bits) {
        long long x = __gpumc_dpx_lane(a, s, bits, sgn), y = __gpumc_dpx_lane(b, s, bits, sgn);
        long long z = __gpumc_dpx_lane(c, s, bits, sgn), v;
        long long sum = __gpumc_dpx_lane((unsigned int)(x + y) & m, 0, bits, sgn);
        switch (op) {
        case __GPUMC_DPX_MAX3: v = x > y ? x : y; v = v > z ? v : z; break;
        case __GPUMC_DPX_MIN3: v = x < y ? x : y; v = v < z ? v : z; break;
        case __GPUMC_DPX_ADDMAX: v = sum > z ? sum : z; break;
        default: v = sum < z ? sum : z; break;
        }
        if (relu && v < 0)
            v = 0;
        r |= ((unsigned int)v & m) << s;
    }
    return r;
}
#define __GPUMC_DPX3(NAME, OP)                                                                 \
    __GPUMC_FI int NAME##_s32(int a, int b, int c) { return (int)__gpumc_dpx((unsigned)a, (unsigned)b, (unsigned)c, 32, 1, OP, 0); } \
    __GPUMC_FI int NAME##_s32_relu(int a, int b, int c) { return (int)__gpumc_dpx((unsigned)a, (unsigned)b, (unsigned)c, 32, 1, OP, 1); } \
    __GPUMC_FI unsigned int NAME##_u32(unsigned int a, unsigned int b, unsigned int c) { return __gpumc_dpx(a, b, c, 32, 0, OP, 0); } \
    __GPUMC_FI unsigned int NAME##_s16x2(unsigned int a, unsigned int b, unsigned int c) { return __gpumc_dpx(a, b, c, 16, 1, OP, 0); } \
    __GPUMC_FI unsigned int NAME##_s16x2_relu(unsigned int a, unsigned int b, unsigned int c) { return __gpumc_dpx(a, b, c, 16, 1, OP, 1); } \
    __GPUMC_FI unsigned int NAME##_u16x2(unsigned int a, unsigned int b, unsigned int c) { return __gpumc_dpx(a, b, c, 16, 0, OP, 0); }
__GPUMC_DPX3(__vimax3, __GPUMC_DPX_MAX3)
__GPUMC_DPX3(__vimin3, __GPUMC_DPX_MIN3)
__GPUMC_DPX3(__viaddmax, __GPUMC_DPX_ADDMAX)
__GPUMC_DPX3(__viaddmin, __GPUMC_DPX_ADDMIN)
#undef __GPUMC_DPX3
__GPUMC_FI int __vimax_s32_relu(int a, int b) { return (int)__gpumc_dpx((unsigned)a, (unsigned)b, (unsigned)b, 32, 1, __GPUMC_DPX_MAX3, 1); }
__GPUMC_FI int __vimin_s32_relu(int a, int b) { return (int)__gpumc_dpx((unsigned)a, (unsigned)b, (unsigned)b, 32, 1, __GPUMC_DPX_MIN3, 1); }
__GPUMC_FI unsigned int __vimax_s16x2_relu(unsigned int a, unsigned int b) { return __gpumc_dpx(a, b, b, 16, 1, __GPUMC_DPX_MAX3, 1); }
__GPUMC_FI unsigned int __vimin_s16x2_relu(unsigned int a, unsigned int b) { return __gpumc_dpx(a, b, b, 16, 1, __GPUMC_DPX_MIN3, 1); }
/* A max or min that also tells whether a was the one taken (ties: yes). */
__GPUMC_FI int __vibmax_s32(int a, int b, bool *pred) { *pred = a >= b; return a >= b ? a : b; }
__GPUMC_FI int __vibmin_s32(int a, int b, bool *pred) { *pred = a <= b; return a <= b ? a : b; }
__GPUMC_FI unsigned int __vibmax_u32(unsigned int a, unsigned int b, bool *pred) { *pred = a >= b; return a >= b ? a : b; }
__GPUMC_FI unsigned int __vibmin_u32(unsigned int a, unsigned int b, bool *pred) { *pred = a <= b; return a <= b ? a : b; }
__GPUMC_FI unsigned int __gpumc_vib16(unsigned int a, unsigned int b, int sgn, int max, bool *hi, bool *lo)
{
    unsigned int r = 0;
    for (int s = 0; s < 32; s += 16) {
        long long x = __gpumc_dpx_lane(a, s, 16, sgn), y = __gpumc_dpx_lane(b, s, 16, sgn);
        bool first = max ? x >= y : x <= y;
        *(s ? hi : lo) = first;
        r |= ((unsigned int)(first ? x : y) & 0xffffu) << s;
    }
    return r;
}
__GPUMC_FI unsigned int __vibmax_s16x2(unsigned int a, unsigned int b, bool *hi, bool *lo) { return __gpumc_vib16(a, b, 1, 1, hi, lo); }
__GPUMC_FI unsigned int __vibmin_s16x2(unsigned int a, unsigned int b, bool *hi, bool *lo) { return __gpumc_vib16(a, b, 1, 0, hi, lo); }
__GPUMC_FI unsigned int __vibmax_u16x2(unsigned int a, unsigned int b, bool *hi, bool *lo) { return __gpumc_vib16(a, b, 0, 1, hi, lo); }
__GPUMC_FI unsigned int __vibmin_u16x2(unsigned int a, unsigned int b, bool *hi, bool *lo) { return __gpumc_vib16(a, b, 0, 0, hi, lo); }
/* Dot products of the four bytes (__dp4a) or two halves with the low or
 * high two bytes (__dp2a_lo/_hi), plus c; signed or unsigned by the type. */
__GPUMC_FI int __dp4a(int a, int b, int c)
{
    for (int s = 0; s < 32; s += 8)
        c += (int)(signed char)(a >> s) * (int)(signed char)(b >> s);
    return c;
}
__GPUMC_FI unsigned int __dp4a(unsigned int a, unsigned int b, unsigned int c)
{
    for (int s = 0; s < 32; s += 8)
        c += (a >> s & 0xffu) * (b >> s & 0xffu);
    return c;
}
__GPUMC_FI int __dp2a_lo(int a, int b, int c)
{ return c + (short)a * (signed char)b + (short)(a >> 16) * (signed char)(b >> 8); }
__GPUMC_FI int __dp2a_hi(int a, int b, int c)
{ return c + (short)a * (signed char)(b >> 16) + (short)(a >> 16) * (signed char)(b >> 24); }
__GPUMC_FI unsigned int __dp2a_lo(unsigned int a, unsigned int b, unsigned int c)
{ return c + (a & 0xffffu) * (b & 0xffu) + (a >> 16) * (b >> 8 & 0xffu); }
__GPUMC_FI unsigned int __dp2a_hi(unsigned int a, unsigned int b, unsigned int c)
{ return c + (a & 0xffffu) * (b >> 16 & 0xffu) + (a >> 16) * (b >> 24); }
/* byte i of the result is byte (s >> 4i) & 7 of the 8-byte value y:x */
__GPUMC_FI unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s)
{
    unsigned long long v = ((unsigned long long)y << 32) | x;
    unsigned int r = 0;
    for (int i = 0; i < 4; i++)
        r |= (unsigned int)((v >> (8 * ((s >> (4 * i)) & 7))) & 0xff) << (8 * i);
    return r;
}
__GPUMC_FI int __hadd(int a, int b) { return (int)(((long long)a + b) >> 1); }
__GPUMC_FI int __rhadd(int a, int b) { return (int)(((long long)a + b + 1) >> 1); }
__GPUMC_FI unsigned int __uhadd(unsigned int a, unsigned int b) { return (unsigned int)(((unsigned long long)a + b) >> 1); }
__GPUMC_FI unsigned int __urhadd(unsigned int a, unsigned int b) { return (unsigned int)(((unsigned long long)a + b + 1) >> 1); }
__GPUMC_FI unsigned long long __brevll(unsigned long long x) { return __builtin_bitreverse64(x); }
/* Conversions with a rounding mode: rn nearest-even, rz toward zero, ru up, rd down. */
#define __GPUMC_CVT(NAME, FROM, TO, R)                                                    \
    __GPUMC_FI TO NAME##_rn(FROM x) { return (TO)__builtin_rint##R(x); }                 \
    __GPUMC_FI TO NAME##_rz(FROM x) { return (TO)__builtin_trunc##R(x); }                \
    __GPUMC_FI TO NAME##_ru(FROM x) { return (TO)__builtin_ceil##R(x); }                 \
    __GPUMC_FI TO NAME##_rd(FROM x) { return (TO)__builtin_floor##R(x); }
__GPUMC_CVT(__float2int, float, int, f)
__GPUMC_CVT(__float2uint, float, unsigned int, f)
__GPUMC_CVT(__float2ll, float, long long, f)
__GPUMC_CVT(__float2ull, float, unsigned long long, f)
__GPUMC_CVT(__double2int, double, int, )
__GPUMC_CVT(__double2uint, double, unsigned int, )
__GPUMC_CVT(__double2ll, double, long long, )
__GPUMC_CVT(__double2ull, double, unsigned long long, )
__GPUMC_FI float __int2float_rn(int x) { return (float)x; }
__GPUMC_FI float __uint2float_rn(unsigned int x) { return (float)x; }
__GPUMC_FI float __ll2float_rn(long long x) { return (float)x; }
__GPUMC_FI double __int2double_rn(int x) { return (double)x; }
__GPUMC_FI double __ll2double_rn(long long x) { return (double)x; }
__GPUMC_FI float __double2float_rn(double x) { return (float)x; }
/* The inverse error function: a first guess refined by Newton steps on erf. */
__GPUMC_FI double erfinv(double y)
{
    if (y <= -1.0 || y >= 1.0)
        return y == -1.0 ? -__builtin_inf() : y == 1.0 ? __builtin_inf() : __builtin_nan("");
    double w = -__builtin_log((1.0 - y) * (1.0 + y)), x = y * (1.0 + w / 8.0) * 0.886226925;
    for (int i = 0; i < 6; i++)
        x -= (__builtin_erf(x) - y) / (1.1283791670955126 * __builtin_exp(-x * x));
    return x;
}
__GPUMC_FI float erfinvf(float y) { return (float)erfinv(y); }
__GPUMC_FI double erfcinv(double y) { return erfinv(1.0 - y); }
__GPUMC_FI float erfcinvf(float y) { return (float)erfcinv(y); }
__GPUMC_FI double normcdf(double x) { return 0.5 * __builtin_erfc(-x * 0.7071067811865476); }
__GPUMC_FI float normcdff(float x) { return (float)normcdf(x); }
__GPUMC_FI double normcdfinv(double p) { return -1.4142135623730951 * erfcinv(2.0 * p); }
__GPUMC_FI float normcdfinvf(float p) { return (float)normcdfinv(p); }
__GPUMC_FI float rcbrtf(float x) { return 1.0f / __builtin_cbrtf(x); }
__GPUMC_FI double rcbrt(double x) { return 1.0 / __builtin_cbrt(x); }
__GPUMC_FI float sinpif(float x) { return __builtin_sinf(3.14159265358979f * x); }
__GPUMC_FI float cospif(float x) { return __builtin_cosf(3.14159265358979f * x); }
__GPUMC_FI double sinpi(double x) { return __builtin_sin(3.141592653589793 * x); }
__GPUMC_FI double cospi(double x) { return __builtin_cos(3.141592653589793 * x); }
__GPUMC_FI void sincospif(float x, float *s, float *c) { *s = sinpif(x); *c = cospif(x); }
__GPUMC_FI void sincospi(double x, double *s, double *c) { *s = sinpi(x); *c = cospi(x); }
__GPUMC_FI double exp10(double x) { return __builtin_pow(10.0, x); }
__GPUMC_FI double rhypot(double x, double y) { return 1.0 / __builtin_hypot(x, y); }
__GPUMC_FI float rhypotf(float x, float y) { return 1.0f / __builtin_hypotf(x, y); }
__GPUMC_FI double norm3d(double a, double b, double c) { return __builtin_sqrt(a * a + b * b + c * c); }
__GPUMC_FI float norm3df(float a, float b, float c) { return __builtin_sqrtf(a * a + b * b + c * c); }
__GPUMC_FI double norm4d(double a, double b, double c, double d)
{ return __builtin_sqrt(a * a + b * b + c * c + d * d); }
__GPUMC_FI float norm4df(float a, float b, float c, float d)
{ return __builtin_sqrtf(a * a + b * b + c * c + d * d); }
__GPUMC_FI double rnorm3d(double a, double b, double c) { return 1.0 / norm3d(a, b, c); }
__GPUMC_FI float rnorm3df(float a, float b, float c) { return 1.0f / norm3df(a, b, c); }
__GPUMC_FI double rnorm4d(double a, double b, double c, double d) { return 1.0 / norm4d(a, b, c, d); }
__GPUMC_FI float rnorm4df(float a, float b, float c, float d) { return 1.0f / norm4df(a, b, c, d); }
__GPUMC_FI double norm(int n, const double *a)
{ double s = 0; for (int i = 0; i < n; i++) s += a[i] * a[i]; return __builtin_sqrt(s); }
__GPUMC_FI float normf(int n, const float *a)
{ float s = 0; for (int i = 0; i < n; i++) s += a[i] * a[i]; return __builtin_sqrtf(s); }
__GPUMC_FI double rnorm(int n, const double *a) { return 1.0 / norm(n, a); }
__GPUMC_FI float rnormf(int n, const float *a) { return 1.0f / normf(n, a); }
/* Modified Bessel functions of the first kind, orders 0 and 1: their power
 * series, summed until a term no longer changes the sum (every term is
 * positive, so the partial sums rise to the value). */
__GPUMC_FI double __gpumc_bessel_i(int order, double x)
{
    double q = x * x / 4, term = order ? x / 2 : 1, sum = term;
    for (int k = 1; k < 1000; k++) {
        term *= q / ((double)k * (k + order));
        if (sum + term == sum)
            break;
        sum += term;
    }
    return sum;
}
__GPUMC_FI double cyl_bessel_i0(double x) { return __gpumc_bessel_i(0, x); }
__GPUMC_FI double cyl_bessel_i1(double x) { return __gpumc_bessel_i(1, x); }
__GPUMC_FI float cyl_bessel_i0f(float x) { return (float)__gpumc_bessel_i(0, x); }
__GPUMC_FI float cyl_bessel_i1f(float x) { return (float)__gpumc_bessel_i(1, x); }
__GPUMC_FI double __hiloint2double(int hi, int lo)
{ return __gpumc_unbits<double>(((unsigned long long)(unsigned)hi << 32) | (unsigned)lo); }
__GPUMC_FI int __double2hiint(double x) { return (int)(__gpumc_bits(x) >> 32); }
__GPUMC_FI int __double2loint(double x) { return (int)(unsigned)__gpumc_bits(x); }
__GPUMC_FI int __float_as_int(float x) { return __gpumc_unbits<int>(__gpumc_bits(x)); }
__GPUMC_FI float __int_as_float(int x) { return __gpumc_unbits<float>(__gpumc_bits(x)); }
__GPUMC_FI unsigned int __float_as_uint(float x) { return __gpumc_unbits<unsigned int>(__gpumc_bits(x)); }
__GPUMC_FI float __uint_as_float(unsigned int x) { return __gpumc_unbits<float>(__gpumc_bits(x)); }
__GPUMC_FI long long __double_as_longlong(double x) { return __gpumc_unbits<long long>(__gpumc_bits(x)); }
__GPUMC_FI double __longlong_as_double(long long x) { return __gpumc_unbits<double>(__gpumc_bits(x)); }
/* Loads and stores with cache hints (__ldg read-only, __ldcg global only,
 * __ldca all levels, __ldcs streaming, __ldlu last use, __ldcv volatile;
 * __stwb write-back, __stcg, __stcs, __stwt write-through): caching is
 * not in the memory model, so each is a plain access.  A store's value
 * converts to the pointee, as CUDA's overloads convert it. */
template <class T> struct __gpumc_id { typedef T type; };
#define __GPUMC_LDHINT(NAME) template <class T> __GPUMC_FI T NAME(const T *p) { return *p; }
#define __GPUMC_STHINT(NAME)                                                          \
    template <class T> __GPUMC_FI void NAME(T *p, typename __gpumc_id<T>::type v) { *p = v; }
__GPUMC_LDHINT(__ldg) __GPUMC_LDHINT(__ldcg) __GPUMC_LDHINT(__ldca) __GPUMC_LDHINT(__ldcs)
__GPUMC_LDHINT(__ldlu) __GPUMC_LDHINT(__ldcv)
__GPUMC_STHINT(__stwb) __GPUMC_STHINT(__stcg) __GPUMC_STHINT(__stcs) __GPUMC_STHINT(__stwt)
#undef __GPUMC_LDHINT
#undef __GPUMC_STHINT
/* Shared-space addresses: 32 bits, as the PTX of cp.async and ldmatrix
 * takes them (frontend/ir_asm.c maps them to and from gpumc's shared memory). */
__GPUMC_EXTERN __GPUMC_DEV __GPUMC_U64 __gpumc_cvta_shared(const void *p);
__GPUMC_EXTERN __GPUMC_DEV void *__gpumc_cvta_generic(__GPUMC_U64 a);
static __GPUMC_FI size_t __cvta_generic_to_shared(const void *p) { return __gpumc_cvta_shared(p); }
static __GPUMC_FI void *__cvta_shared_to_generic(size_t a) { return __gpumc_cvta_generic(a); }

/* ---- fast math: the precise function (a model checker needs no speed) ---- */
#define __expf(x) expf(x)
#define __exp10f(x) exp10f(x)
#define __logf(x) logf(x)
#define __log2f(x) log2f(x)
#define __log10f(x) log10f(x)
#define __sinf(x) sinf(x)
#define __cosf(x) cosf(x)
#define __tanf(x) tanf(x)
#define __powf(x, y) powf(x, y)
#define __sincosf(x, s, c) sincosf(x, s, c)
__GPUMC_FI float __fdividef(float x, float y) { return x / y; }
/* 1/sqrt(x) rounded once to nearest: the double holds it exactly enough */
__GPUMC_FI float __frsqrt_rn(float x) { return (float)(1.0 / __builtin_sqrt((double)x)); }
__GPUMC_FI float __saturatef(float x) { return x < 0.0f ? 0.0f : x > 1.0f ? 1.0f : x; }
__GPUMC_HDFI float rsqrtf(float x) { return 1.0f / sqrtf(x); }
__GPUMC_HDFI double rsqrt(double x) { return 1.0 / sqrt(x); }

/* ---- arithmetic with a rounding mode: __fadd_rd, __dmul_ru, __fsqrt_rz...
 * The host computes the nearest result r; the side of r the exact result
 * lies on is then known exactly, and a directed mode moves r one ulp when
 * the nearest lies on the wrong side.  Sums: TwoSum's error term.  Float
 * products, quotients and roots: double arithmetic (a product is exact
 * there; a quotient or root that is not a float differs from every float
 * by far more than double's rounding).  Double ones: an fma remainder,
 * with tiny operands scaled by a power of two first so that it does not
 * underflow.  A result beyond the largest finite value is that value when
 * rounded toward zero; subnormal results round as the nearest. */
__GPUMC_FI float __gpumc_step(float r, float to) { return __builtin_nextafterf(r, to); }
__GPUMC_FI double __gpumc_step(double r, double to) { return __builtin_nextafter(r, to); }
/* r rounded to nearest; side: the sign of exact - r; mode 0 nearest,
 * 1 up, 2 down, 3 toward zero */
#define __GPUMC_OVERFLOW 2 /* side: finite operands whose nearest result is infinite */
template <class T> __GPUMC_FI T __gpumc_directed(T r, int side, int mode)
{
    T inf = (T)__builtin_inf();
    if (side == __GPUMC_OVERFLOW) /* toward zero from beyond the largest finite value */
        return (r > (T)0 && (mode == 2 || mode == 3)) || (r < (T)0 && (mode == 1 || mode == 3))
                   ? __gpumc_step(r, (T)0) : r;
    if (r != r || side == 0 || r == inf || r == -inf)
        return r;
    int up = mode == 1 || (mode == 3 && r < (T)0), down = mode == 2 || (mode == 3 && r > (T)0);
    if (up && side > 0)
        return __gpumc_step(r, inf);
    if (down && side < 0)
        return __gpumc_step(r, -inf);
    return r;
}
template <class T> __GPUMC_FI int __gpumc_sign(T v) { return v > (T)0 ? 1 : v < (T)0 ? -1 : 0; }
/* r infinite from finite operands: it overflowed */
template <class T> __GPUMC_FI int __gpumc_overflowed(T r, T a, T b)
{
    return __builtin_isinf(r) && __builtin_isfinite(a) && __builtin_isfinite(b);
}
template <class T> __GPUMC_FI T __gpumc_add_m(T a, T b, int mode)
{
    T s = a + b, bb = s - a;
    if (__gpumc_overflowed(s, a, b))
        return __gpumc_directed(s, __GPUMC_OVERFLOW, mode);
    return __gpumc_directed(s, __gpumc_sign((a - (s - bb)) + (b - bb)), mode);
}
__GPUMC_FI float __gpumc_mul_m(float a, float b, int mode)
{
    float r = a * b;
    if (__gpumc_overflowed(r, a, b))
        return __gpumc_directed(r, __GPUMC_OVERFLOW, mode);
    return __gpumc_directed(r, __gpumc_sign((double)a * (double)b - (double)r), mode);
}
__GPUMC_FI float __gpumc_div_m(float a, float b, int mode)
{
    float r = a / b;
    if (__gpumc_overflowed(r, a, b) && b != 0.0f)
        return __gpumc_directed(r, __GPUMC_OVERFLOW, mode);
    return __gpumc_directed(r, __gpumc_sign((double)a / (double)b - (double)r), mode);
}
__GPUMC_FI float __gpumc_sqrt_m(float a, int mode)
{
    float r = __builtin_sqrtf(a);
    return __gpumc_directed(r, __gpumc_sign(__builtin_sqrt((double)a) - (double)r), mode);
}
#define __GPUMC_TINY 0x1p-900
#define __GPUMC_LIFT 0x1p+200
__GPUMC_FI double __gpumc_mul_m(double a, double b, int mode)
{
    double r = a * b;
    if (__gpumc_overflowed(r, a, b))
        return __gpumc_directed(r, __GPUMC_OVERFLOW, mode);
    if (__builtin_fabs(r) < __GPUMC_TINY) /* lift the smaller factor */
        return __builtin_fabs(a) < __builtin_fabs(b)
                   ? __gpumc_directed(r, __gpumc_sign(__builtin_fma(a * __GPUMC_LIFT, b,
                                                                   -(r * __GPUMC_LIFT))), mode)
                   : __gpumc_directed(r, __gpumc_sign(__builtin_fma(a, b * __GPUMC_LIFT,
                                                                   -(r * __GPUMC_LIFT))), mode);
    return __gpumc_directed(r, __gpumc_sign(__builtin_fma(a, b, -r)), mode);
}
__GPUMC_FI double __gpumc_div_m(double a, double b, int mode)
{
    double r = a / b, k = __builtin_fabs(a) < __GPUMC_TINY ? __GPUMC_LIFT : 1.0;
    if (__gpumc_overflowed(r, a, b) && b != 0.0)
        return __gpumc_directed(r, __GPUMC_OVERFLOW, mode);
    double rem = __builtin_fma(-(r * k), b, a * k); /* (a - r*b) * k, exactly */
    return __gpumc_directed(r, __gpumc_sign(b < 0 ? -rem : rem), mode);
}
__GPUMC_FI double __gpumc_sqrt_m(double a, int mode)
{
    double r = __builtin_sqrt(a);
    double k = a < __GPUMC_TINY ? 0x1p+100 : 1.0; /* the root lifted by k, a by k*k */
    return __gpumc_directed(r, __gpumc_sign(__builtin_fma(-(r * k), r * k, a * (k * k))), mode);
}
#undef __GPUMC_TINY
#undef __GPUMC_LIFT
#undef __GPUMC_OVERFLOW
#define __GPUMC_ROUNDED(M, MODE)                                                            \
    __GPUMC_FI float __fadd_##M(float a, float b) { return __gpumc_add_m(a, b, MODE); }     \
    __GPUMC_FI float __fsub_##M(float a, float b) { return __gpumc_add_m(a, -b, MODE); }    \
    __GPUMC_FI float __fmul_##M(float a, float b) { return __gpumc_mul_m(a, b, MODE); }     \
    __GPUMC_FI float __fdiv_##M(float a, float b) { return __gpumc_div_m(a, b, MODE); }     \
    __GPUMC_FI float __frcp_##M(float a) { return __gpumc_div_m(1.0f, a, MODE); }           \
    __GPUMC_FI float __fsqrt_##M(float a) { return __gpumc_sqrt_m(a, MODE); }               \
    __GPUMC_FI double __dadd_##M(double a, double b) { return __gpumc_add_m(a, b, MODE); }  \
    __GPUMC_FI double __dsub_##M(double a, double b) { return __gpumc_add_m(a, -b, MODE); } \
    __GPUMC_FI double __dmul_##M(double a, double b) { return __gpumc_mul_m(a, b, MODE); }  \
    __GPUMC_FI double __ddiv_##M(double a, double b) { return __gpumc_div_m(a, b, MODE); }  \
    __GPUMC_FI double __drcp_##M(double a) { return __gpumc_div_m(1.0, a, MODE); }          \
    __GPUMC_FI double __dsqrt_##M(double a) { return __gpumc_sqrt_m(a, MODE); }
__GPUMC_ROUNDED(rn, 0)
__GPUMC_ROUNDED(ru, 1)
__GPUMC_ROUNDED(rd, 2)
__GPUMC_ROUNDED(rz, 3)
__GPUMC_FI float __fmaf_rn(float a, float b, float c) { return __builtin_fmaf(a, b, c); }
__GPUMC_FI double __fma_rn(double a, double b, double c) { return __builtin_fma(a, b, c); }

/* ---- assert and GPUVerify's annotations --------------------------------- */
#undef assert
#define assert(e) __gpumc_assert_what(!!(e), #e)
/* host code may assert too: it is compiled, never run */
extern "C" __host__ void __gpumc_assert_what(int cond, const char *what);
/* __trap() aborts the kernel: a finding at its line, as a failed assert is
 * (the host sees the same launch failure); a breakpoint does nothing. */
__GPUMC_FI void __trap(void) { __gpumc_assert(0); }

/* malloc and free in device code (and new and delete, which call them):
 * the device heap, each thread allocating from its own share of it (so no
 * two threads' allocations interleave and none depends on another's), NULL
 * once its share is spent; free() releases nothing. */
#if defined(__cplusplus) && __has_include(<memory>)
/* inline: the postconditions' unit links in a copy of them too */
extern "C" __device__ inline void *malloc(size_t n) { return __gpumc_malloc(n); }
extern "C" __device__ inline void free(void *p) { __gpumc_free(p); }
#endif
/* clock()/clock64(): a per-thread counter that grows by 32 "cycles" a read,
 * the same in every execution; __nanosleep is only a scheduling hint. */
__GPUMC_FI long long clock64(void) { return (long long)__gpumc_sreg(15) * 32; }
__device__ __forceinline__ long clock(void) { return (long)clock64(); }
__GPUMC_FI void __nanosleep(unsigned int ns) { (void)ns; }
__GPUMC_FI void __brkpt(void) {}
#include "gpumc_gpuverify.h"

/* ---- host-side API: host code in the same file compiles, unanalysed ------ */
typedef int cudaError_t;
typedef int cudaError; /* the runtime's enum cudaError, as host code names it */
enum cudaMemcpyKind { cudaMemcpyHostToHost = 0, cudaMemcpyHostToDevice = 1,
                      cudaMemcpyDeviceToHost = 2, cudaMemcpyDeviceToDevice = 3,
                      cudaMemcpyDefault = 4 };
/* The runtime's error codes with their values, every name old host code
 * (helper_cuda.h's switch over all of them) may mention. */
enum {
    cudaSuccess = 0, cudaErrorInvalidValue = 1, cudaErrorMemoryAllocation = 2,
    cudaErrorInitializationError = 3, cudaErrorCudartUnloading = 4,
    cudaErrorProfilerDisabled = 5, cudaErrorProfilerNotInitialized = 6,
    cudaErrorProfilerAlreadyStarted = 7, cudaErrorProfilerAlreadyStopped = 8,
    cudaErrorInvalidConfiguration = 9, cudaErrorInvalidPitchValue = 12,
    cudaErrorInvalidSymbol = 13, cudaErrorInvalidHostPointer = 16,
    cudaErrorInvalidDevicePointer = 17, cudaErrorInvalidTexture = 18,
    cudaErrorInvalidTextureBinding = 19, cudaErrorInvalidChannelDescriptor = 20,
    cudaErrorInvalidMemcpyDirection = 21, cudaErrorAddressOfConstant = 22,
    cudaErrorTextureFetchFailed = 23, cudaErrorTextureNotBound = 24,
    cudaErrorSynchronizationError = 25, cudaErrorInvalidFilterSetting = 26,
    cudaErrorInvalidNormSetting = 27, cudaErrorMixedDeviceExecution = 28,
    cudaErrorNotYetImplemented = 31, cudaErrorMemoryValueTooLarge = 32,
    cudaErrorStubLibrary = 34, cudaErrorInsufficientDriver = 35,
    cudaErrorCallRequiresNewerDriver = 36, cudaErrorInvalidSurface = 37,
    cudaErrorDuplicateVariableName = 43, cudaErrorDuplicateTextureName = 44,
    cudaErrorDuplicateSurfaceName = 45, cudaErrorDevicesUnavailable = 46,
    cudaErrorIncompatibleDriverContext = 49, cudaErrorMissingConfiguration = 52,
    cudaErrorPriorLaunchFailure = 53, cudaErrorLaunchMaxDepthExceeded = 65,
    cudaErrorLaunchFileScopedTex = 66, cudaErrorLaunchFileScopedSurf = 67,
    cudaErrorSyncDepthExceeded = 68, cudaErrorLaunchPendingCountExceeded = 69,
    cudaErrorInvalidDeviceFunction = 98, cudaErrorNoDevice = 100,
    cudaErrorInvalidDevice = 101, cudaErrorDeviceNotLicensed = 102,
    cudaErrorSoftwareValidityNotEstablished = 103, cudaErrorStartupFailure = 127,
    cudaErrorInvalidKernelImage = 200, cudaErrorDeviceUninitialized = 201,
    cudaErrorMapBufferObjectFailed = 205, cudaErrorUnmapBufferObjectFailed = 206,
    cudaErrorArrayIsMapped = 207, cudaErrorAlreadyMapped = 208,
    cudaErrorNoKernelImageForDevice = 209, cudaErrorAlreadyAcquired = 210,
    cudaErrorNotMapped = 211, cudaErrorNotMappedAsArray = 212,
    cudaErrorNotMappedAsPointer = 213, cudaErrorECCUncorrectable = 214,
    cudaErrorUnsupportedLimit = 215, cudaErrorDeviceAlreadyInUse = 216,
    cudaErrorPeerAccessUnsupported = 217, cudaErrorInvalidPtx = 218,
    cudaErrorInvalidGraphicsContext = 219, cudaErrorNvlinkUncorrectable = 220,
    cudaErrorJitCompilerNotFound = 221, cudaErrorUnsupportedPtxVersion = 222,
    cudaErrorJitCompilationDisabled = 223, cudaErrorUnsupportedExecAffinity = 224,
    cudaErrorInvalidSource = 300, cudaErrorFileNotFound = 301,
    cudaErrorSharedObjectSymbolNotFound = 302, cudaErrorSharedObjectInitFailed = 303,
    cudaErrorOperatingSystem = 304, cudaErrorInvalidResourceHandle = 400,
    cudaErrorIllegalState = 401, cudaErrorSymbolNotFound = 500, cudaErrorNotReady = 600,
    cudaErrorIllegalAddress = 700, cudaErrorLaunchOutOfResources = 701,
    cudaErrorLaunchTimeout = 702, cudaErrorLaunchIncompatibleTexturing = 703,
    cudaErrorPeerAccessAlreadyEnabled = 704, cudaErrorPeerAccessNotEnabled = 705,
    cudaErrorSetOnActiveProcess = 708, cudaErrorContextIsDestroyed = 709,
    cudaErrorAssert = 710, cudaErrorTooManyPeers = 711,
    cudaErrorHostMemoryAlreadyRegistered = 712, cudaErrorHostMemoryNotRegistered = 713,
    cudaErrorHardwareStackError = 714, cudaErrorIllegalInstruction = 715,
    cudaErrorMisalignedAddress = 716, cudaErrorInvalidAddressSpace = 717,
    cudaErrorInvalidPc = 718, cudaErrorLaunchFailure = 719,
    cudaErrorCooperativeLaunchTooLarge = 720, cudaErrorNotPermitted = 800,
    cudaErrorNotSupported = 801, cudaErrorSystemNotReady = 802,
    cudaErrorSystemDriverMismatch = 803, cudaErrorCompatNotSupportedOnDevice = 804,
    cudaErrorStreamCaptureUnsupported = 900, cudaErrorStreamCaptureInvalidated = 901,
    cudaErrorStreamCaptureMerge = 902, cudaErrorStreamCaptureUnmatched = 903,
    cudaErrorStreamCaptureUnjoined = 904, cudaErrorStreamCaptureIsolation = 905,
    cudaErrorStreamCaptureImplicit = 906, cudaErrorCapturedEvent = 907,
    cudaErrorStreamCaptureWrongThread = 908, cudaErrorTimeout = 909,
    cudaErrorGraphExecUpdateFailure = 910, cudaErrorUnknown = 999,
    cudaErrorApiFailureBase = 10000
};
typedef struct CUstream_st *cudaStream_t;
enum cudaDeviceAttr {
    cudaDevAttrMaxThreadsPerBlock = 1, cudaDevAttrMaxBlockDimX = 2, cudaDevAttrMaxBlockDimY = 3,
    cudaDevAttrMaxBlockDimZ = 4, cudaDevAttrMaxGridDimX = 5, cudaDevAttrMaxGridDimY = 6,
    cudaDevAttrMaxGridDimZ = 7, cudaDevAttrMaxSharedMemoryPerBlock = 8,
    cudaDevAttrTotalConstantMemory = 9, cudaDevAttrWarpSize = 10, cudaDevAttrMaxPitch = 11,
    cudaDevAttrMaxRegistersPerBlock = 12, cudaDevAttrClockRate = 13,
    cudaDevAttrTextureAlignment = 14, cudaDevAttrGpuOverlap = 15,
    cudaDevAttrMultiProcessorCount = 16, cudaDevAttrKernelExecTimeout = 17,
    cudaDevAttrIntegrated = 18, cudaDevAttrCanMapHostMemory = 19, cudaDevAttrComputeMode = 20,
    cudaDevAttrConcurrentKernels = 31, cudaDevAttrEccEnabled = 32, cudaDevAttrPciBusId = 33,
    cudaDevAttrPciDeviceId = 34, cudaDevAttrTccDriver = 35, cudaDevAttrMemoryClockRate = 36,
    cudaDevAttrGlobalMemoryBusWidth = 37, cudaDevAttrL2CacheSize = 38,
    cudaDevAttrMaxThreadsPerMultiProcessor = 39, cudaDevAttrAsyncEngineCount = 40,
    cudaDevAttrUnifiedAddressing = 41, cudaDevAttrComputeCapabilityMajor = 75,
    cudaDevAttrComputeCapabilityMinor = 76, cudaDevAttrManagedMemory = 83,
    cudaDevAttrIsMultiGpuBoard = 84, cudaDevAttrConcurrentManagedAccess = 89,
    cudaDevAttrPageableMemoryAccess = 88, cudaDevAttrComputePreemptionSupported = 90,
    cudaDevAttrCooperativeLaunch = 95, cudaDevAttrCooperativeMultiDeviceLaunch = 96,
    cudaDevAttrMaxSharedMemoryPerBlockOptin = 97,
    cudaDevAttrPageableMemoryAccessUsesHostPageTables = 100,
    cudaDevAttrDirectManagedMemAccessFromHost = 101, cudaDevAttrMaxBlocksPerMultiprocessor = 106,
    cudaDevAttrMemoryPoolsSupported = 115, cudaDevAttrMemoryPoolSupportedHandleTypes = 119
};
enum cudaLimit { cudaLimitStackSize = 0, cudaLimitPrintfFifoSize = 1,
                 cudaLimitMallocHeapSize = 2, cudaLimitDevRuntimeSyncDepth = 3,
                 cudaLimitDevRuntimePendingLaunchCount = 4, cudaLimitMaxL2FetchGranularity = 5,
                 cudaLimitPersistingL2CacheSize = 6 };
enum cudaComputeMode {
    cudaComputeModeDefault = 0, cudaComputeModeExclusive = 1, cudaComputeModeProhibited = 2,
    cudaComputeModeExclusiveProcess = 3
};
struct cudaDeviceProp {
    char name[256];
    size_t totalGlobalMem, sharedMemPerBlock;
    int regsPerBlock, warpSize;
    size_t memPitch;
    int maxThreadsPerBlock, maxThreadsDim[3], maxGridSize[3], clockRate;
    size_t totalConstMem;
    int major, minor, multiProcessorCount, computeMode, concurrentKernels, ECCEnabled;
    int integrated, canMapHostMemory, unifiedAddressing, memoryClockRate, memoryBusWidth;
    int l2CacheSize, maxThreadsPerMultiProcessor, cooperativeLaunch, managedMemory;
    size_t sharedMemPerMultiprocessor;
    /* the rest of the runtime's fields, for host code that reads them */
    struct { char bytes[16]; } uuid;
    char luid[8];
    unsigned int luidDeviceNodeMask;
    size_t textureAlignment, texturePitchAlignment, sharedMemPerBlockOptin;
    int deviceOverlap, kernelExecTimeoutEnabled, asyncEngineCount, pciBusID, pciDeviceID;
    int pciDomainID, tccDriver, isMultiGpuBoard, multiGpuBoardGroupID, regsPerMultiprocessor;
    int hostNativeAtomicSupported, singleToDoublePrecisionPerfRatio, pageableMemoryAccess;
    int concurrentManagedAccess, computePreemptionSupported, canUseHostPointerForRegisteredMem;
    int cooperativeMultiDeviceLaunch, pageableMemoryAccessUsesHostPageTables;
    int directManagedMemAccessFromHost, maxBlocksPerMultiProcessor, accessPolicyMaxWindowSize;
    size_t reservedSharedMemPerBlock;
    int persistingL2CacheMaxSize, streamPrioritiesSupported, globalL1CacheSupported;
    int localL1CacheSupported, memoryPoolsSupported, gpuDirectRDMASupported;
};
typedef struct CUevent_st *cudaEvent_t;
extern "C" {
__host__ cudaError_t cudaMalloc(void **p, size_t n);
__host__ cudaError_t cudaMallocManaged(void **p, size_t n, unsigned int flags = 1);
__host__ cudaError_t cudaMallocHost(void **p, size_t n);
__host__ cudaError_t cudaFree(void *p);
__host__ cudaError_t cudaFreeHost(void *p);
__host__ cudaError_t cudaMemcpy(void *d, const void *s, size_t n, enum cudaMemcpyKind k);
__host__ cudaError_t cudaMemset(void *d, int v, size_t n);
__host__ cudaError_t cudaDeviceSynchronize(void);
/* the deprecated per-thread forms (CUDA 4 era, still in benchmark suites) */
__host__ cudaError_t cudaThreadSynchronize(void);
__host__ cudaError_t cudaThreadExit(void);
__host__ cudaError_t cudaThreadSetLimit(enum cudaLimit l, size_t v);
__host__ cudaError_t cudaThreadGetLimit(size_t *v, enum cudaLimit l);
__host__ cudaError_t cudaDeviceReset(void);
/* Device code may call these too (CUDA declares them __host__ __device__):
 * a kernel raises no CUDA error here. */
static __inline__ __host__ __device__ cudaError_t cudaGetLastError(void) { return cudaSuccess; }
static __inline__ __host__ __device__ cudaError_t cudaPeekAtLastError(void) { return cudaSuccess; }
static __inline__ __host__ __device__ const char *cudaGetErrorString(cudaError_t e)
{ return e == cudaSuccess ? "no error" : "CUDA error"; }
__host__ cudaError_t cudaSetDevice(int d);
__host__ cudaError_t cudaEventCreate(cudaEvent_t *e);
__host__ cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t s = 0);
__host__ cudaError_t cudaEventSynchronize(cudaEvent_t e);
__host__ cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t a, cudaEvent_t b);
__host__ cudaError_t cudaEventDestroy(cudaEvent_t e);
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
/* device queries and streams, for host code such as cuda-samples' helper_cuda.h */
static __inline__ __host__ __device__ const char *cudaGetErrorName(cudaError_t e)
{ return e == cudaSuccess ? "cudaSuccess" : "cudaError"; }
__host__ cudaError_t cudaGetDeviceCount(int *n);
__host__ cudaError_t cudaGetDevice(int *d);
__host__ cudaError_t cudaDeviceGetAttribute(int *v, enum cudaDeviceAttr a, int d);
__host__ cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *p, int d);
__host__ cudaError_t cudaStreamCreate(cudaStream_t *s);
__host__ cudaError_t cudaStreamCreateWithFlags(cudaStream_t *s, unsigned int flags);
__host__ cudaError_t cudaStreamDestroy(cudaStream_t s);
__host__ cudaError_t cudaStreamSynchronize(cudaStream_t s);
__host__ cudaError_t cudaMemcpyAsync(void *d, const void *s, size_t n, enum cudaMemcpyKind k,
                                     cudaStream_t st = 0);
__host__ cudaError_t cudaMemsetAsync(void *d, int v, size_t n, cudaStream_t st = 0);
__host__ cudaError_t cudaHostAlloc(void **p, size_t n, unsigned int flags);
__host__ cudaError_t cudaEventCreateWithFlags(cudaEvent_t *e, unsigned int flags);
}
template <class T>
__host__ cudaError_t cudaMalloc(T **p, size_t n) { return cudaMalloc((void **)p, n); }
template <class T>
__host__ cudaError_t cudaMallocManaged(T **p, size_t n, unsigned int flags = 1)
{ return cudaMallocManaged((void **)p, n, flags); }
template <class T>
__host__ cudaError_t cudaMemcpyToSymbol(const T &sym, const void *src, size_t n, size_t off = 0,
                                        enum cudaMemcpyKind k = cudaMemcpyHostToDevice)
{ return cudaMemcpyToSymbol((const void *)&sym, src, n, off, k); }
template <class T>
__host__ cudaError_t cudaMemcpyFromSymbol(void *dst, const T &sym, size_t n, size_t off = 0,
                                          enum cudaMemcpyKind k = cudaMemcpyDeviceToHost)
{ return cudaMemcpyFromSymbol(dst, (const void *)&sym, n, off, k); }

#include "gpumc_texture.h"

#endif
#include <gpumc_names_restore.h>
