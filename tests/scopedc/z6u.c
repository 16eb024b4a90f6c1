// Z6.U: a release store on y, an SC fetch_add on y followed by a relaxed read of y, and an
// SC store to y followed by an SC read of x (the first thread's SC store).  Counts: y's
// three writes are coherence-ordered in 3! = 6 ways (the fetch_add reads its coherence
// predecessor), the relaxed read of y takes the fetch_add's write or a later one, and the
// read of x 0 or 1 where psc allows it: 24 under RC11 (an independent axiomatic
// enumeration of every rf and co choice with RC11's coherence, atomicity, psc and po|rf
// acyclicity agrees; GenMC 0.11 expects 22 for rc11.mo and 14 for rc11.wb).  Under SC,
// the interleavings' outcomes: 18.
#include <pthread.h>
#include <stdatomic.h>

atomic_int x, y;

void *t1(void *arg) {
  atomic_store(&x, 1);
  atomic_store_explicit(&y, 1, memory_order_release);
  return arg;
}

void *t2(void *arg) {
  atomic_fetch_add(&y, 1);
  (void)atomic_load_explicit(&y, memory_order_relaxed);
  return arg;
}

void *t3(void *arg) {
  atomic_store(&y, 3);
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
