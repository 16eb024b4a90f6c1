/*
 * aw_barrier.cu -- a block sum through a cuda::barrier (libcu++'s
 * arrive/wait barrier, <cuda/barrier>): thread 0 initialises the barrier in
 * shared memory, each thread stores its value, the block meets at the
 * barrier, and thread 0 adds the values up (1 CTA x 4 threads, --block=4,
 * in = {1, 2, 3, 4}).
 *
 *   (none)       correct: no error, 1 execution; the sum is checked
 *   SPLIT        bar.wait(bar.arrive()) instead of arrive_and_wait(): the
 *                same, no error, 1 execution
 *   GAP          thread 1 stores to shared memory between its arrive() and
 *                its wait(), and thread 0 reads it after its wait: the
 *                barrier does not order it, a data race
 *   NO_INIT_SYNC the barrier is used without a __syncthreads after init:
 *                a data race on the barrier object's count
 *   TOO_MANY     init expects one thread more than the block has: the
 *                round never completes, a deadlock
 */
#include <cuda/barrier>
#include <utility>

__global__ void block_sum(const int *in, int *out)
{
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ int vals[4];
    __shared__ int spare;
    if (threadIdx.x == 0)
#ifdef TOO_MANY
        init(&bar, blockDim.x + 1);
#else
        init(&bar, blockDim.x);
#endif
#ifndef NO_INIT_SYNC
    __syncthreads();
#endif
    vals[threadIdx.x] = in[threadIdx.x];
#if defined(SPLIT)
    bar.wait(bar.arrive());
#elif defined(GAP)
    auto token = bar.arrive();
    if (threadIdx.x == 1)
        spare = 1;
    bar.wait(std::move(token));
    if (threadIdx.x == 0 && spare)
        out[0] = -1;
#else
    bar.arrive_and_wait();
#endif
    if (threadIdx.x == 0) {
        int s = 0;
        for (int i = 0; i < 4; i++)
            s += vals[i];
        assert(s == 10);
        out[0] = s;
    }
}
