/*
 * half_dot.cu -- a dot product in half precision: each thread multiplies
 * its pair of __half2 values, the CTA adds the products in a __hadd2 tree
 * in shared memory, and thread 0 adds the CTA's sum into a global __half
 * with atomicAdd (2 CTAs x 4 threads, --grid=2 --block=4; a and b: 8
 * __half2 each, given as their bits: every lane of a is 1.5, of b 2.0).
 *
 *   (none)        correct: no error; each CTA's sum is 4 x 2 x 3 = 24,
 *                 checked, and the total 48 (a --post on acc)
 *   MISSING_SYNC  the tree's barrier is gone: a data race in shared memory
 */
#include <cuda_fp16.h>

__global__ void half_dot(const __half2 *a, const __half2 *b, __half *acc)
{
    __shared__ __half2 part[4];
    unsigned t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
    part[t] = __hmul2(a[g], b[g]);
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (t < s)
            part[t] = part[t] + part[t + s];
#ifndef MISSING_SYNC
        __syncthreads();
#endif
    }
    if (t == 0) {
        __half sum = __hadd(__low2half(part[0]), __high2half(part[0]));
        assert(__half2float(sum) == 24.0f && __heq(sum, __float2half(24.0f)));
        atomicAdd(acc, sum);
        /* conversions: rounding to nearest even, the extremes */
        assert(__half_as_ushort(__float2half(0.1f)) == 0x2e66);
        assert(__half_as_ushort(__float2half(1.0f + 1.0f / 2048)) == 0x3c00); /* a tie: even */
        assert(__half_as_ushort(__float2half(1.0f + 3.0f / 2048)) == 0x3c02);
        assert(__half2float(__float2half(65504.0f)) == 65504.0f && __hisinf(__float2half(7e4f)));
        assert(__half2float(__float2half(5.9604645e-8f)) == 5.9604645e-8f); /* least subnormal */
        assert(__half2float(__ushort_as_half(0x0003)) == 3 * 5.9604645e-8f); /* and others */
        assert(__half2float(__ushort_as_half(0x8200)) == -0x1p-15f);
        assert(__half2float(__ushort_as_half(0x03ff)) == 1023 * 5.9604645e-8f);
        assert(__hisnan(__hdiv(__float2half(0.0f), __float2half(0.0f))));
        assert(__half_as_ushort(__double2half(1.0 + 0x1p-11 + 0x1p-40)) == 0x3c01); /* once */
        __half2 p = part[0], q = __halves2half2(__low2half(p), __float2half(0.0f));
        assert(__low2float(__heq2(p, q)) == 1.0f && __high2float(__heq2(p, q)) == 0.0f);
        assert(!__hbeq2(p, q) && __hbeq2(p, p));
    }
}
