// Every work-group stores its id into the same slots of `out`: work-items of
// different groups race there (plain stores, no barrier orders groups).
// GPUVerify's --only-intra-group checks races inside a group only: then the
// stores' order is all that is left, and while nothing reads `out` no order
// can be told from another, so gpumc explores one.  A postcondition reading
// `out` makes the order observable: every order is explored again.
// -DLOCAL_RACE adds a race inside each group (on `tile`), reported anyway.
__kernel void stamp(__global int *out, __local int *tile)
{
    int l = get_local_id(0);
    out[l] = get_group_id(0);
#ifdef LOCAL_RACE
    tile[0] = l;
#else
    tile[l] = l;
#endif
}
