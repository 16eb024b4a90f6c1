// Thread arguments in main's locals, as GPUMC harnesses pass them: each
// worker reads its struct (on main's stack) and adds its id to a counter.
// With -DDIV0 the worker of id 0 divides by its id: a crash while checking
// is a finding at that thread (Memory error), never a crash of gpumc (the
// discovery run meets it first and stops that thread).
// Derivation: the two relaxed fetch_adds' results are used (returned), so
// both co orders are explored: 2 executions, main sees 1 in both.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

struct arg { int id, group; };
atomic_int sum;

void *worker(void *p) {
  struct arg *a = p;
  __VERIFIER_thread_group_id(a->group);
  __VERIFIER_thread_local_id(a->id);
  int k = a->id;
#ifdef DIV0
  k = 10 / a->id - 9; /* 1 for id 1 */
#endif
  __VERIFIER_memory_scope_device();
  return (void *)(long)atomic_fetch_add_explicit(&sum, k, memory_order_relaxed);
}

int main(void) {
  pthread_t t[2];
  struct arg args[2];
  for (int i = 0; i < 2; i++) {
    args[i].id = i;
    args[i].group = 0;
    pthread_create(&t[i], NULL, worker, &args[i]);
  }
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], NULL);
  assert(atomic_load_explicit(&sum, memory_order_relaxed) == 1);
  return 0;
}
