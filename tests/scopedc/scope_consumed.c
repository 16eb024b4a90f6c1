// The annotation is consumed by the next shared access even when it is a plain one:
// T0 (work-group 0) annotates work-group scope, then writes a plain int, then
// release-stores the flag (which therefore has system scope); T1 (work-group 1)
// acquire-loads the flag with device scope and reads the payload if it saw the flag.
// Derivation: the flag store is sys scope (includes T1) and T1's device-scope load
// includes T0 (same GPU): sw -> flag=0, or flag=1 with data=1 -> 2 in every model, no race.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

int data;
atomic_int flag;

void *t0(void *arg) {
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(0);
  __VERIFIER_memory_scope_work_group();
  data = 1;
  atomic_store_explicit(&flag, 1, memory_order_release);
  return NULL;
}

void *t1(void *arg) {
  __VERIFIER_thread_group_id(1);
  __VERIFIER_thread_local_id(0);
  __VERIFIER_memory_scope_device();
  if (atomic_load_explicit(&flag, memory_order_acquire) == 1)
    assert(data == 1);
  return NULL;
}

int main(void) {
  pthread_t p, q;
  pthread_create(&p, NULL, t0, NULL);
  pthread_create(&q, NULL, t1, NULL);
  pthread_join(p, NULL);
  pthread_join(q, NULL);
  return 0;
}
