// Three host threads increment a counter under a pthread mutex.
// launch: (none)
// expect: no error, 3! = 6 executions; with -DNO_LOCK a data race.
#include <assert.h>
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int counter;

void *inc(void *arg) {
#ifndef NO_LOCK
  pthread_mutex_lock(&m);
#endif
  counter++;
#ifndef NO_LOCK
  pthread_mutex_unlock(&m);
#endif
  return NULL;
}

int main() {
  pthread_t t[3];
  for (int i = 0; i < 3; i++)
    pthread_create(&t[i], NULL, inc, NULL);
  for (int i = 0; i < 3; i++)
    pthread_join(t[i], NULL);
  assert(counter == 3);
  return 0;
}
