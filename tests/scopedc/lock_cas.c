// CAS spin lock: N threads (default 2), TPB threads per work-group (default N: one
// work-group), `while (!CAS_strong(&l, &e, 1, acquire, relaxed)) e = 0;`, critical
// section `counter = counter + 1` on a plain int, release unlock (-DRLX_UNLOCK: relaxed).
// Scope device (-DWG: work-group). main asserts counter == N.
// Derivation: the await loop is a spin (one failed CAS blocks it). Complete executions: one per
// acquisition order = N! (2, 6, 24), the counter accesses being hb-ordered through the
// lock. Blocked: none. Read as an assume, k threads acquire (C(N,k)*k! orders) and each
// of the N-k others fails its CAS reading one of the k lock writes (sum_{k=1..N-1}
// C(N,k)*k!*k^(N-k) = 2, 15, 124), but each such lock write is followed by its unlock: the
// spin read a stale value and would read again, so none of them is an execution.
// -DRLX_UNLOCK, N=2: no sw from the unlock: per order the second holder reads the counter's
// init or the first holder's write, times 2 co orders of the counter writes, minus one
// incoherent combination -> 3 per order = 6 (src11/rc11) with a data race and the
// assertion failing (both read 0); SC: only the 2 serial executions, the race judged with
// RC11 hb remains. Blocked 0 in every model (as above).
// -DWG with TPB=1 (N=2): cross-CTA work-group scope: no sw -> as RLX_UNLOCK under src11
// (6 complete, data race + heterogeneous race + assertion); rc11/sc: 2, no error.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifndef N
#define N 2
#endif
#ifndef TPB
#define TPB N
#endif
#ifdef WG
#define SCOPE() __VERIFIER_memory_scope_work_group()
#else
#define SCOPE() __VERIFIER_memory_scope_device()
#endif
#ifdef RLX_UNLOCK
#define UNLOCK_MO memory_order_relaxed
#else
#define UNLOCK_MO memory_order_release
#endif

atomic_int l;
int counter;

void *worker(void *arg) {
  int id = (int)(long)arg;
  __VERIFIER_thread_group_id(id / TPB);
  __VERIFIER_thread_local_id(id % TPB);
  int e = 0;
  SCOPE();
  while (!atomic_compare_exchange_strong_explicit(&l, &e, 1, memory_order_acquire,
                                                  memory_order_relaxed))
    e = 0;
  counter = counter + 1;
  SCOPE();
  atomic_store_explicit(&l, 0, UNLOCK_MO);
  return NULL;
}

int main(void) {
  pthread_t t[N];
  for (int i = 0; i < N; i++)
    pthread_create(&t[i], NULL, worker, (void *)(long)i);
  for (int i = 0; i < N; i++)
    pthread_join(t[i], NULL);
  assert(counter == N);
  return 0;
}
