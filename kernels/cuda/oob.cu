/*
 * oob.cu -- an off-by-one shift, 2 CTAs x 2 threads (--grid=2 --block=2)
 * with in and out of 4 ints: the last thread reads in[4], one past the end
 * of the buffer -- memory error.
 */
__global__ void shift(const int *in, int *out)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    out[g] = in[g + 1];
}
