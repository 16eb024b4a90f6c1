// cub::BlockLoad / cub::BlockStore and the direct load and store functions,
// blocked and striped, with and without a count of valid items: each thread
// of a block of 4 moves 2 items.  Correct as written; with -DOVERLAP the
// striped store writes where the blocked store of another thread writes
// (a data race).
#include <cub/cub.cuh>

__global__ void move(const int *in, int *blocked, int *striped, int *partial)
{
    int a[2], b[2], c[2];
    cub::BlockLoad<int, 4, 2>().Load(in, a);
    cub::BlockLoad<int, 4, 2, cub::BLOCK_LOAD_STRIPED>().Load(in, b, 6);
    cub::LoadDirectBlocked(threadIdx.x, in, c, 5, -1);
    cub::BlockStore<int, 4, 2>().Store(blocked, a);
#ifdef OVERLAP
    cub::BlockStore<int, 4, 2, cub::BLOCK_STORE_STRIPED>().Store(blocked, b, 6);
#else
    cub::BlockStore<int, 4, 2, cub::BLOCK_STORE_STRIPED>().Store(striped, b, 6);
#endif
    cub::StoreDirectBlocked(threadIdx.x, partial, c);
}
