/*
 * gpumc_clcommon.h -- OpenCL C built-ins that clang declares and nothing
 * defines, written from their definitions in the OpenCL C specification
 * (included by gpumc_opencl.h).  ir_clmath.c turns the rest (conversions,
 * min/max/clamp, integer bit operations, the libm functions) into what
 * they compute; these are built on those.
 *
 * Vector forms work component by component: a true vector comparison is
 * -1 (all bits set), a true scalar one 1, as the specification says.
 * Defining one overload of a name hides clang's declarations of the
 * others, so each name is defined for every type it takes.
 */
#ifndef GPUMC_CLCOMMON_H
#define GPUMC_CLCOMMON_H

#define __GPUMC_OVL __attribute__((overloadable, always_inline)) static inline

/* ---- floating point: T a float type, MIN its least normal value, I the
 * integer type of a comparison (int for scalars, intN/longN for vectors) */
#define __GPUMC_FP(T, MIN, I)                                                               \
    __GPUMC_OVL T mix(T x, T y, T a) { return x + (y - x) * a; }                            \
    __GPUMC_OVL T step(T edge, T x) { return x < edge ? (T)0 : (T)1; }                      \
    __GPUMC_OVL T smoothstep(T e0, T e1, T x)                                               \
    {                                                                                       \
        T t = clamp((x - e0) / (e1 - e0), (T)0, (T)1);                                      \
        return t * t * ((T)3 - (T)2 * t);                                                   \
    }                                                                                       \
    __GPUMC_OVL T sign(T x) { return x > (T)0 ? (T)1 : x < (T)0 ? (T)-1 : x * (T)0; }       \
    __GPUMC_OVL T degrees(T r) { return r * (T)57.29577951308232; }                         \
    __GPUMC_OVL T radians(T d) { return d * (T)0.017453292519943295; }                      \
    __GPUMC_OVL T native_divide(T x, T y) { return x / y; }                                 \
    __GPUMC_OVL T half_divide(T x, T y) { return x / y; }                                   \
    __GPUMC_OVL T native_recip(T x) { return (T)1 / x; }                                    \
    __GPUMC_OVL T half_recip(T x) { return (T)1 / x; }                                      \
    __GPUMC_OVL T rsqrt(T x) { return (T)1 / sqrt(x); }                                     \
    __GPUMC_OVL T native_rsqrt(T x) { return (T)1 / sqrt(x); }                              \
    __GPUMC_OVL T half_rsqrt(T x) { return (T)1 / sqrt(x); }                                \
    __GPUMC_OVL T powr(T x, T y) { return pow(x, y); }                                      \
    __GPUMC_OVL T atan2pi(T y, T x) { return atan2(y, x) * (T)0.3183098861837907; }         \
    __GPUMC_OVL T asinpi(T x) { return asin(x) * (T)0.3183098861837907; }                   \
    __GPUMC_OVL T acospi(T x) { return acos(x) * (T)0.3183098861837907; }                   \
    __GPUMC_OVL T atanpi(T x) { return atan(x) * (T)0.3183098861837907; }                   \
    __GPUMC_OVL T maxmag(T x, T y)                                                          \
    { return fabs(x) > fabs(y) ? x : fabs(y) > fabs(x) ? y : fmax(x, y); }                  \
    __GPUMC_OVL T minmag(T x, T y)                                                          \
    { return fabs(x) < fabs(y) ? x : fabs(y) < fabs(x) ? y : fmin(x, y); }                  \
    __GPUMC_OVL I isnan(T x) { return x != x; }                                             \
    __GPUMC_OVL I isinf(T x) { return fabs(x) == (T)INFINITY; }                             \
    __GPUMC_OVL I isfinite(T x) { return fabs(x) < (T)INFINITY; }                           \
    __GPUMC_OVL I isnormal(T x) { return fabs(x) >= (T)MIN && fabs(x) < (T)INFINITY; }      \
    __GPUMC_OVL I signbit(T x) { return x < (T)0 || (x == (T)0 && (T)1 / x < (T)0); }       \
    __GPUMC_OVL I isequal(T x, T y) { return x == y; }                                      \
    __GPUMC_OVL I isnotequal(T x, T y) { return x != y; }                                   \
    __GPUMC_OVL I isgreater(T x, T y) { return x > y; }                                     \
    __GPUMC_OVL I isgreaterequal(T x, T y) { return x >= y; }                               \
    __GPUMC_OVL I isless(T x, T y) { return x < y; }                                        \
    __GPUMC_OVL I islessequal(T x, T y) { return x <= y; }                                  \
    __GPUMC_OVL I islessgreater(T x, T y) { return x < y || x > y; }                        \
    __GPUMC_OVL I isordered(T x, T y) { return x == x && y == y; }                          \
    __GPUMC_OVL I isunordered(T x, T y) { return x != x || y != y; }
