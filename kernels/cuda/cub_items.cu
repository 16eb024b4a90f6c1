// CUB's block scans over several items per thread, in place (input and
// output the same array, as CUB allows and as blocked-arrangement code
// writes it): exclusive and inclusive sums, an exclusive max-scan with an
// initial value, and a left difference.  Launch: --grid=1 --block=4,
// in: int[8], each an output array of int[8].
#include <cub/cub.cuh>

__global__ void item_scans(const int *in, int *excl, int *incl, int *runmax, int *diff)
{
    typedef cub::BlockScan<int, 4> Scan;
    typedef cub::BlockAdjacentDifference<int, 4> Diff;
    __shared__ typename Scan::TempStorage temp;
    __shared__ typename Diff::TempStorage dtemp;
    int t = threadIdx.x, d[2], total;

    d[0] = in[2 * t], d[1] = in[2 * t + 1];
    Scan(temp).ExclusiveSum(d, d, total);
    excl[2 * t] = d[0], excl[2 * t + 1] = d[1];
    __syncthreads(); // temp is used again

    d[0] = in[2 * t], d[1] = in[2 * t + 1];
    Scan(temp).InclusiveSum(d, d);
    incl[2 * t] = d[0], incl[2 * t + 1] = d[1];
    __syncthreads();

    d[0] = in[2 * t], d[1] = in[2 * t + 1];
    Scan(temp).ExclusiveScan(d, d, -100, cub::Max());
    runmax[2 * t] = d[0], runmax[2 * t + 1] = d[1];

    d[0] = in[2 * t], d[1] = in[2 * t + 1];
    Diff(dtemp).SubtractLeft(d, d, cub::Difference());
    diff[2 * t] = d[0], diff[2 * t + 1] = d[1];
    if (t == 0)
        assert(total == 20);
}
