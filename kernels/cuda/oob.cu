/*
 * oob.cu -- an off-by-one shift, 2 CTAs x 2 threads (--grid=2 --block=2)
 * with in and out of 4 ints: the last thread reads in[4], one past the end
 * of the buffer -- memory error.
 * -DFAR: the shift is 3,000 ints, far past the end of in (a mistaken stride);
 * the CTAs also stage values in shared memory, so other buffers lie around:
 * still a memory error on in, not an access to whatever buffer is there.
 */
#ifdef FAR
#define SHIFT 3000
#else
#define SHIFT 1
#endif

__global__ void shift(const int *in, int *out)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
#ifdef FAR
    __shared__ int stage[2];
    stage[threadIdx.x] = g;
    __syncthreads();
    out[g] = in[g + SHIFT] + stage[threadIdx.x ^ 1];
#else
    out[g] = in[g + SHIFT];
#endif
}
