// Two GPU threads of work-group 0 increment a plain counter under a mutex initialised by
// main with pthread_mutex_init before the threads start; device-scope annotations on
// lock and unlock. main asserts counter == 2.
// Derivation: main's init is hb-before both threads (create); 2 lock orders complete,
// blocked: one thread holds, the other's CAS reads the holder's lock write -> 2; no error.
#include <assert.h>
#include <pthread.h>

pthread_mutex_t m;
int counter;

void *inc(void *arg) {
  int id = (int)(long)arg;
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(id);
  __VERIFIER_memory_scope_device();
  pthread_mutex_lock(&m);
  counter = counter + 1;
  __VERIFIER_memory_scope_device();
  pthread_mutex_unlock(&m);
  return NULL;
}

int main(void) {
  pthread_t t[2];
  pthread_mutex_init(&m, NULL);
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], NULL, inc, (void *)(long)i);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], NULL);
  assert(counter == 2);
  return 0;
}
