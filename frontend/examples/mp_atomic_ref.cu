// Message passing between blocks with libcu++ atomics (cuda::atomic_ref).
// launch: --grid=2 --block=1 --arg data=int[1] --arg flag=int[1]
// expect: no error; with -DBLOCK the flag's scope is thread_scope_block
// across blocks: heterogeneous races and a data race on data.
#include <cuda/atomic>
#include <assert.h>
#ifdef BLOCK
#define SCOPE cuda::thread_scope_block
#else
#define SCOPE cuda::thread_scope_device
#endif

__global__ void mp(int *data, int *flag) {
  cuda::atomic_ref<int, SCOPE> f(flag[0]);
  if (blockIdx.x == 0) {
    data[0] = 42;
    f.store(1, cuda::memory_order_release);
  } else {
    while (f.load(cuda::memory_order_acquire) == 0);
    assert(data[0] == 42);
  }
}
