/*
 * local_sum.cl -- a work-group sum in __local scratch memory passed as a
 * kernel argument (the host's clSetKernelArg(k, 2, size, NULL)), one
 * result per work-group.  Launch: --global-size=8 --local-size=4
 * (in: int[8], scratch: int[4]).
 *
 *   (none)           correct: no error, 1 execution
 *   MISSING_BARRIER  no barrier between the writes and the reads of the
 *                    scratch array: data race on scratch
 */
kernel void local_sum(global const int *in, global int *out, local int *scratch)
{
    size_t l = get_local_id(0), n = get_local_size(0);
    scratch[l] = in[get_global_id(0)];
#ifndef MISSING_BARRIER
    barrier(CLK_LOCAL_MEM_FENCE);
#endif
    if (l == 0) {
        int total = 0;
        for (size_t i = 0; i < n; i++)
            total += scratch[i];
        out[get_group_id(0)] = total;
#ifndef MISSING_BARRIER
        assert(total == (int)n);
#endif
    }
}
