/*
 * gv_pairs.cu -- GPUVerify's "other thread" in CUDA, checked unedited:
 * __other_int and __other_bool compare the thread with every other thread
 * of the launch; __same_group compares their blocks.  Every block's
 * threads store their global index in the block's row of out; thread
 * OWNER alone clears the block's flag.
 * Launch: --grid=2 --block=4 --arg out=int[8] --arg flag=int[2]
 *
 *   (none)   no error, 1 execution
 *   PER_BLOCK  the index written is the block-local one: threads of
 *            different blocks share it, the distinctness assertion fails
 *   TWO_OWNERS  threads 0 and 1 both own the flag: __at_most_one fails
 *   --grid=1 --block=1  no pair of threads: every pairwise check holds
 *   UNIFORM_ROW  claims every thread has the same row index (__uniform_int):
 *            false for threads of different blocks
 */
#include <cuda.h>

#ifndef OWNER
#define OWNER 2
#endif

__global__ void rows(int *out, int *flag)
{
#ifdef PER_BLOCK
    int me = threadIdx.x;
#else
    int me = blockIdx.x * blockDim.x + threadIdx.x;
#endif
    __assert(me != __other_int(me));
    __assert(__other_bool(me < 8));
    __assert(__distinct_int(blockIdx.x * blockDim.x + threadIdx.x) && __uniform_int(blockDim.x));
#ifdef UNIFORM_ROW
    __assert(__uniform_int(blockIdx.x));
#endif
#ifdef TWO_OWNERS
    __assert(__implies(__same_group, __at_most_one(threadIdx.x < 2)));
#else
    __assert(__implies(__same_group, __at_most_one(threadIdx.x == OWNER)));
#endif
    out[blockIdx.x * blockDim.x + threadIdx.x] = me;
    if (threadIdx.x == OWNER)
        flag[blockIdx.x] = 0;
}
