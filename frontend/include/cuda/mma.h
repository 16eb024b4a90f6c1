/*
 * mma.h -- CUDA's warp matrix functions (nvcuda::wmma) for gpumc.
 *
 * The mapping of a matrix's elements onto the lanes of a warp is left
 * unspecified by CUDA, so gpumc picks the simplest one a program cannot
 * tell apart from the hardware's: every lane's fragment holds the whole
 * matrix, row by row (num_elements is rows x columns).  Element-wise code
 * (`for (i < f.num_elements) f.x[i] *= alpha`) then means what it means on
 * the GPU.  Each of load_matrix_sync, store_matrix_sync and mma_sync first
 * waits for the whole warp, as __syncwarp() does -- a lane that does not
 * come is barrier divergence at the call.  A load is made by every lane
 * (each reads the whole tile, so a write to the tile that is not ordered
 * before the load races with it); a store is shared among the lanes, each
 * writing every n-th element, so a lane that reads the tile before a
 * later barrier races with another lane's store.  mma_sync multiplies in
 * float (double, int for 8-bit inputs; tf32 inputs are truncated to 10
 * mantissa bits, as the tensor cores read them) and accumulates in the
 * accumulator's arithmetic; the hardware's order of the partial sums is
 * not specified, so a float result may differ from it in the last bits.
 * Shapes: 16x16x16, 32x8x16, 8x32x16 (half, bfloat16, 8-bit integers),
 * 16x16x8 (tf32), 8x8x4 (double).  Sub-byte types (experimental::precision
 * u4, s4, b1) do not compile: gpumc does not model them.
 */
#include <gpumc_names_save.h>
#ifndef GPUMC_MMA_H
#define GPUMC_MMA_H

#include "cuda_bf16.h"

#define __GPUMC_WMMA __inline__ __attribute__((always_inline)) __device__

