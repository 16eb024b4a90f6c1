// Race report format: the writer (work-group 0) stores a plain payload, then a release
// flag with work-group scope; the reader (work-group 1) acquires the flag with device
// scope and reads the payload if it saw the flag.
// Derivation: the flag's rf edge is not incl (the writer's cta scope misses the reader):
// no sw. flag=0 (no payload read), flag=1 with data 0 or 1 -> 3 under src11, with a
// heterogeneous race on flag ([L.20 L.28]-[WG,DV]) and a data race on data
// ([L.18 L.29]-[SYS,SYS]); rc11/sc: 2, no error.
#include <pthread.h>
#include <stdatomic.h>

int data;
atomic_int flag;
int r;

void *writer(void *arg) {
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(0);
  data = 1;
  __VERIFIER_memory_scope_work_group();
  atomic_store_explicit(&flag, 1, memory_order_release);
  return NULL;
}

void *reader(void *arg) {
  __VERIFIER_thread_group_id(1);
  __VERIFIER_thread_local_id(0);
  __VERIFIER_memory_scope_device();
  if (atomic_load_explicit(&flag, memory_order_acquire) == 1)
    r = data;
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
