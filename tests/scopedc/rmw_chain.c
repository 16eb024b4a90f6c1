// RMW chain: N threads (default 3, -DN=4) each atomic_fetch_add_explicit(&x, 1, MO) and
// store the old value in r[i]. MO: default relaxed; -DAR acq_rel; -DSC seq_cst.
// Placement: default one work-group, device scope; -DXCTA -DWG: thread i alone in
// work-group i with work-group scope. main asserts x == N and the old values sum to
// 0+1+...+N-1.
// Derivation: atomicity makes each RMW read its co-predecessor: one execution per co
// order of the N writes = N! (6 for 3, 24 for 4) in every model, no error.
// -DXCTA -DWG: atomicity holds whatever the scopes: still N!, with heterogeneous races.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifndef N
#define N 3
#endif
#if defined(SC)
#define MO memory_order_seq_cst
#elif defined(AR)
#define MO memory_order_acq_rel
#else
#define MO memory_order_relaxed
#endif
#ifdef XCTA
#define PLACE(i) __VERIFIER_thread_group_id(i); __VERIFIER_thread_local_id(0)
#else
#define PLACE(i) __VERIFIER_thread_group_id(0); __VERIFIER_thread_local_id(i)
#endif
#ifdef WG
#define SCOPE() __VERIFIER_memory_scope_work_group()
#else
#define SCOPE() __VERIFIER_memory_scope_device()
#endif

atomic_int x;
int r[N];

void *worker(void *arg) {
  int id = (int)(long)arg;
  PLACE(id);
  SCOPE();
  r[id] = atomic_fetch_add_explicit(&x, 1, MO);
  return NULL;
}

int main(void) {
  pthread_t t[N];
  for (int i = 0; i < N; i++)
    pthread_create(&t[i], NULL, worker, (void *)(long)i);
  for (int i = 0; i < N; i++)
    pthread_join(t[i], NULL);
  int sum = 0;
  for (int i = 0; i < N; i++)
    sum += r[i];
  assert(atomic_load_explicit(&x, memory_order_relaxed) == N);
  assert(sum == N * (N - 1) / 2);
  return 0;
}
