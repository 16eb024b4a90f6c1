// Spin locks in GPUMC's scoped-C form, for bench/locks.sh: GROUPS work-groups of TPB
// threads each take the lock once and increment a plain counter; main checks the total.
//   -DCAS     CAS lock:    while (!CAS(l, 0 -> 1, acquire)) ;            unlock: store 0
//   -DTICKET  ticket lock: t = fetch_add(next, 1); while (owner != t) ;  unlock: owner = t + 1
//   -DTTAS    TTAS lock:   do { while (l) ; } while (exchange(l, 1)) ;    unlock: store 0
// Device scope throughout (-DWG: work-group scope, racy across groups).
// The CAS and ticket locks have one complete execution per acquisition order,
// (GROUPS*TPB)! (ticket: the fetch_add order is the acquisition order); the TTAS lock
// more: (n!)^2 = 4, 36, 576, ..., 518,400 for 3x2 (the count GPUMC and GenMC give
// for GPUMC's own ttaslock 3x2), its failed exchanges being writes that others read.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifndef GROUPS
#define GROUPS 4
#endif
#ifndef TPB
#define TPB 2
#endif
#define N (GROUPS * TPB)

#ifdef WG
#define SCOPE() __VERIFIER_memory_scope_work_group()
#else
#define SCOPE() __VERIFIER_memory_scope_device()
#endif

atomic_int lock_word, next_ticket, owner;
int counter;

static int lock(void)
{
#if defined(TICKET)
    SCOPE();
    int t = atomic_fetch_add_explicit(&next_ticket, 1, memory_order_relaxed);
    for (;;) {
        SCOPE();
        if (atomic_load_explicit(&owner, memory_order_acquire) == t)
            return t;
    }
#elif defined(TTAS)
    for (;;) {
        SCOPE();
        while (atomic_load_explicit(&lock_word, memory_order_relaxed) != 0)
            ;
        SCOPE();
        if (!atomic_exchange_explicit(&lock_word, 1, memory_order_acquire))
            return 0;
    }
#else
    int e = 0;
    SCOPE();
    while (!atomic_compare_exchange_strong_explicit(&lock_word, &e, 1, memory_order_acquire,
                                                    memory_order_relaxed))
        e = 0;
    return 0;
#endif
}

static void unlock(int t)
{
    SCOPE();
#if defined(TICKET)
    atomic_store_explicit(&owner, t + 1, memory_order_release);
#else
    (void)t;
    atomic_store_explicit(&lock_word, 0, memory_order_release);
#endif
}

static void *worker(void *arg)
{
    int id = (int)(long)arg;
    __VERIFIER_thread_group_id(id / TPB);
    __VERIFIER_thread_local_id(id % TPB);
    int t = lock();
    counter = counter + 1;
    unlock(t);
    return NULL;
}

int main(void)
{
    pthread_t th[N];
    for (int i = 0; i < N; i++)
        pthread_create(&th[i], NULL, worker, (void *)(long)i);
    for (int i = 0; i < N; i++)
        pthread_join(th[i], NULL);
    assert(counter == N);
    return 0;
}
