// 2+2W. T0: x=1; y=2. T1: y=1; x=2. main reads the final values after the joins.
// Orders: default relaxed; -DREL: release; -DSC: seq_cst. Placement: default one
// work-group, device scope; -DXCTA -DWG: T1 in work-group 1, work-group scope.
// main asserts not (x=1 and y=1) (the final values).
// Derivation: co of x (2 orders) x co of y (2 orders) = 4 for relaxed / release
// (src11/rc11) and the assertion fails on x=1,y=1; SC forbids x=1,y=1 (po-co-po-co cycle)
// -> 3. -DSC: the same cycle is in psc -> 3, no error. -DSC -DXCTA -DWG: the co edges
// cross CTAs, not incl -> 4 under src11 with heterogeneous races and the assertion
// failing; rc11/sc: 3, no error. main's reads are hb-after every write (join): no race.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#if defined(SC)
#define W memory_order_seq_cst
#elif defined(REL)
#define W memory_order_release
#else
#define W memory_order_relaxed
#endif
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

void *t0(void *arg) {
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(0);
  SCOPE();
  atomic_store_explicit(&x, 1, W);
  SCOPE();
  atomic_store_explicit(&y, 2, W);
  return NULL;
}

void *t1(void *arg) {
  __VERIFIER_thread_group_id(G1);
  __VERIFIER_thread_local_id(1 - G1);
  SCOPE();
  atomic_store_explicit(&y, 1, W);
  SCOPE();
  atomic_store_explicit(&x, 2, W);
  return NULL;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, t0, NULL);
  pthread_create(&b, NULL, t1, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  int fx = atomic_load_explicit(&x, memory_order_relaxed);
  int fy = atomic_load_explicit(&y, memory_order_relaxed);
  assert(!(fx == 1 && fy == 1));
  return 0;
}
