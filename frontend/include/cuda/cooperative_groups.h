/*
 * cooperative_groups.h -- CUDA cooperative groups for gpumc's compile
 * pipeline, written from the CUDA programming guide's API description.
 *
 * Contract: every group operation is built from gpumc_cuda.h (force-
 * included), so the checker sees the same barriers and warp collectives
 * as the hand-written forms:
 *   thread_block      sync() is __syncthreads (the CTA barrier)
 *   grid_group        sync() is a grid-wide barrier (gpu scope), valid
 *                     only in a cooperative launch (--cooperative: then
 *                     is_valid() is true); elsewhere a barrier finding
 *   thread_block_tile<N> for N > 32 (64 ... 1024, with block_tile_memory):
 *                     ranks, sizes and cg::reduce; its sync() and reduce
 *                     are whole-block barriers (every tile meets at the
 *                     same time, as multi-warp code does), its shuffles
 *                     and votes stop the run as unsupported
 *   thread_block_tile<N> (N a power of two <= 32) and tiled_partition(g, n)
 *                     collectives are warp collectives over the tile's
 *                     own lanes (the mask of its segment of the warp):
 *                     a tile's sync() orders only its lanes, a tile can
 *                     meet while its sibling tiles do something else, and
 *                     shuffles use width = N so each tile's lanes stay in
 *                     their segment; votes and match_any take the tile's
 *                     segment of the answer.
 *   coalesced_group   a set of lanes of one warp (a mask): ranks count
 *                     its lanes in order, collectives are warp collectives
 *                     over the mask.  coalesced_threads() is the lanes
 *                     of the warp that reach that call together (every
 *                     other lane having ended or waiting elsewhere: the
 *                     branch a diverged warp runs); labeled_partition /
 *                     binary_partition of
 *                     a tile of 32 or a coalesced group split it by label
 *                     (every member must call them, as CUDA requires).
 * Tiles are cut from the CTA's linear thread order (x fastest), which is
 * also how gpumc forms warps.
 */
#include <gpumc_names_save.h>
#ifndef GPUMC_COOPERATIVE_GROUPS_H
#define GPUMC_COOPERATIVE_GROUPS_H

