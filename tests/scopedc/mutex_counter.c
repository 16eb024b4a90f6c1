// N host threads (default 3) increment a plain counter under a pthread mutex; main
// asserts counter == N. (-DNO_LOCK: without the mutex, see counter_race.c for N=2.)
// Derivation: lock = acquire CAS 0->1 that must succeed (a failed attempt blocks), unlock
// = release store: as the CAS spin lock, N! complete (6 for N=3) and
// sum_{k=1..N-1} C(N,k)*k!*k^(N-k) blocked (15 for N=3), no error.
#include <assert.h>
#include <pthread.h>

#ifndef N
#define N 3
#endif

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int counter;

void *inc(void *arg) {
  pthread_mutex_lock(&m);
  counter++;
  pthread_mutex_unlock(&m);
  return NULL;
}

int main(void) {
  pthread_t t[N];
  for (int i = 0; i < N; i++)
    pthread_create(&t[i], NULL, inc, NULL);
  for (int i = 0; i < N; i++)
    pthread_join(t[i], NULL);
  assert(counter == N);
  return 0;
}
