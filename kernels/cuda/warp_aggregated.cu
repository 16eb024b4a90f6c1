// Warp-aggregated atomics where the warp has diverged, in the shape of stream
// compaction: the lanes that keep their element (src[i] > 0) form a coalesced group,
// its leader takes the group's slots with one atomicAdd, and each lane writes its
// element at its own slot.  Launch: --grid=1 --block=48 (a warp and a half warp),
// src = 48 ints of which 32 are positive (21 in the first warp, 11 in the second),
// dst = int[48], count = int[1].  The two warps' leaders take their slots in either
// order: 2 executions (one atomicAdd per lane would make 32! orders); --post pins
// the count and that slots 0..31 are filled.
// -DACTIVEMASK: the same with __activemask(), __popc and __shfl_sync.
// -DFULL_MASK: the broadcast names the whole warp from inside the branch, while the
//   lanes that dropped their element wait at a __syncwarp() after it: barrier
//   divergence.  (Had they returned instead, CUDA would not wait for them.)
// -DSAME_SLOT: every lane of a group writes at the group's first slot: a data race.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ int reserve_slot(int *count)
{
#ifdef ACTIVEMASK
    unsigned int active = __activemask();
    int leader = __ffs(active) - 1;
    int rank = __popc(active & __lanemask_lt());
    int base = 0;
    if (rank == 0)
        base = atomicAdd(count, __popc(active));
#ifdef FULL_MASK
    base = __shfl_sync(0xffffffffu, base, leader);
#else
    base = __shfl_sync(active, base, leader);
#endif
#else
    cg::coalesced_group kept = cg::coalesced_threads();
    int rank = (int)kept.thread_rank();
    int base = 0;
    if (rank == 0)
        base = atomicAdd(count, (int)kept.size());
    base = kept.shfl(base, 0);
#endif
#ifdef SAME_SLOT
    return base;
#else
    return base + rank;
#endif
}

__global__ void compact(const int *src, int *dst, int *count, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && src[i] > 0)
        dst[reserve_slot(count)] = src[i];
#ifdef FULL_MASK
    __syncwarp();
#endif
}
