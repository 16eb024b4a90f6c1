// A histogram whose increments forgot their atomicity (--grid=2 --block=2,
// `in` all zero: every thread counts into bins[0]).  The plain
// read-modify-writes race; no atomic or fence exists to adjust, so the
// repair makes each statement the matching atomic call (2 edits):
// `bins[...]++` -> atomicAdd(&bins[...], 1), `*total += w` ->
// atomicAdd(&*total, w).  The `if` body shows a statement after a condition.
__global__ void histo(const int *in, int *bins, int *total)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int w = in[i] + 1;
    bins[in[i] & 3]++;
    if (w > 0)
        *total += w;
}
