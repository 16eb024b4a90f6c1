/*
 * ticketlock.cl -- a ticket lock protecting a plain counter, one work-item
 * in each of two work-groups (--global-size=2 --local-size=1), with
 * OpenCL 2.0 atomics carrying explicit order and scope (scope_order.h).
 *   (none)    acquire wait / release hand-over, device scope: no error,
 *             2 executions (one per ticket order)
 *   REL_RLX   relaxed hand-over: data race on counter
 *   ACQ_RLX   relaxed wait: data race on counter
 *   WG_SCOPE  work-group scope across work-groups: heterogeneous races on
 *             next and serving, data race on counter
 */
#include "scope_order.h"

int lock(volatile global atomic_int *next, volatile global atomic_int *serving)
{
    int ticket = atomic_fetch_add_explicit(next, 1, memory_order_relaxed, SCOPE);
    while (atomic_load_explicit(serving, ACQ, SCOPE) != ticket) {
    }
    return ticket;
}

void unlock(volatile global atomic_int *serving, int ticket)
{
    atomic_store_explicit(serving, ticket + 1, REL, SCOPE);
}

kernel void ticketlock(volatile global atomic_int *next,
                       volatile global atomic_int *serving, global int *counter)
{
    int ticket = lock(next, serving);
    *counter = *counter + 1;
    unlock(serving, ticket);
}
