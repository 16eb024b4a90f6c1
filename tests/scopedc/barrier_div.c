// Barrier divergence: two threads of work-group 0; only local thread 1 reaches the CTA
// barrier, thread 0 skips it and finishes.
// Derivation: the one execution ends with thread 1 waiting forever at the barrier (and
// main waiting in its join): 0 complete, 1 blocked, barrier divergence, in every model.
#include <pthread.h>

pthread_barrier_t bar;
int a[2];

void *worker(void *arg) {
  int id = (int)(long)arg;
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(id);
  a[id] = 1;
  if (id != 0) {
    __VERIFIER_memory_scope_work_group();
    pthread_barrier_wait(&bar);
  }
  return NULL;
}

int main(void) {
  pthread_t t[2];
  pthread_barrier_init(&bar, NULL, 2);
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], NULL, worker, (void *)(long)i);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], NULL);
  return 0;
}
