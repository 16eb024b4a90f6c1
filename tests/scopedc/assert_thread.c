// Assertion in a thread: MP where the reader asserts, if it saw the flag, that it also
// sees the data. Flags relaxed by default (-DRA: release/acquire), device scope, one
// work-group; main joins both threads.
// Derivation: relaxed: flag=0 (no second read), flag=1 with x=0 or x=1 -> 3 complete
// (src11/rc11; an execution whose thread stopped at a failed assertion is complete and
// the thread counts as ended, so main's join returns), the assertion fails on flag=1,x=0;
// SC: 2, no error. -DRA: flag=1 => x=1 -> 2 in every model, no error.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifdef RA
#define REL memory_order_release
#define ACQ memory_order_acquire
#else
#define REL memory_order_relaxed
#define ACQ memory_order_relaxed
#endif

atomic_int x, flag;

void *writer(void *arg) {
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(0);
  __VERIFIER_memory_scope_device();
  atomic_store_explicit(&x, 1, memory_order_relaxed);
  __VERIFIER_memory_scope_device();
  atomic_store_explicit(&flag, 1, REL);
  return NULL;
}

void *reader(void *arg) {
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(1);
  __VERIFIER_memory_scope_device();
  if (atomic_load_explicit(&flag, ACQ) == 1) {
    __VERIFIER_memory_scope_device();
    assert(atomic_load_explicit(&x, memory_order_relaxed) == 1);
  }
  return NULL;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, writer, NULL);
  pthread_create(&b, NULL, reader, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  return 0;
}
