// Per-group counters in local memory merged into a global one, the
// increments written as plain statements (--global-size=4
// --local-size=2).  Repair: `n[0] = n[0] + 1` -> atomic_add(&n[0], 1),
// `--left[0]` -> atomic_dec(&left[0]) and `sum[0] |= bit` ->
// atomic_or(&sum[0], bit) (3 edits).
__kernel void merge(__global int *sum, __global int *left, __local int *n)
{
    int bit = 1 << get_local_id(0);
    if (get_local_id(0) == 0)
        n[0] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    n[0] = n[0] + 1;
    --left[0];
    sum[0] |= bit;
}
