// Unsupported: realloc (malloc, calloc, aligned_alloc and free are modelled; a block's
// size is not kept, so realloc cannot copy it).  gpumc must answer
// unsup_realloc.c:<line>:<col>: error: unsupported: realloc ... at the call, exit 5.
#include <pthread.h>
#include <stdlib.h>

int *buf;

void *worker(void *arg) {
  buf[0] = 1;
  return NULL;
}

int main(void) {
  pthread_t t;
  buf = malloc(2 * sizeof(int));
  buf = realloc(buf, 4 * sizeof(int));
  pthread_create(&t, NULL, worker, NULL);
  pthread_join(t, NULL);
  return 0;
}
