/*
 * caslock.cl -- a CAS spin lock protecting a plain counter, one work-item
 * in each of two work-groups (--global-size=2 --local-size=1), with
 * OpenCL 2.0 atomics carrying explicit order and scope (scope_order.h).
 *   (none)    acquire CAS / release store, device scope: no error
 *   REL_RLX   relaxed unlock: data race on counter
 *   ACQ_RLX   relaxed lock: data race on counter
 *   WG_SCOPE  work-group scope across work-groups: heterogeneous race on
 *             the lock word, data race on counter
 */
#include "scope_order.h"

void lock(volatile global atomic_int *l)
{
    int expected = 0;
    while (!atomic_compare_exchange_strong_explicit(l, &expected, 1, ACQ,
                                                    memory_order_relaxed, SCOPE))
        expected = 0;
}

void unlock(volatile global atomic_int *l)
{
    atomic_store_explicit(l, 0, REL, SCOPE);
}

kernel void caslock(volatile global atomic_int *l, global int *counter)
{
    lock(l);
    *counter = *counter + 1;
    unlock(l);
}
