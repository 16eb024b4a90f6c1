// WRC (write-to-read causality). T0: x=1. T1: r1=x; y=1. T2: r2=y; r3=x.
// Orders: default relaxed; -DRA: release stores / acquire loads; -DSC: seq_cst.
// Placement: default one work-group, device scope; -DXCTA -DWG: each thread in its own
// work-group with work-group scope. main asserts not (r1=1, r2=1, r3=0).
// Derivation: relaxed: 2^3 = 8 (src11/rc11), the assertion fails on 1,1,0; SC forbids
// 1,1,0 -> 7. -DRA / -DSC: sw chain T0 -> T1 -> T2 makes x=1 visible to T2 -> 7, no error.
// -DRA -DXCTA -DWG: no sw across CTAs -> 8 under src11 with heterogeneous races and the
// assertion failing; rc11/sc: 7, no error.
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
#if defined(XCTA)
#define PLACE(i) __VERIFIER_thread_group_id(i); __VERIFIER_thread_local_id(0)
#else
#define PLACE(i) __VERIFIER_thread_group_id(0); __VERIFIER_thread_local_id(i)
#endif
#ifdef WG
#define SCOPE() __VERIFIER_memory_scope_work_group()
#else
#define SCOPE() __VERIFIER_memory_scope_device()
#endif

atomic_int x, y;
int r1, r2, r3;

void *t0(void *arg) {
  PLACE(0);
  SCOPE();
  atomic_store_explicit(&x, 1, W);
  return NULL;
}

void *t1(void *arg) {
  PLACE(1);
  SCOPE();
  r1 = atomic_load_explicit(&x, R);
  SCOPE();
  atomic_store_explicit(&y, 1, W);
  return NULL;
}

void *t2(void *arg) {
  PLACE(2);
  SCOPE();
  r2 = atomic_load_explicit(&y, R);
  SCOPE();
  r3 = atomic_load_explicit(&x, R);
  return NULL;
}

int main(void) {
  pthread_t a, b, c;
  pthread_create(&a, NULL, t0, NULL);
  pthread_create(&b, NULL, t1, NULL);
  pthread_create(&c, NULL, t2, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  pthread_join(c, NULL);
  assert(!(r1 == 1 && r2 == 1 && r3 == 0));
  return 0;
}
