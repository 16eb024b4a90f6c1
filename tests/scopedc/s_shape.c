// S. T0: x=2 (relaxed); y=1. T1: r=y; x=1 (relaxed). main asserts not (r = 1 and final
// x = 2). Orders of y: default relaxed; -DRA: release store / acquire load; -DSC: all
// seq_cst. Placement: default one work-group, device scope; -DXCTA -DWG: T1 in
// work-group 1, work-group scope.
// Derivation: r in {0,1} x co of x (2 orders) = 4 relaxed (src11/rc11), the assertion
// fails on r=1, x=2; SC forbids it (Wx2 -po-> Wy -rf-> Ry -po-> Wx1 -co-> Wx2) -> 3.
// -DRA / -DSC: r=1 gives sw, so x=2 is hb- hence co-before x=1 -> 3, no error.
// -DRA -DXCTA -DWG: no sw across CTAs -> 4 under src11 with heterogeneous races and the
// assertion failing; rc11/sc: 3.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#if defined(SC)
#define W memory_order_seq_cst
#define R memory_order_seq_cst
#define D memory_order_seq_cst
#elif defined(RA)
#define W memory_order_release
#define R memory_order_acquire
#define D memory_order_relaxed
#else
#define W memory_order_relaxed
#define R memory_order_relaxed
#define D memory_order_relaxed
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
  atomic_store_explicit(&x, 2, D);
  SCOPE();
  atomic_store_explicit(&y, 1, W);
  return NULL;
}

void *t1(void *arg) {
  __VERIFIER_thread_group_id(G1);
  __VERIFIER_thread_local_id(1 - G1);
  SCOPE();
  r = atomic_load_explicit(&y, R);
  SCOPE();
  atomic_store_explicit(&x, 1, D);
  return NULL;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, t0, NULL);
  pthread_create(&b, NULL, t1, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  assert(!(r == 1 && atomic_load_explicit(&x, memory_order_relaxed) == 2));
  return 0;
}
