// R. T0: x=1; y=1. T1: y=2; r=x. main asserts not (final y = 2 and r = 0).
// Orders: default relaxed; -DRA: release stores / acquire load; -DSC: seq_cst.
// Placement: default one work-group, device scope; -DXCTA -DWG: T1 in work-group 1,
// work-group scope.
// Derivation: r in {0,1} x co of y (2 orders) = 4 for relaxed and release/acquire
// (src11/rc11: the load reading x=0 is not ordered after y=1 by anything), assertion fails
// on y=2,r=0; SC forbids it (Wx -po-> Wy1 -co-> Wy2 -po-> Rx -fr-> Wx) -> 3. -DSC: psc
// cycle -> 3, no error; -DSC -DXCTA -DWG: edges not incl -> 4 under src11 with
// heterogeneous races and the assertion failing; rc11/sc: 3.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#if defined(SC)
#define W memory_order_seq_cst
#define R memory_order_seq_cst
#elif defined(RA)
#define W memory_order_release
#define R memory_order_acquire
#else
#define W memory_order_relaxed
#define R memory_order_relaxed
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
int r;

void *t0(void *arg) {
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(0);
  SCOPE();
  atomic_store_explicit(&x, 1, W);
  SCOPE();
  atomic_store_explicit(&y, 1, W);
  return NULL;
}

void *t1(void *arg) {
  __VERIFIER_thread_group_id(G1);
  __VERIFIER_thread_local_id(1 - G1);
  SCOPE();
  atomic_store_explicit(&y, 2, W);
  SCOPE();
  r = atomic_load_explicit(&x, R);
  return NULL;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, t0, NULL);
  pthread_create(&b, NULL, t1, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  assert(!(atomic_load_explicit(&y, memory_order_relaxed) == 2 && r == 0));
  return 0;
}
