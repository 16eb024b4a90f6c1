/*
 * cg_reduce.cu -- a block sum written with cooperative groups: each
 * 32-thread tile reduces with cg::reduce, tile rank 0 publishes its partial
 * sum in shared memory, the block syncs, and tile 0 combines the partials.
 * Launch: --grid=1 --block=64 (two warps), in: int[64] of ones, out: int[1].
 *
 *   (none)          correct: no error, 1 execution, out[0] = 64
 *   MISSING_SYNC    no block.sync() between publishing the partial sums
 *                   and reading them: data race on `partial`
 */
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

#define TILES 2

__global__ void block_sum(const int *in, int *out)
{
    __shared__ int partial[TILES];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    int v = in[block.thread_rank()];
    int all_positive = tile.all(v > 0);
    v = cg::reduce(tile, v, cg::plus<int>());
    if (tile.thread_rank() == 0)
        partial[tile.meta_group_rank()] = v;
#ifndef MISSING_SYNC
    block.sync();
#endif
    if (tile.meta_group_rank() == 0) {
        int p = tile.thread_rank() < tile.meta_group_size() ? partial[tile.thread_rank()] : 0;
        p = cg::reduce(tile, p, cg::plus<int>());
        int hi = cg::reduce(tile, (int)tile.thread_rank(), cg::greater<int>());
        if (tile.thread_rank() == 0) {
            out[0] = p;
#ifndef MISSING_SYNC
            assert(p == (int)block.size() && all_positive && hi == 31 &&
                   tile.meta_group_size() == TILES);
#endif
        }
    }
}
