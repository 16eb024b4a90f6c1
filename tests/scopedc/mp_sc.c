// MP, all seq_cst (plain accesses to _Atomic int objects are seq_cst), system scope (no
// annotation), reader in work-group 1. main asserts not (y=1, x=0).
// Derivation: sys scope includes every thread, sc implies release/acquire: y=1 => x=1
// -> 3 in every model, no error.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

_Atomic int x, y;
int r0, r1;

void *writer(void *arg) {
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(0);
  x = 1;
  y = 1;
  return NULL;
}

void *reader(void *arg) {
  __VERIFIER_thread_group_id(1);
  __VERIFIER_thread_local_id(0);
  r0 = y;
  r1 = x;
  return NULL;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, writer, NULL);
  pthread_create(&b, NULL, reader, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  assert(!(r0 == 1 && r1 == 0));
  return 0;
}
