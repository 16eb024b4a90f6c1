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
    __GPUMC_OVL T native_powr(T x, T y) { return pow(x, y); }                               \
    __GPUMC_OVL T half_powr(T x, T y) { return pow(x, y); }                                 \
    __GPUMC_OVL T sinpi(T x) { return sin(x * (T)3.141592653589793); }                      \
    __GPUMC_OVL T cospi(T x) { return cos(x * (T)3.141592653589793); }                      \
    __GPUMC_OVL T tanpi(T x) { return tan(x * (T)3.141592653589793); }                      \
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

/* ---- frexp and remquo: the scalar forms by their definition, vectors lane
 * by lane; the int output in every address space */
#define __GPUMC_FREXP1(T, AS)                                                              \
    __GPUMC_OVL T frexp(T x, AS int *e)                                                    \
    {                                                                                      \
        if (x == (T)0 || isinf(x) || isnan(x)) {                                           \
            *e = 0;                                                                        \
            return x;                                                                      \
        }                                                                                  \
        int k = (int)logb(x) + 1; /* x = m * 2^k, 0.5 <= |m| < 1 */                        \
        *e = k;                                                                            \
        return x * exp2((T)(-k / 2)) * exp2((T)(-k - -k / 2)); /* no overflow in 2^-k */   \
    }                                                                                      \
    __GPUMC_OVL T remquo(T x, T y, AS int *q)                                              \
    {                                                                                      \
        T r = remainder(x, y), k = rint((x - r) / y); /* the nearest integer to x/y */     \
        int low = (int)fmod(fabs(k), (T)128);          /* its 7 lowest bits */             \
        *q = (x < (T)0) != (y < (T)0) ? -low : low;    /* with the sign of x/y */          \
        return r;                                                                          \
    }
#define __GPUMC_FREXPN(T, N, AS)                                                           \
    __GPUMC_OVL T##N frexp(T##N x, AS int##N *e)                                           \
    {                                                                                      \
        T##N r;                                                                            \
        int##N ex;                                                                         \
        int k;                                                                             \
        for (int i = 0; i < N; i++) {                                                      \
            r[i] = frexp(x[i], &k);                                                        \
            ex[i] = k;                                                                     \
        }                                                                                  \
        *e = ex;                                                                           \
        return r;                                                                          \
    }                                                                                      \
    __GPUMC_OVL T##N remquo(T##N x, T##N y, AS int##N *q)                                  \
    {                                                                                      \
        T##N r;                                                                            \
        int##N qs;                                                                         \
        int k;                                                                             \
        for (int i = 0; i < N; i++) {                                                      \
            r[i] = remquo(x[i], y[i], &k);                                                 \
            qs[i] = k;                                                                     \
        }                                                                                  \
        *q = qs;                                                                           \
        return r;                                                                          \
    }
#define __GPUMC_FREXP_AS(T, AS)                                                            \
    __GPUMC_FREXP1(T, AS) __GPUMC_FREXPN(T, 2, AS) __GPUMC_FREXPN(T, 3, AS)                \
    __GPUMC_FREXPN(T, 4, AS) __GPUMC_FREXPN(T, 8, AS) __GPUMC_FREXPN(T, 16, AS)
#if __OPENCL_C_VERSION__ == 200 || defined(__opencl_c_generic_address_space)
#define __GPUMC_FREXP(T)                                                                   \
    __GPUMC_FREXP_AS(T, __private) __GPUMC_FREXP_AS(T, __global)                           \
    __GPUMC_FREXP_AS(T, __local) __GPUMC_FREXP_AS(T, )
#else
#define __GPUMC_FREXP(T)                                                                   \
    __GPUMC_FREXP_AS(T, __private) __GPUMC_FREXP_AS(T, __global) __GPUMC_FREXP_AS(T, __local)
#endif
__GPUMC_FREXP(float)
#ifdef cl_khr_fp64
__GPUMC_FREXP(double)
#endif

/* ---- shuffle and shuffle2: element i of the result is element mask[i] of
 * x (of x then y), taking only the mask bits that can name one */
#define __GPUMC_SHUF(T, U, N, M)                                                           \
    __GPUMC_OVL T##N shuffle(T##M x, U##N mask)                                            \
    {                                                                                      \
        T##N r;                                                                            \
        for (int i = 0; i < N; i++)                                                        \
            r[i] = x[mask[i] % M];                                                         \
        return r;                                                                          \
    }                                                                                      \
    __GPUMC_OVL T##N shuffle2(T##M x, T##M y, U##N mask)                                   \
    {                                                                                      \
        T##N r;                                                                            \
        for (int i = 0; i < N; i++) {                                                      \
            uint k = (uint)(mask[i] % (2 * M));                                            \
            r[i] = k < M ? x[k] : y[k - M];                                                \
        }                                                                                  \
        return r;                                                                          \
    }
