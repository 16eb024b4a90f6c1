/*
 * cuda_bf16.h -- CUDA's bfloat16 (__nv_bfloat16, __nv_bfloat162) for gpumc.
 *
 * A bfloat16 is the upper half of a float's bits: conversion from float
 * rounds to nearest even on the dropped half (NaNs kept quiet), to float
 * is exact.  Arithmetic is done in float and rounded back (float's 24 bits
 * are more than 2 x 8 + 2, so + - * / come out correctly rounded).
 * Written from the CUDA Math API reference: the type and its pair, the
 * conversions, the intrinsics that share half's names (__hadd, __hmul2,
 * __low2float ... as overloads), the operators, and atomicAdd as one
 * 16-bit RMW per value (cuda_fp16.h).  Includes cuda_fp16.h, as NVIDIA's
 * header does.
 */
#ifndef GPUMC_CUDA_BF16_H
#define GPUMC_CUDA_BF16_H

#include "cuda_fp16.h"

#define __GPUMC_BF static __inline__ __attribute__((always_inline)) __host__ __device__

typedef struct __nv_bfloat16_raw { unsigned short x; } __nv_bfloat16_raw;
typedef struct __nv_bfloat162_raw { unsigned short x, y; } __nv_bfloat162_raw;

__GPUMC_BF unsigned short __gpumc_f2bf(float f)
{
    unsigned int x = __gpumc_f32_bits(f);
    if ((x & 0x7fffffffu) > 0x7f800000u) /* NaN: keep it quiet */
        return (unsigned short)((x >> 16) | 0x40u);
    x += 0x7fffu + ((x >> 16) & 1u); /* round to nearest even */
    return (unsigned short)(x >> 16);
}
__GPUMC_BF float __gpumc_bf2f(unsigned short b) { return __gpumc_f32_of((unsigned int)b << 16); }
/* NVIDIA's internal names, which some kernels call directly */
__GPUMC_BF float __internal_bfloat162float(unsigned short b) { return __gpumc_bf2f(b); }
__GPUMC_BF unsigned short __internal_float2bfloat16(float f, unsigned int &sign, unsigned int &rem)
{
    unsigned int x = __gpumc_f32_bits(f);
    sign = x >> 31;
    rem = x << 16;
    return (unsigned short)(x >> 16);
}

struct __nv_bfloat16 {
    unsigned short __x;
    __nv_bfloat16() = default;
    __host__ __device__ __nv_bfloat16(const __nv_bfloat16_raw &r) : __x(r.x) {}
    __host__ __device__ __nv_bfloat16(float f) : __x(__gpumc_f2bf(f)) {}
    __host__ __device__ __nv_bfloat16(double d) : __x(__gpumc_f2bf(__gpumc_d2f_odd(d))) {}
    __host__ __device__ __nv_bfloat16(short i) : __x(__gpumc_f2bf((float)i)) {}
    __host__ __device__ __nv_bfloat16(unsigned short i) : __x(__gpumc_f2bf((float)i)) {}
    __host__ __device__ __nv_bfloat16(int i) : __x(__gpumc_f2bf(__gpumc_d2f_odd((double)i))) {}
    __host__ __device__ __nv_bfloat16(unsigned int i)
        : __x(__gpumc_f2bf(__gpumc_d2f_odd((double)i))) {}
    __host__ __device__ __nv_bfloat16(long i) : __x(__gpumc_f2bf(__gpumc_d2f_odd((double)i))) {}
    __host__ __device__ __nv_bfloat16(unsigned long i)
        : __x(__gpumc_f2bf(__gpumc_d2f_odd((double)i))) {}
    __host__ __device__ __nv_bfloat16(long long i)
        : __x(__gpumc_f2bf(__gpumc_d2f_odd((double)i))) {}
    __host__ __device__ __nv_bfloat16(unsigned long long i)
        : __x(__gpumc_f2bf(__gpumc_d2f_odd((double)i))) {}
    __host__ __device__ operator float() const { return __gpumc_bf2f(__x); }
    __host__ __device__ operator __nv_bfloat16_raw() const { __nv_bfloat16_raw r = {__x}; return r; }
    __host__ __device__ __nv_bfloat16 &operator=(float f) { __x = __gpumc_f2bf(f); return *this; }
    __host__ __device__ __nv_bfloat16 &operator=(const __nv_bfloat16_raw &r)
    {
        __x = r.x;
        return *this;
    }
};
typedef struct __nv_bfloat16 nv_bfloat16;

