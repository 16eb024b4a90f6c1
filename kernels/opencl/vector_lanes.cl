// Work-items write different components of one vector: item 0 the x of a
// __local int4 and of out[0], item 1 their y, item 2 the zw of out[0] at
// once.  A component assignment writes only its lanes, so they do not race;
// after the barrier item 0 reads the whole vector.  -DSAME_LANE: items 0
// and 1 both write x (a data race).
__kernel void lanes(__global int4 *out)
{
    __local int4 v;
    int t = get_local_id(0);
    if (t == 0)
        v.x = 1, out[0].x = 10;
#ifdef SAME_LANE
    if (t == 1)
        v.x = 2, out[0].y = 20;
#else
    if (t == 1)
        v.y = 2, out[0].y = 20;
#endif
    if (t == 2)
        v.zw = (int2)(3, 4), out[0].zw = (int2)(30, 40);
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    if (t == 0)
        out[1] = v;
}
