// Convergence where the branch a lane takes depends on the order of atomics: each
// thread takes a ticket, the holders of odd tickets form a coalesced group whose
// leader adds the group's size to total, and after the branch the warp runs
// together again, so __activemask() names every lane.  Which lanes hold odd
// tickets depends on the order the tickets are taken: --grid=1 --block=4 gives
// 4! = 24 executions, in each the group is the two holders of tickets 1 and 3
// (asserted, with the broadcast of the leader's old total), and --post pins
// total[0] == 2.
// -DWHOLE_WARP: the group is asserted to be the whole warp: an assertion fails.
#include <cassert>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void tickets(int *next, int *total)
{
    int ticket = atomicAdd(next, 1);
    if (ticket % 2) {
        cg::coalesced_group odd = cg::coalesced_threads();
#ifdef WHOLE_WARP
        assert(odd.size() == blockDim.x);
#else
        assert(odd.size() == blockDim.x / 2);
#endif
        int old = 0;
        if (odd.thread_rank() == 0)
            old = atomicAdd(total, (int)odd.size());
        assert(odd.shfl(old, 0) == 0);
    }
    assert(__activemask() == (1u << blockDim.x) - 1);
}
