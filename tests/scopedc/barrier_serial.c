// pthread_barrier_wait returns PTHREAD_BARRIER_SERIAL_THREAD to one waiter of each round
// and 0 to the others; pthreads does not say which.  Three workers wait twice on a barrier
// of count 3; the serial waiter of round 1 counts itself and says who it is.  After round 2
// (whose result is unused) every worker checks that exactly one was serial.  -DFIRST
// checks instead that worker 0 was: wrong, any worker may be.
// Derivation: the serial waiter is the last to arrive; the three arrivals of round 1 are
// ordered in 3! = 6 ways, each its own execution (round 2 adds none: its result is not
// looked at).  Exactly one worker is serial in each: no error.  FIRST: the executions where
// worker 1 or 2 arrives last fail the assertion.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#define N 3
pthread_barrier_t bar;
atomic_int serials;
int who = -1;

void *worker(void *arg) {
  int i = (int)(long)arg;
  int r = pthread_barrier_wait(&bar);
  assert(r == 0 || r == PTHREAD_BARRIER_SERIAL_THREAD);
  if (r == PTHREAD_BARRIER_SERIAL_THREAD) {
    atomic_fetch_add_explicit(&serials, 1, memory_order_relaxed);
    who = i;
  }
  pthread_barrier_wait(&bar);
#ifdef FIRST
  assert(who == 0);
#else
  assert(atomic_load_explicit(&serials, memory_order_relaxed) == 1 && who >= 0);
#endif
  return NULL;
}

int main(void) {
  pthread_t t[N];
  pthread_barrier_init(&bar, NULL, N);
  for (int i = 0; i < N; i++)
    pthread_create(&t[i], NULL, worker, (void *)(long)i);
  for (int i = 0; i < N; i++)
    pthread_join(t[i], NULL);
  return 0;
}
