// CUB's warp collectives on logical warps of 4 lanes: each quad sums its
// values with cub::WarpReduce (the sum in lane 0) and numbers them with
// cub::WarpScan.  Correct as written; with -DSKIP lane 3 of each quad skips
// the reduction its quad is waiting in (a warp-collective finding).
#include <cub/cub.cuh>

__global__ void quads(const int *in, int *sums, int *ranks)
{
    typedef cub::WarpReduce<int, 4> QuadReduce;
    typedef cub::WarpScan<int, 4> QuadScan;
    __shared__ typename QuadReduce::TempStorage rtemp[8];
    __shared__ typename QuadScan::TempStorage stemp[8];
    int quad = threadIdx.x / 4, i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
#ifdef SKIP
    if (threadIdx.x % 4 != 3)
#endif
    {
        int s = QuadReduce(rtemp[quad]).Sum(v);
        if (threadIdx.x % 4 == 0)
            sums[i / 4] = s;
    }
    int r;
    QuadScan(stemp[quad]).ExclusiveSum(v, r);
    ranks[i] = r;
}