namespace cooperative_groups {

namespace __gpumc_cg {
template <bool B, class T, class F> struct conditional {
    typedef T type;
};
template <class T, class F> struct conditional<false, T, F> {
    typedef F type;
};
template <bool B, class T, class F> using conditional_t = typename conditional<B, T, F>::type;

__forceinline__ __device__ unsigned int block_rank_of_thread(void)
{
    return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}
__forceinline__ __device__ unsigned int block_threads(void)
{
    return blockDim.x * blockDim.y * blockDim.z;
}
__forceinline__ __device__ unsigned int lane(void) { return __gpumc_sreg(13); }
/* The bits of a full-warp mask that belong to the caller's n-lane
 * segment, shifted down to tile ranks. */
__forceinline__ __device__ unsigned int segment(unsigned int warp_mask, unsigned int n)
{
    unsigned int m = n >= 32 ? 0xffffffffu : (1u << n) - 1u;
    return (warp_mask >> (lane() & ~(n - 1u))) & m;
}
/* The warp mask of the caller's n-lane tile. */
__forceinline__ __device__ unsigned int tile_mask(unsigned int n)
{
    return n >= 32 ? 0xffffffffu : ((1u << n) - 1u) << (lane() & ~(n - 1u));
}
/* Dynamic tile sizes are checked at run time: CUDA requires a power of
 * two <= 32 (static sizes are checked when compiling). */
__forceinline__ __device__ void check_tile_size(unsigned int n)
{
    __gpumc_assert(n != 0 && n <= 32 && (n & (n - 1)) == 0);
}
/* The lane of the r-th member of mask, and bits (one per lane) compressed
 * to one per member, in rank order. */
__forceinline__ __device__ unsigned int nth_lane(unsigned int mask, unsigned int r)
{
    for (unsigned int l = 0; l < 32; l++)
        if (mask >> l & 1u) {
            if (r == 0)
                return l;
            r--;
        }
    return 32;
}
__forceinline__ __device__ unsigned int compress(unsigned int bits, unsigned int mask)
{
    unsigned int r = 0, i = 0;
    for (unsigned int l = 0; l < 32; l++)
        if (mask >> l & 1u)
            r |= (bits >> l & 1u) << i++;
    return r;
}
enum kind { k_block, k_tile, k_grid, k_coalesced };
} // namespace __gpumc_cg

/* The dynamic group: what thread_block, tiles and the grid convert to.
 * It remembers what it is, so sync()/thread_rank()/size() dispatch on that. */
class thread_group {
protected:
    int __kind;
    unsigned int __tile; /* tile size for tiles; for coalesced groups its lanes */
    unsigned int __meta_rank, __meta_size;
    __device__ thread_group(int k, unsigned int t = 0, unsigned int mr = 0, unsigned int ms = 1)
        : __kind(k), __tile(t), __meta_rank(mr), __meta_size(ms) {}
    friend __device__ thread_group tiled_partition(const thread_group &parent, unsigned int n);

public:
    __forceinline__ __device__ void sync() const
    {
        if (__kind == __gpumc_cg::k_block)
            __syncthreads();
        else if (__kind == __gpumc_cg::k_grid)
            __gpumc_barrier(__GPUMC_SCOPE_GPU);
        else
            __syncwarp(__kind == __gpumc_cg::k_tile ? __gpumc_cg::tile_mask(__tile) : __tile);
    }
    __forceinline__ __device__ unsigned long long size() const
    {
        if (__kind == __gpumc_cg::k_block)
            return __gpumc_cg::block_threads();
        if (__kind == __gpumc_cg::k_grid)
            return (unsigned long long)__gpumc_cg::block_threads() * gridDim.x * gridDim.y * gridDim.z;
        if (__kind == __gpumc_cg::k_coalesced)
            return (unsigned long long)__builtin_popcount(__tile);
        return __tile;
    }
    __forceinline__ __device__ unsigned long long num_threads() const { return size(); }
    __forceinline__ __device__ unsigned long long thread_rank() const
    {
        if (__kind == __gpumc_cg::k_block)
            return __gpumc_cg::block_rank_of_thread();
        if (__kind == __gpumc_cg::k_grid)
            return (unsigned long long)(blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z)) *
                       __gpumc_cg::block_threads() + __gpumc_cg::block_rank_of_thread();
        if (__kind == __gpumc_cg::k_coalesced)
            return (unsigned long long)__builtin_popcount(__tile & ((1u << __gpumc_cg::lane()) - 1u));
        return __gpumc_cg::lane() & (__tile - 1u);
    }
    __forceinline__ __device__ bool is_valid() const
    { return __kind != __gpumc_cg::k_grid || __gpumc_sreg(16); }
};

