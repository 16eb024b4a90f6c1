// A stack of malloc'd nodes written in GenMC's style (<genmc.h>: __VERIFIER_spawn and
// _join, a hazard-pointer load, hints): two pushers publish nodes with a release CAS, a
// peeker reads the top node's value through an acquire load; main walks the stack
// after the joins, checks a calloc'd block is zeroed and frees everything.
//   (default)    no error
//   -DRELAXED    the CAS publishes with relaxed order: the peeker's read of n->v races
//                with the pusher's write
//   -DBAD_FREE   main frees a local variable: a memory error
#include <assert.h>
#include <genmc.h>
#include <stdatomic.h>
#include <stdlib.h>

#ifdef RELAXED
#define PUBLISH memory_order_relaxed
#else
#define PUBLISH memory_order_release
#endif

struct node {
  int v;
  struct node *next;
};
_Atomic(struct node *) top;

static void *push(void *arg) {
  struct node *n = malloc(sizeof *n);
  struct node *old = atomic_load_explicit(&top, memory_order_relaxed);
  n->v = (int)(long)arg;
  __VERIFIER_loop_begin();
  do {
    n->next = old;
  } while (!atomic_compare_exchange_weak_explicit(&top, &old, n, PUBLISH,
                                                  memory_order_relaxed));
  return NULL;
}

static void *peek(void *arg) {
  __VERIFIER_hp_t *hp = __VERIFIER_hp_alloc();
  struct node *n = __VERIFIER_hp_protect(hp, &top);
  (void)arg;
  if (n)
    assert(n->v > 0);
  __VERIFIER_hp_clear(hp);
  return NULL;
}

int main(void) {
  __VERIFIER_thread_t a = __VERIFIER_spawn(push, (void *)1L);
  __VERIFIER_thread_t b = __VERIFIER_spawn_symmetric(push, (void *)2L, a);
  __VERIFIER_thread_t c = __VERIFIER_spawn(peek, NULL);
  __VERIFIER_join(a);
  __VERIFIER_join_symmetric(b);
  __VERIFIER_join(c);
  int sum = 0, k = 0;
  struct node *n = atomic_load_explicit(&top, memory_order_relaxed);
  while (n) {
    struct node *next = n->next;
    sum += n->v;
    k++;
    free(n);
    n = next;
  }
  assert(sum == 3 && k == 2);
  int *z = calloc(4, sizeof(int));
  assert(z && z[3] == 0 && ((long)z & 15) == 0);
  free(z);
  free(NULL);
#ifdef BAD_FREE
  free(&sum);
#endif
  return 0;
}
