// CoWR: T0: x=1; a=x. T1: x=2 (relaxed, device scope, one work-group). main asserts
// not (a = 2 and final x = 1).
// Derivation: a cannot read 0 (its own write is po-before); a in {1,2} x co (2 orders)
// = 4 minus a=2 with x=2 co-before x=1 (coherence) -> 3 in every model.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int x;
int a;

void *t0(void *arg) {
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(0);
  __VERIFIER_memory_scope_device();
  atomic_store_explicit(&x, 1, memory_order_relaxed);
  __VERIFIER_memory_scope_device();
  a = atomic_load_explicit(&x, memory_order_relaxed);
  return NULL;
}

void *t1(void *arg) {
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(1);
  __VERIFIER_memory_scope_device();
  atomic_store_explicit(&x, 2, memory_order_relaxed);
  return NULL;
}

int main(void) {
  pthread_t p, q;
  pthread_create(&p, NULL, t0, NULL);
  pthread_create(&q, NULL, t1, NULL);
  pthread_join(p, NULL);
  pthread_join(q, NULL);
  assert(!(a == 2 && atomic_load_explicit(&x, memory_order_relaxed) == 1));
  return 0;
}
