/*
 * cuda_fp16.h -- CUDA's half precision (__half, __half2) for gpumc.
 *
 * A __half holds the IEEE binary16 bits; arithmetic converts to float,
 * computes there and rounds back to nearest even.  float has 24 bits,
 * more than 2 x 11 + 2, so that double rounding gives the correctly
 * rounded half sum, difference, product, quotient and square root -- what
 * the hardware returns.  (An fma rounds twice here.)  Conversions are done
 * on the bits, the same on the host and the device.  Written from the CUDA
 * Math API reference: the intrinsics (__hadd, __hmul2, __float2half_rn,
 * __low2float, __hisnan ...), the operators, the conversions and
 * atomicAdd on __half and __half2 (one RMW each, rounded once).
 */
#ifndef GPUMC_CUDA_FP16_H
#define GPUMC_CUDA_FP16_H

#define __GPUMC_HF static __inline__ __attribute__((always_inline)) __host__ __device__
/* The conversions between binary16 and float are calls: inlined into every
 * half operation, a kernel of a thousand of them (an unrolled FMA chain)
 * grew to 300,000 IR lines that took minutes to compile. */
#define __GPUMC_HCVT static __attribute__((noinline)) __host__ __device__

typedef struct __half_raw { unsigned short x; } __half_raw;
typedef struct __half2_raw { unsigned short x, y; } __half2_raw;

__GPUMC_HF unsigned int __gpumc_f32_bits(float f)
{
    unsigned int b;
    __builtin_memcpy(&b, &f, 4);
    return b;
}
__GPUMC_HF float __gpumc_f32_of(unsigned int b)
{
    float f;
    __builtin_memcpy(&f, &b, 4);
    return f;
}

/* float -> binary16, round to nearest even (overflow: infinity) */
__GPUMC_HCVT unsigned short __gpumc_f2h(float f)
{
    unsigned int x = __gpumc_f32_bits(f), sign = (x >> 16) & 0x8000u;
    unsigned int fexp = (x >> 23) & 0xffu, mant = x & 0x7fffffu;
    if (fexp == 0xffu) /* infinity, NaN (kept quiet) */
        return (unsigned short)(sign | 0x7c00u | (mant ? 0x200u | (mant >> 13) : 0u));
    int exp = (int)fexp - 127 + 15;
    if (exp >= 31)
        return (unsigned short)(sign | 0x7c00u);
    if (exp <= 0) { /* a subnormal half, or zero */
        if (exp < -10)
            return (unsigned short)sign;
        mant |= 0x800000u;
        unsigned int shift = (unsigned int)(14 - exp), h = mant >> shift;
        unsigned int rem = mant & ((1u << shift) - 1u), half = 1u << (shift - 1u);
        if (rem > half || (rem == half && (h & 1u)))
            h++;
        return (unsigned short)(sign | h);
    }
    unsigned int h = ((unsigned int)exp << 10) | (mant >> 13), rem = mant & 0x1fffu;
    if (rem > 0x1000u || (rem == 0x1000u && (h & 1u)))
        h++; /* a carry into the exponent is right, up to infinity */
    return (unsigned short)(sign | h);
}

/* binary16 -> float, exactly */
__GPUMC_HCVT float __gpumc_h2f(unsigned short h)
{
    unsigned int sign = (unsigned int)(h & 0x8000u) << 16, exp = (h >> 10) & 0x1fu;
    unsigned int mant = h & 0x3ffu;
    if (exp == 31u)
        return __gpumc_f32_of(sign | 0x7f800000u | (mant << 13));
    if (exp == 0u) {
        if (!mant)
            return __gpumc_f32_of(sign);
        /* normalise without a loop: a loop in every inlined conversion
         * makes a kernel of many half operations slow to compile */
        unsigned int shift = (unsigned int)__builtin_clz(mant) - 21u;
        return __gpumc_f32_of(sign | ((113u - shift) << 23) | (((mant << shift) & 0x3ffu) << 13));
    }
    return __gpumc_f32_of(sign | ((exp + 112u) << 23) | (mant << 13));
}

/* double -> float rounded to odd: a float with 13 or more bits to spare
 * rounds it to binary16 or bfloat16 as the double itself would round
 * (rounding twice to nearest would not) */
__GPUMC_HCVT float __gpumc_d2f_odd(double d)
{
    float t = (float)d;
    if ((double)t == d || t != t)
        return t;
    if (__builtin_fabs((double)t) > __builtin_fabs(d))
        t = __builtin_nextafterf(t, 0.0f);
    return __gpumc_f32_of(__gpumc_f32_bits(t) | 1u);
}

