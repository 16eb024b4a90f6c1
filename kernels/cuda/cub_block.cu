// CUB's block collectives as kernels use them: each block sums its tile
// with BlockReduce, then compacts the values above the block's mean with
// BlockScan offsets, reusing the reduction's storage for a maximum.
// Correct as written; -DNO_SYNC drops the __syncthreads() CUB requires
// before TempStorage is reused (a data race on it), and -DTHREADS=4
// specialises the collectives for fewer threads than the block has.
#include <cub/cub.cuh>

#ifndef THREADS
#define THREADS 8
#endif

__global__ void above_mean(const int *in, int *out, int *count, int *peak)
{
    typedef cub::BlockReduce<int, THREADS> Reduce;
    typedef cub::BlockScan<int, THREADS> Scan;
    __shared__ typename Reduce::TempStorage rtemp;
    __shared__ typename Scan::TempStorage stemp;
    __shared__ int mean;

    int base = blockIdx.x * blockDim.x;
    int v = in[base + threadIdx.x];
    int total = Reduce(rtemp).Sum(v);
    if (threadIdx.x == 0)
        mean = total / (int)blockDim.x;
#ifndef NO_SYNC
    __syncthreads();
#endif
    int top = Reduce(rtemp).Reduce(v, cub::Max());
    if (threadIdx.x == 0)
        peak[blockIdx.x] = top;
    __syncthreads(); // mean is read below
    int keep = v > mean;
    int at, kept;
    Scan(stemp).ExclusiveSum(keep, at, kept);
    if (keep)
        out[base + at] = v;
    if (threadIdx.x == 0)
        count[blockIdx.x] = kept;
}
