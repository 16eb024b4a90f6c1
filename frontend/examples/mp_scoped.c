// Scoped-C (GPUMC-style) message passing, release/acquire.
// launch: (none: threads come from main)
// expect: no error, 3 executions with both threads in work-group 0; with
// -DGROUP=1 -DWG the threads are in different work-groups but use
// work-group scope: 4 executions and heterogeneous races.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#ifndef GROUP
#define GROUP 0
#endif
#ifdef WG
#define SCOPE() __VERIFIER_memory_scope_work_group()
#else
#define SCOPE() __VERIFIER_memory_scope_device()
#endif

atomic_int x, y;
int r0, r1;

void *writer(void *arg) {
  __VERIFIER_thread_group_id(0);
  SCOPE();
  atomic_store_explicit(&x, 1, memory_order_relaxed);
  SCOPE();
  atomic_store_explicit(&y, 1, memory_order_release);
  return NULL;
}

void *reader(void *arg) {
  __VERIFIER_thread_group_id(GROUP);
  SCOPE();
  r0 = atomic_load_explicit(&y, memory_order_acquire);
  SCOPE();
  r1 = atomic_load_explicit(&x, memory_order_relaxed);
  return NULL;
}

int main() {
  pthread_t a, b;
  pthread_create(&a, NULL, writer, NULL);
  pthread_create(&b, NULL, reader, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  assert(!(r0 == 1 && r1 == 0));
  return 0;
}
