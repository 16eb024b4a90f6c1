// pthread barriers count their threads, as in GenMC and GPUMC: three workers share one
// barrier of count 3 for two rounds (main never waits).  Round 1 orders each worker's
// write of a[i] before its neighbour's read; round 2 orders the writes of b[] before the
// reads after it.  -DUNINIT leaves the barrier uninitialised: the first wait is an error
// finding.  -DSHORT initialises it with count 4: three workers wait forever in round 1,
// barrier divergence.
// Derivation: every plain access is ordered by a round: 1 execution, no race, and the
// assertions hold.  UNINIT: the first worker's wait fails: 0 complete.  SHORT: the one
// execution ends with the workers waiting: 0 complete, 1 blocked.
#include <assert.h>
#include <pthread.h>

#define N 3
pthread_barrier_t bar;
int a[N], b[N];

void *worker(void *arg) {
  int i = (int)(long)arg;
  a[i] = i + 1;
  pthread_barrier_wait(&bar);
  b[i] = a[(i + 1) % N] * 10;
  pthread_barrier_wait(&bar);
  assert(b[(i + 1) % N] == ((i + 2) % N + 1) * 10);
  return NULL;
}

int main(void) {
  pthread_t t[N];
#ifndef UNINIT
#ifdef SHORT
  pthread_barrier_init(&bar, NULL, N + 1);
#else
  pthread_barrier_init(&bar, NULL, N);
#endif
#endif
  for (int i = 0; i < N; i++)
    pthread_create(&t[i], NULL, worker, (void *)(long)i);
  return 0;
}
