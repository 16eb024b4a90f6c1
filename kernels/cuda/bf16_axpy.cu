/*
 * bf16_axpy.cu -- y = a * x + y in bfloat16 (cuda_bf16.h), two lanes per
 * thread as a __nv_bfloat162, and a block total added into a global
 * __nv_bfloat16 with atomicAdd (1 CTA x 4 threads, --block=4; x: 4 pairs
 * of 1.5, y: 4 pairs of 0.25, a = 2 -- all exact in bfloat16).
 *
 *   (none)   correct: every lane becomes 3.25, checked; the total 26
 *            (0x41d0) is pinned by a --post
 *   PLAIN    the total is added with a plain += : a data race
 */
#include <cuda_bf16.h>

__global__ void axpy(const __nv_bfloat162 *x, __nv_bfloat162 *y, __nv_bfloat16 *total)
{
    unsigned t = threadIdx.x;
    __nv_bfloat162 a = __float2bfloat162_rn(2.0f);
    __nv_bfloat162 r = __hfma2(a, x[t], y[t]);
    y[t] = r;
    assert(__low2float(r) == 3.25f && __high2float(r) == 3.25f);
    __nv_bfloat16 sum = __hadd(__low2bfloat16(r), __high2bfloat16(r));
#ifdef PLAIN
    *total += sum;
#else
    atomicAdd(total, sum);
#endif
    /* conversions: ties to even, exact widening */
    assert(__bfloat16_as_ushort(__float2bfloat16(1.00390625f)) == 0x3f80);
    assert(__bfloat16_as_ushort(__float2bfloat16(1.01171875f)) == 0x3f82);
    assert(__bfloat162float(__float2bfloat16(-0.5f)) == -0.5f);
    assert(__bfloat16_as_ushort(__int2bfloat16_rn(16842753)) == 0x4b81); /* rounded once */
}
