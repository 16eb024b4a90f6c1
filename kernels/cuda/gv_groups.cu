/*
 * gv_groups.cu -- cooperative groups as kernels written for GPUVerify use
 * them: only <cuda.h> included, `using namespace cooperative_groups`, and
 * CUDA 9's synchronize(g).  Each thread reads its right neighbour's
 * element, waits for the whole grid, then writes its own.
 * Launch: --grid=2 --block=4 (a: int[9]).
 *
 *   (none)   no error, 1 execution
 *   BLOCK    a block barrier instead of the grid's: the two blocks' threads
 *            at the seam race (thread 3 of block 0 reads a[4], which
 *            thread 0 of block 1 writes)
 *   DIVERGE  only even blocks reach the grid barrier: barrier divergence
 *            (and block 1 writes a[4] while block 0 may still read it)
 */
#include <cuda.h>

using namespace cooperative_groups;

__global__ void shift_left(int *a)
{
    grid_group g = this_grid();
    thread_block b = this_thread_block();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int right = a[i + 1];
#if defined(BLOCK)
    synchronize(b);
#elif defined(DIVERGE)
    if (blockIdx.x % 2 == 0)
        synchronize(g);
#else
    synchronize(g);
#endif
    a[i] = right + (int)b.thread_rank() * 0;
}
