// CoRW: T0: a=x; x=1. T1: x=2 (relaxed, device scope, one work-group). main asserts
// not (a = 2 and final x = 2).
// Derivation: a in {0,2} x co (2 orders) = 4, minus a=2 with x=1 co-before x=2 (a's own
// later write would be co-before the write it read: hb;eco cycle) -> 3 in every model;
// the asserted outcome is exactly that excluded one.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int x;
int a;

void *t0(void *arg) {
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(0);
  __VERIFIER_memory_scope_device();
  a = atomic_load_explicit(&x, memory_order_relaxed);
  __VERIFIER_memory_scope_device();
  atomic_store_explicit(&x, 1, memory_order_relaxed);
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
  assert(!(a == 2 && atomic_load_explicit(&x, memory_order_relaxed) == 2));
  return 0;
}
