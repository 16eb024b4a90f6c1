/*
 * cooperative_groups/scan.h -- cg::inclusive_scan and exclusive_scan for
 * gpumc, written from the CUDA programming guide's API description.
 *
 * Contract: for a thread_block_tile<N> (or a full-warp coalesced_group),
 * inclusive_scan(g, val, op) gives rank r op folded over ranks 0..r,
 * exclusive_scan over ranks 0..r-1; op defaults to cg::plus.  Computed
 * with log2(size) shfl_up steps (Hillis-Steele).  Rank 0 of an
 * exclusive scan gets a value-initialised T (0 for arithmetic types),
 * which CUDA defines for plus and leaves unspecified otherwise.
 */
#include <gpumc_names_save.h>
#ifndef GPUMC_CG_SCAN_H
#define GPUMC_CG_SCAN_H

#include <cooperative_groups/reduce.h>

namespace cooperative_groups {

template <class G, class TyVal, class TyOp>
__forceinline__ __device__ typename __gpumc_cg::__decay<TyVal>::type
inclusive_scan(const G &g, TyVal &&val, TyOp &&op)
{
    typename __gpumc_cg::__decay<TyVal>::type v = val;
    unsigned int r = (unsigned int)g.thread_rank();
    for (unsigned int d = 1; d < (unsigned int)g.size(); d <<= 1) {
        typename __gpumc_cg::__decay<TyVal>::type t = g.shfl_up(v, d);
        if (r >= d)
            v = op(t, v);
    }
    return v;
}
template <class G, class TyVal>
__forceinline__ __device__ typename __gpumc_cg::__decay<TyVal>::type
inclusive_scan(const G &g, TyVal &&val)
{
    return inclusive_scan(g, val, plus<typename __gpumc_cg::__decay<TyVal>::type>());
}

template <class G, class TyVal, class TyOp>
__forceinline__ __device__ typename __gpumc_cg::__decay<TyVal>::type
exclusive_scan(const G &g, TyVal &&val, TyOp &&op)
{
    typedef typename __gpumc_cg::__decay<TyVal>::type T;
    T v = inclusive_scan(g, val, op);
    T prev = g.shfl_up(v, 1);
    return g.thread_rank() == 0 ? T() : prev;
}
template <class G, class TyVal>
__forceinline__ __device__ typename __gpumc_cg::__decay<TyVal>::type
exclusive_scan(const G &g, TyVal &&val)
{
    return exclusive_scan(g, val, plus<typename __gpumc_cg::__decay<TyVal>::type>());
}

} // namespace cooperative_groups

#endif
#include <gpumc_names_restore.h>
