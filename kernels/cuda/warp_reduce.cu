/*
 * warp_reduce.cu -- a block sum the way current CUDA code writes it: each
 * warp reduces with __shfl_down_sync, lane 0 of each warp publishes its
 * partial sum in shared memory, and warp 0 combines them; a ballot and a
 * __syncthreads_count check the inputs on the way.  Launch: --grid=1
 * --block=64 (two warps), in: int[64] of ones, out: int[1].
 *
 *   (none)           correct: no error, 1 execution, out[0] = 64
 *   MISSING_SYNC     no __syncthreads between publishing the partial sums
 *                    and reading them: data race on `partial`
 *   DIVERGENT_WARP   lanes 0-15 only call __syncwarp: the other threads of
 *                    the warp never arrive (barrier divergence)
 */
#define WARPS 2

__device__ int warp_sum(int v)
{
    for (int off = 16; off > 0; off >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, off);
    return v;
}

__global__ void block_sum(const int *in, int *out)
{
    __shared__ int partial[WARPS];
    unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    int v = in[threadIdx.x];
    unsigned positive = __ballot_sync(0xffffffffu, v > 0);
    int n = __syncthreads_count(v > 0);
#ifdef DIVERGENT_WARP
    if (lane < 16)
        __syncwarp();
#endif
    v = warp_sum(v);
    if (lane == 0)
        partial[warp] = v;
#ifndef MISSING_SYNC
    __syncthreads();
#endif
    if (warp == 0) {
        int p = lane < WARPS ? partial[lane] : 0;
        p = warp_sum(p);
        if (lane == 0) {
            out[0] = p;
#ifndef MISSING_SYNC
            assert(p == n && positive == 0xffffffffu);
#endif
        }
    }
}
