// Sub-group scans and reductions (cl_khr_subgroups): each sub-group of 32 work-items (the
// last one shorter) scans its inputs, checks the scan against the exclusive scan, the
// reduction and a broadcast, publishes its inclusive sums in local memory and, after a
// sub_group_barrier, reads its right-hand neighbour's.  Launch: --grid=1 --block=40 (a
// sub-group of 32 and one of 8), in = 40 ones: out[i] = the neighbour's lane + 1.
// -DNO_BARRIER: the neighbour's sum is read without the barrier: data race on tmp.
// -DSG=N with --sub-group-size=N: sub-groups of N work-items instead of 32.
// -DDIVERGENT: a second sub_group_barrier that only lanes 0-3 reach: barrier divergence.
#ifndef SG
#define SG 32
#endif
__kernel void subgroups(__global const int *in, __global int *out)
{
    __local int tmp[64];
    uint lid = get_local_id(0), lane = get_sub_group_local_id(), n = get_sub_group_size();
    int x = in[lid];
    int incl = sub_group_scan_inclusive_add(x);
    int total = sub_group_reduce_add(x);
    assert(incl - x == sub_group_scan_exclusive_add(x));
    assert(total == sub_group_broadcast(incl, n - 1));
    assert(get_max_sub_group_size() == SG && get_sub_group_id() == lid / SG &&
           get_num_sub_groups() == (40 + SG - 1) / SG);
    tmp[lid] = incl;
#ifndef NO_BARRIER
    sub_group_barrier(CLK_LOCAL_MEM_FENCE);
#endif
    out[lid] = tmp[lane + 1 < n ? lid + 1 : lid];
#ifdef DIVERGENT
    if (lane < 4)
        sub_group_barrier(CLK_LOCAL_MEM_FENCE);
#endif
}
