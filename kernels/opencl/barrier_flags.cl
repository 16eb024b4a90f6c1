/*
 * barrier_flags.cl -- a barrier's fence flags decide which memory it
 * orders.  Each work-item publishes its id in local memory and in global
 * memory, then reads its right neighbour's copy (within the work-group).
 * Launch: --num-groups=2 --local-size=4 (g: int[8]).
 *
 *   (none)        barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE):
 *                 no error, 1 execution
 *   LOCAL_ONLY    barrier(CLK_LOCAL_MEM_FENCE): the global copy is not
 *                 ordered: data race on g
 *   GLOBAL_ONLY   barrier(CLK_GLOBAL_MEM_FENCE): the local copy is not
 *                 ordered: data race on the local array
 *   NO_FLAGS      barrier(0): orders no memory: data race
 *   WRITER_FLAGS  the flags are computed per work-item: only the work-items
 *                 that read local memory leave out CLK_GLOBAL_MEM_FENCE, and
 *                 nobody reads what they wrote globally: no error (what an
 *                 access's own work-item passes to the barrier decides)
 */
kernel void publish(global int *g)
{
    local int tile[64];
    size_t l = get_local_id(0), n = get_local_size(0);
    size_t right = (l + 1) % n;
    tile[l] = (int)l;
    g[get_global_id(0)] = (int)l;
#if defined(LOCAL_ONLY)
    barrier(CLK_LOCAL_MEM_FENCE);
#elif defined(GLOBAL_ONLY)
    barrier(CLK_GLOBAL_MEM_FENCE);
#elif defined(NO_FLAGS)
    barrier(0);
#elif defined(WRITER_FLAGS)
    volatile int flags = l % 2 ? CLK_LOCAL_MEM_FENCE : CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE;
    barrier(flags);
#else
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
#endif
    int mine = tile[right], expect = (int)right;
#if defined(WRITER_FLAGS)
    if (right % 2 == 0) /* only the work-items whose barrier ordered global memory */
#endif
    {
        mine += g[get_group_id(0) * n + right];
        expect += (int)right;
    }
    assert(mine == expect);
}
