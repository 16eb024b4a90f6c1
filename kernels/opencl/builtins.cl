/*
 * builtins.cl -- OpenCL C numeric built-ins on scalars and vectors:
 * convert_int, clamp, popcount, add_sat, max, mul_hi, rotate, fmin, sin,
 * ceil.  Launch: --global-size=2 --local-size=2, a: float[8] (two float4),
 * b: int[2], c: uint[2]; the postconditions pin the values
 * (b[0] == 8, c[0] == 7): no error, 1 execution.
 */
kernel void builtins(global float4 *a, global int *b, global uint *c)
{
    size_t i = get_global_id(0);
    float4 v = a[i];
    a[i] = fmin(sin(v) + ceil(v), (float4)(2.0f));
    b[i] = clamp(convert_int(v.x * 10.0f), -5, 5) + popcount(7u) + add_sat(0x7fffffff, 1) - 0x7fffffff;
    c[i] = max(c[i], 3u) + mul_hi(0x80000000u, 4u) + rotate(1u, 33u);
}
