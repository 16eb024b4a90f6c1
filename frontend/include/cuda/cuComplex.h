/*
 * cuComplex.h -- CUDA's single- and double-precision complex numbers for
 * gpumc, written from the CUDA Math API documentation: cuFloatComplex is a
 * float2 (x the real part, y the imaginary one), cuDoubleComplex a double2,
 * and the arithmetic is plain host-and-device code, so kernels using it are
 * checked like any other arithmetic.  Division scales by the divisor's
 * larger component first, and the modulus avoids overflow the same way, as
 * the documented functions do.
 */
#ifndef GPUMC_CUCOMPLEX_H
#define GPUMC_CUCOMPLEX_H

#include "vector_types.h"

typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;

__host__ __device__ static inline float cuCrealf(cuFloatComplex z) { return z.x; }
__host__ __device__ static inline float cuCimagf(cuFloatComplex z) { return z.y; }
__host__ __device__ static inline cuFloatComplex make_cuFloatComplex(float r, float i)
{
    cuFloatComplex z;
    z.x = r;
    z.y = i;
    return z;
}
__host__ __device__ static inline cuComplex make_cuComplex(float r, float i)
{
    return make_cuFloatComplex(r, i);
}
__host__ __device__ static inline cuFloatComplex cuConjf(cuFloatComplex z)
{
    return make_cuFloatComplex(z.x, -z.y);
}
__host__ __device__ static inline cuFloatComplex cuCaddf(cuFloatComplex a, cuFloatComplex b)
{
    return make_cuFloatComplex(a.x + b.x, a.y + b.y);
}
__host__ __device__ static inline cuFloatComplex cuCsubf(cuFloatComplex a, cuFloatComplex b)
{
    return make_cuFloatComplex(a.x - b.x, a.y - b.y);
}
__host__ __device__ static inline cuFloatComplex cuCmulf(cuFloatComplex a, cuFloatComplex b)
{
    return make_cuFloatComplex(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}
__host__ __device__ static inline cuFloatComplex cuCdivf(cuFloatComplex a, cuFloatComplex b)
{
    float s = (b.x < 0 ? -b.x : b.x) + (b.y < 0 ? -b.y : b.y);
    float ars = a.x / s, ais = a.y / s, brs = b.x / s, bis = b.y / s;
    float q = brs * brs + bis * bis;
    return make_cuFloatComplex((ars * brs + ais * bis) / q, (ais * brs - ars * bis) / q);
}
__host__ __device__ static inline float cuCabsf(cuFloatComplex z)
{
    float a = z.x < 0 ? -z.x : z.x, b = z.y < 0 ? -z.y : z.y;
    float hi = a > b ? a : b, lo = a > b ? b : a;
    if (hi == 0.0f || hi + lo > 3.402823466e38f)
        return hi + lo; /* zero, or an infinity (or overflow) stays so */
    float r = lo / hi;
    return hi * sqrtf(1.0f + r * r);
}
__host__ __device__ static inline cuFloatComplex cuCfmaf(cuFloatComplex x, cuFloatComplex y,
                                                         cuFloatComplex d)
{
    return cuCaddf(cuCmulf(x, y), d);
}

__host__ __device__ static inline double cuCreal(cuDoubleComplex z) { return z.x; }
__host__ __device__ static inline double cuCimag(cuDoubleComplex z) { return z.y; }
__host__ __device__ static inline cuDoubleComplex make_cuDoubleComplex(double r, double i)
{
    cuDoubleComplex z;
    z.x = r;
    z.y = i;
    return z;
}
__host__ __device__ static inline cuDoubleComplex cuConj(cuDoubleComplex z)
{
    return make_cuDoubleComplex(z.x, -z.y);
}
__host__ __device__ static inline cuDoubleComplex cuCadd(cuDoubleComplex a, cuDoubleComplex b)
{
    return make_cuDoubleComplex(a.x + b.x, a.y + b.y);
}
__host__ __device__ static inline cuDoubleComplex cuCsub(cuDoubleComplex a, cuDoubleComplex b)
{
    return make_cuDoubleComplex(a.x - b.x, a.y - b.y);
}
__host__ __device__ static inline cuDoubleComplex cuCmul(cuDoubleComplex a, cuDoubleComplex b)
{
    return make_cuDoubleComplex(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}
__host__ __device__ static inline cuDoubleComplex cuCdiv(cuDoubleComplex a, cuDoubleComplex b)
{
    double s = (b.x < 0 ? -b.x : b.x) + (b.y < 0 ? -b.y : b.y);
    double ars = a.x / s, ais = a.y / s, brs = b.x / s, bis = b.y / s;
    double q = brs * brs + bis * bis;
    return make_cuDoubleComplex((ars * brs + ais * bis) / q, (ais * brs - ars * bis) / q);
}
__host__ __device__ static inline double cuCabs(cuDoubleComplex z)
{
    double a = z.x < 0 ? -z.x : z.x, b = z.y < 0 ? -z.y : z.y;
    double hi = a > b ? a : b, lo = a > b ? b : a;
    if (hi == 0.0 || hi + lo > 1.7976931348623157e308)
        return hi + lo;
    double r = lo / hi;
    return hi * sqrt(1.0 + r * r);
}
__host__ __device__ static inline cuDoubleComplex cuCfma(cuDoubleComplex x, cuDoubleComplex y,
                                                        cuDoubleComplex d)
{
    return cuCadd(cuCmul(x, y), d);
}

__host__ __device__ static inline cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex z)
{
    return make_cuDoubleComplex((double)z.x, (double)z.y);
}
__host__ __device__ static inline cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex z)
{
    return make_cuFloatComplex((float)z.x, (float)z.y);
}

#endif
