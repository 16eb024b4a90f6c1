// <stdlib.h> is an ordinary include of GPUMC harnesses (abort, NULL, exit): SB relaxed,
// device scope, one work-group, where main calls abort() (a failed assertion) on the
// SC-forbidden outcome.
// Derivation: as sb_rlx: 4 executions (src11/rc11), abort() on r0 = r1 = 0 -> assertion
// violation; SC: 3, no error.
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

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
  if (r0 == 0 && r1 == 0)
    abort();
  return 0;
}
