/*
 * cuda_fp8.h -- CUDA's 8-bit floating point for gpumc: the E4M3 (4
 * exponent bits, bias 7, no infinity, NaN = S.1111.111, largest 448) and
 * E5M2 (binary16's upper byte: infinities, largest 57344) formats, the
 * conversion functions (__nv_cvt_float_to_fp8 & co., host and device) and
 * the types __nv_fp8_e4m3/_e5m2 with their pairs (x2) and quads (x4).
 * Narrowing rounds to nearest even; a finite value beyond the largest
 * becomes the largest with __NV_SATFINITE, else NaN (E4M3) or infinity
 * (E5M2); infinity saturates to the largest too, NaN stays NaN.  Widening
 * is exact.  Written from the CUDA Math API reference.
 */
#include <gpumc_names_save.h>
#ifndef GPUMC_CUDA_FP8_H
#define GPUMC_CUDA_FP8_H

#include "cuda_bf16.h"

#define __GPUMC_F8 static __inline__ __attribute__((always_inline)) __host__ __device__

typedef unsigned char __nv_fp8_storage_t;
typedef unsigned short __nv_fp8x2_storage_t;
typedef unsigned int __nv_fp8x4_storage_t;
typedef enum __nv_saturation_t { __NV_NOSAT, __NV_SATFINITE } __nv_saturation_t;
typedef enum __nv_fp8_interpretation_t { __NV_E4M3, __NV_E5M2 } __nv_fp8_interpretation_t;

/* double -> fp8 bits, rounded to nearest even (the exact value is a
 * double: float, half and bfloat16 inputs round once). */
__GPUMC_F8 __nv_fp8_storage_t __gpumc_to_fp8(double d, __nv_saturation_t sat,
                                             __nv_fp8_interpretation_t fmt)
{
    int e5 = fmt == __NV_E5M2, mant = e5 ? 2 : 3, emin = e5 ? -14 : -6;
    unsigned largest = e5 ? 0x7bu : 0x7eu, sign = __builtin_signbit(d) ? 0x80u : 0u;
    if (d != d)
        return 0x7f;
    double a = __builtin_fabs(d);
    unsigned bits = 0xffu; /* beyond every format: an infinity */
    if (a < 1e6) {
        int e;
        __builtin_frexp(a, &e);
        e -= 1; /* a = 1.f x 2^e */
        if (a == 0)
            bits = 0;
        else if (e < emin) /* subnormal */
            bits = (unsigned)__builtin_rint(__builtin_ldexp(a, mant - emin));
        else /* the count carries into the exponent as it should */
            bits = ((unsigned)(e - emin) << mant) + (unsigned)__builtin_rint(__builtin_ldexp(a, mant - e));
    }
    if (bits > largest)
        bits = sat == __NV_SATFINITE ? largest : e5 ? 0x7cu : 0x7fu;
    return (__nv_fp8_storage_t)(sign | bits);
}

/* fp8 bits -> float, exactly. */
__GPUMC_F8 float __gpumc_from_fp8(__nv_fp8_storage_t x, __nv_fp8_interpretation_t fmt)
{
    int e5 = fmt == __NV_E5M2, mant = e5 ? 2 : 3, bias = e5 ? 15 : 7;
    unsigned m = x & ((1u << mant) - 1), ex = (x & 0x7fu) >> mant;
    float s = x & 0x80u ? -1.0f : 1.0f;
    if (e5 && ex == 0x1f)
        return m ? __builtin_nanf("") : s * __builtin_inff();
    if (!e5 && (x & 0x7fu) == 0x7f)
        return __builtin_nanf("");
    if (ex == 0)
        return s * __builtin_ldexpf((float)m, 1 - bias - mant);
    return s * __builtin_ldexpf((float)(m | 1u << mant), (int)ex - bias - mant);
}

