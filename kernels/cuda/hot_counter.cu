// A grid-wide tally: every thread whose flag is set adds one to a counter.
// The counter's other accesses decide the verdict; every variant has
// thousands of atomics on one location, the shape that must cost n checks,
// not n^2:
//   (default)      host-initialised, blind atomicAdds, read by --post:
//                  verified, one execution
//   -DRESET        thread 0 clears the counter with a plain store while the
//                  others add: a data race
//   -DBLOCK_SCOPE  atomicAdd_block on the global counter from every block:
//                  a heterogeneous race
//   -DSHARED_TALLY each block tallies in __shared__ memory with
//                  atomicAdd_block (cleared by thread 0 before a barrier),
//                  then thread 0 adds the block's tally: verified
__global__ void tally(const int *flags, unsigned *count)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
#if defined(SHARED_TALLY)
    __shared__ unsigned block_count;
    if (threadIdx.x == 0)
        block_count = 0;
    __syncthreads();
    if (flags[i])
        atomicAdd_block(&block_count, 1u);
    __syncthreads();
    if (threadIdx.x == 0)
        atomicAdd(count, block_count);
#else
#if defined(RESET)
    if (i == 0)
        *count = 0;
#endif
    if (flags[i]) {
#if defined(BLOCK_SCOPE)
        atomicAdd_block(count, 1u);
#else
        atomicAdd(count, 1u);
#endif
    }
#endif
}