class thread_block : public thread_group {
    __device__ thread_block() : thread_group(__gpumc_cg::k_block) {}
    friend __device__ thread_block this_thread_block();

public:
    __forceinline__ __device__ void sync() const { __syncthreads(); }
    __forceinline__ __device__ unsigned int thread_rank() const { return __gpumc_cg::block_rank_of_thread(); }
    __forceinline__ __device__ unsigned int size() const { return __gpumc_cg::block_threads(); }
    __forceinline__ __device__ unsigned int num_threads() const { return __gpumc_cg::block_threads(); }
    __forceinline__ __device__ dim3 group_index() const { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
    __forceinline__ __device__ dim3 thread_index() const { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
    __forceinline__ __device__ dim3 dim_threads() const { return dim3(blockDim.x, blockDim.y, blockDim.z); }
    __forceinline__ __device__ dim3 group_dim() const { return dim_threads(); }
};
__forceinline__ __device__ thread_block this_thread_block() { return thread_block(); }

class grid_group : public thread_group {
    __device__ grid_group() : thread_group(__gpumc_cg::k_grid) {}
    friend __device__ grid_group this_grid();

public:
    /* All threads of the grid meet; the barrier orders their memory
     * accesses at gpu scope, as the cooperative launch's grid.sync(). */
    __forceinline__ __device__ void sync() const { __gpumc_barrier(__GPUMC_SCOPE_GPU); }
    /* false unless the launch is cooperative, as CUDA's is */
    __forceinline__ __device__ bool is_valid() const { return __gpumc_sreg(16); }
    __forceinline__ __device__ unsigned long long thread_rank() const { return thread_group::thread_rank(); }
    __forceinline__ __device__ unsigned long long size() const { return thread_group::size(); }
    __forceinline__ __device__ unsigned long long num_threads() const { return size(); }
    __forceinline__ __device__ unsigned long long block_rank() const
    { return blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z); }
    __forceinline__ __device__ unsigned long long num_blocks() const
    { return (unsigned long long)gridDim.x * gridDim.y * gridDim.z; }
    __forceinline__ __device__ dim3 block_index() const { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
    __forceinline__ __device__ dim3 group_dim() const { return dim3(gridDim.x, gridDim.y, gridDim.z); }
    __forceinline__ __device__ dim3 dim_blocks() const { return group_dim(); }
};
__forceinline__ __device__ grid_group this_grid() { return grid_group(); }

/* A tile of N consecutive threads (N a power of two).  The ParentT form
 * (what tiled_partition<N>(parent) returns) converts to the plain
 * thread_block_tile<N>, so both spellings of the type work. */
template <unsigned int N, class ParentT = void> class thread_block_tile;

/* Scratch for tiles of more than one warp (CUDA 11.1): this_thread_block(m)
 * with it lets tiled_partition<64 ... 1024> be made. */
template <unsigned int MaxBlockSize = 1024> struct block_tile_memory {
    unsigned char __unused[1];
};
template <unsigned int M>
__forceinline__ __device__ thread_block this_thread_block(block_tile_memory<M> &)
{
    return this_thread_block();
}

namespace __gpumc_cg {
/* A tile of more than one warp. */
template <unsigned int N> class multi_warp_tile : public thread_group {
    static_assert(N <= 1024 && (N & (N - 1)) == 0,
                  "thread_block_tile size must be a power of two <= 1024");

protected:
    __device__ multi_warp_tile(unsigned int mr, unsigned int ms) : thread_group(k_tile, N, mr, ms) {}

public:
    __forceinline__ __device__ void sync() const { __syncthreads(); }
    __forceinline__ __device__ unsigned int thread_rank() const { return block_rank_of_thread() & (N - 1u); }
    static constexpr __device__ unsigned int size() { return N; }
    static constexpr __device__ unsigned int num_threads() { return N; }
    __forceinline__ __device__ unsigned int meta_group_rank() const { return __meta_rank; }
    __forceinline__ __device__ unsigned int meta_group_size() const { return __meta_size; }
    template <class T> __forceinline__ __device__ T shfl(T var, int) const
    {
        __gpumc_unsupported("shuffles in a thread_block_tile of more than 32 threads");
        return var;
    }
    template <class T> __forceinline__ __device__ T shfl_down(T var, unsigned int d) const { return shfl(var, (int)d); }
    template <class T> __forceinline__ __device__ T shfl_up(T var, unsigned int d) const { return shfl(var, (int)d); }
    template <class T> __forceinline__ __device__ T shfl_xor(T var, unsigned int m) const { return shfl(var, (int)m); }
    __forceinline__ __device__ unsigned int ballot(int pred) const
    {
        __gpumc_unsupported("votes in a thread_block_tile of more than 32 threads");
        return (unsigned int)pred;
    }
    __forceinline__ __device__ int any(int pred) const { return ballot(pred) != 0; }
    __forceinline__ __device__ int all(int pred) const { return ballot(pred) != 0; }
};
template <unsigned int N> class warp_tile;
} // namespace __gpumc_cg

template <unsigned int N>
class thread_block_tile<N, void>
    : public __gpumc_cg::conditional_t<(N > 32), __gpumc_cg::multi_warp_tile<N>, __gpumc_cg::warp_tile<N>> {
    typedef __gpumc_cg::conditional_t<(N > 32), __gpumc_cg::multi_warp_tile<N>, __gpumc_cg::warp_tile<N>> base;

protected:
    __device__ thread_block_tile(unsigned int mr, unsigned int ms) : base(mr, ms) {}
};

namespace __gpumc_cg {
template <unsigned int N> class warp_tile : public thread_group {
    static_assert(N != 0 && N <= 32 && (N & (N - 1)) == 0,
                  "thread_block_tile size must be a power of two <= 32");

protected:
    __device__ warp_tile(unsigned int mr, unsigned int ms) : thread_group(k_tile, N, mr, ms) {}

public:
    __forceinline__ __device__ void sync() const { __syncwarp(__gpumc_cg::tile_mask(N)); }
    __forceinline__ __device__ unsigned int thread_rank() const { return __gpumc_cg::lane() & (N - 1u); }
    static constexpr __device__ unsigned int size() { return N; }
    static constexpr __device__ unsigned int num_threads() { return N; }
    __forceinline__ __device__ unsigned int meta_group_rank() const { return __meta_rank; }
    __forceinline__ __device__ unsigned int meta_group_size() const { return __meta_size; }

    /* width = N keeps every shuffle inside the caller's segment */
    template <class T> __forceinline__ __device__ T shfl(T var, int srcRank) const
    { return __shfl_sync(__gpumc_cg::tile_mask(N), var, srcRank, N); }
    template <class T> __forceinline__ __device__ T shfl_down(T var, unsigned int delta) const
    { return __shfl_down_sync(__gpumc_cg::tile_mask(N), var, delta, N); }
    template <class T> __forceinline__ __device__ T shfl_up(T var, unsigned int delta) const
    { return __shfl_up_sync(__gpumc_cg::tile_mask(N), var, delta, N); }
    template <class T> __forceinline__ __device__ T shfl_xor(T var, unsigned int laneMask) const
    { return __shfl_xor_sync(__gpumc_cg::tile_mask(N), var, (int)laneMask, N); }

    /* Votes are taken over the tile's lanes and shifted down to tile ranks;
     * "all" compares with the tile's existing threads (a short last warp). */
    __forceinline__ __device__ unsigned int ballot(int pred) const
    { return __gpumc_cg::segment(__ballot_sync(__gpumc_cg::tile_mask(N), pred), N); }
    __forceinline__ __device__ int any(int pred) const { return ballot(pred) != 0; }
    __forceinline__ __device__ int all(int pred) const
    { return ballot(pred) == __gpumc_cg::segment(__gpumc_sreg(14), N); }
    template <class T> __forceinline__ __device__ unsigned int match_any(T val) const
    { return __gpumc_cg::segment(__match_any_sync(__gpumc_cg::tile_mask(N), val), N); }
};
} // namespace __gpumc_cg

template <unsigned int N, class ParentT>
class thread_block_tile : public thread_block_tile<N, void> {
    __device__ thread_block_tile(unsigned int mr, unsigned int ms) : thread_block_tile<N, void>(mr, ms) {}
    template <unsigned int M, class P> friend __device__ thread_block_tile<M, P> tiled_partition(const P &);
};

/* tiled_partition<N>(parent): the parent is a block or a larger tile; the
 * tile's rank among its siblings comes from the parent's rank. */
template <unsigned int N, class ParentT>
__forceinline__ __device__ thread_block_tile<N, ParentT> tiled_partition(const ParentT &parent)
{
    unsigned int pr = (unsigned int)parent.thread_rank(), ps = (unsigned int)parent.size();
    return thread_block_tile<N, ParentT>(pr / N, (ps + N - 1) / N);
}

/* tiled_partition(parent, n): the same with the size known at run time. */
__forceinline__ __device__ thread_group tiled_partition(const thread_group &parent, unsigned int n)
{
    __gpumc_cg::check_tile_size(n);
    unsigned int pr = (unsigned int)parent.thread_rank(), ps = (unsigned int)parent.size();
    return thread_group(__gpumc_cg::k_tile, n, pr / n, (ps + n - 1) / n);
}

/* Lanes of one warp (the mask in __tile); coalesced_threads() the lanes
 * that reach it together (see the top). */
class coalesced_group : public thread_group {
    __device__ coalesced_group(unsigned int mask) : thread_group(__gpumc_cg::k_coalesced, mask) {}
    friend __device__ coalesced_group coalesced_threads();
    friend __device__ coalesced_group labeled_partition(const coalesced_group &g, int label);
    template <unsigned int N, class P>
    friend __device__ coalesced_group labeled_partition(const thread_block_tile<N, P> &g, int label);

    /* the lane of member rank r, or the caller's own when there is none */
    __forceinline__ __device__ unsigned int lane_of(int r) const
    {
        return r >= 0 && (unsigned int)r < size() ? __gpumc_cg::nth_lane(__tile, (unsigned int)r)
                                                  : __gpumc_cg::lane();
    }

public:
    __forceinline__ __device__ void sync() const { __syncwarp(__tile); }
    __forceinline__ __device__ unsigned int thread_rank() const { return (unsigned int)thread_group::thread_rank(); }
    __forceinline__ __device__ unsigned int size() const { return (unsigned int)thread_group::size(); }
    __forceinline__ __device__ unsigned int num_threads() const { return size(); }
    __forceinline__ __device__ unsigned int meta_group_rank() const { return 0; }
    __forceinline__ __device__ unsigned int meta_group_size() const { return 1; }
    /* the lanes, for what gpumc's own headers build on the group */
    __forceinline__ __device__ unsigned int __lanes() const { return __tile; }
    template <class T> __forceinline__ __device__ T shfl(T var, int srcRank) const
    { return __shfl_sync(__tile, var, (int)lane_of(srcRank)); }
    template <class T> __forceinline__ __device__ T shfl_down(T var, unsigned int delta) const
    { return __shfl_sync(__tile, var, (int)lane_of((int)(thread_rank() + delta))); }
    template <class T> __forceinline__ __device__ T shfl_up(T var, unsigned int delta) const
    {
        int r = (int)thread_rank() - (int)delta;
        return __shfl_sync(__tile, var, (int)lane_of(r < 0 ? (int)thread_rank() : r));
    }
    /* a full warp only (reduce's butterfly): lanes are ranks there */
    template <class T> __forceinline__ __device__ T shfl_xor(T var, unsigned int laneMask) const
    { return __shfl_xor_sync(__tile, var, (int)laneMask); }
    /* votes answer in ranks: bit i for the member of rank i */
    __forceinline__ __device__ unsigned int ballot(int pred) const
    { return __gpumc_cg::compress(__ballot_sync(__tile, pred), __tile); }
    __forceinline__ __device__ int any(int pred) const { return __any_sync(__tile, pred); }
    __forceinline__ __device__ int all(int pred) const { return __all_sync(__tile, pred); }
    template <class T> __forceinline__ __device__ unsigned int match_any(T val) const
    { return __gpumc_cg::compress(__match_any_sync(__tile, val), __tile); }
};
__forceinline__ __device__ coalesced_group coalesced_threads() { return coalesced_group(__gpumc_converge()); }

/* The members of g with the same label (of the same predicate), as a
 * coalesced group; every member of g must call it. */
__forceinline__ __device__ coalesced_group labeled_partition(const coalesced_group &g, int label)
{
    return coalesced_group(__match_any_sync(g.__lanes(), label));
}
template <unsigned int N, class P>
__forceinline__ __device__ coalesced_group labeled_partition(const thread_block_tile<N, P> &g,
                                                             int label)
{
    static_assert(N == 32, "labeled_partition takes a coalesced group or a tile of 32");
    (void)g;
    return coalesced_group(__match_any_sync(__gpumc_cg::tile_mask(32) & __gpumc_sreg(14), label));
}
__forceinline__ __device__ coalesced_group binary_partition(const coalesced_group &g, bool pred)
{
    return labeled_partition(g, (int)pred);
}
template <unsigned int N, class P>
__forceinline__ __device__ coalesced_group binary_partition(const thread_block_tile<N, P> &g,
                                                            bool pred)
{
    return labeled_partition(g, (int)pred);
}

/* Free forms. */
template <class G> __forceinline__ __device__ void sync(const G &g) { g.sync(); }
/* CUDA 9.0's name for sync(g), still what kernels written for GPUVerify call. */
template <class G> __forceinline__ __device__ void synchronize(const G &g) { g.sync(); }
template <class G> __forceinline__ __device__ unsigned long long thread_rank(const G &g) { return g.thread_rank(); }
template <class G> __forceinline__ __device__ unsigned long long group_size(const G &g) { return g.size(); }

/* invoke_one(g, f, args...): one member of g -- the one of rank 0 -- calls
 * f(args...); nothing is synchronised.  invoke_one_broadcast: every member
 * gets what that call returned (a shuffle: a tile or a coalesced group,
 * every member calling it). */
template <class G, class F, class... A>
__forceinline__ __device__ void invoke_one(const G &g, F &&f, A &&...args)
{
    if (g.thread_rank() == 0)
        f(static_cast<A &&>(args)...);
}
template <class G, class F, class... A>
__forceinline__ __device__ auto invoke_one_broadcast(const G &g, F &&f, A &&...args)
    -> decltype(f(static_cast<A &&>(args)...))
{
    decltype(f(static_cast<A &&>(args)...)) r{};
    if (g.thread_rank() == 0)
        r = f(static_cast<A &&>(args)...);
    return g.shfl(r, 0);
}

} // namespace cooperative_groups

#endif
#include <gpumc_names_restore.h>
