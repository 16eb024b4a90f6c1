/*
 * rdc_reduce.cu -- a block sum whose operator and starting value live in
 * another file, rdc_ops.cu, as in a program built with nvcc -rdc=true
 * (1 CTA x 8 threads, --block=8; in: 8 ints, out: 1 int).  Checked as
 *
 *   gpumc --block=8 rdc_reduce.cu rdc_ops.cu
 *
 * so the two files are compiled and linked together:
 *
 *   (none)        no error; out[0] = identity_value (100) + the sum of in
 *   MISSING_SYNC  no barrier between the tree's levels: data race
 *
 * Without rdc_ops.cu the file only declares identity_value: an input
 * error naming it.
 */
extern __device__ int identity_value;
__device__ int combine(int a, int b);

__global__ void reduce(const int *in, int *out)
{
    __shared__ int s[8];
    unsigned t = threadIdx.x;
    s[t] = in[t];
    __syncthreads();
    for (unsigned k = 4; k > 0; k >>= 1) {
        if (t < k)
            s[t] = combine(s[t], s[t + k]);
#ifndef MISSING_SYNC
        __syncthreads();
#endif
    }
    if (t == 0)
        out[0] = combine(identity_value, s[0]);
}
