// Common, relational and integer built-ins with the values the OpenCL C specification
// gives them, each asserted, on scalars and vectors: select, bitselect, any, all, hadd,
// rhadd, abs_diff, upsample, mix, step, smoothstep, sign, degrees, radians, rsqrt,
// native_divide, maxmag, minmag, atan2pi, isnan, isinf, signbit, isless; vload/vstore,
// dot/length/cross, fract/modf/sincos (private and global outputs), ldexp, pown, rootn,
// ilogb, nan, frexp, remquo, shuffle, shuffle2, vload_half/vstore_half in every rounding
// mode (halves in data[0..3]).  -DWRONG: one expectation is wrong (a vector comparison is -1,
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

    int e, q;
    int2 e2;
    assert(frexp(8.0f, &e) == 0.5f && e == 4 && frexp(-3.0f, &e) == -0.75f && e == 2);
    assert(frexp(0.0f, &e) == 0.0f && e == 0 && frexp(0x1p-140f, &e) == 0.5f && e == -139);
    float2 m2 = frexp((float2)(1.0f, 0.25f), &e2);
    assert(m2.x == 0.5f && m2.y == 0.5f && e2.x == 1 && e2.y == -1);
    assert(remquo(7.0f, 2.0f, &q) == -1.0f && q == 4 && remquo(-7.0f, 2.0f, &q) == 1.0f && q == -4);
    assert(remquo(5.0f, 3.0f, &q) == -1.0f && q == 2);
    int4 r4 = shuffle((int4)(10, 20, 30, 40), (uint4)(3, 2, 1, 7));
    assert(r4.x == 40 && r4.y == 30 && r4.z == 20 && r4.w == 40);
    int4 s4 = shuffle2((int2)(1, 2), (int2)(3, 4), (uint4)(0, 3, 2, 5));
    assert(s4.x == 1 && s4.y == 4 && s4.z == 3 && s4.w == 2);
    float2 f2 = shuffle(v, (uint2)(1, 6));
    assert(f2.x == 2.0f && f2.y == 3.0f);

    __global half *hp = (__global half *)data;
    vstore_half(1.5f, 0, hp);
    assert(((__global ushort *)data)[0] == 0x3e00 && vload_half(0, hp) == 1.5f);
    vstore_half(1.0f + 0x1p-11f, 1, hp);     /* a tie: to the even 1.0 */
    vstore_half_rtp(1.0f + 0x1p-11f, 2, hp); /* up: 1 + 2^-10 */
    assert(vload_half(1, hp) == 1.0f && vload_half(2, hp) == 1.0f + 0x1p-10f);
    vstore_half(65520.0f, 3, hp);            /* past the largest half: infinity */
    vstore_half_rtz(65520.0f, 4, hp);        /* toward zero: 65504 */
    assert(isinf(vload_half(3, hp)) && vload_half(4, hp) == 65504.0f);
    vstore_half(0x1p-24f, 5, hp);            /* the least subnormal */
    vstore_half(0x1p-25f, 6, hp);            /* half of it: a tie, to 0 */
    vstore_half_rtn(-0x1p-25f, 7, hp);       /* down: -2^-24 */
    assert(vload_half(5, hp) == 0x1p-24f && vload_half(6, hp) == 0.0f &&
           vload_half(7, hp) == -0x1p-24f);
    vstore_half2((float2)(-2.0f, 0.5f), 1, hp);
    float4 h4 = vload_half4(0, hp);
    assert(h4.x == 1.5f && h4.y == 1.0f && h4.z == -2.0f && h4.w == 0.5f);
    ushort priv[4];
    vstorea_half3((float3)(1.0f, 2.0f, 3.0f), 0, (__private half *)priv);
    assert(vloada_half3(0, (__private half *)priv).z == 3.0f && priv[1] == 0x4000);
}
