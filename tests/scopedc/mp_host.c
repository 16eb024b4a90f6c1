// MP release/acquire, the writer a host thread (no placement: system scope by default),
// the reader a GPU thread using system scope (-DDEV: device scope). main asserts
// not (y=1, x=0).
// Derivation: sys scope on both sides -> sw -> 3, no error. -DDEV: the reader's device
// scope does not include the host thread: no sw -> 4 under src11 with heterogeneous races
// and the assertion failing; rc11/sc: 3, no error.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifdef DEV
#define RSCOPE() __VERIFIER_memory_scope_device()
#else
#define RSCOPE() __VERIFIER_memory_scope_system()
#endif

atomic_int x, y;
int r0, r1;

void *writer(void *arg) {
  atomic_store_explicit(&x, 1, memory_order_relaxed);
  atomic_store_explicit(&y, 1, memory_order_release);
  return NULL;
}

void *reader(void *arg) {
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(0);
  RSCOPE();
  r0 = atomic_load_explicit(&y, memory_order_acquire);
  RSCOPE();
  r1 = atomic_load_explicit(&x, memory_order_relaxed);
  return NULL;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, writer, NULL);
  pthread_create(&b, NULL, reader, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  assert(!(r0 == 1 && r1 == 0));
  return 0;
}
