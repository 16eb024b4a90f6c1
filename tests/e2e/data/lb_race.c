// A relaxed LB ring of N threads (as tests/scopedc/lb_host.c) in which a
// thread that read its neighbour's 1 writes z[id % 3] plainly: two such
// threads with the same id % 3 race.  Three races at three lines, each
// only in some executions, deep in the tree: dist_test.sh checks that two
// ranks report what one process does.
#include <pthread.h>
#include <stdatomic.h>

#ifndef N
#define N 12
#endif
atomic_int m[N];
int z[3];

void *worker(void *arg) {
  int id = (int)(long)arg;
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(id);
  __VERIFIER_memory_scope_device();
  int r = atomic_load_explicit(&m[(id + 1) % N], memory_order_relaxed);
  __VERIFIER_memory_scope_device();
  atomic_store_explicit(&m[id], 1, memory_order_relaxed);
  if (r) {
    switch (id % 3) {
    case 0: z[0] = id; break;
    case 1: z[1] = id; break;
    default: z[2] = id; break;
    }
  }
  return NULL;
}

int main(void) {
  pthread_t t[N];
  for (int i = 0; i < N; i++)
    atomic_init(&m[i], 0);
  for (int i = 0; i < N; i++)
    pthread_create(&t[i], NULL, worker, (void *)(long)i);
  for (int i = 0; i < N; i++)
    pthread_join(t[i], NULL);
  return 0;
}
