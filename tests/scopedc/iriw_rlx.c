// IRIW, relaxed, device scope, four threads in one work-group. T0: x=1. T1: y=1.
// T2: a=x; b=y. T3: c=y; d=x.
// Derivation: 2^4 = 16 (readers may disagree on the order of the writes, src11/rc11);
// SC forbids a=1,b=0,c=1,d=0 -> 15.
#include <pthread.h>
#include <stdatomic.h>

atomic_int x, y;
int a, b, c, d;

void *w0(void *arg) {
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(0);
  __VERIFIER_memory_scope_device();
  atomic_store_explicit(&x, 1, memory_order_relaxed);
  return NULL;
}

void *w1(void *arg) {
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(1);
  __VERIFIER_memory_scope_device();
  atomic_store_explicit(&y, 1, memory_order_relaxed);
  return NULL;
}

void *r2(void *arg) {
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(2);
  __VERIFIER_memory_scope_device();
  a = atomic_load_explicit(&x, memory_order_relaxed);
  __VERIFIER_memory_scope_device();
  b = atomic_load_explicit(&y, memory_order_relaxed);
  return NULL;
}

void *r3(void *arg) {
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(3);
  __VERIFIER_memory_scope_device();
  c = atomic_load_explicit(&y, memory_order_relaxed);
  __VERIFIER_memory_scope_device();
  d = atomic_load_explicit(&x, memory_order_relaxed);
  return NULL;
}

int main(void) {
  pthread_t t[4];
  pthread_create(&t[0], NULL, w0, NULL);
  pthread_create(&t[1], NULL, w1, NULL);
  pthread_create(&t[2], NULL, r2, NULL);
  pthread_create(&t[3], NULL, r3, NULL);
  for (int i = 0; i < 4; i++)
    pthread_join(t[i], NULL);
  return 0;
}
