// printf is accepted (its arguments are evaluated, nothing is printed): main prints x
// while a GPU thread stores it (relaxed; the thread has device scope, main system scope).
// Derivation: main's read sees 0 or 1 -> 2 in every model. The two accesses are atomic
// but the thread's device scope does not include the host thread main: heterogeneous
// race under src11 (rc11/sc: none).
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

atomic_int x;

void *worker(void *arg) {
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(0);
  __VERIFIER_memory_scope_device();
  atomic_store_explicit(&x, 1, memory_order_relaxed);
  return NULL;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  printf("x = %d\n", atomic_load_explicit(&x, memory_order_relaxed));
  pthread_join(t, NULL);
  return 0;
}