struct __nv_bfloat162 {
    __nv_bfloat16 x, y;
    __nv_bfloat162() = default;
    __host__ __device__ __nv_bfloat162(const __nv_bfloat16 &a, const __nv_bfloat16 &b)
        : x(a), y(b) {}
    __host__ __device__ __nv_bfloat162(const __nv_bfloat162_raw &r)
    {
        x.__x = r.x;
        y.__x = r.y;
    }
    __host__ __device__ operator __nv_bfloat162_raw() const
    {
        __nv_bfloat162_raw r = {x.__x, y.__x};
        return r;
    }
};
typedef struct __nv_bfloat162 nv_bfloat162;

/* ---- conversions ---- */
__GPUMC_BF float __bfloat162float(__nv_bfloat16 b) { return __gpumc_bf2f(b.__x); }
__GPUMC_BF __nv_bfloat16 __float2bfloat16(float f) { return __nv_bfloat16(f); }
__GPUMC_BF __nv_bfloat16 __float2bfloat16_rn(float f) { return __nv_bfloat16(f); }
__GPUMC_BF __nv_bfloat16 __double2bfloat16(double d) { return __nv_bfloat16(d); }
__GPUMC_BF __nv_bfloat16 __int2bfloat16_rn(int i) { return __nv_bfloat16(i); }
/* to int after rounding: NaN gives 0, out of range saturates, as on the GPU */
__GPUMC_BF int __gpumc_bf2int(float f)
{
    return f != f ? 0 : f >= 2147483648.0f ? 2147483647 : f < -2147483648.0f ? (-2147483647 - 1)
                                                                            : (int)f;
}
__GPUMC_BF int __bfloat162int_rz(__nv_bfloat16 b) { return __gpumc_bf2int(__gpumc_bf2f(b.__x)); }
__GPUMC_BF int __bfloat162int_rn(__nv_bfloat16 b)
{ return __gpumc_bf2int(__builtin_rintf(__gpumc_bf2f(b.__x))); }
__GPUMC_BF int __bfloat162int_rd(__nv_bfloat16 b)
{ return __gpumc_bf2int(__builtin_floorf(__gpumc_bf2f(b.__x))); }
__GPUMC_BF int __bfloat162int_ru(__nv_bfloat16 b)
{ return __gpumc_bf2int(__builtin_ceilf(__gpumc_bf2f(b.__x))); }
__GPUMC_BF unsigned short __bfloat16_as_ushort(__nv_bfloat16 b) { return b.__x; }
__GPUMC_BF __nv_bfloat16 __ushort_as_bfloat16(unsigned short u)
{
    __nv_bfloat16_raw r = {u};
    return __nv_bfloat16(r);
}
__GPUMC_BF __nv_bfloat162 __halves2bfloat162(__nv_bfloat16 a, __nv_bfloat16 b)
{ return __nv_bfloat162(a, b); }
__GPUMC_BF __nv_bfloat162 __bfloat162bfloat162(__nv_bfloat16 a) { return __nv_bfloat162(a, a); }
__GPUMC_BF __nv_bfloat162 make_bfloat162(__nv_bfloat16 a, __nv_bfloat16 b)
{ return __nv_bfloat162(a, b); }
__GPUMC_BF __nv_bfloat162 __float2bfloat162_rn(float f)
{ return __nv_bfloat162(__nv_bfloat16(f), __nv_bfloat16(f)); }
__GPUMC_BF __nv_bfloat162 __floats2bfloat162_rn(float a, float b)
{ return __nv_bfloat162(__nv_bfloat16(a), __nv_bfloat16(b)); }
__GPUMC_BF __nv_bfloat162 __float22bfloat162_rn(float2 f) { return __floats2bfloat162_rn(f.x, f.y); }
__GPUMC_BF float2 __bfloat1622float2(__nv_bfloat162 b)
{
    float2 r = {__bfloat162float(b.x), __bfloat162float(b.y)};
    return r;
}
__GPUMC_BF float __low2float(__nv_bfloat162 b) { return __bfloat162float(b.x); }
__GPUMC_BF float __high2float(__nv_bfloat162 b) { return __bfloat162float(b.y); }
__GPUMC_BF __nv_bfloat16 __low2bfloat16(__nv_bfloat162 b) { return b.x; }
__GPUMC_BF __nv_bfloat16 __high2bfloat16(__nv_bfloat162 b) { return b.y; }
__GPUMC_BF __nv_bfloat162 __lows2bfloat162(__nv_bfloat162 a, __nv_bfloat162 b)
{ return __nv_bfloat162(a.x, b.x); }
__GPUMC_BF __nv_bfloat162 __highs2bfloat162(__nv_bfloat162 a, __nv_bfloat162 b)
{ return __nv_bfloat162(a.y, b.y); }

