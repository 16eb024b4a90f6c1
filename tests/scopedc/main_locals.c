// main's locals handed to the threads it creates: a struct on main's stack that the
// workers update, and a counter reached through a pointer main stores in it.  They are
// one object per execution, as globals are, and the workers' accesses are checked.
//   (default)  each worker adds to the atomic field: no error
//   -DRACE     each worker also increments the plain field: a data race
//   -DVIA_PTR  the workers increment the plain counter main's struct points to: a data
//              race on a local main only stored the address of
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

struct box {
  int n;
  atomic_int a;
  int *count;
};

static void *worker(void *arg) {
  struct box *b = arg;
  atomic_fetch_add_explicit(&b->a, 1, memory_order_relaxed);
#ifdef RACE
  b->n++;
#endif
#ifdef VIA_PTR
  (*b->count)++;
#endif
  return NULL;
}

int main(void) {
  int count = 0;
  struct box b = {0, 0, &count};
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], NULL, worker, &b);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], NULL);
  assert(atomic_load_explicit(&b.a, memory_order_relaxed) == 2);
  return count;
}