__GPUMC_F8 __nv_fp8_storage_t __nv_cvt_float_to_fp8(float x, __nv_saturation_t sat,
                                                    __nv_fp8_interpretation_t fmt)
{ return __gpumc_to_fp8(x, sat, fmt); }
__GPUMC_F8 __nv_fp8_storage_t __nv_cvt_double_to_fp8(double x, __nv_saturation_t sat,
                                                     __nv_fp8_interpretation_t fmt)
{ return __gpumc_to_fp8(x, sat, fmt); }
__GPUMC_F8 __nv_fp8x2_storage_t __nv_cvt_float2_to_fp8x2(float2 x, __nv_saturation_t sat,
                                                         __nv_fp8_interpretation_t fmt)
{ return (__nv_fp8x2_storage_t)(__gpumc_to_fp8(x.x, sat, fmt) | __gpumc_to_fp8(x.y, sat, fmt) << 8); }
__GPUMC_F8 __nv_fp8x2_storage_t __nv_cvt_double2_to_fp8x2(double2 x, __nv_saturation_t sat,
                                                          __nv_fp8_interpretation_t fmt)
{ return (__nv_fp8x2_storage_t)(__gpumc_to_fp8(x.x, sat, fmt) | __gpumc_to_fp8(x.y, sat, fmt) << 8); }
__GPUMC_F8 __nv_fp8_storage_t __nv_cvt_halfraw_to_fp8(__half_raw x, __nv_saturation_t sat,
                                                      __nv_fp8_interpretation_t fmt)
{ return __gpumc_to_fp8(__gpumc_h2f(x.x), sat, fmt); }
__GPUMC_F8 __nv_fp8x2_storage_t __nv_cvt_halfraw2_to_fp8x2(__half2_raw x, __nv_saturation_t sat,
                                                           __nv_fp8_interpretation_t fmt)
{
    return (__nv_fp8x2_storage_t)(__gpumc_to_fp8(__gpumc_h2f(x.x), sat, fmt) |
                                  __gpumc_to_fp8(__gpumc_h2f(x.y), sat, fmt) << 8);
}
__GPUMC_F8 __nv_fp8_storage_t __nv_cvt_bfloat16raw_to_fp8(__nv_bfloat16_raw x, __nv_saturation_t sat,
                                                          __nv_fp8_interpretation_t fmt)
{ return __gpumc_to_fp8(__gpumc_bf2f(x.x), sat, fmt); }
__GPUMC_F8 __nv_fp8x2_storage_t __nv_cvt_bfloat16raw2_to_fp8x2(__nv_bfloat162_raw x,
                                                               __nv_saturation_t sat,
                                                               __nv_fp8_interpretation_t fmt)
{
    return (__nv_fp8x2_storage_t)(__gpumc_to_fp8(__gpumc_bf2f(x.x), sat, fmt) |
                                  __gpumc_to_fp8(__gpumc_bf2f(x.y), sat, fmt) << 8);
}
__GPUMC_F8 __half_raw __nv_cvt_fp8_to_halfraw(__nv_fp8_storage_t x, __nv_fp8_interpretation_t fmt)
{
    __half_raw r = {__gpumc_f2h(__gpumc_from_fp8(x, fmt))};
    return r;
}
__GPUMC_F8 __half2_raw __nv_cvt_fp8x2_to_halfraw2(__nv_fp8x2_storage_t x,
                                                  __nv_fp8_interpretation_t fmt)
{
    __half2_raw r = {__gpumc_f2h(__gpumc_from_fp8((__nv_fp8_storage_t)x, fmt)),
                     __gpumc_f2h(__gpumc_from_fp8((__nv_fp8_storage_t)(x >> 8), fmt))};
    return r;
}

/* One value; constructors and conversions are explicit, as in CUDA. */
template <__nv_fp8_interpretation_t F> struct __gpumc_fp8 {
    __nv_fp8_storage_t __x;
    __gpumc_fp8() = default;
    __host__ __device__ explicit __gpumc_fp8(double v) : __x(__gpumc_to_fp8(v, __NV_SATFINITE, F)) {}
    __host__ __device__ explicit __gpumc_fp8(float v) : __x(__gpumc_to_fp8(v, __NV_SATFINITE, F)) {}
    __host__ __device__ explicit __gpumc_fp8(__half v)
        : __x(__gpumc_to_fp8(__half2float(v), __NV_SATFINITE, F)) {}
    __host__ __device__ explicit __gpumc_fp8(__nv_bfloat16 v)
        : __x(__gpumc_to_fp8(__bfloat162float(v), __NV_SATFINITE, F)) {}
    __host__ __device__ explicit __gpumc_fp8(int v) : __x(__gpumc_to_fp8(v, __NV_SATFINITE, F)) {}
    __host__ __device__ explicit __gpumc_fp8(unsigned v) : __x(__gpumc_to_fp8(v, __NV_SATFINITE, F)) {}
    __host__ __device__ explicit __gpumc_fp8(long long v) : __x(__gpumc_to_fp8((double)v, __NV_SATFINITE, F)) {}
    __host__ __device__ explicit __gpumc_fp8(unsigned long long v)
        : __x(__gpumc_to_fp8((double)v, __NV_SATFINITE, F)) {}
    __host__ __device__ explicit operator float() const { return __gpumc_from_fp8(__x, F); }
    __host__ __device__ explicit operator double() const { return __gpumc_from_fp8(__x, F); }
    __host__ __device__ explicit operator __half() const { return __half(__gpumc_from_fp8(__x, F)); }
    __host__ __device__ explicit operator __nv_bfloat16() const
    { return __nv_bfloat16(__gpumc_from_fp8(__x, F)); }
    __host__ __device__ explicit operator bool() const { return (__x & 0x7fu) != 0; }
    __host__ __device__ explicit operator int() const { return (int)__gpumc_from_fp8(__x, F); }
};

