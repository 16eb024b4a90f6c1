/*
 * mp.cl -- message passing from work-group 0 to work-group 1
 * (--global-size=2 --local-size=1) with a release store and an acquire
 * load of the flag (scope_order.h).
 *   (none)    device scope: no error, 2 executions
 *   WG_SCOPE  work-group scope does not include the other group:
 *             heterogeneous race on flag, data race on data, 3 executions
 */
#include "scope_order.h"

kernel void mp(global int *data, volatile global atomic_int *flag,
               global int *out)
{
    if (get_group_id(0) == 0) {
        data[0] = 42;
        atomic_store_explicit(flag, 1, REL, SCOPE);
    } else if (atomic_load_explicit(flag, ACQ, SCOPE) == 1) {
        out[0] = data[0];
    }
}
