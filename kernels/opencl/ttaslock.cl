/*
 * ttaslock.cl -- a test-and-test-and-set lock protecting a plain counter,
 * one work-item in each of two work-groups (--global-size=2
 * --local-size=1), with OpenCL 2.0 atomics (scope_order.h): spin on a
 * relaxed load until the lock looks free, then try an acquire CAS.
 *   (none)    no error
 *   REL_RLX   relaxed unlock: data race on counter
 *   ACQ_RLX   relaxed CAS: data race on counter
 *   WG_SCOPE  work-group scope across work-groups: heterogeneous race on
 *             the lock word, data race on counter
 */
#include "scope_order.h"

void lock(volatile global atomic_int *l)
{
    for (;;) {
        while (atomic_load_explicit(l, memory_order_relaxed, SCOPE) != 0) {
        }
        int expected = 0;
        if (atomic_compare_exchange_strong_explicit(l, &expected, 1, ACQ,
                                                    memory_order_relaxed, SCOPE))
            break;
    }
}

void unlock(volatile global atomic_int *l)
{
    atomic_store_explicit(l, 0, REL, SCOPE);
}

kernel void ttaslock(volatile global atomic_int *l, global int *counter)
{
    lock(l);
    *counter = *counter + 1;
    unlock(l);
}
