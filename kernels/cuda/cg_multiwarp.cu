// Cooperative-groups tiles of more than one warp (CUDA 11.1+): with
// block_tile_memory scratch, tiled_partition<64> of a 128-thread block and
// cg::reduce over each tile, next to warp tiles.  Correct as written; with
// -DRACE both 64-thread tiles store their sum in the same slot.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

namespace cg = cooperative_groups;

__global__ void tile_sums(const int *in, int *out)
{
    __shared__ cg::block_tile_memory<128> scratch;
    cg::thread_block cta = cg::this_thread_block(scratch);
    auto tile = cg::tiled_partition<64>(cta);
    int v = in[cta.thread_rank()] + (int)cta.thread_rank();
    int s = cg::reduce(tile, v, cg::plus<int>());
#ifdef RACE
    if (tile.thread_rank() == 0)
        out[0] = s;
#else
    if (tile.thread_rank() == 0)
        out[tile.meta_group_rank()] = s;
#endif
    tile.sync();
    auto warp = cg::tiled_partition<32>(cta);
    int w = cg::reduce(warp, v, cg::plus<int>());
    if (warp.thread_rank() == 0)
        out[2 + warp.meta_group_rank()] = w;
}
