// A CAS spin lock protecting a plain counter, across blocks.
// launch: --grid=2 --block=2
// expect: no error, 4! = 24 complete executions.  With -DNARROW the lock
// uses block scope and gpumc reports heterogeneous races on the lock and a
// data race on the counter.
__device__ int lock;
__device__ int counter;

__device__ void acquire() {
#ifdef NARROW
  while (atomicCAS_block(&lock, 0, 1) != 0);
  __threadfence_block();
#else
  while (atomicCAS(&lock, 0, 1) != 0);
  __threadfence();
#endif
}

__device__ void release() {
  __threadfence();
  atomicExch(&lock, 0);
}

__global__ void spinlock() {
  acquire();
  counter = counter + 1;
  release();
}
