// SB, all seq_cst; placement/scope by macro: default one work-group, device scope;
// -DXCTA: thread 1 in work-group 1; -DWG: work-group scope. main asserts not (r0 = r1 = 0).
// Derivation: one-cta (either scope) or x-cta device: 0/0 is a psc cycle
// (Wx -po-> Ry -fr-> Wy -po-> Rx -fr-> Wx) -> 3, no error.
// -DXCTA -DWG: the fr edges cross CTAs with cta scope, not incl: no psc cycle -> 4 under src11
// with a heterogeneous race and the assertion failing on 0/0; rc11/sc: 3, no error.
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
  atomic_store_explicit(&x, 1, memory_order_seq_cst);
  SCOPE();
  r0 = atomic_load_explicit(&y, memory_order_seq_cst);
  return NULL;
}

void *t1(void *arg) {
  __VERIFIER_thread_group_id(G1);
  __VERIFIER_thread_local_id(1 - G1);
  SCOPE();
  atomic_store_explicit(&y, 1, memory_order_seq_cst);
  SCOPE();
  r1 = atomic_load_explicit(&x, memory_order_seq_cst);
  return NULL;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, t0, NULL);
  pthread_create(&b, NULL, t1, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  assert(!(r0 == 0 && r1 == 0));
  return 0;
}
