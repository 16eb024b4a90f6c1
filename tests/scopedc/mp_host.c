// MP release/acquire, the writer a thread without ids (system scope by default), the
// reader a GPU thread of group 0 using system scope (-DDEV: device scope). main asserts
// not (y=1, x=0).
// Derivation: sys scope on both sides -> sw -> 3, no error. -DDEV: as in GPUMC, a thread
// that names no ids is in group -1 of kernel -1, and the reader (no kernel id) in group 0
// of kernel -1: the same GPU, so device scope includes the writer -> sw -> 3, no error
// in every model.
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
