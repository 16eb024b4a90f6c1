// Shared-memory tree reduction of one block.
// launch: --grid=1 --block=4 --arg in=int[4]:1,2,3,4 --arg out=int[1]
// expect: no error (the sum is asserted); with -DBUG the barrier inside the
// loop is missing: data races on s and a wrong sum (assertion violation).
#include <assert.h>
#define BLOCK 4

__global__ void reduce(const int *in, int *out) {
  __shared__ int s[BLOCK];
  unsigned t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (t < stride)
      s[t] += s[t + stride];
#ifndef BUG
    __syncthreads();
#endif
  }
  if (t == 0) {
    out[0] = s[0];
    assert(out[0] == 10);
  }
}
