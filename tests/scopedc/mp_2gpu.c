// MP release/acquire with the writer on GPU (kernel) 0 and the reader on GPU 1; device
// scope (-DSYS: system scope). main asserts not (y=1, x=0).
// Derivation: device scope does not include a thread of another GPU: no sw -> 4 under
// src11 with heterogeneous races and the assertion failing; rc11/sc: 3, no error.
// -DSYS: system scope includes both -> 3, no error.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifdef SYS
#define SCOPE() __VERIFIER_memory_scope_system()
#else
#define SCOPE() __VERIFIER_memory_scope_device()
#endif

atomic_int x, y;
int r0, r1;

void *writer(void *arg) {
  __VERIFIER_thread_kernel_id(0);
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(0);
  SCOPE();
  atomic_store_explicit(&x, 1, memory_order_relaxed);
  SCOPE();
  atomic_store_explicit(&y, 1, memory_order_release);
  return NULL;
}

void *reader(void *arg) {
  __VERIFIER_thread_kernel_id(1);
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(0);
  SCOPE();
  r0 = atomic_load_explicit(&y, memory_order_acquire);
  SCOPE();
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
