/*
 * divergence.cl -- even and odd work-items of one work-group reach two
 * different barrier statements (--global-size=2 --local-size=2): barrier
 * divergence.
 */
kernel void divergence(global int *out)
{
    size_t l = get_local_id(0);
    if (l % 2 == 0) {
        out[get_global_id(0)] = 1;
        barrier(CLK_GLOBAL_MEM_FENCE);
    } else {
        barrier(CLK_GLOBAL_MEM_FENCE);
    }
}
