// SB ring of 3 (thread i writes m[i], reads m[(i+1)%3]), relaxed, device scope, one
// work-group; the slots are an atomic_int array, thread id passed as the argument.
// Derivation: each read sees 0 or 1: 2^3 = 8 (src11/rc11); SC forbids all-0 -> 7.
#include <pthread.h>
#include <stdatomic.h>

#define N 3
atomic_int m[N];
int r[N];

void *worker(void *arg) {
  int id = (int)(long)arg;
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(id);
  __VERIFIER_memory_scope_device();
  atomic_store_explicit(&m[id], 1, memory_order_relaxed);
  __VERIFIER_memory_scope_device();
  r[id] = atomic_load_explicit(&m[(id + 1) % N], memory_order_relaxed);
  return NULL;
}

int main(void) {
  pthread_t t[N];
  for (int i = 0; i < N; i++)
    pthread_create(&t[i], NULL, worker, (void *)(long)i);
  for (int i = 0; i < N; i++)
    pthread_join(t[i], NULL);
  return 0;
}
