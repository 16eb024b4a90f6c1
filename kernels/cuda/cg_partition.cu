// cooperative_groups' binary_partition and labeled_partition in converged code, in
// the shape of NVIDIA's binaryPartitionCG: each warp splits into its odd and even
// elements, reduces each part and a leader per part adds the part's size and sum;
// then the warp (coalesced_threads) splits by bucket, with the leader's ticket
// broadcast to its part (warp-aggregated atomics).  Launch: --grid=1 --block=32,
// in = 0, 1, 2, ... (32 ints), out = int[8].  Results pinned by --post:
//   out[0] = 16 odd elements, out[1] = their sum 256, out[2] = the evens' 240,
//   out[3..6] = 8 elements in each of the 4 buckets (i % 4), out[7] = 32 tickets;
// the 4 bucket leaders take their tickets in each of the 4! orders: 24 executions.
// -DWRONG: the part's size is taken to be the whole warp's: an assertion fails.
// -DDIVERGENT: only the lanes below 16 partition the tile, the others sync it instead
// (every member must call the same collective; one that returned would not count):
// barrier divergence.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__global__ void partition(const int *in, int *out)
{
    cg::thread_block cta = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cta);
    int v = in[cta.thread_rank()];
#ifdef DIVERGENT
    if (v >= 16) {
        tile.sync();
        return;
    }
#endif
    cg::coalesced_group part = cg::binary_partition(tile, v & 1);
#ifdef WRONG
    assert(part.size() == 32);
#else
    assert(part.size() == 16 && part.thread_rank() == (tile.thread_rank() >> 1));
#endif
    assert(part.ballot(1) == 0xffffu && part.shfl(v, 0) == (v & ~31) + (v & 1));
    int sum = cg::reduce(part, v, cg::plus<int>());
    if (part.thread_rank() == 0) {
        if (v & 1) {
            atomicAdd(&out[0], (int)part.size());
            atomicAdd(&out[1], sum);
        } else {
            atomicAdd(&out[2], sum);
        }
    }
    tile.sync();
    cg::coalesced_group active = cg::coalesced_threads();
    cg::coalesced_group bucket = cg::labeled_partition(active, v % 4);
    int ticket = 0;
    if (bucket.thread_rank() == 0)
        ticket = atomicAdd(&out[7], (int)bucket.size());
    ticket = bucket.shfl(ticket, 0) + (int)bucket.thread_rank();
    assert(bucket.size() == 8 && ticket >= 0 && ticket < 32);
    atomicAdd(&out[3 + v % 4], 1);
}
