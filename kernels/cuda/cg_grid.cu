/*
 * cg_grid.cu -- a grid-wide exchange through cg::this_grid().sync(): every
 * block writes its slot of buf, the grid syncs, and each block reads its
 * neighbour's slot.  Launch: --grid=2 --block=1, buf: int[2], out: int[2].
 * A grid may sync() only in a cooperative launch (the host launches the
 * kernel with cudaLaunchCooperativeKernel; gpumc: --cooperative).
 *
 *   (none)          correct under --cooperative: no error,
 *                   out[b] = (b + 1) % 2 + 1; without it the grid sync()
 *                   is a barrier finding
 *   MISSING_SYNC    without the grid sync the neighbour's slot is read
 *                   while it is written: data race on `buf`
 *   GUARDED         syncs only if grid.is_valid(), else marks out[b] = -1
 *                   and leaves: correct in either launch
 */
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void exchange(int *buf, int *out)
{
    cg::grid_group grid = cg::this_grid();
    unsigned b = grid.block_rank(), n = grid.num_blocks();
    buf[b] = (int)b + 1;
#ifdef GUARDED
    if (!grid.is_valid()) {
        out[b] = -1;
        return;
    }
#endif
#ifndef MISSING_SYNC
    cg::sync(grid);
#endif
    out[b] = buf[(b + 1) % n];
#ifndef MISSING_SYNC
    assert(grid.is_valid() && grid.size() == n && out[b] == (int)((b + 1) % n) + 1);
#endif
}
