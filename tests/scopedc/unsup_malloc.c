// Unsupported: dynamic allocation (docs/frontend.md lists malloc as rejected). A user
// includes <stdlib.h> for it; gpumc must answer
// unsup_malloc.c:<line>:<col>: error: unsupported ... at the malloc call, exit 5.
#include <pthread.h>
#include <stdlib.h>

int *buf;

void *worker(void *arg) {
  buf[0] = 1;
  return NULL;
}

int main(void) {
  pthread_t t;
  buf = malloc(4 * sizeof(int));
  pthread_create(&t, NULL, worker, NULL);
  pthread_join(t, NULL);
  return 0;
}
