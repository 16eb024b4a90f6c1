/*
 * scoped_ref.cu -- libcu++'s cuda::atomic_ref with a thread scope, fed by
 * warp collectives: each warp counts its lanes with __reduce_add_sync,
 * groups them by key with __match_any_sync, and one lane (cg::invoke_one)
 * adds the warp's count to a grid-wide total.
 * Launch: --grid=2 --block=32 --arg count=int[1] --arg out=int[64]
 *         --post 'count[0] == 64 && out[0] == 40 && out[63] == 40'
 *
 *   (none)        thread_scope_device: no error, 1 execution (the two
 *                 blind adds commute)
 *   BLOCK_SCOPE   thread_scope_block across the two blocks: each add's
 *                 scope leaves the other block out, a heterogeneous race
 *   BROADCAST     the total read back with invoke_one_broadcast: every
 *                 lane gets what its warp's elected lane's add returned
 */
#include <cooperative_groups.h>
#include <cuda/atomic>

namespace cg = cooperative_groups;

#ifdef BLOCK_SCOPE
#define SCOPE cuda::thread_scope_block
#else
#define SCOPE cuda::thread_scope_device
#endif

__global__ void tally(int *count, int *out)
{
    unsigned lane = threadIdx.x % 32;
    unsigned same = __match_any_sync(0xffffffffu, lane / 8); /* 4 keys, 8 lanes each */
    int n = (int)__reduce_add_sync(0xffffffffu, 1u);         /* 32 */
    out[blockIdx.x * blockDim.x + threadIdx.x] = __popc(same) + n;
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(cg::this_thread_block());
#ifdef BROADCAST
    int before = cg::invoke_one_broadcast(warp, [&] {
        return cuda::atomic_ref<int, SCOPE>(*count).fetch_add(n, cuda::std::memory_order_relaxed);
    });
    assert(before == 0 || before == 32);
#else
    cg::invoke_one(warp, [&] {
        cuda::atomic_ref<int, SCOPE>(*count).fetch_add(n, cuda::std::memory_order_relaxed);
    });
#endif
}