#define __GPUMC_SHUF_N(T, U, N)                                                            \
    __GPUMC_SHUF(T, U, N, 2) __GPUMC_SHUF(T, U, N, 4) __GPUMC_SHUF(T, U, N, 8)             \
    __GPUMC_SHUF(T, U, N, 16)
#define __GPUMC_SHUF_T(T, U)                                                               \
    __GPUMC_SHUF_N(T, U, 2) __GPUMC_SHUF_N(T, U, 4) __GPUMC_SHUF_N(T, U, 8)                \
    __GPUMC_SHUF_N(T, U, 16)
__GPUMC_SHUF_T(char, uchar) __GPUMC_SHUF_T(uchar, uchar) __GPUMC_SHUF_T(short, ushort)
__GPUMC_SHUF_T(ushort, ushort) __GPUMC_SHUF_T(int, uint) __GPUMC_SHUF_T(uint, uint)
__GPUMC_SHUF_T(long, ulong) __GPUMC_SHUF_T(ulong, ulong) __GPUMC_SHUF_T(float, uint)
#ifdef cl_khr_fp64
__GPUMC_SHUF_T(double, ulong)
#endif

/* ---- vload_half, vstore_half (and N, a-ligned, _rte/_rtz/_rtp/_rtn):
 * IEEE binary16 in memory, float (or double) in registers, converted by the
 * bits, so they work without cl_khr_fp16.  A half is read and written as a
 * ushort: an ordinary 2-byte access. */
static inline float __gpumc_half_to_float(ushort h)
{
    uint s = (uint)(h >> 15) << 31, e = (h >> 10) & 0x1fu, m = h & 0x3ffu;
    if (e == 0x1fu) /* infinity, NaN */
        return as_float(s | 0x7f800000u | (m << 13));
    if (e == 0) { /* zero, subnormal: m * 2^-24 */
        float f = (float)m * 0x1p-24f;
        return s ? -f : f;
    }
    return as_float(s | ((e + 112u) << 23) | (m << 13));
}

/* A binary value -- sign, unbiased exponent e, significand with its
 * implicit bit and fbits fraction bits -- rounded to a half: mode 0 to
 * nearest even, 1 toward zero, 2 toward +inf, 3 toward -inf. */
static inline ushort __gpumc_to_half(uint sign, int e, ulong sig, int fbits, int mode)
{
    ushort s = (ushort)(sign << 15);
    if (e > 15) /* beyond the largest half: infinity or the largest finite */
        return (ushort)(s | (mode == 1 || (mode == 2 && sign) || (mode == 3 && !sign)
                                 ? 0x7bffu : 0x7c00u));
    int shift = fbits - 10 + (e < -14 ? -14 - e : 0); /* bits below the half's last */
    ulong kept = shift < 64 ? sig >> shift : 0;
    ulong rest = shift < 64 ? sig & ((1ul << shift) - 1) : sig;
    ulong point = shift < 64 ? 1ul << (shift - 1) : ~0ul; /* half a unit */
    int up = mode == 0 ? rest > point || (rest == point && (kept & 1))
           : mode == 2 ? rest != 0 && !sign
           : mode == 3 ? rest != 0 && sign
           : 0;
    uint bits = e < -14 ? (uint)kept                           /* subnormal */
                        : ((uint)(e + 15) << 10) + (uint)kept - 0x400u;
    bits += up; /* a carry moves into the exponent, up to infinity */
    return (ushort)(s | bits);
}

static inline ushort __gpumc_float_to_half(float f, int mode)
{
    uint b = as_uint(f), sign = b >> 31, a = b & 0x7fffffffu;
    if (a >= 0x7f800000u) /* infinity; NaN stays a (quiet) NaN */
        return (ushort)(sign << 15 | 0x7c00u | (a > 0x7f800000u ? 0x200u | (a >> 13 & 0x3ffu) : 0));
    if (a == 0)
        return (ushort)(sign << 15);
    int e = (int)(a >> 23) - 127;
    ulong sig = a & 0x7fffffu;
    if (e == -127) /* a float subnormal: far below the half's range */
        e = -126;
    else
        sig |= 0x800000u;
    return __gpumc_to_half(sign, e, sig, 23, mode);
}

#define __GPUMC_VLOAD_HALF(AS)                                                             \
    __GPUMC_OVL float vload_half(size_t off, const AS half *p)                             \
    { return __gpumc_half_to_float(((const AS ushort *)p)[off]); }                         \
    __GPUMC_VLOAD_HALF_N(AS, 2, 2) __GPUMC_VLOAD_HALF_N(AS, 3, 3)                          \
    __GPUMC_VLOAD_HALF_N(AS, 4, 4) __GPUMC_VLOAD_HALF_N(AS, 8, 8)                          \
    __GPUMC_VLOAD_HALF_N(AS, 16, 16)
