// Mixed RMW chain on one counter, one work-group, device scope: T0 fetch_add(1) relaxed,
// T1 exchange(10) acq_rel, T2 strong CAS 0 -> 5 (acq_rel, relaxed on failure).
// main asserts the final value is 10 or 11 (the last two RMWs are T0 and T1 in some order).
// Derivation: T0 and T1 always succeed (each reads its co-predecessor). T2 succeeds iff
// it reads 0, i.e. the initial write, and then sits right after it in co: T0/T1 in 2
// orders after it -> 2. Otherwise T2 is a failed CAS = a relaxed read of T0's or T1's
// write: 2 co orders x 2 writes -> 4. Total 6 in every model, no error.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int c;
int ok2;

void *t0(void *arg) {
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(0);
  __VERIFIER_memory_scope_device();
  atomic_fetch_add_explicit(&c, 1, memory_order_relaxed);
  return NULL;
}

void *t1(void *arg) {
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(1);
  __VERIFIER_memory_scope_device();
  atomic_exchange_explicit(&c, 10, memory_order_acq_rel);
  return NULL;
}

void *t2(void *arg) {
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(2);
  int e = 0;
  __VERIFIER_memory_scope_device();
  ok2 = atomic_compare_exchange_strong_explicit(&c, &e, 5, memory_order_acq_rel,
                                                memory_order_relaxed);
  return NULL;
}

int main(void) {
  pthread_t a, b, d;
  pthread_create(&a, NULL, t0, NULL);
  pthread_create(&b, NULL, t1, NULL);
  pthread_create(&d, NULL, t2, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  pthread_join(d, NULL);
  int v = atomic_load_explicit(&c, memory_order_relaxed);
  assert(v == 10 || v == 11); /* 0->5->6->10, 0->5->10->11, 0->1->10, 0->10->11 */
  return 0;
}
