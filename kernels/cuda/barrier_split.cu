// A cuda::barrier with the arrival split from the wait: each thread publishes
// its slot, arrives, writes a second array while the others arrive, waits, and
// reads its neighbour's slot.  What a thread wrote before arriving is ordered
// before what any thread does after its wait; what it wrote between its arrive()
// and its wait() is not.  Launch: --grid=1 --block=4, out = int[4]:
// out[t] = slot of t+1 = t + 2 (mod wrap) + 2t, pinned by --post.
// -DREAD_LATE: also reads the neighbour's second array: a race with the
//              neighbour's write after its arrival.
// -DSKIP: thread 0 never arrives: the others wait for a round that never
//         completes (barrier divergence).
#include <cuda/barrier>
#include <utility>

__global__ void split(int *out)
{
    __shared__ int slot[4], late[4];
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    int t = threadIdx.x, n = blockDim.x;
    if (t == 0)
        init(&bar, n);
    __syncthreads();
    slot[t] = t + 1;
#ifdef SKIP
    if (t == 0)
        return;
#endif
    auto token = bar.arrive();
    late[t] = 2 * t;
    bar.wait(std::move(token));
    out[t] = slot[(t + 1) % n] + late[t];
#ifdef READ_LATE
    out[t] += late[(t + 1) % n];
#endif
}
