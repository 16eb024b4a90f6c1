// A lock taken through a helper that sets its compare-exchange's `expected` afresh on
// every attempt, as C code usually does.  A failed attempt overwrites `expected`, yet
// nothing the next attempt does depends on it, so the attempt is a spin like any failed
// CAS (docs/frontend.md, Loops): one execution per order of acquisition, N! (as
// lock_cas.c), where the failed attempts were executions of their own before.
//   -DN=3       3! = 6
//   -DREAD_OLD  the loop keeps what the failed attempt saw: the first failure changes
//               the thread's state (0 -> 1), so it is an execution of its own; the
//               second is a spin -- more executions
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifndef N
#define N 2
#endif

atomic_int lock;
int shared, seen[N];

static int try_lock(int *old) {
  int expected = 0;
  int ok = atomic_compare_exchange_strong_explicit(&lock, &expected, 1, memory_order_acquire,
                                                   memory_order_relaxed);
  *old = expected;
  return ok;
}

static void *worker(void *arg) {
  int id = (int)(long)arg, old = 0, fails = 0;
  while (!try_lock(&old)) {
#ifdef READ_OLD
    fails = old;
#endif
  }
  shared = id;
  assert(shared == id);
  seen[id] = fails;
  atomic_store_explicit(&lock, 0, memory_order_release);
  return NULL;
}

int main(void) {
  pthread_t t[N];
  for (int i = 0; i < N; i++)
    pthread_create(&t[i], NULL, worker, (void *)(long)i);
  for (int i = 0; i < N; i++)
    pthread_join(t[i], NULL);
  return 0;
}
