// IRIW, all seq_cst. Default: one work-group, device scope; -DXCTA -DWG: each thread in
// its own work-group with work-group scope. main asserts that the readers agree.
// Derivation: the disagreeing outcome a=1,b=0,c=1,d=0 is a psc cycle -> 15, no error.
// -DXCTA -DWG: every cross-thread psc edge is dropped (not incl) -> 16 under src11 with
// heterogeneous races and the assertion failing; rc11/sc: 15, no error.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

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
int a, b, c, d;

void *w0(void *arg) {
  PLACE(0);
  SCOPE();
  atomic_store_explicit(&x, 1, memory_order_seq_cst);
  return NULL;
}

void *w1(void *arg) {
  PLACE(1);
  SCOPE();
  atomic_store_explicit(&y, 1, memory_order_seq_cst);
  return NULL;
}

void *r2(void *arg) {
  PLACE(2);
  SCOPE();
  a = atomic_load_explicit(&x, memory_order_seq_cst);
  SCOPE();
  b = atomic_load_explicit(&y, memory_order_seq_cst);
  return NULL;
}

void *r3(void *arg) {
  PLACE(3);
  SCOPE();
  c = atomic_load_explicit(&y, memory_order_seq_cst);
  SCOPE();
  d = atomic_load_explicit(&x, memory_order_seq_cst);
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
  assert(!(a == 1 && b == 0 && c == 1 && d == 0));
  return 0;
}