struct __half {
    unsigned short __x;
    __half() = default;
    __host__ __device__ __half(const __half_raw &r) : __x(r.x) {}
    __host__ __device__ __half(float f) : __x(__gpumc_f2h(f)) {}
    __host__ __device__ __half(double d) : __x(__gpumc_f2h(__gpumc_d2f_odd(d))) {}
    __host__ __device__ __half(int i) : __x(__gpumc_f2h(__gpumc_d2f_odd((double)i))) {}
    __host__ __device__ __half(unsigned int i) : __x(__gpumc_f2h(__gpumc_d2f_odd((double)i))) {}
    __host__ __device__ __half(long i) : __x(__gpumc_f2h(__gpumc_d2f_odd((double)i))) {}
    __host__ __device__ __half(unsigned long i) : __x(__gpumc_f2h(__gpumc_d2f_odd((double)i))) {}
    __host__ __device__ __half(long long i) : __x(__gpumc_f2h(__gpumc_d2f_odd((double)i))) {}
    __host__ __device__ __half(unsigned long long i)
        : __x(__gpumc_f2h(__gpumc_d2f_odd((double)i))) {}
    __host__ __device__ __half(short i) : __x(__gpumc_f2h((float)i)) {}
    __host__ __device__ __half(unsigned short i) : __x(__gpumc_f2h((float)i)) {}
    __host__ __device__ operator float() const { return __gpumc_h2f(__x); }
    __host__ __device__ operator __half_raw() const { __half_raw r = {__x}; return r; }
    __host__ __device__ __half &operator=(const __half_raw &r) { __x = r.x; return *this; }
    __host__ __device__ __half &operator=(float f) { __x = __gpumc_f2h(f); return *this; }
    __host__ __device__ __half &operator=(double d)
    {
        __x = __gpumc_f2h(__gpumc_d2f_odd(d));
        return *this;
    }
    /* integers too, as CUDA's (h = 5 would be ambiguous between float and double) */
    __host__ __device__ __half &operator=(short i) { return *this = __half(i); }
    __host__ __device__ __half &operator=(unsigned short i) { return *this = __half(i); }
    __host__ __device__ __half &operator=(int i) { return *this = __half(i); }
    __host__ __device__ __half &operator=(unsigned int i) { return *this = __half(i); }
    __host__ __device__ __half &operator=(long i) { return *this = __half(i); }
    __host__ __device__ __half &operator=(unsigned long i) { return *this = __half(i); }
    __host__ __device__ __half &operator=(long long i) { return *this = __half(i); }
    __host__ __device__ __half &operator=(unsigned long long i) { return *this = __half(i); }
};
typedef struct __half half;

struct __half2 {
    __half x, y;
    __half2() = default;
    __host__ __device__ __half2(const __half &a, const __half &b) : x(a), y(b) {}
    __host__ __device__ __half2(const __half2_raw &r)
    {
        x.__x = r.x;
        y.__x = r.y;
    }
    __host__ __device__ operator __half2_raw() const { __half2_raw r = {x.__x, y.__x}; return r; }
};
typedef struct __half2 half2;