/* vload_halfN reads at p + off * N, vloada_halfN at p + off * A (A = 4 for
 * N = 3: aligned like a 4-vector) */
#define __GPUMC_VLOAD_HALF_N(AS, N, A)                                                     \
    __GPUMC_OVL float##N vload_half##N(size_t off, const AS half *p)                       \
    {                                                                                      \
        float##N r;                                                                        \
        for (int i = 0; i < N; i++)                                                        \
            r[i] = vload_half(off * N + i, p);                                             \
        return r;                                                                          \
    }                                                                                      \
    __GPUMC_OVL float##N vloada_half##N(size_t off, const AS half *p)                      \
    {                                                                                      \
        float##N r;                                                                        \
        for (int i = 0; i < N; i++)                                                        \
            r[i] = vload_half(off * (N == 3 ? 4 : N) + i, p);                              \
        return r;                                                                          \
    }

#define __GPUMC_VSTORE_HALF_R(T, AS, R, MODE)                                              \
    __GPUMC_OVL void vstore_half##R(T v, size_t off, AS half *p)                           \
    { ((AS ushort *)p)[off] = __gpumc_##T##_to_half(v, MODE); }                            \
    __GPUMC_VSTORE_HALF_N(T, AS, R, 2) __GPUMC_VSTORE_HALF_N(T, AS, R, 3)                  \
    __GPUMC_VSTORE_HALF_N(T, AS, R, 4) __GPUMC_VSTORE_HALF_N(T, AS, R, 8)                  \
    __GPUMC_VSTORE_HALF_N(T, AS, R, 16)
#define __GPUMC_VSTORE_HALF_N(T, AS, R, N)                                                 \
    __GPUMC_OVL void vstore_half##N##R(T##N v, size_t off, AS half *p)                     \
    {                                                                                      \
        for (int i = 0; i < N; i++)                                                        \
            vstore_half##R(v[i], off * N + i, p);                                          \
    }                                                                                      \
    __GPUMC_OVL void vstorea_half##N##R(T##N v, size_t off, AS half *p)                    \
    {                                                                                      \
        for (int i = 0; i < N; i++)                                                        \
            vstore_half##R(v[i], off * (N == 3 ? 4 : N) + i, p);                           \
    }
#define __GPUMC_VSTORE_HALF(T, AS)                                                         \
    __GPUMC_VSTORE_HALF_R(T, AS, , 0) __GPUMC_VSTORE_HALF_R(T, AS, _rte, 0)                \
    __GPUMC_VSTORE_HALF_R(T, AS, _rtz, 1) __GPUMC_VSTORE_HALF_R(T, AS, _rtp, 2)            \
    __GPUMC_VSTORE_HALF_R(T, AS, _rtn, 3)
#ifdef cl_khr_fp64
static inline ushort __gpumc_double_to_half(double d, int mode)
{
    ulong b = as_ulong(d), a = b & 0x7ffffffffffffffful;
    uint sign = (uint)(b >> 63);
    if (a >= 0x7ff0000000000000ul)
        return (ushort)(sign << 15 | 0x7c00u |
                        (a > 0x7ff0000000000000ul ? 0x200u | (uint)(a >> 42 & 0x3ffu) : 0));
    if (a == 0)
        return (ushort)(sign << 15);
    int e = (int)(a >> 52) - 1023;
    ulong sig = a & 0xffffffffffffful;
    if (e == -1023)
        e = -1022;
    else
        sig |= 1ul << 52;
    return __gpumc_to_half(sign, e, sig, 52, mode);
}
#define __GPUMC_VSTORE_HALF_AS(AS) __GPUMC_VSTORE_HALF(float, AS) __GPUMC_VSTORE_HALF(double, AS)
#else
#define __GPUMC_VSTORE_HALF_AS(AS) __GPUMC_VSTORE_HALF(float, AS)
#endif
__GPUMC_VLOAD_HALF(__global) __GPUMC_VLOAD_HALF(__local) __GPUMC_VLOAD_HALF(__private)
__GPUMC_VLOAD_HALF(__constant)
__GPUMC_VSTORE_HALF_AS(__global) __GPUMC_VSTORE_HALF_AS(__local)
__GPUMC_VSTORE_HALF_AS(__private)
#if __OPENCL_C_VERSION__ == 200 || defined(__opencl_c_generic_address_space)
__GPUMC_VLOAD_HALF() __GPUMC_VSTORE_HALF_AS()
#endif

#endif
