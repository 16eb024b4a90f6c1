// __VERIFIER_assume: MP with a plain payload where the reader assumes it saw the
// release/acquire flag (device scope, one work-group) and then reads the payload.
// Derivation: flag=1 -> the payload read sees 42 (sw): 1 complete; flag=0 fails the
// assume: 1 blocked (a full graph: the writer still runs). Every model; no race.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

int data;
atomic_int flag;

void *writer(void *arg) {
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(0);
  data = 42;
  __VERIFIER_memory_scope_device();
  atomic_store_explicit(&flag, 1, memory_order_release);
  return NULL;
}

void *reader(void *arg) {
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(1);
  __VERIFIER_memory_scope_device();
  int f = atomic_load_explicit(&flag, memory_order_acquire);
  __VERIFIER_assume(f == 1);
  assert(data == 42);
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
