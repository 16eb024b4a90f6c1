// MP with relaxed device-scope accesses, a release fence before the flag store and an
// acquire fence after the flag load; fence scope work-group (-DFDEV: device). Default one
// work-group; -DXCTA: reader in work-group 1. main asserts not (y=1, x=0).
// Derivation: fence sw (prel = F_rel;po, pacq = po;F_acq) -> y=1 => x=1 -> 3, no error.
// -DXCTA with work-group fences: the fences are not incl, no sw -> 4 under src11 with the
// assertion failing (no race: the accesses are device scope); rc11/sc: 3, no error.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifdef XCTA
#define G1 1
#else
#define G1 0
#endif
#ifdef FDEV
#define FSCOPE() __VERIFIER_memory_scope_device()
#else
#define FSCOPE() __VERIFIER_memory_scope_work_group()
#endif

atomic_int x, y;
int r0, r1;

void *writer(void *arg) {
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(0);
  __VERIFIER_memory_scope_device();
  atomic_store_explicit(&x, 1, memory_order_relaxed);
  FSCOPE();
  atomic_thread_fence(memory_order_release);
  __VERIFIER_memory_scope_device();
  atomic_store_explicit(&y, 1, memory_order_relaxed);
  return NULL;
}

void *reader(void *arg) {
  __VERIFIER_thread_group_id(G1);
  __VERIFIER_thread_local_id(1 - G1);
  __VERIFIER_memory_scope_device();
  r0 = atomic_load_explicit(&y, memory_order_relaxed);
  FSCOPE();
  atomic_thread_fence(memory_order_acquire);
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
  assert(!(r0 == 1 && r1 == 0));
  return 0;
}
