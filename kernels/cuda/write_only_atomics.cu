// Atomics whose results the kernel never uses and whose order changes the
// value they leave: a float sum (rounding), a last-writer slot (exchange)
// and a one-shot claim (compare-and-swap).  While nothing reads those
// locations, no order can be told from another, and gpumc explores one.
// Reading one -- in the kernel (-DREAD_BACK) or in a postcondition --
// makes its order observable, and every order is explored again.
#include <cassert>

__global__ void publish(const float *in, float *sum, int *last, int *claimed)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    atomicAdd(sum, in[i]);
    atomicExch(last, i);
    atomicCAS(claimed, 0, i + 1);
#ifdef READ_BACK
    __syncthreads();
    if (threadIdx.x == 0)
        assert(*last == blockDim.x - 1); // wrong: any thread may exchange last
#endif
}
