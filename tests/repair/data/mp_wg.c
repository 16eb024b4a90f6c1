// Scoped-C message passing from work-group 0 to work-group 1 with
// work-group-scope release/acquire: a heterogeneous race on y and a data
// race on x.  Minimum repair: both scope calls become _device (2 edits).
#include <pthread.h>
#include <stdatomic.h>

int x;
atomic_int y;
int r1;

void *writer(void *arg) {
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(0);
  x = 42;
  __VERIFIER_memory_scope_work_group();
  atomic_store_explicit(&y, 1, memory_order_release);
  return NULL;
}

void *reader(void *arg) {
  __VERIFIER_thread_group_id(1);
  __VERIFIER_thread_local_id(0);
  __VERIFIER_memory_scope_work_group();
  if (atomic_load_explicit(&y, memory_order_acquire) == 1)
    r1 = x;
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
