// Two atomicAdd_block on one counter from different CTAs (--grid=2
// --block=1): a heterogeneous race.  Minimum repair: both become atomicAdd
// (2 edits).
__global__ void count(int *c)
{
    if (blockIdx.x == 0)
        atomicAdd_block(c, 1);
    else
        atomicAdd_block(c, 2);
}
