// Plain writes checked on shadow state change the buffer's memory itself;
// an atomic on the same buffer afterwards sends the run back to events
// and the exploration starts over (docs/model.md, "Plain accesses without
// events"), which must find the buffer as the launch gave it: each
// element is incremented once, and out[63] once more by the atomic.
__global__ void bump(int *out)
{
    out[threadIdx.x] += 1;
    __syncthreads();
    if (threadIdx.x == 0)
        atomicAdd(&out[63], 1);
}
