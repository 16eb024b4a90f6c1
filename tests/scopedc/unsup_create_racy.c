// A thread that creates a helper only when it sees another thread's flag: which threads
// exist depends on what other threads write, which gpumc does not model (threads are
// found once, by a run of the program before checking).  The execution where the flag
// is seen stops at the pthread_create as unsupported, exit 5 -- not an error of the
// program.
#include <pthread.h>
#include <stdatomic.h>

atomic_int flag;

static void *helper(void *arg) {
  return arg;
}

static void *setter(void *arg) {
  atomic_store_explicit(&flag, 1, memory_order_relaxed);
  return arg;
}

static void *maker(void *arg) {
  if (atomic_load_explicit(&flag, memory_order_relaxed)) {
    pthread_t h;
    pthread_create(&h, NULL, helper, NULL);
    pthread_join(h, NULL);
  }
  return arg;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&b, NULL, maker, NULL); /* (found first: it sees no flag then) */
  pthread_create(&a, NULL, setter, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  return 0;
}