namespace nvcuda {
namespace wmma {

struct matrix_a {};
struct matrix_b {};
struct accumulator {};
struct row_major {};
struct col_major {};
enum layout_t { mem_row_major, mem_col_major };

namespace precision {
struct tf32 {};
struct u4 {};
struct s4 {};
struct b1 {};
} // namespace precision
namespace experimental {
namespace precision {
struct u4 {};
struct s4 {};
struct b1 {};
} // namespace precision
enum bmmaBitOp { bmmaBitOpXOR = 1, bmmaBitOpAND = 2 };
enum bmmaAccumulateOp { bmmaAccumulateOpPOPC = 1 };
} // namespace experimental

namespace __gpumc {

/* What a fragment of T stores, and whether gpumc models T at all. */
template <class T> struct elem { typedef T type; enum { ok = 1 }; };
template <> struct elem<precision::tf32> { typedef float type; enum { ok = 1 }; };
#define __GPUMC_WMMA_SUBBYTE(P)                                                \
    template <> struct elem<P> { typedef unsigned type; enum { ok = 0 }; };
__GPUMC_WMMA_SUBBYTE(precision::u4)
__GPUMC_WMMA_SUBBYTE(precision::s4)
__GPUMC_WMMA_SUBBYTE(precision::b1)
__GPUMC_WMMA_SUBBYTE(experimental::precision::u4)
__GPUMC_WMMA_SUBBYTE(experimental::precision::s4)
__GPUMC_WMMA_SUBBYTE(experimental::precision::b1)
#undef __GPUMC_WMMA_SUBBYTE

/* The rows and columns of an operand of an m x n x k product. */
template <class Use, int M, int N, int K> struct dims;
template <int M, int N, int K> struct dims<matrix_a, M, N, K> { enum { rows = M, cols = K }; };
template <int M, int N, int K> struct dims<matrix_b, M, N, K> { enum { rows = K, cols = N }; };
template <int M, int N, int K> struct dims<accumulator, M, N, K> { enum { rows = M, cols = N }; };

template <int M, int N, int K> struct shape {
    enum {
        f16 = (M == 16 && N == 16 && K == 16) || (M == 32 && N == 8 && K == 16) ||
              (M == 8 && N == 32 && K == 16),
        tf32 = M == 16 && N == 16 && K == 8,
        f64 = M == 8 && N == 8 && K == 4,
        any = f16 || tf32 || f64
    };
};

/* The arithmetic a product is accumulated in. */
template <class T> struct acc { typedef float type; };
template <> struct acc<double> { typedef double type; };
template <> struct acc<int> { typedef long long type; };

__GPUMC_WMMA float value(__half h) { return __half2float(h); }
__GPUMC_WMMA float value(__nv_bfloat16 h) { return __bfloat162float(h); }
__GPUMC_WMMA double value(double d) { return d; }
__GPUMC_WMMA int value(signed char c) { return c; }
__GPUMC_WMMA int value(unsigned char c) { return c; }
__GPUMC_WMMA long long value(int i) { return i; }
__GPUMC_WMMA float value(float f) { return f; }

/* An input element of a fragment of T as the tensor cores read it: of a
 * tf32 one, the top 19 bits of the float. */
template <class T> struct input {
    template <class S> static __GPUMC_WMMA auto get(S x) -> decltype(value(x)) { return value(x); }
};
template <> struct input<precision::tf32> {
    static __GPUMC_WMMA float get(float f)
    {
        unsigned b;
        __builtin_memcpy(&b, &f, 4);
        if ((b & 0x7f800000u) != 0x7f800000u)
            b &= 0xffffe000u;
        __builtin_memcpy(&f, &b, 4);
        return f;
    }
};

__GPUMC_WMMA void store_as(__half &d, float v) { d = __float2half(v); }
__GPUMC_WMMA void store_as(float &d, float v) { d = v; }
__GPUMC_WMMA void store_as(double &d, double v) { d = v; }
__GPUMC_WMMA void store_as(int &d, long long v) { d = (int)(unsigned)v; }

__GPUMC_WMMA float saturate(float v)
{
    if (v != v)
        return 0.0f;
    return v > 3.40282347e38f ? 3.40282347e38f : v < -3.40282347e38f ? -3.40282347e38f : v;
}
__GPUMC_WMMA double saturate(double v) { return v; }
__GPUMC_WMMA long long saturate(long long v)
{
    return v > 2147483647LL ? 2147483647LL : v < -2147483648LL ? -2147483648LL : v;
}

/* The whole warp meets here first (the _sync of every wmma call). */
__GPUMC_WMMA void warp_meets() { __gpumc_warp_sync(0xffffffffu); }

__GPUMC_WMMA unsigned lanes() { return (unsigned)__builtin_popcount(__gpumc_sreg(14)); }

/* Where element (r, c) of a tile at p with leading dimension ldm is. */
__GPUMC_WMMA unsigned long long at(unsigned r, unsigned c, unsigned ldm, bool col)
{
    return col ? (unsigned long long)c * ldm + r : (unsigned long long)r * ldm + c;
}

template <class L> struct is_col { enum { value = 0 }; };
template <> struct is_col<col_major> { enum { value = 1 }; };

} // namespace __gpumc

template <class Use, int m, int n, int k, class T, class Layout = void> class fragment {
    static_assert(__gpumc::elem<T>::ok,
                  "gpumc does not model sub-byte wmma fragments (precision::u4, s4, b1)");
    static_assert(__gpumc::shape<m, n, k>::any, "not a wmma shape (m16n16k16, m32n8k16, m8n32k16, "
                                                "m16n16k8 for tf32, m8n8k4 for double)");

public:
    typedef typename __gpumc::elem<T>::type element_type;
    typedef element_type storage_element_type;
    enum {
        __rows = __gpumc::dims<Use, m, n, k>::rows,
        __cols = __gpumc::dims<Use, m, n, k>::cols,
        num_elements = __rows * __cols
    };
    storage_element_type x[num_elements];
};

template <class Use, int m, int n, int k, class T, class L>
__GPUMC_WMMA void fill_fragment(fragment<Use, m, n, k, T, L> &f,
                                const typename fragment<Use, m, n, k, T, L>::element_type &v)
{
    for (int i = 0; i < f.num_elements; i++)
        f.x[i] = v;
}

namespace __gpumc {
template <class F, class P> __GPUMC_WMMA void load_tile(F &f, const P *p, unsigned ldm, bool col)
{
    __gpumc::warp_meets();
    for (unsigned r = 0; r < (unsigned)F::__rows; r++)
        for (unsigned c = 0; c < (unsigned)F::__cols; c++)
            f.x[r * F::__cols + c] = p[__gpumc::at(r, c, ldm, col)];
}
} // namespace __gpumc

/* matrix_a / matrix_b: the layout is the fragment's. */
template <class Use, int m, int n, int k, class T, class L>
__GPUMC_WMMA void load_matrix_sync(fragment<Use, m, n, k, T, L> &f,
                                   const typename fragment<Use, m, n, k, T, L>::element_type *p,
                                   unsigned ldm)
{
    __gpumc::load_tile(f, p, ldm, __gpumc::is_col<L>::value);
}

template <int m, int n, int k, class T>
__GPUMC_WMMA void load_matrix_sync(fragment<accumulator, m, n, k, T> &f, const T *p, unsigned ldm,
                                   layout_t layout)
{
    __gpumc::load_tile(f, p, ldm, layout == mem_col_major);
}

template <int m, int n, int k, class T>
__GPUMC_WMMA void store_matrix_sync(T *p, const fragment<accumulator, m, n, k, T> &f, unsigned ldm,
                                    layout_t layout)
{
    typedef fragment<accumulator, m, n, k, T> F;
    __gpumc::warp_meets();
    unsigned me = __gpumc_sreg(13), step = __gpumc::lanes();
    for (unsigned i = me; i < (unsigned)F::num_elements; i += step)
        p[__gpumc::at(i / F::__cols, i % F::__cols, ldm, layout == mem_col_major)] = f.x[i];
}

template <int m, int n, int k, class Td, class Ta, class La, class Tb, class Lb, class Tc>
__GPUMC_WMMA void mma_sync(fragment<accumulator, m, n, k, Td> &d,
                           const fragment<matrix_a, m, n, k, Ta, La> &a,
                           const fragment<matrix_b, m, n, k, Tb, Lb> &b,
                           const fragment<accumulator, m, n, k, Tc> &c, bool satf = false)
{
    typedef typename __gpumc::acc<Td>::type A;
    __gpumc::warp_meets();
    A out[m * n]; /* d may be c */
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) {
            A s = (A)__gpumc::value(c.x[i * n + j]);
            for (int q = 0; q < k; q++)
                s += (A)__gpumc::input<Ta>::get(a.x[i * k + q]) *
                     (A)__gpumc::input<Tb>::get(b.x[q * n + j]);
            out[i * n + j] = satf ? __gpumc::saturate(s) : s;
        }
    for (int i = 0; i < m * n; i++)
        __gpumc::store_as(d.x[i], out[i]);
}

/* Round to tf32 (10 mantissa bits), to nearest, ties away from zero. */
__GPUMC_WMMA float __float_to_tf32(float f)
{
    unsigned b;
    __builtin_memcpy(&b, &f, 4);
    if ((b & 0x7f800000u) != 0x7f800000u)
        b = (b + 0x1000u) & 0xffffe000u;
    __builtin_memcpy(&f, &b, 4);
    return f;
}

} // namespace wmma
} // namespace nvcuda

#undef __GPUMC_WMMA
#endif
#include <gpumc_names_restore.h>