/* ---- conversions and bit casts ---- */
__GPUMC_HF float __half2float(__half h) { return __gpumc_h2f(h.__x); }
__GPUMC_HF __half __float2half(float f) { return __half(f); }
__GPUMC_HF __half __float2half_rn(float f) { return __half(f); }
__GPUMC_HF __half __double2half(double d) { return __half(d); }
__GPUMC_HF __half __int2half_rn(int i) { return __half(i); }
__GPUMC_HF __half __uint2half_rn(unsigned int i) { return __half(i); }
__GPUMC_HF __half __short2half_rn(short i) { return __half((float)i); }
/* to integers: NaN gives 0, as on the GPU */
__GPUMC_HF float __gpumc_h2f_num(__half h) { float f = __gpumc_h2f(h.__x); return f != f ? 0.0f : f; }
__GPUMC_HF int __half2int_rz(__half h) { return (int)__gpumc_h2f_num(h); }
__GPUMC_HF int __half2int_rn(__half h) { return (int)__builtin_rintf(__gpumc_h2f_num(h)); }
__GPUMC_HF int __half2int_rd(__half h) { return (int)__builtin_floorf(__gpumc_h2f_num(h)); }
__GPUMC_HF int __half2int_ru(__half h) { return (int)__builtin_ceilf(__gpumc_h2f_num(h)); }
__GPUMC_HF unsigned int __half2uint_rz(__half h) { return (unsigned int)__gpumc_h2f_num(h); }
__GPUMC_HF short __half2short_rz(__half h) { return (short)__gpumc_h2f_num(h); }
__GPUMC_HF unsigned short __half_as_ushort(__half h) { return h.__x; }
__GPUMC_HF short __half_as_short(__half h) { return (short)h.__x; }
__GPUMC_HF __half __ushort_as_half(unsigned short b) { __half_raw r = {b}; return __half(r); }
__GPUMC_HF __half __short_as_half(short b) { __half_raw r = {(unsigned short)b}; return __half(r); }
__GPUMC_HF __half2 __halves2half2(__half a, __half b) { return __half2(a, b); }
__GPUMC_HF __half2 __half2half2(__half a) { return __half2(a, a); }
__GPUMC_HF __half2 make_half2(__half a, __half b) { return __half2(a, b); }
__GPUMC_HF __half2 __float2half2_rn(float f) { return __half2(__half(f), __half(f)); }
__GPUMC_HF __half2 __floats2half2_rn(float a, float b) { return __half2(__half(a), __half(b)); }
__GPUMC_HF float __low2float(__half2 h) { return __half2float(h.x); }
__GPUMC_HF float __high2float(__half2 h) { return __half2float(h.y); }
__GPUMC_HF __half __low2half(__half2 h) { return h.x; }
__GPUMC_HF __half __high2half(__half2 h) { return h.y; }
__GPUMC_HF __half2 __lows2half2(__half2 a, __half2 b) { return __half2(a.x, b.x); }
__GPUMC_HF __half2 __highs2half2(__half2 a, __half2 b) { return __half2(a.y, b.y); }
__GPUMC_HF __half2 __low2half2(__half2 a) { return __half2(a.x, a.x); }
__GPUMC_HF __half2 __high2half2(__half2 a) { return __half2(a.y, a.y); }
__GPUMC_HF __half2 __lowhigh2highlow(__half2 a) { return __half2(a.y, a.x); }
__GPUMC_HF float2 __half22float2(__half2 h)
{
    float2 r = {__half2float(h.x), __half2float(h.y)};
    return r;
}
__GPUMC_HF __half2 __float22half2_rn(float2 f) { return __floats2half2_rn(f.x, f.y); }

/* ---- arithmetic: in float, rounded once more to half ---- */
/* clamped to [0, 1]; NaN gives +0 */
__GPUMC_HF float __gpumc_sat(float v) { return !(v > 0.0f) ? 0.0f : v > 1.0f ? 1.0f : v; }
#define __GPUMC_H1(NAME, EXPR)                                                                    \
    __GPUMC_HF __half NAME(__half a) { float x = __half2float(a); return __half(EXPR); }          \
    __GPUMC_HF __half2 NAME##2(__half2 a) { return __half2(NAME(a.x), NAME(a.y)); }
#define __GPUMC_H2(NAME, EXPR)                                                                    \
    __GPUMC_HF __half NAME(__half a, __half b)                                                    \
    { float x = __half2float(a), y = __half2float(b); return __half(EXPR); }                      \
    __GPUMC_HF __half2 NAME##2(__half2 a, __half2 b) { return __half2(NAME(a.x, b.x), NAME(a.y, b.y)); }
__GPUMC_H2(__hadd, x + y)
__GPUMC_H2(__hsub, x - y)
__GPUMC_H2(__hmul, x * y)
__GPUMC_H2(__hadd_sat, __gpumc_sat(x + y))
__GPUMC_H2(__hsub_sat, __gpumc_sat(x - y))
__GPUMC_H2(__hmul_sat, __gpumc_sat(x * y))
__GPUMC_H2(__hmax, x != x ? y : y != y ? x : x > y ? x : y)
__GPUMC_H2(__hmin, x != x ? y : y != y ? x : x < y ? x : y)
__GPUMC_H1(__hneg, -x)
#undef __GPUMC_H1
/* The math functions, hX on one value and h2X on a pair (CUDA's names);
 * cuda_bf16.h makes the bfloat16 ones from the same list. */
