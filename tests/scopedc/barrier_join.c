// A pthread barrier of count 2 that only one of two threads reaches, and main joins both.
// Derivation: one execution; thread 0 waits at the barrier forever, so main's join of it
// never returns. Default: barrier divergence (the barrier is reached by 1 thread).
// --divergence=ignore: the execution is blocked by the barrier, not a deadlock of main's
// join: 0 complete + 1 blocked, incomplete (exit 3), no finding.
#include <pthread.h>

pthread_barrier_t b;

void *worker(void *arg) {
  if (arg)
    return NULL;
  pthread_barrier_wait(&b);
  return NULL;
}

int main(void) {
  pthread_t t0, t1;
  pthread_barrier_init(&b, NULL, 2);
  pthread_create(&t0, NULL, worker, (void *)0);
  pthread_create(&t1, NULL, worker, (void *)1);
  pthread_join(t0, NULL);
  pthread_join(t1, NULL);
  return 0;
}
