// LB ring of N threads (as lb_ring.c) whose atomics main initialises in a
// loop first: N = 17 by default.  Loops run natively, with no bound, so the
// loop costs nothing: 2^17 - 1 = 131071 executions, verified; with -DN=3,
// 2^3 - 1 = 7.
#include <pthread.h>
#include <stdatomic.h>

#ifndef N
#define N 17
#endif
atomic_int m[N];

void *worker(void *arg) {
  int id = (int)(long)arg;
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(id);
  __VERIFIER_memory_scope_device();
  (void)atomic_load_explicit(&m[(id + 1) % N], memory_order_acquire);
  __VERIFIER_memory_scope_device();
  atomic_store_explicit(&m[id], 1, memory_order_release);
  return NULL;
}

int main(void) {
  pthread_t t[N];
  for (int i = 0; i < N; i++)
    atomic_init(&m[i], 0);
  for (int i = 0; i < N; i++)
    pthread_create(&t[i], NULL, worker, (void *)(long)i);
  for (int i = 0; i < N; i++)
    pthread_join(t[i], NULL);
  return 0;
}
