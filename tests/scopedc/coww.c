// CoWW: one thread writes x=1 then x=2 (relaxed, device scope); main asserts x == 2
// after the join.
// Derivation: co follows po for one thread's writes; main's read is hb-after both and
// must read the co-last write -> 1 execution, no error.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int x;

void *t0(void *arg) {
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(0);
  __VERIFIER_memory_scope_device();
  atomic_store_explicit(&x, 1, memory_order_relaxed);
  __VERIFIER_memory_scope_device();
  atomic_store_explicit(&x, 2, memory_order_relaxed);
  return NULL;
}

int main(void) {
  pthread_t p;
  pthread_create(&p, NULL, t0, NULL);
  pthread_join(p, NULL);
  assert(atomic_load_explicit(&x, memory_order_relaxed) == 2);
  return 0;
}
