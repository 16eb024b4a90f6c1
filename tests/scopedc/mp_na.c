// MP with a plain int payload: writer stores data = 42 (non-atomic) then the flag;
// the reader reads data only if it saw flag = 1 and asserts it is 42.
// Flag orders: default release/acquire; -DRLX: relaxed. Scope: default device, -DWG
// work-group. Placement: default one work-group, -DXCTA reader in work-group 1.
// Derivation: release/acquire with mutual scope: flag=0 (no payload read) or flag=1 and
// data=42 -> 2, no error. -DRLX: flag=1 may read data 0 or 42 -> 3 with a data race and
// the assertion failing (src11/rc11); SC: 2 (the assertion holds) but the race is judged
// with RC11 hb (no sw from relaxed accesses) -> still a data race.
// -DXCTA -DWG: no sw across CTAs -> 3 under src11 with data race + heterogeneous race on
// the flag + assertion; rc11/sc: 2, no error.
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
#ifdef RLX
#define REL memory_order_relaxed
#define ACQ memory_order_relaxed
#else
#define REL memory_order_release
#define ACQ memory_order_acquire
#endif

int data;
atomic_int flag;

void *writer(void *arg) {
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(0);
  data = 42;
  SCOPE();
  atomic_store_explicit(&flag, 1, REL);
  return NULL;
}

void *reader(void *arg) {
  __VERIFIER_thread_group_id(G1);
  __VERIFIER_thread_local_id(1 - G1);
  SCOPE();
  if (atomic_load_explicit(&flag, ACQ) == 1) {
    int d = data;
    assert(d == 42);
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
