// A loop that never ends and writes shared memory on every iteration,
// whose accesses are all plain (checked on shadow state, without events):
// each iteration still counts against --max-events-per-thread, as it would
// have made an event, so the run stops at that budget with "Possible
// non-termination" -- not after 1,000 times as many iterations.
__global__ void spin_writer(int *out)
{
    __shared__ int data[64];
    int t = threadIdx.x;
    data[t] = t;
    __syncthreads();
    if (t == 2)
        while (data[5] != 99)
            data[t] += 1;
    out[t] = data[t];
}
