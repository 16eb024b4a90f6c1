// Every CUDA atomic once per thread on its own counter, results unused (the shape of
// cuda-samples' simpleAtomicIntrinsics).  Nothing in the kernel reads a counter, so no
// order of their atomics can be told from another: one execution.  Read afterwards (a
// postcondition), the add/sub, max, min, and, or and xor counters still commute and are
// explored in one order, and so are the incs and the decs (each thread's is the same
// operation: identical blind RMWs commute); the exchanges of each thread's own id do
// not: 3! orders on 3 threads.  The CAS(c[5], id - 1, id) chain: thread 1 always
// succeeds (only its own write holds 1), thread 2 succeeds reading it or fails reading
// 0, and thread 0 (expects -1) fails reading any of the 2 or 3 values: 2 + 3 = 5.
// 3 threads: 6 * 5 = 30 executions (1,080 while identical incs and decs kept every
// order; 1,399,680 before the guard on blind orders looked for a path to a blind RMW
// of the same class).
__global__ void sample(int *c, unsigned *u)
{
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    atomicAdd(&c[0], 3);
    atomicSub(&c[1], 2);
    atomicExch(&c[2], id);
    atomicMax(&c[3], id);
    atomicMin(&c[4], -id);
    atomicInc(&u[0], 5);
    atomicDec(&u[1], 9);
    atomicCAS(&c[5], id - 1, id);
    atomicAnd(&c[6], ~(1 << id));
    atomicOr(&c[7], 1 << id);
    atomicXor(&c[8], 0x55 + id);
}
