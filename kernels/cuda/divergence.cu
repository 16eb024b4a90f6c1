/*
 * divergence.cu -- a __syncthreads under a data-dependent condition, one
 * CTA of 2 threads (--grid=1 --block=2) with in = {1, 0}: thread 0 waits at
 * the barrier while thread 1 skips it and finishes -- barrier divergence.
 */
__global__ void divergence(const int *in, int *out)
{
    int t = threadIdx.x;
    if (in[t] > 0) {
        out[t] = in[t];
        __syncthreads();
    }
}
