// SB with relaxed device-scope accesses and a seq_cst fence between them in each thread,
// fence scope work-group (-DFDEV: device). Default one work-group; -DXCTA: thread 1 in
// work-group 1. main asserts not (r0 = r1 = 0).
// Derivation: fences in one CTA (or device fences across CTAs): 0/0 is a psc_F cycle
// F0 -> F1 -> F0 -> 3, no error. -DXCTA with work-group fences: the fences are not incl,
// no cycle -> 4 under src11 and the assertion fails (no race: the accesses are device
// scope); rc11/sc: 3, no error.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifdef XCTA
#define G1 1
#else
#define G1 0
#endif
#ifdef FDEV
#define FSCOPE() __VERIFIER_memory_scope_device()
#else
#define FSCOPE() __VERIFIER_memory_scope_work_group()
#endif

atomic_int x, y;
int r0, r1;

void *t0(void *arg) {
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(0);
  __VERIFIER_memory_scope_device();
  atomic_store_explicit(&x, 1, memory_order_relaxed);
  FSCOPE();
  atomic_thread_fence(memory_order_seq_cst);
  __VERIFIER_memory_scope_device();
  r0 = atomic_load_explicit(&y, memory_order_relaxed);
  return NULL;
}

void *t1(void *arg) {
  __VERIFIER_thread_group_id(G1);
  __VERIFIER_thread_local_id(1 - G1);
  __VERIFIER_memory_scope_device();
  atomic_store_explicit(&y, 1, memory_order_relaxed);
  FSCOPE();
  atomic_thread_fence(memory_order_seq_cst);
  __VERIFIER_memory_scope_device();
  r1 = atomic_load_explicit(&x, memory_order_relaxed);
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
