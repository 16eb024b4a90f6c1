/*
 * gv_pairs.cl -- GPUVerify's two-thread annotations, checked unedited:
 * __other_int, __same_group and __exclusive hold for the thread with
 * every other thread of the launch, as GPUVerify's two threads may be any
 * two.  Each work-item of a group of 8 picks a slot, (l * STRIDE) mod 8,
 * the group checks that no two of its work-items picked the same one, and
 * work-item 0 is the group's only leader.
 * Launch: --global-size=16 --local-size=8 --arg out=int[2]
 *
 *   (none)      no error, 1 execution
 *   STRIDE=2    work-items 0 and 4 pick slot 0: an assertion violation
 *               that names the other work-item
 *   LATE        only work-items 5 and 6 pick the same slot: found by
 *               checking each against every other, not against the first
 *   LEADERS     two leaders in a group (l < 2): __exclusive fails
 *   LOADED      __other_int of a value read from memory: the other work-item's
 *               memory state is not this one's -- refused (exit 5)
 */
#ifndef STRIDE
#define STRIDE 3
#endif

__kernel void pick(__global int *out)
{
    __local int slot[8];
    size_t l = get_local_id(0);
#ifdef LATE
    slot[l] = l == 6 ? 5 : (int)l;
#else
    slot[l] = (int)(l * STRIDE % 8);
#endif
    barrier(CLK_LOCAL_MEM_FENCE);
    __assert(__implies(__same_group, slot[l] != slot[__other_int(get_local_id(0))]));
#ifdef LEADERS
    __assert(__implies(__same_group, __exclusive(l < 2)));
#else
    __assert(__implies(__same_group, __exclusive(l == 0)));
#endif
#ifdef LOADED
    __assert(__other_int(slot[l]) >= 0);
#endif
    if (l == 0)
        out[get_group_id(0)] = slot[1];
}
