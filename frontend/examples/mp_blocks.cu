// Message passing between two blocks through a volatile flag, checked as
// PTX makes volatile (--volatile=relaxed: relaxed, system scope).
// launch: --grid=2 --block=1 --volatile=relaxed --arg data=int[1] --arg flag=int[1]
// expect: no error; with -DBLOCK_FENCE the fences only order within a
// block, so the reader may see the flag but stale data (data race).
// Without --volatile=relaxed the flag is a plain access, as CUDA C++ has
// it, and races.
#include <assert.h>
#ifdef BLOCK_FENCE
#define FENCE() __threadfence_block()
#else
#define FENCE() __threadfence()
#endif

__global__ void mp(int *data, volatile int *flag) {
  if (blockIdx.x == 0) {
    data[0] = 42;
    FENCE();
    flag[0] = 1;
  } else {
    while (flag[0] == 0);
    FENCE();
    assert(data[0] == 42);
  }
}
