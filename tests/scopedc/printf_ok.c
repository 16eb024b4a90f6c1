// printf is accepted (its arguments are evaluated, nothing is printed): main prints x
// while a GPU thread stores it (relaxed; the thread has device scope, main system scope).
// Derivation: main's read sees 0 or 1 -> 2 in every model. As in GPUMC, main (no ids)
// is in group -1 of kernel -1 and the worker (no kernel id) on kernel -1 too, so the
// worker's device scope includes main: no race in any model.
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
