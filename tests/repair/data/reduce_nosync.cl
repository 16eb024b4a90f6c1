// The same reduction in OpenCL, one work-group of 4 (--global-size=4
// --local-size=4): 2 barriers inserted, with both fence flags.
__kernel void reduce(__global const int *in, __global int *out, __local int *s)
{
    int t = get_local_id(0);
    s[t] = in[get_global_id(0)];
    for (int k = get_local_size(0) / 2; k > 0; k /= 2) {
        if (t < k) {
            s[t] += s[t + k];
        }
    }
    if (t == 0)
        out[get_group_id(0)] = s[0];
}
