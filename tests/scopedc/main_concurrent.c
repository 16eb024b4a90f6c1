// main writes a plain int after creating the thread (before joining it): the write is
// concurrent with the thread's read.
// Derivation: the thread reads the initial value or main's write -> 2 in every model;
// a data race between main's write and the thread's read (neither hb-before the other).
#include <pthread.h>

int data;
int r;

void *reader(void *arg) {
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(0);
  r = data;
  return NULL;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, reader, NULL);
  data = 1;
  pthread_join(t, NULL);
  return 0;
}
