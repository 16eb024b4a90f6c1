// A shared-memory tree reduction that forgot its barriers (--grid=1
// --block=4, `in` zero): the loads race with the first round's reads, and
// each round's writes with the next round's reads.  Repair: a
// __syncthreads() on its own line after the load and at the end of the
// loop body -- after the `if`, which only some threads enter (2 edits).
__global__ void reduce(const int *in, int *out)
{
    __shared__ int s[4];
    int t = threadIdx.x;
    s[t] = in[blockIdx.x * blockDim.x + t];
    for (int k = blockDim.x / 2; k > 0; k /= 2) {
        if (t < k)
            s[t] += s[t + k];
    }
    if (t == 0)
        out[blockIdx.x] = s[0];
}