/* Two values, the first in the low byte. */
template <__nv_fp8_interpretation_t F> struct __gpumc_fp8x2 {
    __nv_fp8x2_storage_t __x;
    __gpumc_fp8x2() = default;
    __host__ __device__ explicit __gpumc_fp8x2(float2 v) : __x(__nv_cvt_float2_to_fp8x2(v, __NV_SATFINITE, F)) {}
    __host__ __device__ explicit __gpumc_fp8x2(double2 v)
        : __x(__nv_cvt_double2_to_fp8x2(v, __NV_SATFINITE, F)) {}
    __host__ __device__ explicit __gpumc_fp8x2(__half2 v)
        : __x(__nv_cvt_float2_to_fp8x2(__half22float2(v), __NV_SATFINITE, F)) {}
    __host__ __device__ explicit __gpumc_fp8x2(__nv_bfloat162 v)
        : __x(__nv_cvt_float2_to_fp8x2(make_float2(__low2float(v), __high2float(v)), __NV_SATFINITE, F)) {}
    __host__ __device__ explicit operator float2() const
    {
        return make_float2(__gpumc_from_fp8((__nv_fp8_storage_t)__x, F),
                           __gpumc_from_fp8((__nv_fp8_storage_t)(__x >> 8), F));
    }
    __host__ __device__ explicit operator __half2() const { return __float22half2_rn(float2(*this)); }
};

/* Four values, the first in the lowest byte. */
template <__nv_fp8_interpretation_t F> struct __gpumc_fp8x4 {
    __nv_fp8x4_storage_t __x;
    __gpumc_fp8x4() = default;
    __host__ __device__ explicit __gpumc_fp8x4(float4 v)
        : __x(__nv_cvt_float2_to_fp8x2(make_float2(v.x, v.y), __NV_SATFINITE, F) |
              (unsigned)__nv_cvt_float2_to_fp8x2(make_float2(v.z, v.w), __NV_SATFINITE, F) << 16) {}
    __host__ __device__ explicit __gpumc_fp8x4(double4 v)
        : __gpumc_fp8x4(make_float4((float)v.x, (float)v.y, (float)v.z, (float)v.w)) {}
    __host__ __device__ __gpumc_fp8x4(__half2 lo, __half2 hi)
        : __gpumc_fp8x4(make_float4(__low2float(lo), __high2float(lo), __low2float(hi), __high2float(hi))) {}
    __host__ __device__ __gpumc_fp8x4(__nv_bfloat162 lo, __nv_bfloat162 hi)
        : __gpumc_fp8x4(make_float4(__low2float(lo), __high2float(lo), __low2float(hi), __high2float(hi))) {}
    __host__ __device__ explicit operator float4() const
    {
        return make_float4(__gpumc_from_fp8((__nv_fp8_storage_t)__x, F),
                           __gpumc_from_fp8((__nv_fp8_storage_t)(__x >> 8), F),
                           __gpumc_from_fp8((__nv_fp8_storage_t)(__x >> 16), F),
                           __gpumc_from_fp8((__nv_fp8_storage_t)(__x >> 24), F));
    }
};

typedef __gpumc_fp8<__NV_E4M3> __nv_fp8_e4m3;
typedef __gpumc_fp8<__NV_E5M2> __nv_fp8_e5m2;
typedef __gpumc_fp8x2<__NV_E4M3> __nv_fp8x2_e4m3;
typedef __gpumc_fp8x2<__NV_E5M2> __nv_fp8x2_e5m2;
typedef __gpumc_fp8x4<__NV_E4M3> __nv_fp8x4_e4m3;
typedef __gpumc_fp8x4<__NV_E5M2> __nv_fp8x4_e5m2;

#undef __GPUMC_F8
#endif
#include <gpumc_names_restore.h>
