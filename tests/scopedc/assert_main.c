// Assertion violation in main (a postcondition): two GPU threads of work-group 0 each
// atomically add 1 (relaxed, device scope) to a counter; main asserts it is 3.
// Derivation: 2 co orders of the two RMWs -> 2 executions in every model; main's read is
// hb-after both (join) and sees 2 -> the assertion fails in both.  The RMWs' results are
// unused and nobody observes their order, so gpumc explores one order (src11, rc11) unless
// --no-commute.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int c;

void *worker(void *arg) {
  int id = (int)(long)arg;
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(id);
  __VERIFIER_memory_scope_device();
  atomic_fetch_add_explicit(&c, 1, memory_order_relaxed);
  return NULL;
}

int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], NULL, worker, (void *)(long)i);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], NULL);
  assert(atomic_load_explicit(&c, memory_order_relaxed) == 3);
  return 0;
}
