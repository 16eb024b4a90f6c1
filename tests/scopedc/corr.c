// CoRR: T0: x=1. T1: a=x; b=x (relaxed). Default one work-group, device scope;
// -DXCTA -DWG: T1 in work-group 1, work-group scope. main asserts not (a=1, b=0).
// Derivation: (a,b) in {(0,0),(0,1),(1,1)}; (1,0) violates coherence -> 3 in every model.
// -DXCTA -DWG: coherence is per location whatever the scopes: still 3, with a
// heterogeneous race (src11).
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

atomic_int x;
int a, b;

void *t0(void *arg) {
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(0);
  SCOPE();
  atomic_store_explicit(&x, 1, memory_order_relaxed);
  return NULL;
}

void *t1(void *arg) {
  __VERIFIER_thread_group_id(G1);
  __VERIFIER_thread_local_id(1 - G1);
  SCOPE();
  a = atomic_load_explicit(&x, memory_order_relaxed);
  SCOPE();
  b = atomic_load_explicit(&x, memory_order_relaxed);
  return NULL;
}

int main(void) {
  pthread_t p, q;
  pthread_create(&p, NULL, t0, NULL);
  pthread_create(&q, NULL, t1, NULL);
  pthread_join(p, NULL);
  pthread_join(q, NULL);
  assert(!(a == 1 && b == 0));
  return 0;
}
