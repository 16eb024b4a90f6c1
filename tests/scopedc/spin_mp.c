// Await loop: MP where the reader spins `while (atomic_load(&flag, acquire) == 0);`
// (device scope, one work-group; -DXCTA -DWG: reader in work-group 1, work-group scope)
// then reads the plain payload; main asserts what the reader saw.
// Derivation: the await loop is a spin (one load of 0 blocks it): flag=1 -> 1 complete
// (sw, payload 42); flag=0 is a stale read (the writer's flag=1 follows it in co), so the
// spin would read again: not an execution, 0 blocked. Every model, no error.
// -DXCTA -DWG: no sw across CTAs: flag=1 with payload 0 or 42 -> 2 complete, 0 blocked
// under src11, data race + heterogeneous race + assertion; rc11/sc: 1 + 0, no error.
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

int data;
atomic_int flag;
int seen;

void *writer(void *arg) {
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(0);
  data = 42;
  SCOPE();
  atomic_store_explicit(&flag, 1, memory_order_release);
  return NULL;
}

void *reader(void *arg) {
  __VERIFIER_thread_group_id(G1);
  __VERIFIER_thread_local_id(1 - G1);
  SCOPE();
  while (atomic_load_explicit(&flag, memory_order_acquire) == 0)
    ;
  seen = data;
  return NULL;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, writer, NULL);
  pthread_create(&b, NULL, reader, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  assert(seen == 42);
  return 0;
}
