// MP with a plain payload read unconditionally (release/acquire flag, device scope, one
// work-group): the reader reads flag then data.
// Derivation: flag=1 => data=42 (sw); flag=0: data 0 or 42 -> 3 in every model (SC:
// flag=0,data=42 is the interleaving Wd Rf Rd Wf). In the flag=0 executions the payload
// read is not hb-ordered with the write: data race.
#include <pthread.h>
#include <stdatomic.h>

int data;
atomic_int flag;
int rf, rd;

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
  rf = atomic_load_explicit(&flag, memory_order_acquire);
  rd = data;
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
