/*
 * cg_tile.cu -- 16-wide tiles (two per warp) that sum with shfl_down, vote
 * with ballot/any and scan with cg::inclusive_scan; each tile's rank 0
 * writes its sum to out[meta_group_rank].  Launch: --grid=1 --block=64
 * (four tiles), in: int[64] = 1..64, out: int[4].  Tile t sums 16t+1 ..
 * 16t+16, i.e. 136 + 256t.
 *
 *   (none)          correct: no error, 1 execution, out = 136 392 648 904
 *   WRONG_WIDTH     the tile sum starts at offset 16: in a 16-wide tile that
 *                   shuffle returns the caller's own value, so the sums are
 *                   doubled and the assertion fails
 *   LONE_TILE       only the even tiles broadcast their sum once more
 *                   (tile.shfl + tile.sync while the odd tiles of the warp
 *                   skip them): a tile's collectives are its own lanes',
 *                   so still no error, 1 execution
 */
#include <cooperative_groups.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;

__global__ void tile_sums(const int *in, int *out)
{
    cg::thread_block block = cg::this_thread_block();
    auto tile = cg::tiled_partition<16>(block);
    int x = in[block.thread_rank()];
    int v = x;
#ifdef WRONG_WIDTH
    for (int off = 16; off > 0; off >>= 1)
#else
    for (int off = tile.size() / 2; off > 0; off >>= 1)
#endif
        v += tile.shfl_down(v, off);
#ifdef LONE_TILE
    if (tile.meta_group_rank() % 2 == 0) {
        v = tile.shfl(v, 0);
        tile.sync();
    }
#endif
    unsigned odd = tile.ballot(x & 1);
    int big = tile.any(x > 48);
    int incl = cg::inclusive_scan(tile, x);
    int last = tile.shfl(incl, 15);
    tile.sync();
    if (tile.thread_rank() == 0) {
        int t = tile.meta_group_rank();
        out[t] = v;
        assert(v == 136 + 256 * t && last == v && odd == 0x5555u &&
               big == (t == 3) && tile.meta_group_size() == 4);
    }
}
