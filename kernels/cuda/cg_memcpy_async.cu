/*
 * cg_memcpy_async.cu -- a tile of the input staged in shared memory with
 * cooperative groups' asynchronous copy: cg::memcpy_async by the whole
 * block, cg::wait, then each thread sums its neighbours (1 CTA x 8
 * threads, --block=8, in = 1..8).
 *
 *   (none)      correct: no error, 1 execution; every sum checked
 *   EARLY_READ  a thread reads the tile before cg::wait: the copy may not
 *               have landed -- a data race with the member copying it
 */
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
namespace cg = cooperative_groups;

__global__ void neighbours(const int *in, int *out)
{
    __shared__ int tile[8];
    cg::thread_block block = cg::this_thread_block();
    cg::memcpy_async(block, tile, in, sizeof tile);
#ifdef EARLY_READ
    int early = tile[block.thread_rank()];
    (void)early;
#endif
    cg::wait(block);
    unsigned t = block.thread_rank();
    int s = tile[t] + tile[(t + 1) % 8];
    assert(s == (int)(t + 1) + (int)((t + 1) % 8 + 1));
    out[t] = s;
}