/* ---- arithmetic and comparisons: half's names, overloaded ---- */
#define __GPUMC_B2(NAME, EXPR)                                                                    \
    __GPUMC_BF __nv_bfloat16 NAME(__nv_bfloat16 a, __nv_bfloat16 b)                              \
    { float x = __bfloat162float(a), y = __bfloat162float(b); return __nv_bfloat16(EXPR); }      \
    __GPUMC_BF __nv_bfloat162 NAME##2(__nv_bfloat162 a, __nv_bfloat162 b)                        \
    { return __nv_bfloat162(NAME(a.x, b.x), NAME(a.y, b.y)); }
__GPUMC_B2(__hadd, x + y)
__GPUMC_B2(__hsub, x - y)
__GPUMC_B2(__hmul, x * y)
__GPUMC_B2(__hmax, x != x ? y : y != y ? x : x > y ? x : y)
__GPUMC_B2(__hmin, x != x ? y : y != y ? x : x < y ? x : y)
#undef __GPUMC_B2
__GPUMC_BF __nv_bfloat16 __hdiv(__nv_bfloat16 a, __nv_bfloat16 b)
{ return __nv_bfloat16(__bfloat162float(a) / __bfloat162float(b)); }
__GPUMC_BF __nv_bfloat162 __h2div(__nv_bfloat162 a, __nv_bfloat162 b)
{ return __nv_bfloat162(__hdiv(a.x, b.x), __hdiv(a.y, b.y)); }
__GPUMC_BF __nv_bfloat16 __hneg(__nv_bfloat16 a)
{ return __ushort_as_bfloat16((unsigned short)(a.__x ^ 0x8000u)); }
__GPUMC_BF __nv_bfloat162 __hneg2(__nv_bfloat162 a) { return __nv_bfloat162(__hneg(a.x), __hneg(a.y)); }
__GPUMC_BF __nv_bfloat16 __habs(__nv_bfloat16 a)
{ return __ushort_as_bfloat16((unsigned short)(a.__x & 0x7fffu)); }
__GPUMC_BF __nv_bfloat16 __hfma(__nv_bfloat16 a, __nv_bfloat16 b, __nv_bfloat16 c)
{
    return __nv_bfloat16(__builtin_fmaf(__bfloat162float(a), __bfloat162float(b),
                                        __bfloat162float(c)));
}
__GPUMC_BF __nv_bfloat162 __hfma2(__nv_bfloat162 a, __nv_bfloat162 b, __nv_bfloat162 c)
{ return __nv_bfloat162(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y)); }
#define __GPUMC_BM(X, EXPR)                                                                       \
    __GPUMC_BF __nv_bfloat16 h##X(__nv_bfloat16 a)                                                 \
    { float x = __bfloat162float(a); return __nv_bfloat16(EXPR); }                                \
    __GPUMC_BF __nv_bfloat162 h2##X(__nv_bfloat162 a) { return __nv_bfloat162(h##X(a.x), h##X(a.y)); }