#define __GPUMC_HMATH(M)                                                                              M(sqrt, __builtin_sqrtf(x)) M(rsqrt, 1.0f / __builtin_sqrtf(x)) M(rcp, 1.0f / x)                   M(exp, __builtin_expf(x)) M(exp2, __builtin_exp2f(x)) M(exp10, __builtin_powf(10.0f, x))          M(log, __builtin_logf(x)) M(log2, __builtin_log2f(x)) M(log10, __builtin_log10f(x))               M(sin, __builtin_sinf(x)) M(cos, __builtin_cosf(x)) M(floor, __builtin_floorf(x))                 M(ceil, __builtin_ceilf(x)) M(trunc, __builtin_truncf(x)) M(rint, __builtin_rintf(x))
#define __GPUMC_HM(X, EXPR)                                                                           __GPUMC_HF __half h##X(__half a) { float x = __half2float(a); return __half(EXPR); }              __GPUMC_HF __half2 h2##X(__half2 a) { return __half2(h##X(a.x), h##X(a.y)); }
__GPUMC_HMATH(__GPUMC_HM)
#undef __GPUMC_HM
#undef __GPUMC_H2
__GPUMC_HF __half __habs(__half a) { return __ushort_as_half((unsigned short)(a.__x & 0x7fffu)); }
__GPUMC_HF __half2 __habs2(__half2 a) { return __half2(__habs(a.x), __habs(a.y)); }
__GPUMC_HF __half __hdiv(__half a, __half b) { return __half(__half2float(a) / __half2float(b)); }
__GPUMC_HF __half2 __h2div(__half2 a, __half2 b) { return __half2(__hdiv(a.x, b.x), __hdiv(a.y, b.y)); }
__GPUMC_HF __half __hfma(__half a, __half b, __half c)
{ return __half(__builtin_fmaf(__half2float(a), __half2float(b), __half2float(c))); }
__GPUMC_HF __half2 __hfma2(__half2 a, __half2 b, __half2 c)
{ return __half2(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y)); }
__GPUMC_HF __half __hfma_sat(__half a, __half b, __half c)
{
    float r = __builtin_fmaf(__half2float(a), __half2float(b), __half2float(c));
    return __half(__gpumc_sat(r));
}

/* ---- comparisons ---- */
/* NAME: one pair; NAME2: per lane, 1.0 or 0.0; __hb...2: both lanes */
#define __GPUMC_HCMP(NAME, B2, OP, UNORDERED)                                                     \
    __GPUMC_HF bool NAME(__half a, __half b)                                                      \
    {                                                                                             \
        float x = __half2float(a), y = __half2float(b);                                           \
        return (x != x || y != y) ? UNORDERED : x OP y;                                           \
    }                                                                                             \
    __GPUMC_HF __half2 NAME##2(__half2 a, __half2 b)                                              \
    { return __half2(__half(NAME(a.x, b.x) ? 1.0f : 0.0f), __half(NAME(a.y, b.y) ? 1.0f : 0.0f)); } \
    __GPUMC_HF bool B2(__half2 a, __half2 b) { return NAME(a.x, b.x) && NAME(a.y, b.y); }
__GPUMC_HCMP(__heq, __hbeq2, ==, false)
__GPUMC_HCMP(__hne, __hbne2, !=, false)
__GPUMC_HCMP(__hlt, __hblt2, <, false)
__GPUMC_HCMP(__hle, __hble2, <=, false)
__GPUMC_HCMP(__hgt, __hbgt2, >, false)
__GPUMC_HCMP(__hge, __hbge2, >=, false)
__GPUMC_HCMP(__hequ, __hbequ2, ==, true)
__GPUMC_HCMP(__hneu, __hbneu2, !=, true)
__GPUMC_HCMP(__hltu, __hbltu2, <, true)
__GPUMC_HCMP(__hleu, __hbleu2, <=, true)
__GPUMC_HCMP(__hgtu, __hbgtu2, >, true)
__GPUMC_HCMP(__hgeu, __hbgeu2, >=, true)
#undef __GPUMC_HCMP
__GPUMC_HF bool __hisnan(__half a) { return (a.__x & 0x7fffu) > 0x7c00u; }
__GPUMC_HF int __hisinf(__half a)
{ return (a.__x & 0x7fffu) == 0x7c00u ? (a.__x & 0x8000u ? -1 : 1) : 0; }
__GPUMC_HF __half2 __hisnan2(__half2 a)
{ return __half2(__half(__hisnan(a.x) ? 1.0f : 0.0f), __half(__hisnan(a.y) ? 1.0f : 0.0f)); }

