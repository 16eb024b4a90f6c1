/*
 * macro_names.cu -- a program built with -D macros named like template
 * parameters (N, M, K, T, Size, BLOCK_THREADS, Op): the bundled headers
 * it includes set their own names aside while they are read, as nvcc's
 * do not need to (its cuda.h brings no templates in).
 * Launch: --grid=1 --block=4 --arg out=int[4]
 *         -- -DN=4 -DM=2 -DK=1 -DT=int -DSize=8 -DBLOCK_THREADS=4 -DOp=+
 *
 *   (those macros)  no error, 1 execution; out = {9, 9, 9, 9}
 */
#include <cuda.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cub/cub.cuh>
#include <cuda/atomic>
#include <cuda/std/utility>

namespace cg = cooperative_groups;

__global__ void fill(T *out)
{
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<4> tile = cg::tiled_partition<4>(block);
    T sum = cg::reduce(tile, (T)1, cg::plus<T>());
    out[block.thread_rank()] = (T)(N * M Op K) + sum - BLOCK_THREADS + Size - 8;
}
