// A scope annotation applies to the next access of the calling thread only. Both threads
// (work-groups 0 and 1) annotate work-group scope before a relaxed store to a variable of
// their own, then hand off through y with no annotation (system scope): T0 release-stores
// y, T1 acquire-loads it. main asserts the own-variable stores.
// Derivation: y is accessed with sys scope on both sides: sw, no heterogeneous race;
// y in {0,1} -> 2 in every model, no error. (Were the annotation sticky, or shared
// between threads, the y accesses would be cta scope across CTAs: heterogeneous race.)
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int a, b, y;
int r;

void *t0(void *arg) {
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(0);
  __VERIFIER_memory_scope_work_group();
  atomic_store_explicit(&a, 1, memory_order_relaxed);
  atomic_store_explicit(&y, 1, memory_order_release);
  return NULL;
}

void *t1(void *arg) {
  __VERIFIER_thread_group_id(1);
  __VERIFIER_thread_local_id(0);
  __VERIFIER_memory_scope_work_group();
  atomic_store_explicit(&b, 1, memory_order_relaxed);
  r = atomic_load_explicit(&y, memory_order_acquire);
  return NULL;
}

int main(void) {
  pthread_t p, q;
  pthread_create(&p, NULL, t0, NULL);
  pthread_create(&q, NULL, t1, NULL);
  pthread_join(p, NULL);
  pthread_join(q, NULL);
  assert(atomic_load_explicit(&a, memory_order_relaxed) == 1);
  assert(atomic_load_explicit(&b, memory_order_relaxed) == 1);
  return 0;
}
