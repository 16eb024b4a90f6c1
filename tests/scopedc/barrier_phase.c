// Two-phase shared array with a CTA barrier: N threads (default 3) of work-group 0 each
// write a[i] = i + 1 (plain), wait at pthread_barrier_wait preceded by the work-group
// annotation, then read a[(i+1) % N] into r[i]. main asserts every r[i] is the neighbour's
// value. -DNO_BARRIER: no barrier.
// Derivation: the barrier makes every phase-1 write hb-before every phase-2 read: each
// read sees its neighbour's write -> 1 execution in every model, no error (a uniformly
// reached barrier adds no branching). -DNO_BARRIER: an SB ring on plain words: 2^3 = 8
// (src11/rc11), SC forbids all-0 -> 7; data races, and the assertion fails whenever a read
// sees 0 (in every model).
#include <assert.h>
#include <pthread.h>

#ifndef N
#define N 3
#endif

pthread_barrier_t bar;
int a[N];
int r[N];

void *worker(void *arg) {
  int id = (int)(long)arg;
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(id);
  a[id] = id + 1;
#ifndef NO_BARRIER
  __VERIFIER_memory_scope_work_group();
  pthread_barrier_wait(&bar);
#endif
  r[id] = a[(id + 1) % N];
  return NULL;
}

int main(void) {
  pthread_t t[N];
  pthread_barrier_init(&bar, NULL, N);
  for (int i = 0; i < N; i++)
    pthread_create(&t[i], NULL, worker, (void *)(long)i);
  for (int i = 0; i < N; i++)
    pthread_join(t[i], NULL);
  for (int i = 0; i < N; i++)
    assert(r[i] == (i + 1) % N + 1);
  return 0;
}
