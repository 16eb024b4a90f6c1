// The rest of the C11 atomic API: atomic_init in main before the threads start,
// fetch_sub / fetch_xor / fetch_or (explicit), ++ and += on an _Atomic int (seq_cst RMWs),
// and in main after the joins atomic_load, atomic_fetch_and and a weak CAS (non-explicit:
// seq_cst). T0: c -= 3 (rlx); f |= 1 (release); n++. T1: f |= 2 (acquire); c ^= 1 (rlx);
// n += 2. Threads in work-group 0, device scope. main asserts the final values.
// Derivation: each location gets two RMWs (2 co orders each). f: T0 then T1 -> T1's
// acquire reads T0's release: sw, so T0's c-RMW is hb- hence co-before T1's: 1 order of c;
// f: T1 then T0 -> no sw (T1's is not release, T0's not acquire): 2 orders of c. n: 2
// orders (only the two sc RMWs are in psc: no cycle). (1 + 2) x 2 = 6 in every model
// (SC: the same 6 interleavings exist). No race (atomic_init is hb-before by create;
// main's accesses are hb-after by join), no error: the weak CAS never fails spuriously.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int c, f;
_Atomic int n;

void *t0(void *arg) {
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(0);
  __VERIFIER_memory_scope_device();
  atomic_fetch_sub_explicit(&c, 3, memory_order_relaxed);
  __VERIFIER_memory_scope_device();
  atomic_fetch_or_explicit(&f, 1, memory_order_release);
  __VERIFIER_memory_scope_device();
  n++;
  return NULL;
}

void *t1(void *arg) {
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(1);
  __VERIFIER_memory_scope_device();
  atomic_fetch_or_explicit(&f, 2, memory_order_acquire);
  __VERIFIER_memory_scope_device();
  atomic_fetch_xor_explicit(&c, 1, memory_order_relaxed);
  __VERIFIER_memory_scope_device();
  n += 2;
  return NULL;
}

int main(void) {
  pthread_t a, b;
  atomic_init(&c, 10);
  atomic_init(&f, 0);
  pthread_create(&a, NULL, t0, NULL);
  pthread_create(&b, NULL, t1, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  int vc = atomic_load(&c);
  assert(vc == 6 || vc == 8); /* (10 - 3) ^ 1 or (10 ^ 1) - 3 */
  assert(atomic_fetch_and(&f, 1) == 3);
  assert(atomic_load(&f) == 1);
  int e = 3;
  assert(atomic_compare_exchange_weak(&n, &e, 4));
  assert(n == 4);
  return 0;
}
