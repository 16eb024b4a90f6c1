/*
 * cooperative_groups/reduce.h -- cg::reduce for gpumc, written from the
 * CUDA programming guide's API description.
 *
 * Contract: reduce(g, val, op) for a thread_block_tile<N> or a
 * coalesced_group returns op folded over every member's val in every
 * member (as CUDA specifies), computed with a butterfly of shfl_xor: log2
 * of the size in full-warp shuffles, each lane combining its own value
 * with its partner's, so all lanes agree even for float plus.  A
 * coalesced_group of fewer than 32 lanes (a short last warp, a partition)
 * uses one shfl per member instead.  The operators are cg::plus, less (minimum),
 * greater (maximum), bit_and, bit_or and bit_xor.
 */
#include <gpumc_names_save.h>
#ifndef GPUMC_CG_REDUCE_H
#define GPUMC_CG_REDUCE_H

#include <cooperative_groups.h>

namespace cooperative_groups {

template <class T> struct plus {
    __forceinline__ __device__ T operator()(const T &a, const T &b) const { return a + b; }
};
template <class T> struct less {
    __forceinline__ __device__ T operator()(const T &a, const T &b) const { return a < b ? a : b; }
};
template <class T> struct greater {
    __forceinline__ __device__ T operator()(const T &a, const T &b) const { return a < b ? b : a; }
};
template <class T> struct bit_and {
    __forceinline__ __device__ T operator()(const T &a, const T &b) const { return a & b; }
};
template <class T> struct bit_or {
    __forceinline__ __device__ T operator()(const T &a, const T &b) const { return a | b; }
};
template <class T> struct bit_xor {
    __forceinline__ __device__ T operator()(const T &a, const T &b) const { return a ^ b; }
};

namespace __gpumc_cg {
template <class G, class T, class Op> __forceinline__ __device__ T butterfly(const G &g, T v, Op &op)
{
    for (unsigned int m = (unsigned int)g.size() / 2; m > 0; m >>= 1)
        v = op(v, g.shfl_xor(v, m));
    return v;
}
template <class T> struct __decay { typedef T type; };
template <class T> struct __decay<T &> { typedef T type; };
template <class T> struct __decay<const T &> { typedef T type; };
template <class T> struct __decay<T &&> { typedef T type; };
template <class T> struct __decay<const T> { typedef T type; };
} // namespace __gpumc_cg

namespace __gpumc_cg {
/* A tile of more than one warp meets in shared memory: each member
 * publishes its value, then folds its tile's in rank order (every member
 * gets the same result); the second barrier lets the next reduction reuse
 * the buffer. */
template <unsigned int N, class T, class Op> __forceinline__ __device__ T multi_warp_fold(T v, Op &op)
{
    __shared__ T buf[1024];
    unsigned int me = block_rank_of_thread(), base = me & ~(N - 1u);
    buf[me] = v;
    __syncthreads();
    T r = buf[base];
    for (unsigned int i = 1; i < N; i++)
        r = op(r, buf[base + i]);
    __syncthreads();
    return r;
}
} // namespace __gpumc_cg

template <unsigned int N, class P, class TyVal, class TyOp>
__forceinline__ __device__ typename __gpumc_cg::__decay<TyVal>::type
reduce(const thread_block_tile<N, P> &g, TyVal &&val, TyOp &&op)
{
    typename __gpumc_cg::__decay<TyVal>::type v = val;
    if constexpr (N > 32)
        return __gpumc_cg::multi_warp_fold<N>(v, op);
    else
        return __gpumc_cg::butterfly(g, v, op);
}

template <class TyVal, class TyOp>
__forceinline__ __device__ typename __gpumc_cg::__decay<TyVal>::type
reduce(const coalesced_group &g, TyVal &&val, TyOp &&op)
{
    typedef typename __gpumc_cg::__decay<TyVal>::type T;
    T v = val;
    unsigned int n = g.size();
    if (n == 32)
        return __gpumc_cg::butterfly(g, v, op);
    /* a part of a warp: no partner for some xor lanes, so fold rank by rank */
    T r = g.shfl(v, 0);
    for (unsigned int i = 1; i < n; i++)
        r = op(r, g.shfl(v, (int)i));
    return r;
}

} // namespace cooperative_groups

#endif
#include <gpumc_names_restore.h>
