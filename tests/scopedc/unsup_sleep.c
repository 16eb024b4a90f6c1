// Unsupported: a libc call gpumc cannot model (usleep). Rejected with
// "gpumc: error: unsup_sleep.c:<line>:<col>: unsupported ..." when a thread
// reaches it, and exit 5.
#include <pthread.h>
#include <stdatomic.h>
#include <unistd.h>

atomic_int x;

void *worker(void *arg) {
  usleep(10);
  atomic_store_explicit(&x, 1, memory_order_relaxed);
  return NULL;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  pthread_join(t, NULL);
  return 0;
}
