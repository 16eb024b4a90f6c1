/*
 * reduce.cl -- work-group tree reduction in local memory, 2 work-groups of
 * 4 (--global-size=8 --local-size=4) over in = {1, ..., 8}.
 *   (none)           barrier(CLK_LOCAL_MEM_FENCE) after every step: no
 *                    error, 1 execution (out = {10, 26})
 *   MISSING_BARRIER  no barrier inside the loop: work-item 0 reads s[1]
 *                    while work-item 1 still adds into it -- data race
 */
#ifndef WG /* the work-group size (bench/kernels.sh: 256) */
#define WG 4
#endif

kernel void reduce(global const int *in, global int *out)
{
    local int s[WG];
    uint t = get_local_id(0);
    s[t] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint stride = WG / 2; stride > 0; stride >>= 1) {
        if (t < stride)
            s[t] += s[t + stride];
#ifndef MISSING_BARRIER
        barrier(CLK_LOCAL_MEM_FENCE);
#endif
    }
    if (t == 0)
        out[get_group_id(0)] = s[0];
}
