// Two host threads increment a plain counter without synchronisation (counter++ is a
// load then a store); main asserts counter == 2.
// Derivation: co of the two writes (2 orders); the co-first writer's read must see 0
// (reading the other write would put its own write co-before the write it read); the
// other reads 0 or the first write -> 2 per order = 4 in every model (SC: the lost
// update R1 R2 W W in both write orders, or serial). Data race; the assertion fails on
// the lost update (in every model).
#include <assert.h>
#include <pthread.h>

int counter;

void *inc(void *arg) {
  counter++;
  return NULL;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, inc, NULL);
  pthread_create(&b, NULL, inc, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  assert(counter == 2);
  return 0;
}
