// CUDA's integer, conversion and special-function intrinsics and the clock, each result
// asserted (values from the CUDA Math API's definitions).  One thread; -DWRONG: one
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
    __nanosleep(1000);
    long long t1 = clock64();
    assert(t1 > t0 && clock() > c0);
    out[0] = (int)(t1 - t0);
}
