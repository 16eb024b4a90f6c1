// TTAS lock whose CAS expectation `e` is declared inside the outer loop, after the inner
// spin: at the inner loop's header `e` holds whatever the stack held, and gpumc hashes it
// as loop state.  3 threads, device scope, one work-group; main asserts counter == 3.
// Derivation: the lock orders the 3 critical sections (3! orders); the relaxed inner reads
// add executions (a read of a lock value an unlock later replaces is stale: none). The
// count is not pinned by hand; the test is that every replay of a thread is the run it
// replays (before: "the harness is not deterministic") and the verdict.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int l;
int counter;

void *worker(void *arg) {
  (void)arg;
  for (;;) {
    while (atomic_load_explicit(&l, memory_order_relaxed) != 0)
      ;
    int e = 0;
    if (atomic_compare_exchange_strong_explicit(&l, &e, 1, memory_order_acquire,
                                                memory_order_relaxed))
      break;
  }
  counter = counter + 1;
  atomic_store_explicit(&l, 0, memory_order_release);
  return NULL;
}

int main(void) {
  pthread_t t[3];
  for (int i = 0; i < 3; i++)
    pthread_create(&t[i], NULL, worker, NULL);
  for (int i = 0; i < 3; i++)
    pthread_join(t[i], NULL);
  assert(counter == 3);
  return 0;
}
