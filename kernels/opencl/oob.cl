/*
 * oob.cl -- an off-by-one into local memory (--global-size=2
 * --local-size=2): work-item 1 writes tile[2], one past the end of the
 * 2-element local array -- memory error.
 */
kernel void oob(global int *out)
{
    local int tile[2];
    size_t l = get_local_id(0);
    tile[l + 1] = (int)l;
    out[get_global_id(0)] = (int)l;
}