__GPUMC_HMATH(__GPUMC_BM)
#undef __GPUMC_BM
__GPUMC_BF bool __hisnan(__nv_bfloat16 a) { return (a.__x & 0x7fffu) > 0x7f80u; }
__GPUMC_BF bool __heq(__nv_bfloat16 a, __nv_bfloat16 b) { return __bfloat162float(a) == __bfloat162float(b); }
__GPUMC_BF bool __hlt(__nv_bfloat16 a, __nv_bfloat16 b) { return __bfloat162float(a) < __bfloat162float(b); }
__GPUMC_BF bool __hgt(__nv_bfloat16 a, __nv_bfloat16 b) { return __bfloat162float(a) > __bfloat162float(b); }

/* ---- operators ---- */
__GPUMC_BF __nv_bfloat16 operator+(__nv_bfloat16 a, __nv_bfloat16 b) { return __hadd(a, b); }
__GPUMC_BF __nv_bfloat16 operator-(__nv_bfloat16 a, __nv_bfloat16 b) { return __hsub(a, b); }
__GPUMC_BF __nv_bfloat16 operator*(__nv_bfloat16 a, __nv_bfloat16 b) { return __hmul(a, b); }
__GPUMC_BF __nv_bfloat16 operator/(__nv_bfloat16 a, __nv_bfloat16 b) { return __hdiv(a, b); }
__GPUMC_BF __nv_bfloat16 operator-(__nv_bfloat16 a) { return __hneg(a); }
__GPUMC_BF __nv_bfloat16 &operator+=(__nv_bfloat16 &a, __nv_bfloat16 b) { return a = __hadd(a, b); }
__GPUMC_BF __nv_bfloat16 &operator-=(__nv_bfloat16 &a, __nv_bfloat16 b) { return a = __hsub(a, b); }
__GPUMC_BF __nv_bfloat16 &operator*=(__nv_bfloat16 &a, __nv_bfloat16 b) { return a = __hmul(a, b); }
__GPUMC_BF bool operator==(__nv_bfloat16 a, __nv_bfloat16 b) { return __heq(a, b); }
__GPUMC_BF bool operator!=(__nv_bfloat16 a, __nv_bfloat16 b) { return !__heq(a, b); }
__GPUMC_BF bool operator<(__nv_bfloat16 a, __nv_bfloat16 b) { return __hlt(a, b); }
__GPUMC_BF bool operator>(__nv_bfloat16 a, __nv_bfloat16 b) { return __hgt(a, b); }
__GPUMC_BF __nv_bfloat162 operator+(__nv_bfloat162 a, __nv_bfloat162 b) { return __hadd2(a, b); }
__GPUMC_BF __nv_bfloat162 operator-(__nv_bfloat162 a, __nv_bfloat162 b) { return __hsub2(a, b); }
__GPUMC_BF __nv_bfloat162 operator*(__nv_bfloat162 a, __nv_bfloat162 b) { return __hmul2(a, b); }
__GPUMC_BF __nv_bfloat162 &operator+=(__nv_bfloat162 &a, __nv_bfloat162 b) { return a = __hadd2(a, b); }

/* ---- atomics: one RMW rounded as the hardware does (cuda_fp16.h) ---- */
__GPUMC_LOWP_ATOMIC_ADD(__nv_bfloat16, __nv_bfloat162, 15)

#undef __GPUMC_BF
#endif
