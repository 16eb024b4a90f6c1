/*
 * local_scratch.cl -- __local memory starts undefined: each work-group
 * stages a tile in a __local array and in a __local buffer the host
 * passes, then reads its neighbour's entries after the barrier.
 * -DREAD_FIRST: the scratch buffer is read before anyone wrote it, a
 * Memory error at line 21.
 */
kernel void mirror(global int *out, local int *scratch)
{
    local int tile[8];
    int l = get_local_id(0);
    tile[l] = l;
#ifndef READ_FIRST
    scratch[l] = 2 * l;
#endif
    barrier(CLK_LOCAL_MEM_FENCE);
#ifndef READ_FIRST
    out[get_global_id(0)] = tile[7 - l] + scratch[7 - l];
#else
    out[get_global_id(0)] = tile[7 - l] +
                            scratch[7 - l];
#endif
}
