/*
 * ttaslock.cu -- a test-and-test-and-set lock protecting a plain counter,
 * one thread in each of two CTAs (--grid=2 --block=1).
 *
 * The thread spins reading the lock word (volatile: checked with
 * --volatile=relaxed, PTX's relaxed system-scope reads) until it looks
 * free, then tries to take it with atomicCAS; a lost CAS goes back to
 * spinning.  Fences of gpu scope give acquire and release.
 * Variants (-D after --):
 *   (none)     correct: no error
 *   REL_RLX    no fence before the unlocking exchange: data race on counter
 *   ACQ_RLX    no fence after the winning CAS: data race on counter
 *   CTA_SCOPE  _block atomics and __threadfence_block: heterogeneous race on
 *              the lock word, data race on counter
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
    for (;;) {
        while (*(volatile int *)l != 0) {
        }
        if (CAS(l, 0, 1) == 0)
            break;
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

__global__ void ttaslock(int *l, int *counter)
{
    lock(l);
    *counter = *counter + 1;
    unlock(l);
}
