/*
 * caslock.cu -- a CAS spin lock protecting a plain counter, one thread in
 * each of two CTAs (--grid=2 --block=1).
 *
 * CUDA's classic atomics are relaxed; the lock gets its acquire and release
 * from gpu-scope fences (__threadfence is an SC fence of gpu scope).
 * Variants (-D after --):
 *   (none)     correct: no error, 2 executions (one per lock order)
 *   REL_RLX    no fence before the unlocking exchange: data race on counter
 *   ACQ_RLX    no fence after the locking CAS: data race on counter
 *   CTA_SCOPE  atomicCAS_block/atomicExch_block/__threadfence_block: their
 *              scope does not include the other CTA -- heterogeneous race on
 *              the lock word and data race on counter
 */
#ifdef CTA_SCOPE
#define CAS atomicCAS_block
#define EXCH atomicExch_block
#define FENCE __threadfence_block
#else
#define CAS atomicCAS
#define EXCH atomicExch
#define FENCE __threadfence
#endif

__device__ void lock(int *l)
{
    while (CAS(l, 0, 1) != 0) {
    }
#ifndef ACQ_RLX
    FENCE(); /* acquire */
#endif
}

__device__ void unlock(int *l)
{
#ifndef REL_RLX
    FENCE(); /* release */
#endif
    EXCH(l, 0);
}

__global__ void caslock(int *l, int *counter)
{
    lock(l);
    *counter = *counter + 1;
    unlock(l);
}
