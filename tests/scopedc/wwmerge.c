// Two SC stores to x in one thread; an acquire read of x then an SC read of y; an SC
// store to y then an SC read of x.  Counts: 18 under RC11 (an independent axiomatic
// enumeration of every rf and co choice agrees, as does GenMC 0.11's rc11.wb count;
// its rc11.mo count is 17).  Under SC, the interleavings' outcomes: 15.
#include <pthread.h>
#include <stdatomic.h>

atomic_int x, y;

void *t1(void *arg) {
  (void)atomic_load_explicit(&x, memory_order_acquire);
  (void)atomic_load(&y);
  return arg;
}

void *t2(void *arg) {
  atomic_store(&x, 1);
  atomic_store(&x, 2);
  return arg;
}

void *t3(void *arg) {
  atomic_store(&y, 1);
  (void)atomic_load(&x);
  return arg;
}

int main(void) {
  pthread_t a, b, c;
  pthread_create(&a, NULL, t1, NULL);
  pthread_create(&b, NULL, t2, NULL);
  pthread_create(&c, NULL, t3, NULL);
  return 0;
}
