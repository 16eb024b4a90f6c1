// Each thread writes its slot in a loop whose trip count depends on the
// thread (--grid=1 --block=4), then reads another's slot.  A barrier in
// the loop body would not be reached equally by every thread: the first
// re-check finds that divergence, the barrier goes after the loop instead
// (1 edit, 2 checks).
__global__ void spread(int *out)
{
    __shared__ int s[4];
    int t = threadIdx.x;
    for (int i = 0; i <= t; i++) {
        s[t] = i; // the last write wins
    }
    out[t] = s[3 - t];
}
