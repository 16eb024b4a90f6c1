// MP, relaxed x, release store / acquire load of y. Default: one work-group, device scope;
// -DXCTA: reader in work-group 1; -DWG: work-group scope. main asserts not (y=1, x=0).
// Derivation: sw when the acquire reads the release: y=1 => x=1 -> 3, no error (also
// x-cta with device scope, and one-cta with work-group scope).
// -DXCTA -DWG: cta scopes of different CTAs are not incl: no sw -> 4 under src11, with
// heterogeneous races on x and y and the assertion failing; rc11/sc: 3, no error.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifdef XCTA
#define G1 1
#else
#define G1 0
#endif
#ifdef WG
#define SCOPE() __VERIFIER_memory_scope_work_group()
#else
#define SCOPE() __VERIFIER_memory_scope_device()
#endif

atomic_int x, y;
int r0, r1;

void *writer(void *arg) {
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(0);
  SCOPE();
  atomic_store_explicit(&x, 1, memory_order_relaxed);
  SCOPE();
  atomic_store_explicit(&y, 1, memory_order_release);
  return NULL;
}

void *reader(void *arg) {
  __VERIFIER_thread_group_id(G1);
  __VERIFIER_thread_local_id(1 - G1);
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
