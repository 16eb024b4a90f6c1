// Lanes past n return first; the others meet at __syncwarp, a full-mask
// shuffle and a ballot.  CUDA asks only the non-exited lanes a mask names
// to reach a warp collective, so this is no divergence; lanes that
// returned are inactive (no ballot bit).  The value a shuffle would take
// from an exited lane is undefined: -DFROM_EXITED takes one, a finding.
// A block's barrier after the return is one too (-DBLOCK_SYNC): every
// thread of the block must reach __syncthreads().
__global__ void tail(const int *in, int *out, unsigned *votes, int n)
{
    __shared__ int buf[32];
    int lane = threadIdx.x;
    if (lane >= n)
        return;
    buf[lane] = in[lane];
    __syncwarp();
    int v = buf[(lane + 1) % n];
#ifdef FROM_EXITED
    int w = __shfl_down_sync(0xffffffff, v, 1);
#else
    int w = __shfl_sync(0xffffffff, v, (lane + 1) % n);
#endif
    out[lane] = w;
    votes[lane] = __ballot_sync(0xffffffff, w > 0) | (__all_sync(0xffffffff, 1) << 31);
#ifdef BLOCK_SYNC
    __syncthreads();
#endif
}
