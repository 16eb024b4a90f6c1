/*
 * constant_mem.cu -- a weighted 3-point stencil whose weights live in
 * __constant__ memory, set from the command line as the host's
 * cudaMemcpyToSymbol would: --arg w=1,2,1 --arg bias=-1 (2 CTAs x 2 threads,
 * --grid=2 --block=2, in = {1, 2, 3, 4}).  The edge rule comes from one of
 * two read-only tables, a __constant__ one and a const __device__ one,
 * chosen per thread through a pointer.
 *
 *   (none)   correct: no error, 1 execution; every output is checked
 *   WRITE    thread 0 of each CTA rescales the weights in place: a write
 *            to __constant__ memory, a memory error at that line
 */
__constant__ int w[3];
__constant__ int bias; /* --arg bias=-1 */
__constant__ int clamp_lo[2] = {0, 0};
__device__ const int clamp_hi[2] = {3, 3};

__global__ void stencil(const int *in, int *out)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    const int *edge = g < 2 ? clamp_lo : clamp_hi; /* a pointer into constant memory */
    int l = g > 0 ? g - 1 : edge[0];
    int r = g < 3 ? g + 1 : edge[1];
#ifdef WRITE
    if (threadIdx.x == 0)
        w[1] = 2 * w[1];
#endif
    int s = w[0] * in[l] + w[1] * in[g] + w[2] * in[r] + bias;
    out[g] = s;
    int want = (g > 0 ? in[g - 1] : in[0]) + 2 * in[g] + (g < 3 ? in[g + 1] : in[3]) - 1;
    assert(s == want);
}
