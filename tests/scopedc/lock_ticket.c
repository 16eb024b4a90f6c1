// Ticket lock: N threads (default 3) in one work-group take a ticket with a relaxed
// fetch_add on `next`, spin until `owner` (acquire) equals it, increment a plain counter
// and release with `owner = ticket + 1`; main asserts counter == N.
// Derivation: the fetch_add order is the acquisition order: N! complete executions (6 for
// N=3, 24 for N=4), none blocked -- a spin that read an owner value a later unlock
// replaced is not an execution (docs/model.md, Spin loops).
// -DTWO_READS: the spin also reads `open` (set to 1 by main before the launch) in every
// iteration, `while (owner != t || open == 0)`: a waiting iteration of two reads; the
// same N! executions.
// -DSKIP: the thread with ticket 1 never unlocks, so those after it spin forever on
// the latest owner value: a Deadlock finding at the spin (the first execution
// explored shows it).
// -DRLX: the spin's load is relaxed: no sw from the unlock, so the counter accesses
// race (a Data race at `counter = counter + 1`).
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifndef N
#define N 3
#endif
#ifdef RLX
#define ACQ memory_order_relaxed
#else
#define ACQ memory_order_acquire
#endif

atomic_int next, owner, open;
int counter;

void *worker(void *arg) {
  (void)arg;
  __VERIFIER_memory_scope_device();
  int t = atomic_fetch_add_explicit(&next, 1, memory_order_relaxed);
#ifdef TWO_READS
  for (;;) {
    __VERIFIER_memory_scope_device();
    int o = atomic_load_explicit(&owner, ACQ);
    __VERIFIER_memory_scope_device();
    int g = atomic_load_explicit(&open, memory_order_relaxed);
    if (o == t && g != 0)
      break;
  }
#else
  for (;;) {
    __VERIFIER_memory_scope_device();
    if (atomic_load_explicit(&owner, ACQ) == t)
      break;
  }
#endif
  counter = counter + 1;
#ifdef SKIP
  if (t == 1)
    return NULL;
#endif
  __VERIFIER_memory_scope_device();
  atomic_store_explicit(&owner, t + 1, memory_order_release);
  return NULL;
}

int main(void) {
  pthread_t th[N];
  atomic_store_explicit(&open, 1, memory_order_relaxed);
  for (int i = 0; i < N; i++)
    pthread_create(&th[i], NULL, worker, (void *)(long)i);
  for (int i = 0; i < N; i++)
    pthread_join(th[i], NULL);
  assert(counter == N);
  return 0;
}
