// main writes the data (plain) and a flag before creating the threads: thread creation
// orders main's earlier events before the thread's. Two GPU threads of work-group 0 read
// both and assert the initial values.
// Derivation: each read must see main's write (it is hb-before and co-after the initial
// write; reading the initial write would break coherence) -> 1 execution in every model,
// no race, no error.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

int data;
atomic_int flag;

void *reader(void *arg) {
  int id = (int)(long)arg;
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(id);
  __VERIFIER_memory_scope_device();
  int f = atomic_load_explicit(&flag, memory_order_relaxed);
  assert(f == 7 && data == 5);
  return NULL;
}

int main(void) {
  pthread_t t[2];
  data = 5;
  atomic_store_explicit(&flag, 7, memory_order_relaxed);
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], NULL, reader, (void *)(long)i);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], NULL);
  return 0;
}
