/*
 * fence_handoff.cl -- one work-item hands a value to another through global
 * memory across a barrier, while the whole work-group also exchanges values
 * through local memory.  barrier(CLK_LOCAL_MEM_FENCE) orders only the local
 * exchange, so the global hand-off is a data race whichever work-items take
 * part (the first to leave the barrier or the last); with
 * CLK_GLOBAL_MEM_FENCE added it is ordered.
 * Launch: --num-groups=1 --local-size=64 (g, out: int[1]).
 *
 *   (none)          item 0 writes, the last item reads: Data race on g
 *   LAST_WRITES     the last item writes, item 0 reads: Data race on g
 *   GLOBAL_FENCE    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE):
 *                   no error, 1 execution, out[0] == 2
 */
kernel void handoff(global int *g, global int *out)
{
    local int tile[64];
    size_t l = get_local_id(0), n = get_local_size(0);
#ifdef LAST_WRITES
    size_t writer = n - 1, reader = 0;
#else
    size_t writer = 0, reader = n - 1;
#endif
    tile[l] = (int)l;
    if (l == writer)
        g[0] = 1;
#ifdef GLOBAL_FENCE
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
#else
    barrier(CLK_LOCAL_MEM_FENCE);
#endif
    if (l == reader)
        out[0] = g[0] + tile[(l + 2) % n] - (int)((l + 2) % n) + 1;
}
