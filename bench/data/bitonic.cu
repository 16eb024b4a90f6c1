// Bitonic sort of one block's elements in shared memory (the shape of
// cuda-samples' bitonicSortShared), for bench/kernels.sh; every thread
// checks its neighbour at the end.
#include <cassert>
#define N 128

__global__ void bitonic(int *d)
{
    __shared__ int s[N];
    unsigned t = threadIdx.x;
    s[t] = d[blockIdx.x * N + t];
    __syncthreads();
    for (unsigned k = 2; k <= N; k <<= 1) {
        for (unsigned j = k >> 1; j > 0; j >>= 1) {
            unsigned p = t ^ j;
            if (p > t) {
                int a = s[t], b = s[p];
                if (((t & k) == 0) == (a > b)) {
                    s[t] = b;
                    s[p] = a;
                }
            }
            __syncthreads();
        }
    }
    if (t > 0)
        assert(s[t - 1] <= s[t]);
    d[blockIdx.x * N + t] = s[t];
}
