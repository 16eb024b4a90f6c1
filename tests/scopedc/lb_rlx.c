// LB (load buffering), relaxed. Default one work-group, device scope; -DXCTA: thread 1
// in work-group 1; -DWG: work-group scope. main asserts not (r0 = r1 = 1).
// Derivation: each read 0 or 1, but r0 = r1 = 1 is a po u rf cycle (no-thin-air) -> 3
// in every model. -DXCTA -DWG: porf ignores scopes, still 3, but the cross-CTA accesses
// are not incl: heterogeneous races (src11 only).
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

void *t0(void *arg) {
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(0);
  SCOPE();
  r0 = atomic_load_explicit(&y, memory_order_relaxed);
  SCOPE();
  atomic_store_explicit(&x, 1, memory_order_relaxed);
  return NULL;
}

void *t1(void *arg) {
  __VERIFIER_thread_group_id(G1);
  __VERIFIER_thread_local_id(1 - G1);
  SCOPE();
  r1 = atomic_load_explicit(&x, memory_order_relaxed);
  SCOPE();
  atomic_store_explicit(&y, 1, memory_order_relaxed);
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
