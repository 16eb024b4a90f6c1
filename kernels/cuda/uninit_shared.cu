/*
 * uninit_shared.cu -- shared memory starts undefined: a block sums its
 * values into shared bins it zeroes first, stages a tile in dynamic shared
 * memory, and copies neighbours' records (a struct with padding) out of a
 * shared array with memcpy.  One block of 64 threads, 4 bins.
 *   -DNO_ZERO   the bins are never zeroed: the first atomicAdd reads
 *               uninitialised memory (a Memory error at line 30)
 *   -DTILE_PAST a thread reads the tile past what the block staged (line 34)
 * The padding memcpy copies is never an error.
 */
struct rec {
    char tag;  /* then 3 bytes of padding nobody writes */
    int value;
};

__global__ void bins_and_tiles(const int *in, int *out, int *bins_out)
{
    __shared__ int bins[4];
    __shared__ rec recs[64];
    extern __shared__ int tile[];
    int t = threadIdx.x;
#ifndef NO_ZERO
    if (t < 4)
        bins[t] = 0;
#endif
    recs[t].tag = 'r';
    recs[t].value = in[t];
    tile[t] = 2 * in[t];
    __syncthreads();
    atomicAdd(&bins[in[t] % 4], 1);
    rec next;
    memcpy(&next, &recs[(t + 1) % 64], sizeof next);
#ifdef TILE_PAST
    int staged = tile[t + 1];
#else
    int staged = tile[63 - t];
#endif
    __syncthreads();
    out[t] = next.value + staged;
    if (t < 4)
        bins_out[t] = bins[t];
}
