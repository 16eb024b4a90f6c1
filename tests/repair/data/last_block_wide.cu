// The last-block pattern after a block-wide sum (--grid=2 --block=64): each
// block sums its 64 inputs through shared memory, its first thread stores
// the partial and takes a ticket; the last block adds the partials up.
// Without fences the partials race with the last block's reads.  The
// execution is long (a few hundred events), so the first block's ticket
// lies in the middle of its trace: repair must still see it.  Repair: the
// same two __threadfence() as last_block.cu.
__device__ unsigned int count = 0;

__global__ void sum(const int *in, int *partial, int *total)
{
    __shared__ int s[64];
    __shared__ bool last;
    s[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
    __syncthreads();
    if (threadIdx.x == 0) {
        int acc = 0;
        for (int i = 0; i < blockDim.x; i++)
            acc += s[i];
        partial[blockIdx.x] = acc;
        unsigned int ticket = atomicInc(&count, gridDim.x);
        last = (ticket == gridDim.x - 1);
    }
    __syncthreads();
    if (last && threadIdx.x == 0) {
        int t = 0;
        for (int b = 0; b < gridDim.x; b++)
            t += partial[b];
        *total = t;
    }
}
