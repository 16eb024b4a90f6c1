// CUDA's integer, conversion and special-function intrinsics, the math functions with
// pointer outputs (frexp, modf, remquo; the output in global memory too) and the clock,
// each result asserted (values from the CUDA Math API's definitions).  One thread; -DWRONG: one
// expectation is off by one (__byte_perm's selector 7 picks y's top byte): Assertion
// violation at that line.
__global__ void intrinsics(int *out)
{
    long long t0 = clock64();
    long c0 = clock();
    assert(__sad(3, 5, 1u) == 3 && __usad(10u, 4u, 2u) == 8);
#ifdef WRONG
    assert(__byte_perm(0x11223344u, 0x55667788u, 0x7531) == 0x55771134u);
#else
    assert(__byte_perm(0x11223344u, 0x55667788u, 0x7531) == 0x55771133u);
#endif
    assert(__hadd(3, 4) == 3 && __rhadd(3, 4) == 4 && __uhadd(0xffffffffu, 1u) == 0x80000000u);
    assert(__brevll(1ull) == 1ull << 63 && __mul64hi(1ll << 62, 8) == 2 && __umul64hi(~0ull, 2ull) == 1);
    assert(__float2int_rn(2.5f) == 2 && __float2int_ru(2.1f) == 3 && __float2int_rd(-2.1f) == -3 &&
           __float2int_rz(-2.9f) == -2 && __double2ll_rn(-3.5) == -4 && __float2uint_rn(7.5f) == 8u);
    assert(fabsf(erfinvf(0.5f) - 0.4769363f) < 1e-5f && fabs(erfcinv(1.0)) < 1e-12);
    assert(normcdff(0.0f) == 0.5f && fabsf(normcdfinvf(0.975f) - 1.959964f) < 1e-4f);
    assert(fabsf(sinpif(0.5f) - 1.0f) < 1e-6f && fabsf(rcbrtf(8.0f) - 0.5f) < 1e-6f);
    assert(__hiloint2double(0x40000000, 0) == 2.0 && __double2hiint(-2.0) == (int)0xc0000000 &&
           __double2loint(__hiloint2double(1, 7)) == 7);
    double sp, cp;
    sincospi(0.5, &sp, &cp);
    assert(fabs(sp - 1.0) < 1e-12 && fabs(cp) < 1e-12 && fabs(exp10(2.0) - 100.0) < 1e-9);
    assert(norm3d(2.0, 3.0, 6.0) == 7.0 && rnorm4df(1.0f, 1.0f, 1.0f, 1.0f) == 0.5f &&
           rhypot(3.0, 4.0) == 0.2);
    assert(cyl_bessel_i0(0.0) == 1.0 && fabs(cyl_bessel_i0(1.0) - 1.2660658777520082) < 1e-12 &&
           fabsf(cyl_bessel_i1f(2.0f) - 1.5906369f) < 1e-6f);
    int e, q;
    float ip;
    assert(frexp(8.0f, &e) == 0.5f && e == 4 && frexpf(-3.0f, &e) == -0.75f && e == 2);
    assert(frexp(8.0, &out[0]) == 0.5 && out[0] == 4); /* the output is a checked store */
    assert(modff(2.5f, &ip) == 0.5f && ip == 2.0f && remquof(7.0f, 2.0f, &q) == -1.0f && q == 4);
    assert(ilogbf(8.0f) == 3 && logbf(8.0f) == 3.0f && scalbnf(1.0f, 3) == 8.0f &&
           nextafterf(1.0f, 2.0f) == 1.0f + 0x1p-23f);
    assert(max(5.0e-37, 1.0f) == 1.0 && min(2.0f, 3.0) == 2.0 && max(-1, 3u) == 0xffffffffu);
    __nanosleep(1000);
    long long t1 = clock64();
    assert(t1 > t0 && clock() > c0);
    out[0] = (int)(t1 - t0);
}
