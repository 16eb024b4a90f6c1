// Out-of-bounds index: a GPU thread fills a plain int[4] with an off-by-one loop
// (i <= 4). Default: the thread is joined by main; -DIN_MAIN: main itself runs the loop
// after joining a thread that fills the array correctly.
// Derivation: one thread touches the array: 1 execution, stopped at the write of a[4]
// (an execution stopped by a memory error is complete; the erring thread counts as
// ended) -> 1 complete, 0 blocked, memory error, in every model.
#include <pthread.h>

int a[4];

void *fill(void *arg) {
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(0);
#ifdef IN_MAIN
  for (int i = 0; i < 4; i++)
#else
  for (int i = 0; i <= 4; i++)
#endif
    a[i] = i;
  return NULL;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, fill, NULL);
  pthread_join(t, NULL);
#ifdef IN_MAIN
  for (int i = 0; i <= 4; i++)
    a[i] = a[i] + 1;
#endif
  return 0;
}
