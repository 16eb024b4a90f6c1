/*
 * cg_api.cu -- the rest of the cooperative groups API, each result checked
 * with an assertion: a 16x4 block's dims and ranks, the dynamic
 * tiled_partition(block, 8), thread_group conversions, coalesced_threads
 * with cg::reduce, 4-wide tiles of a 32-wide tile (meta ranks, less /
 * bit_or reductions, exclusive_scan, match_any, votes, shfl_up/xor), a
 * float plus reduction and cg::sync on a dynamic group.  Launch: --grid=1
 * --block=16,4, in: int[64] = 1..64, out: int[1].
 *
 *   (none)          correct: no error, 1 execution, out[0] = 1
 */
#include <cooperative_groups.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;

__global__ void cg_api(const int *in, int *out)
{
    cg::thread_block b = cg::this_thread_block();
    cg::thread_group g = cg::tiled_partition(b, 8);
    cg::thread_group gb = b;
    int r = b.thread_rank();
    assert(g.size() == 8 && g.thread_rank() == (unsigned)(r % 8) && gb.size() == b.size());
    assert(b.dim_threads().x == 16 && b.group_dim().y == 4 && b.thread_index().x == threadIdx.x && b.group_index().x == 0);
    assert(b.num_threads() == 64 && gb.thread_rank() == (unsigned)r);
    g.sync();
    cg::sync(gb);
    cg::coalesced_group c = cg::coalesced_threads();
    assert(c.size() == 32 && c.thread_rank() == (unsigned)(r % 32));
    int s = cg::reduce(c, in[r], cg::plus<int>());
    assert(s == (r < 32 ? 528 : 1552));
    auto t32 = cg::tiled_partition<32>(b);
    auto t4 = cg::tiled_partition<4>(t32);
    assert(t4.meta_group_size() == 8 && t4.meta_group_rank() == (unsigned)((r % 32) / 4));
    int mn = cg::reduce(t4, in[r], cg::less<int>());
    assert(mn == (r & ~3) + 1);
    unsigned ox = cg::reduce(t4, (unsigned)in[r], cg::bit_or<unsigned>());
    assert(ox == (unsigned)(((r & ~3) + 1) | ((r & ~3) + 2) | ((r & ~3) + 3) | ((r & ~3) + 4)));
    int ex = cg::exclusive_scan(t4, 1);
    assert(ex == (r % 4));
    unsigned m = t4.match_any(r / 2);
    assert(m == ((r % 4) < 2 ? 0x3u : 0xcu));
    assert(t4.all(1) && !t4.any(0) && t4.ballot(1) == 0xfu);
    float f = cg::reduce(t32, 0.5f, cg::plus<float>());
    assert(f == 16.0f);
    int up = t4.shfl_up(r, 1), x = t4.shfl_xor(r, 1);
    assert(up == ((r % 4) ? r - 1 : r) && x == (r ^ 1));
    cg::thread_block_tile<4> t4b = t4;
    t4b.sync();
    if (r == 0) out[0] = 1;
}
