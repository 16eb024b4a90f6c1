// Joins as harnesses write them, one pthread_join at a time: in a loop, out
// of order, with accesses between them, with a result pointer.  gpumc makes
// a run of joins of consecutive threads one event (gpumc_join_later); what
// main reads after a join must be what the joined thread wrote, with no
// race, and a read before its writer's join must still race.
// Derivation: the workers write disjoint slots with plain stores and nothing
// else, so there is one execution in every model.  -DEARLY_READ reads slot 3
// after joining workers 0-2 only: a data race with worker 3's write.
// -DSTUCK: worker 3 waits for a flag nobody sets, so main's join never
// completes: a deadlock, and no complete execution.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#define N 4
int slot[N];
int total;
atomic_int flag;

void *worker(void *arg) {
  int id = (int)(long)arg;
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(id);
  slot[id] = id + 1;
#ifdef STUCK
  if (id == N - 1)
    while (!atomic_load_explicit(&flag, memory_order_acquire))
      ;
#endif
  return NULL;
}

int main(void) {
  pthread_t t[N];
  for (int i = 0; i < N; i++)
    pthread_create(&t[i], NULL, worker, (void *)(long)i);
#if defined(OUT_OF_ORDER)
  for (int i = N - 1; i >= 0; i--)
    pthread_join(t[i], NULL);
#elif defined(BETWEEN)
  pthread_join(t[0], NULL);
  pthread_join(t[1], NULL);
  total = slot[0] + slot[1];
  pthread_join(t[2], NULL);
  total += slot[2];
  pthread_join(t[3], NULL);
#elif defined(EARLY_READ)
  for (int i = 0; i < N - 1; i++)
    pthread_join(t[i], NULL);
  total = slot[N - 1];
  pthread_join(t[N - 1], NULL);
#elif defined(RET)
  void *ret;
  for (int i = 0; i < N; i++)
    pthread_join(t[i], &ret);
#else
  for (int i = 0; i < N; i++)
    pthread_join(t[i], NULL);
#endif
  for (int i = 0; i < N; i++)
    assert(slot[i] == i + 1);
  return 0;
}
