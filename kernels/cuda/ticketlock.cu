/*
 * ticketlock.cu -- a ticket lock protecting a plain counter, one thread in
 * each of two CTAs (--grid=2 --block=1).
 *
 * A thread draws a ticket with atomicAdd on `next` and waits until `serving`
 * (read and written as volatile: checked with --volatile=relaxed, PTX's
 * relaxed system-scope accesses) shows it; fences of gpu scope give the
 * acquire and the release.  Variants (-D after --):
 *   (none)     correct: no error, 2 executions (one per ticket order)
 *   REL_RLX    no fence before handing the lock on: data race on counter
 *   ACQ_RLX    no fence after the wait: data race on counter
 *   CTA_SCOPE  atomicAdd_block and __threadfence_block: heterogeneous race
 *              on next, data race on counter
 */
#ifdef CTA_SCOPE
#define ADD atomicAdd_block
#define FENCE __threadfence_block
#else
#define ADD atomicAdd
#define FENCE __threadfence
#endif

__device__ int lock(int *next, volatile int *serving)
{
    int ticket = ADD(next, 1);
    while (*serving != ticket) {
    }
#ifndef ACQ_RLX
    FENCE(); /* acquire */
#endif
    return ticket;
}

__device__ void unlock(volatile int *serving, int ticket)
{
#ifndef REL_RLX
    FENCE(); /* release */
#endif
    *serving = ticket + 1;
}

__global__ void ticketlock(int *next, volatile int *serving, int *counter)
{
    int ticket = lock(next, serving);
    *counter = *counter + 1;
    unlock(serving, ticket);
}
