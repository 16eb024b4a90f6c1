// __VERIFIER_ret_CAS() makes the next compare-exchange return the value it read
// instead of success (as in GPUMC); the one after it returns success again.
// Derivation: one thread, 1 execution, every assertion holds.
#include <assert.h>
#include <stdatomic.h>

atomic_int x = 5;

int main(void) {
  int e = 5;
  __VERIFIER_ret_CAS();
  int r = atomic_compare_exchange_strong(&x, &e, 7); // succeeds, read 5
  assert(r == 5);
  e = 3;
  __VERIFIER_ret_CAS();
  r = atomic_compare_exchange_strong(&x, &e, -1); // fails, read 7
  assert(r == 7);
  e = 7;
  r = atomic_compare_exchange_strong(&x, &e, -1); // succeeds: success again
  assert(r == 1);
  __VERIFIER_ret_CAS();
  r = atomic_compare_exchange_strong(&x, &e, 0); // fails, read -1 (sign kept)
  assert(r == -1);
  return 0;
}
