// CAS spin lock, 8 threads in 4 CTAs x 2, acquire CAS / release unlock, device scope
// (-DWG: work-group scope), critical section on a plain int counter; main asserts 8.
// Derivation: one complete execution per acquisition order = 8! = 40320 (the counter
// accesses are hb-ordered through the lock, co of l follows the order); blocked: none --
// a thread failing its CAS reads one of the lock writes, each followed by its unlock, a
// stale value the spin would read again (read as an assume: sum_{k=1..7}
// C(8,k)*k!*k^(8-k) = 2,363,320 blocked). -DWG: the lock handoff between CTAs does not
// synchronise -> data race on counter (and heterogeneous races on l).
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifdef WG
#define SCOPE() __VERIFIER_memory_scope_work_group()
#else
#define SCOPE() __VERIFIER_memory_scope_device()
#endif

#define N 8

atomic_int l;
int counter;

void *worker(void *arg) {
  int id = (int)(long)arg;
  __VERIFIER_thread_group_id(id / 2);
  __VERIFIER_thread_local_id(id % 2);
  int e = 0;
  SCOPE();
  while (!atomic_compare_exchange_strong_explicit(&l, &e, 1, memory_order_acquire,
                                                  memory_order_relaxed))
    e = 0;
  counter = counter + 1;
  SCOPE();
  atomic_store_explicit(&l, 0, memory_order_release);
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
