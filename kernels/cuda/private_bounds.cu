// A thread's own array indexed by data: each thread counts its values into
// eight private bins, weighted from a constant table, and stores the bins.  The
// bins live on the thread's stack and are accessed without events, so gpumc
// checks their bounds where the index is computed.  Launch: --grid=1 --block=2,
// in = int[8] of values 0..7, out = int[16], n = 8; --post pins the bins.
// A value of 8 in `in` updates a bin past the end: a memory error at the update.
// -DSHIFT=1: the table is read one further along, past its end for a 7.
#ifndef SHIFT
#define SHIFT 0
#endif

__device__ const int weight[8] = {1, 2, 3, 4, 5, 6, 7, 8};

__global__ void private_bins(const int *in, int *out, int n)
{
    int bins[8] = {0};
    for (int i = threadIdx.x; i < n; i += blockDim.x)
        bins[in[i]] += weight[in[i] % 8 + SHIFT];
    for (int b = 0; b < 8; b++)
        out[threadIdx.x * 8 + b] = bins[b];
}
