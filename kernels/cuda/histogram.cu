/*
 * histogram.cu -- per-CTA histogram in shared memory with atomicAdd_block,
 * merged into the global histogram with atomicAdd; 2 CTAs x 2 threads
 * (--grid=2 --block=2 --kernel=histogram) over in = {0, 1, 1, 1}.
 *
 * No error.  Exactly 8 executions: CTA 1's two increments of its bin 1
 * (2 orders) times the two merges into hist[0] (2 orders) times the two
 * into hist[1] (2 orders).  The file holds a second kernel so that
 * --kernel is needed to pick one.
 */
#define BINS 2

__global__ void histogram_clear(int *hist)
{
    if (threadIdx.x < BINS)
        hist[threadIdx.x] = 0;
}

__global__ void histogram(const int *in, int *hist)
{
    __shared__ int local[BINS];
    unsigned t = threadIdx.x;
    if (t < BINS)
        local[t] = 0;
    __syncthreads();
    atomicAdd_block(&local[in[blockIdx.x * blockDim.x + t] % BINS], 1);
    __syncthreads();
    if (t < BINS)
        atomicAdd(&hist[t], local[t]);
}
