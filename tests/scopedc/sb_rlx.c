// SB (store buffering), relaxed, device scope, both threads in work-group 0.
// Derivation: r0 in {0,1} x r1 in {0,1}, hb = po (+create/join) -> 4 under src11/rc11;
// SC forbids r0 = r1 = 0 -> 3. No races (all shared accesses atomic, mutually in scope).
#include <pthread.h>
#include <stdatomic.h>

atomic_int x, y;
int r0, r1;

void *t0(void *arg) {
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(0);
  __VERIFIER_memory_scope_device();
  atomic_store_explicit(&x, 1, memory_order_relaxed);
  __VERIFIER_memory_scope_device();
  r0 = atomic_load_explicit(&y, memory_order_relaxed);
  return NULL;
}

void *t1(void *arg) {
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(1);
  __VERIFIER_memory_scope_device();
  atomic_store_explicit(&y, 1, memory_order_relaxed);
  __VERIFIER_memory_scope_device();
  r1 = atomic_load_explicit(&x, memory_order_relaxed);
  return NULL;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, t0, NULL);
  pthread_create(&b, NULL, t1, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  return 0;
}
