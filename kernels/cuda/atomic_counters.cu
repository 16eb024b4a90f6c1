// Atomic counters whose results are unused: a shared-memory histogram (the
// order of its atomicAdds cannot be observed, so gpumc explores one order)
// and a counter another thread reads while it is being incremented (the
// order can be observed: gpumc explores every order and finds the value 2).
#include <cassert>

#define BINS 4

__global__ void histo(const int *data, unsigned *bins)
{
    __shared__ unsigned s[BINS];
    int t = threadIdx.x;
    for (int b = t; b < BINS; b += blockDim.x) /* every bin, even with fewer threads */
        s[b] = 0;
    __syncthreads();
    atomicAdd(&s[data[blockIdx.x * blockDim.x + t] % BINS], 1u);
    __syncthreads();
    if (t == 0) {
        unsigned total = 0;
        for (int b = 0; b < BINS; b++)
            total += s[b];
        assert(total == blockDim.x);
    }
    if (t < BINS)
        atomicAdd(&bins[t], s[t]);
}

__global__ void observe(int *c)
{
    int t = threadIdx.x;
    if (t == 0) {
        int v = atomicOr(c, 0); // reads the counter while others add to it
        assert(v != 2);         // 2 = thread 2's add alone: some order gives it
    } else {
        atomicAdd(c, t);
    }
}
