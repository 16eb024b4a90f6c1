// LB ring of N threads (thread i reads m[(i+1)%N] then writes m[i] = 1), acquire loads /
// release stores, device scope; N = 3 by default (-DN=4 ...), one work-group.
// Derivation (GPUMC's LB-n): each read 0 or 1, all-ones is the only po u rf cycle
// -> 2^N - 1 (7 for N=3, 15 for N=4) in every model.
#include <pthread.h>
#include <stdatomic.h>

#ifndef N
#define N 3
#endif
atomic_int m[N];
int r[N];

void *worker(void *arg) {
  int id = (int)(long)arg;
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(id);
  __VERIFIER_memory_scope_device();
  r[id] = atomic_load_explicit(&m[(id + 1) % N], memory_order_acquire);
  __VERIFIER_memory_scope_device();
  atomic_store_explicit(&m[id], 1, memory_order_release);
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
