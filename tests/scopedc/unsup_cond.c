// Unsupported: condition variables. gpumc must reject the program with
// unsup_cond.c:<line>:<col>: error: unsupported ... and exit 5 (never crash or guess).
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
int ready;

void *waiter(void *arg) {
  pthread_mutex_lock(&m);
  while (!ready)
    pthread_cond_wait(&cv, &m);
  pthread_mutex_unlock(&m);
  return NULL;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, waiter, NULL);
  pthread_mutex_lock(&m);
  ready = 1;
  pthread_cond_signal(&cv);
  pthread_mutex_unlock(&m);
  pthread_join(t, NULL);
  return 0;
}
