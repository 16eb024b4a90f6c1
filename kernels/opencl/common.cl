// Common, relational and integer built-ins with the values the OpenCL C specification
// gives them, each asserted, on scalars and vectors: select, bitselect, any, all, hadd,
// rhadd, abs_diff, upsample, mix, step, smoothstep, sign, degrees, radians, rsqrt,
// native_divide, maxmag, minmag, atan2pi, isnan, isinf, signbit, isless; vload/vstore,
// dot/length/cross, fract/modf/sincos (private and global outputs), ldexp, pown, rootn,
// ilogb, nan.  -DWRONG: one expectation is wrong (a vector comparison is -1,
// not 1): Assertion violation.
__kernel void common_builtins(__global float *data)
{
    float4 v = (float4)(1.0f, 2.0f, 3.0f, 4.0f);
    float4 s = select(v, (float4)(0.0f), (int4)(-1, 0, -1, 0));
    assert(s.x == 0.0f && s.y == 2.0f && s.z == 0.0f && s.w == 4.0f);
    assert(select(1.0f, 2.0f, 1) == 2.0f && select(1u, 2u, 0u) == 1u);
    assert(bitselect(0x0Fu, 0xF0u, 0xFFu) == 0xF0u && bitselect(1.0f, 2.0f, 0.0f) == 1.0f);
    assert(any((int4)(0, 0, 0, -1)) == 1 && all((int4)(-1, -1, 0, -1)) == 0 && all((int2)(-1)) == 1);
    assert(hadd(3, 4) == 3 && rhadd(3, 4) == 4 && hadd(INT_MAX, INT_MAX) == INT_MAX);
    assert(abs_diff(1, 3) == 2u && abs_diff(INT_MIN, INT_MAX) == UINT_MAX);
    assert(upsample((short)1, (ushort)2) == 65538 && upsample((uchar)0xAB, (uchar)0xCD) == 0xABCD);
    assert(mix(1.0f, 2.0f, 0.5f) == 1.5f && mix(v, v * 2.0f, 0.5f).w == 6.0f);
    assert(step(0.5f, 1.0f) == 1.0f && step(1.0f, 0.5f) == 0.0f && step(2.5f, v).z == 1.0f);
    assert(smoothstep(0.0f, 1.0f, 0.5f) == 0.5f && sign(-2.0f) == -1.0f && sign(0.0f) == 0.0f);
    assert(fabs(degrees(M_PI_F) - 180.0f) < 1e-3f && fabs(radians(180.0f) - M_PI_F) < 1e-6f);
    assert(rsqrt(4.0f) == 0.5f && native_divide(1.0f, 4.0f) == 0.25f && atan2pi(1.0f, 1.0f) == 0.25f);
    assert(maxmag(1.0f, -2.0f) == -2.0f && minmag(1.0f, -2.0f) == 1.0f);
    assert(isnan(NAN) == 1 && isinf(INFINITY) == 1 && signbit(-0.0f) == 1 && isless(1.0f, 2.0f) == 1);
#ifdef WRONG
    assert(isnan((float4)(NAN)).x == 1);
#else
    assert(isnan((float4)(NAN)).x == -1);
#endif
    vstore4(v.wzyx, 1, data);
    float4 back = vload4(1, data);
    assert(back.x == 4.0f && vload3(0, data + 4).z == 2.0f);
    float3 c = cross((float3)(1.0f, 0.0f, 0.0f), (float3)(0.0f, 1.0f, 0.0f));
    assert(c.z == 1.0f && dot(v, v) == 30.0f && length((float2)(3.0f, 4.0f)) == 5.0f);
    float ip, cs;
    float4 ip4;
    assert(fract(1.25f, &ip) == 0.25f && ip == 1.0f && modf(-2.5f, &ip) == -0.5f && ip == -2.0f);
    assert(sincos(0.0f, &cs) == 0.0f && cs == 1.0f && fract(v + 0.5f, &ip4).w == 0.5f && ip4.w == 4.0f);
    assert(fract(3.75f, &data[7]) == 0.75f && data[7] == 3.0f);
    assert(ldexp(1.5f, 2) == 6.0f && pown(2.0f, 3) == 8.0f && rootn(-8.0f, 3) == -2.0f);
    assert(ilogb(8.0f) == 3 && isnan(nan(1u)) && ldexp((float2)(1.0f), (int2)(3)).y == 8.0f);
}
