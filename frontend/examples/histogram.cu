// Histogram with per-block shared bins merged into the global histogram.
// launch: --grid=2 --block=2 --arg data=int[4]:0,1,1,3 --arg hist=int[4]
// expect: no error.
#define BINS 4

__global__ void histogram(const int *data, int *hist) {
  __shared__ unsigned bins[BINS];
  unsigned t = threadIdx.x;
  for (unsigned b = t; b < BINS; b += blockDim.x)
    bins[b] = 0;
  __syncthreads();
  int v = data[blockIdx.x * blockDim.x + t];
  atomicAdd_block(&bins[v], 1u);
  __syncthreads();
  for (unsigned b = t; b < BINS; b += blockDim.x)
    atomicAdd(&hist[b], (int)bins[b]);
}
