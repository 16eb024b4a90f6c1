// Shared-memory tree reduction, one partial sum per block (the shape of
// cuda-samples' reduce2), for bench/kernels.sh: one execution, many
// threads and barriers.
#define BLOCK 256

__global__ void reduce_tree(const int *in, int *out)
{
    __shared__ int s[BLOCK];
    unsigned t = threadIdx.x;
    s[t] = in[blockIdx.x * BLOCK + t];
    __syncthreads();
    for (unsigned stride = BLOCK / 2; stride > 0; stride >>= 1) {
        if (t < stride)
            s[t] += s[t + stride];
        __syncthreads();
    }
    if (t == 0)
        out[blockIdx.x] = s[0];
}
