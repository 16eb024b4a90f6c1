// Thread-local variables, as C harnesses use them to name the running
// thread: every thread has its own `tid` and its own `calls` (initial
// value 5), so each worker's slot in `owner` and its checks see only its
// own writes, and there is no race.  With -DSHARED the two variables are
// ordinary globals: the workers' plain writes to `tid` race.
// Derivation: the two relaxed fetch_adds' results are used (each worker
// checks its ticket), so both co orders are explored: 2 executions.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifdef SHARED
#define TLS
#else
#define TLS _Thread_local
#endif

TLS int tid;
TLS int calls = 5;
int owner[3];
atomic_int tickets;

static int my_slot(void) { return tid; }

void *worker(void *arg) {
  tid = *(int *)arg;
  calls++;
  owner[my_slot()] = tid;
  int ticket = atomic_fetch_add_explicit(&tickets, 1, memory_order_relaxed);
  assert(ticket == 0 || ticket == 1);
  assert(calls == 6 && my_slot() == *(int *)arg);
  return NULL;
}

int ids[3] = {0, 1, 2};

int main(void) {
  pthread_t t[2];
  pthread_create(&t[0], NULL, worker, &ids[1]);
  pthread_create(&t[1], NULL, worker, &ids[2]);
  pthread_join(t[0], NULL);
  pthread_join(t[1], NULL);
  assert(owner[1] == 1 && owner[2] == 2 && tid == 0 && calls == 5);
  return 0;
}
