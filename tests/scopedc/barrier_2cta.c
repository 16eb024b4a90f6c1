// Two-phase ring over 4 threads in 2 work-groups of 2 with a barrier per work-group
// (one pthread barrier of count 2 per group, as GPUMC harnesses write it, or
// __VERIFIER_syncthread() with -DSYNCTHREAD): thread i writes a[i], barrier, reads
// a[(i+1)%4].  With -DONE_OBJECT all four wait on one barrier of count 2: the first two
// to arrive (threads 0 and 1, of different groups) pass together and the race is found
// before a third arrives (a third in the same round would be reported as unsupported:
// pthreads forms rounds by arrival order, which is not modelled). main asserts the two same-CTA reads (threads 0 and 2) see their neighbour.
// Derivation: the barrier orders only within a CTA: threads 0 and 2 read their same-CTA
// neighbour (1 choice each); threads 1 and 3 read across CTAs, 0 or the value each -> 4
// (src11/rc11); SC forbids both cross reads being 0 (cycle through the two barriers)
// -> 3. Data race on the cross-CTA words; the assertion holds.
#include <assert.h>
#include <pthread.h>

pthread_barrier_t bar[2];
int a[4];
int r[4];

void *worker(void *arg) {
  int id = (int)(long)arg;
  __VERIFIER_thread_group_id(id / 2);
  __VERIFIER_thread_local_id(id % 2);
  a[id] = id + 1;
#ifdef SYNCTHREAD
  __VERIFIER_syncthread();
#elif defined(ONE_OBJECT)
  pthread_barrier_wait(&bar[0]);
#else
  pthread_barrier_wait(&bar[id / 2]);
#endif
  r[id] = a[(id + 1) % 4];
  return NULL;
}

int main(void) {
  pthread_t t[4];
  pthread_barrier_init(&bar[0], NULL, 2);
  pthread_barrier_init(&bar[1], NULL, 2);
  for (int i = 0; i < 4; i++)
    pthread_create(&t[i], NULL, worker, (void *)(long)i);
  for (int i = 0; i < 4; i++)
    pthread_join(t[i], NULL);
  assert(r[0] == 2 && r[2] == 4);
  return 0;
}