/* vector forms, also with a scalar S argument */
#define __GPUMC_FPV(T, S, MIN, I)                                                           \
    __GPUMC_FP(T, MIN, I)                                                                   \
    __GPUMC_OVL T mix(T x, T y, S a) { return x + (y - x) * a; }                            \
    __GPUMC_OVL T step(S edge, T x) { return step((T)edge, x); }                            \
    __GPUMC_OVL T smoothstep(S e0, S e1, T x) { return smoothstep((T)e0, (T)e1, x); }
#define __GPUMC_FP_ALL(S, MIN, I)                                                           \
    __GPUMC_FP(S, MIN, int)                                                                 \
    __GPUMC_FPV(S##2, S, MIN, I##2) __GPUMC_FPV(S##3, S, MIN, I##3)                         \
    __GPUMC_FPV(S##4, S, MIN, I##4) __GPUMC_FPV(S##8, S, MIN, I##8)                         \
    __GPUMC_FPV(S##16, S, MIN, I##16)
__GPUMC_FP_ALL(float, FLT_MIN, int)
#ifdef cl_khr_fp64
__GPUMC_FP_ALL(double, DBL_MIN, long)
#endif

/* ---- select and bitselect: T a value type, U the integer type of its
 * size (signed), V the unsigned one; a vector selects by each lane's top
 * bit, a scalar by being non-zero */
#define __GPUMC_SELECT_SCALAR(T, U, V)                                                      \
    __GPUMC_OVL T select(T a, T b, U c) { return c ? b : a; }                               \
    __GPUMC_OVL T select(T a, T b, V c) { return c ? b : a; }
#define __GPUMC_SELECT_VECTOR(T, U, V)                                                      \
    __GPUMC_OVL T select(T a, T b, U c) { return c < (U)0 ? b : a; }                        \
    __GPUMC_OVL T select(T a, T b, V c) { return as_##U(c) < (U)0 ? b : a; }
#define __GPUMC_SELECT(T, U, V)                                                             \
    __GPUMC_SELECT_SCALAR(T, U, V)                                                          \
    __GPUMC_SELECT_VECTOR(T##2, U##2, V##2) __GPUMC_SELECT_VECTOR(T##3, U##3, V##3)         \
    __GPUMC_SELECT_VECTOR(T##4, U##4, V##4) __GPUMC_SELECT_VECTOR(T##8, U##8, V##8)         \
    __GPUMC_SELECT_VECTOR(T##16, U##16, V##16)
__GPUMC_SELECT(char, char, uchar)
__GPUMC_SELECT(uchar, char, uchar)
__GPUMC_SELECT(short, short, ushort)
__GPUMC_SELECT(ushort, short, ushort)
__GPUMC_SELECT(int, int, uint)
__GPUMC_SELECT(uint, int, uint)
__GPUMC_SELECT(long, long, ulong)
__GPUMC_SELECT(ulong, long, ulong)
__GPUMC_SELECT(float, int, uint)
#ifdef cl_khr_fp64
__GPUMC_SELECT(double, long, ulong)
#endif

#define __GPUMC_BITSEL_INT(T) __GPUMC_OVL T bitselect(T a, T b, T c) { return (a & ~c) | (b & c); }
#define __GPUMC_BITSEL_FP(T, U)                                                             \
    __GPUMC_OVL T bitselect(T a, T b, T c)                                                  \
    { return as_##T((as_##U(a) & ~as_##U(c)) | (as_##U(b) & as_##U(c))); }
#define __GPUMC_EACH_N(M, T) M(T) M(T##2) M(T##3) M(T##4) M(T##8) M(T##16)
__GPUMC_EACH_N(__GPUMC_BITSEL_INT, char) __GPUMC_EACH_N(__GPUMC_BITSEL_INT, uchar)
__GPUMC_EACH_N(__GPUMC_BITSEL_INT, short) __GPUMC_EACH_N(__GPUMC_BITSEL_INT, ushort)
__GPUMC_EACH_N(__GPUMC_BITSEL_INT, int) __GPUMC_EACH_N(__GPUMC_BITSEL_INT, uint)
__GPUMC_EACH_N(__GPUMC_BITSEL_INT, long) __GPUMC_EACH_N(__GPUMC_BITSEL_INT, ulong)
__GPUMC_BITSEL_FP(float, int) __GPUMC_BITSEL_FP(float2, int2) __GPUMC_BITSEL_FP(float3, int3)
__GPUMC_BITSEL_FP(float4, int4) __GPUMC_BITSEL_FP(float8, int8) __GPUMC_BITSEL_FP(float16, int16)

/* ---- any / all: the top bit of each lane of a signed integer */
#define __GPUMC_ANYALL_SCALAR(T)                                                            \
    __GPUMC_OVL int any(T x) { return x < 0; }                                              \
    __GPUMC_OVL int all(T x) { return x < 0; }
#define __GPUMC_ANYALL_VECTOR(T, N)                                                         \
    __GPUMC_OVL int any(T##N x)                                                             \
    {                                                                                       \
        for (int i = 0; i < N; i++)                                                         \
            if (x[i] < 0)                                                                   \
                return 1;                                                                   \
        return 0;                                                                           \
    }                                                                                       \
    __GPUMC_OVL int all(T##N x)                                                             \
    {                                                                                       \
        for (int i = 0; i < N; i++)                                                         \
            if (x[i] >= 0)                                                                  \
                return 0;                                                                   \
        return 1;                                                                           \
    }
#define __GPUMC_ANYALL(T)                                                                   \
    __GPUMC_ANYALL_SCALAR(T) __GPUMC_ANYALL_VECTOR(T, 2) __GPUMC_ANYALL_VECTOR(T, 3)        \
    __GPUMC_ANYALL_VECTOR(T, 4) __GPUMC_ANYALL_VECTOR(T, 8) __GPUMC_ANYALL_VECTOR(T, 16)
__GPUMC_ANYALL(char) __GPUMC_ANYALL(short) __GPUMC_ANYALL(int) __GPUMC_ANYALL(long)

/* ---- integers: halving adds without overflow, |x - y|, upsample */
#define __GPUMC_HADD(T)                                                                     \
    __GPUMC_OVL T hadd(T x, T y) { return (x >> 1) + (y >> 1) + (x & y & (T)1); }           \
    __GPUMC_OVL T rhadd(T x, T y) { return (x >> 1) + (y >> 1) + ((x | y) & (T)1); }
__GPUMC_EACH_N(__GPUMC_HADD, char) __GPUMC_EACH_N(__GPUMC_HADD, uchar)
__GPUMC_EACH_N(__GPUMC_HADD, short) __GPUMC_EACH_N(__GPUMC_HADD, ushort)
__GPUMC_EACH_N(__GPUMC_HADD, int) __GPUMC_EACH_N(__GPUMC_HADD, uint)
__GPUMC_EACH_N(__GPUMC_HADD, long) __GPUMC_EACH_N(__GPUMC_HADD, ulong)
#define __GPUMC_ABSDIFF(T, U)                                                               \
    __GPUMC_OVL U abs_diff(T x, T y) { return x > y ? (U)x - (U)y : (U)y - (U)x; }
__GPUMC_ABSDIFF(char, uchar) __GPUMC_ABSDIFF(uchar, uchar) __GPUMC_ABSDIFF(short, ushort)
__GPUMC_ABSDIFF(ushort, ushort) __GPUMC_ABSDIFF(int, uint) __GPUMC_ABSDIFF(uint, uint)
__GPUMC_ABSDIFF(long, ulong) __GPUMC_ABSDIFF(ulong, ulong)
__GPUMC_OVL short upsample(char hi, uchar lo) { return (short)((ushort)(uchar)hi << 8 | lo); }
__GPUMC_OVL ushort upsample(uchar hi, uchar lo) { return (ushort)((ushort)hi << 8 | lo); }
__GPUMC_OVL int upsample(short hi, ushort lo) { return (int)((uint)(ushort)hi << 16 | lo); }
__GPUMC_OVL uint upsample(ushort hi, ushort lo) { return (uint)hi << 16 | lo; }
__GPUMC_OVL long upsample(int hi, uint lo) { return (long)((ulong)(uint)hi << 32 | lo); }
__GPUMC_OVL ulong upsample(uint hi, uint lo) { return (ulong)hi << 32 | lo; }

/* vloadN / vstoreN: N elements at p + off * N, element by element (so each
 * is an ordinary access, checked like any other).  Every address space,
 * and the generic one from OpenCL C 2.0. */
#define __GPUMC_VLOAD(T, N, AS)                                                             \
    __GPUMC_OVL T##N vload##N(size_t off, const AS T *p)                                    \
    {                                                                                       \
        T##N r;                                                                             \
        for (int i = 0; i < N; i++)                                                         \
            r[i] = p[off * N + i];                                                          \
        return r;                                                                           \
    }
#define __GPUMC_VSTORE(T, N, AS)                                                            \
    __GPUMC_OVL void vstore##N(T##N v, size_t off, AS T *p)                                 \
    {                                                                                       \
        for (int i = 0; i < N; i++)                                                         \
            p[off * N + i] = v[i];                                                          \
    }
#if __OPENCL_C_VERSION__ == 200 || defined(__opencl_c_generic_address_space)
#define __GPUMC_VGENERIC(T, N) __GPUMC_VLOAD(T, N, ) __GPUMC_VSTORE(T, N, )
#else
#define __GPUMC_VGENERIC(T, N)
#endif
#define __GPUMC_VN(T, N)                                                                    \
    __GPUMC_VLOAD(T, N, __global) __GPUMC_VLOAD(T, N, __local)                              \
    __GPUMC_VLOAD(T, N, __private) __GPUMC_VLOAD(T, N, __constant)                          \
    __GPUMC_VSTORE(T, N, __global) __GPUMC_VSTORE(T, N, __local)                            \
    __GPUMC_VSTORE(T, N, __private) __GPUMC_VGENERIC(T, N)
#define __GPUMC_VT(T)                                                                       \
    __GPUMC_VN(T, 2) __GPUMC_VN(T, 3) __GPUMC_VN(T, 4) __GPUMC_VN(T, 8) __GPUMC_VN(T, 16)
__GPUMC_VT(char) __GPUMC_VT(uchar) __GPUMC_VT(short) __GPUMC_VT(ushort) __GPUMC_VT(int)
__GPUMC_VT(uint) __GPUMC_VT(long) __GPUMC_VT(ulong) __GPUMC_VT(float)
#ifdef cl_khr_fp64
__GPUMC_VT(double)
#endif

/* Geometric functions: dot, length, distance, normalize (and their fast_
 * forms, computed the same way), cross for 3 and 4 components. */
#define __GPUMC_GEO(T, V, N)                                                                \
    __GPUMC_OVL T dot(V a, V b)                                                             \
    {                                                                                       \
        T r = 0;                                                                            \
        for (int i = 0; i < N; i++)                                                         \
            r += a[i] * b[i];                                                               \
        return r;                                                                           \
    }                                                                                       \
    __GPUMC_OVL T length(V a) { return sqrt(dot(a, a)); }                                   \
    __GPUMC_OVL T distance(V a, V b) { return length(a - b); }                              \
    __GPUMC_OVL V normalize(V a) { return a / length(a); }                                  \
    __GPUMC_OVL T fast_length(V a) { return length(a); }                                    \
    __GPUMC_OVL T fast_distance(V a, V b) { return distance(a, b); }                        \
    __GPUMC_OVL V fast_normalize(V a) { return normalize(a); }
#define __GPUMC_GEO_T(T)                                                                    \
    __GPUMC_OVL T dot(T a, T b) { return a * b; }                                           \
    __GPUMC_OVL T length(T a) { return fabs(a); }                                           \
    __GPUMC_OVL T distance(T a, T b) { return fabs(a - b); }                                \
    __GPUMC_OVL T normalize(T a) { return a > 0 ? (T)1 : a < 0 ? (T)-1 : a; }               \
    __GPUMC_OVL T fast_length(T a) { return fabs(a); }                                      \
    __GPUMC_OVL T fast_distance(T a, T b) { return fabs(a - b); }                           \
    __GPUMC_OVL T fast_normalize(T a) { return normalize(a); }                              \
    __GPUMC_GEO(T, T##2, 2) __GPUMC_GEO(T, T##3, 3) __GPUMC_GEO(T, T##4, 4)                 \
    __GPUMC_OVL T##3 cross(T##3 a, T##3 b)                                                  \
    { return (T##3)(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x); } \
    __GPUMC_OVL T##4 cross(T##4 a, T##4 b)                                                  \
    { return (T##4)(cross(a.xyz, b.xyz), (T)0); }
__GPUMC_GEO_T(float)
#ifdef cl_khr_fp64
__GPUMC_GEO_T(double)
#endif

/* ---- math with an integer argument or a pointer output (T a float type,
 * I the int type of its shape, C the converter to T, AS the pointer's
 * address space) */
#define __GPUMC_MATHI(T, I, C)                                                             \
    __GPUMC_OVL T ldexp(T x, I n) { return x * exp2(C(n)); }                               \
    __GPUMC_OVL T pown(T x, I n) { return pow(x, C(n)); }                                  \
    __GPUMC_OVL T rootn(T x, I n) /* an odd root of a negative is negative */              \
    {                                                                                      \
        T e = (T)1 / C(n);                                                                 \
        return C(n & 1) != (T)0 ? copysign(pow(fabs(x), e), x) : pow(x, e);               \
    }
#define __GPUMC_MATHP(T, I, AS)                                                            \
    __GPUMC_OVL T fract(T x, AS T *ip)                                                     \
    {                                                                                      \
        *ip = floor(x);                                                                    \
        return fmin(x - floor(x), (T)0x1.fffffep-1f);                                      \
    }                                                                                      \
    __GPUMC_OVL T modf(T x, AS T *ip)                                                      \
    {                                                                                      \
        *ip = trunc(x);                                                                    \
        return x - trunc(x);                                                               \
    }                                                                                      \
    __GPUMC_OVL T sincos(T x, AS T *cp)                                                    \
    {                                                                                      \
        *cp = cos(x);                                                                      \
        return sin(x);                                                                     \
    }
#if __OPENCL_C_VERSION__ == 200 || defined(__opencl_c_generic_address_space)
#define __GPUMC_MATHP_GENERIC(T, I) __GPUMC_MATHP(T, I, )
#else
#define __GPUMC_MATHP_GENERIC(T, I)
#endif
#define __GPUMC_MATHP_ALL(T, I)                                                            \
    __GPUMC_MATHP(T, I, __global) __GPUMC_MATHP(T, I, __local)                             \
    __GPUMC_MATHP(T, I, __private) __GPUMC_MATHP_GENERIC(T, I)
#define __GPUMC_MATH_N(S, I, N)                                                            \
    __GPUMC_MATHI(S##N, I##N, convert_##S##N) __GPUMC_MATHP_ALL(S##N, I##N)
#define __GPUMC_MATH(S)                                                                    \
    __GPUMC_MATHI(S, int, (S)) __GPUMC_MATHP_ALL(S, int)                                   \
    __GPUMC_MATH_N(S, int, 2) __GPUMC_MATH_N(S, int, 3) __GPUMC_MATH_N(S, int, 4)          \
    __GPUMC_MATH_N(S, int, 8) __GPUMC_MATH_N(S, int, 16)
__GPUMC_MATH(float)
#ifdef cl_khr_fp64
__GPUMC_MATH(double)
#endif
__GPUMC_OVL float nan(uint c) { return as_float(0x7fc00000u | (c & 0x3fffffu)); }
__GPUMC_OVL int ilogb(float x) { return (int)logb(x); }
#ifdef cl_khr_fp64
__GPUMC_OVL double nan(ulong c) { return as_double(0x7ff8000000000000ul | (c & 0x7fffffffffffful)); }
__GPUMC_OVL int ilogb(double x) { return (int)logb(x); }
#endif

#endif
