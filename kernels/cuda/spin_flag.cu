/*
 * spin_flag.cu -- CTA 1 waits for CTA 0's flag (--grid=2 --block=1).  The
 * producer writes data, fences and raises the flag; the consumer spins on
 * the flag, fences and checks the data.
 *   (none)      the spin is atomicAdd(flag, 0), an RMW that writes back
 *               what it read: no error, 1 complete execution
 *   VOLATILE    the spin is a volatile read: the same under
 *               --volatile=relaxed (PTX); a data race on the flag by
 *               default (a plain read, as CUDA C++ has it)
 *   LOST_SIGNAL the producer "raises" the flag to 0: the consumer waits
 *               forever -- a deadlock (liveness) error at the spin loop
 */
#ifdef LOST_SIGNAL
#define SIGNAL 0
#else
#define SIGNAL 1
#endif

__device__ int poll(int *flag)
{
#ifdef VOLATILE
    return *(volatile int *)flag;
#else
    return atomicAdd(flag, 0);
#endif
}

__global__ void handoff(int *data, int *flag)
{
    if (blockIdx.x == 0) {
        data[0] = 42;
        __threadfence();
        atomicExch(flag, SIGNAL);
    } else {
        while (poll(flag) == 0) {
        }
        __threadfence();
        assert(data[0] == 42);
    }
}
