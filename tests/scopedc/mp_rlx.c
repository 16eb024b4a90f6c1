// MP (message passing), all relaxed, device scope, one work-group.
// Derivation: r0 = y in {0,1} x r1 = x in {0,1}, no sw -> 4 (src11/rc11); SC forbids
// y=1, x=0 -> 3. No race.
#include <pthread.h>
#include <stdatomic.h>

atomic_int x, y;
int r0, r1;

void *writer(void *arg) {
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(0);
  __VERIFIER_memory_scope_device();
  atomic_store_explicit(&x, 1, memory_order_relaxed);
  __VERIFIER_memory_scope_device();
  atomic_store_explicit(&y, 1, memory_order_relaxed);
  return NULL;
}

void *reader(void *arg) {
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(1);
  __VERIFIER_memory_scope_device();
  r0 = atomic_load_explicit(&y, memory_order_relaxed);
  __VERIFIER_memory_scope_device();
  r1 = atomic_load_explicit(&x, memory_order_relaxed);
  return NULL;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, writer, NULL);
  pthread_create(&b, NULL, reader, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  return 0;
}
