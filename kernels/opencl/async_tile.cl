/*
 * async_tile.cl -- a work-group stages its tile of the input in __local
 * memory with async_work_group_copy, waits for it, and every work-item
 * reads a neighbour's element.  Launch: --num-groups=2 --local-size=4,
 * in: int[8]:1..8, out: int[8], tile: int[4].
 *
 *   (none)    correct: no error, 1 execution; out[i] = in of the next
 *             work-item of the group (wrapping)
 *   NO_WAIT   the wait_group_events is gone: the reads race with the copy
 *   WAIT_ONE  two copies, the group waits for the first event only: the
 *             reads of the second copy race with it
 *   SKIP      the second copy is made by all work-items but the last: an
 *             async copy must be reached by the whole group (divergence)
 *   SAME_DST  the second copy goes to the tile too: two copies in flight
 *             write the same elements (a data race)
 *   EARLY     every work-item peeks at the tile after a barrier but before
 *             the wait: the copy is in flight until the wait (a data race;
 *             the barrier does not complete it)
 */
kernel void async_tile(global const int *in, global int *out, local int *tile)
{
    local int again[64]; /* a second copy of the same tile */
    size_t l = get_local_id(0), n = get_local_size(0);
    event_t e[2];
    e[0] = async_work_group_copy(tile, in + get_group_id(0) * n, n, 0);
#if defined(SKIP)
    if (l + 1 < n)
#endif
#if defined(SAME_DST)
    e[1] = async_work_group_copy(tile, in + get_group_id(0) * n, n, 0);
#else
    e[1] = async_work_group_copy(again, in + get_group_id(0) * n, n, 0);
#endif
#if defined(EARLY)
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    out[get_global_id(0)] = tile[(l + 1) % n];
#endif
#if defined(WAIT_ONE)
    wait_group_events(1, e);
#elif !defined(NO_WAIT)
    wait_group_events(2, e);
#endif
    int mine = tile[(l + 1) % n];
    out[get_global_id(0)] = again[(l + 1) % n] == mine ? mine : -1;
}
