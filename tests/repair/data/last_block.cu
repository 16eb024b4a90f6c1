// The last-block pattern (--grid=2 --block=1): each block's first thread
// stores its partial result and takes a ticket with a relaxed atomicInc;
// the block that draws the last ticket adds the partials up.  Without
// fences the partials race with the last block's reads.  Repair: a
// __threadfence() after the store (release side) and one after the
// ticket (acquire side) -- 2 edits; with -DFENCE (the usual single fence
// before the ticket) only the acquire side's (1 edit).
__device__ unsigned int count = 0;

__global__ void sum(const int *in, int *partial, int *total)
{
    __shared__ bool last;
    int b = blockIdx.x;
    if (threadIdx.x == 0) {
        partial[b] = in[b];
#ifdef FENCE
        __threadfence();
#endif
        unsigned int ticket = atomicInc(&count, gridDim.x);
        last = (ticket == gridDim.x - 1);
    }
    __syncthreads();
    if (last && threadIdx.x == 0) {
        int s = 0;
        for (int i = 0; i < gridDim.x; i++)
            s += partial[i];
        *total = s;
    }
}