/* ---- operators (the C++ ones NVIDIA's header gives) ---- */
__GPUMC_HF __half operator+(__half a, __half b) { return __hadd(a, b); }
__GPUMC_HF __half operator-(__half a, __half b) { return __hsub(a, b); }
__GPUMC_HF __half operator*(__half a, __half b) { return __hmul(a, b); }
__GPUMC_HF __half operator/(__half a, __half b) { return __hdiv(a, b); }
__GPUMC_HF __half operator-(__half a) { return __hneg(a); }
__GPUMC_HF __half operator+(__half a) { return a; }
__GPUMC_HF __half &operator+=(__half &a, __half b) { return a = __hadd(a, b); }
__GPUMC_HF __half &operator-=(__half &a, __half b) { return a = __hsub(a, b); }
__GPUMC_HF __half &operator*=(__half &a, __half b) { return a = __hmul(a, b); }
__GPUMC_HF __half &operator/=(__half &a, __half b) { return a = __hdiv(a, b); }
__GPUMC_HF bool operator==(__half a, __half b) { return __heq(a, b); }
__GPUMC_HF bool operator!=(__half a, __half b) { return __hneu(a, b); }
__GPUMC_HF bool operator<(__half a, __half b) { return __hlt(a, b); }
__GPUMC_HF bool operator<=(__half a, __half b) { return __hle(a, b); }
__GPUMC_HF bool operator>(__half a, __half b) { return __hgt(a, b); }
__GPUMC_HF bool operator>=(__half a, __half b) { return __hge(a, b); }
__GPUMC_HF __half2 operator+(__half2 a, __half2 b) { return __hadd2(a, b); }
__GPUMC_HF __half2 operator-(__half2 a, __half2 b) { return __hsub2(a, b); }
__GPUMC_HF __half2 operator*(__half2 a, __half2 b) { return __hmul2(a, b); }
__GPUMC_HF __half2 operator/(__half2 a, __half2 b) { return __h2div(a, b); }
__GPUMC_HF __half2 operator-(__half2 a) { return __hneg2(a); }
__GPUMC_HF __half2 &operator+=(__half2 &a, __half2 b) { return a = __hadd2(a, b); }
__GPUMC_HF __half2 &operator-=(__half2 &a, __half2 b) { return a = __hsub2(a, b); }
__GPUMC_HF __half2 &operator*=(__half2 &a, __half2 b) { return a = __hmul2(a, b); }
__GPUMC_HF bool operator==(__half2 a, __half2 b) { return __hbeq2(a, b); }
__GPUMC_HF bool operator!=(__half2 a, __half2 b) { return __hbneu2(a, b); }

/* ---- loads with cache hints, and atomics ---- */
__GPUMC_HF __half __ldg(const __half *p) { return *p; }
__GPUMC_HF __half2 __ldg(const __half2 *p) { return *p; }
/* atomicAdd on a half-precision value or pair (bfloat16 too, cuda_bf16.h):
 * one RMW of the 16 bits, the sum rounded once as the hardware rounds it
 * (OP: 14 binary16, 15 bfloat16, gpumc_cuda.h).  A pair is two of them,
 * lane x first: CUDA makes each lane's add atomic, not the pair's. */
#define __GPUMC_LOWP_ATOMIC_ADD(T, T2, OP)                                              \
    __GPUMC_FI T __gpumc_lowp_add(T *p, T v, int sc) { return __gpumc_atomic_op(p, OP, v, sc); } \
    __GPUMC_FI T2 __gpumc_lowp_add(T2 *p, T2 v, int sc)                               \
    {                                                                                   \
        T2 r;                                                                           \
        r.x = __gpumc_lowp_add(&p->x, v.x, sc);                                         \
        r.y = __gpumc_lowp_add(&p->y, v.y, sc);                                         \
        return r;                                                                       \
    }                                                                                   \
    __GPUMC_FI T atomicAdd(T *p, T v) { return __gpumc_lowp_add(p, v, __GPUMC_SCOPE_GPU); } \
    __GPUMC_FI T atomicAdd_block(T *p, T v) { return __gpumc_lowp_add(p, v, __GPUMC_SCOPE_CTA); } \
    __GPUMC_FI T atomicAdd_system(T *p, T v) { return __gpumc_lowp_add(p, v, __GPUMC_SCOPE_SYS); } \
    __GPUMC_FI T2 atomicAdd(T2 *p, T2 v) { return __gpumc_lowp_add(p, v, __GPUMC_SCOPE_GPU); } \
    __GPUMC_FI T2 atomicAdd_block(T2 *p, T2 v) { return __gpumc_lowp_add(p, v, __GPUMC_SCOPE_CTA); } \
    __GPUMC_FI T2 atomicAdd_system(T2 *p, T2 v) { return __gpumc_lowp_add(p, v, __GPUMC_SCOPE_SYS); }
__GPUMC_LOWP_ATOMIC_ADD(__half, __half2, 14)

#undef __GPUMC_HF
#undef __GPUMC_HCVT
#endif
