// Shuffles of values wider than 8 bytes: cooperative groups shuffle any
// trivially copyable type (CUDA moves it word by word).  A 24-byte struct
// goes down a tile of 8 and a uint4 across lane pairs.
// Launch: --grid=1 --block=8, sums: double[8], quads: uint4[8].
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

struct Moments {
    double n, sum, sumsq;
};

__global__ void wide(double *sums, uint4 *quads)
{
    auto tile = cg::tiled_partition<8>(cg::this_thread_block());
    unsigned t = tile.thread_rank();
    Moments m = {1.0, (double)t, (double)(t * t)};
    for (unsigned d = 4; d > 0; d /= 2) { // a tree reduction of the whole struct
        Moments o = tile.shfl_down(m, d);
        if (t + d < 8)
            m.n += o.n, m.sum += o.sum, m.sumsq += o.sumsq;
    }
    sums[t] = t == 0 ? m.n * 10000 + m.sum * 100 + m.sumsq : -1.0;
    uint4 mine = make_uint4(10 * t + 1, 10 * t + 2, 10 * t + 3, 10 * t + 4);
    quads[t] = tile.shfl_xor(mine, 1);
}
