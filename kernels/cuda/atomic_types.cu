// libcu++'s owning atomics: a cuda::atomic<int, thread_scope_device>
// counter every thread bumps, and a cuda::std::atomic<int> maximum kept
// with a compare_exchange_weak loop.  Launch: --grid=1 --block=3,
// count: int[1], best: int[1], val: int[3].
//   BLOCK_SCOPE  the counter at block scope, bumped from two blocks
//                (--grid=2): a heterogeneous race
#include <cuda/atomic>
#include <cuda/std/atomic>

#ifdef BLOCK_SCOPE
typedef cuda::atomic<int, cuda::thread_scope_block> counter;
#else
typedef cuda::atomic<int, cuda::thread_scope_device> counter;
#endif

__global__ void claim(counter *count, cuda::std::atomic<int> *best, const int *val)
{
    int v = val[threadIdx.x];
    count->fetch_add(1, cuda::memory_order_relaxed);
    int cur = best->load(cuda::std::memory_order_relaxed);
    while (v > cur && !best->compare_exchange_weak(cur, v, cuda::std::memory_order_relaxed,
                                                   cuda::std::memory_order_relaxed))
        ;
}
