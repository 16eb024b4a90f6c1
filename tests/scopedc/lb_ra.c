// LB, acquire loads / release stores, device scope, one work-group. main asserts
// not (r0 = r1 = 1).
// Derivation: 1/1 is a po u rf cycle (and would need hb cycles) -> 3 in every model.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int x, y;
int r0, r1;

void *t0(void *arg) {
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(0);
  __VERIFIER_memory_scope_device();
  r0 = atomic_load_explicit(&y, memory_order_acquire);
  __VERIFIER_memory_scope_device();
  atomic_store_explicit(&x, 1, memory_order_release);
  return NULL;
}

void *t1(void *arg) {
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(1);
  __VERIFIER_memory_scope_device();
  r1 = atomic_load_explicit(&x, memory_order_acquire);
  __VERIFIER_memory_scope_device();
  atomic_store_explicit(&y, 1, memory_order_release);
  return NULL;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, t0, NULL);
  pthread_create(&b, NULL, t1, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  assert(!(r0 == 1 && r1 == 1));
  return 0;
}
