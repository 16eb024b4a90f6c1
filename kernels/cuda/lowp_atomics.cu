/*
 * lowp_atomics.cu -- atomicAdd on __half, __half2, __nv_bfloat16 and
 * __nv_bfloat162 as read-modify-writes of 16 bits, a pair's lanes one
 * each (1 CTA x 3 threads, --block=3; h, b: one value each, h2, b2: one
 * pair each, given as --arg h=[1]: --post indexes a pair lane by lane).
 *
 * Each thread adds 1 to h and to b, and (1, 0.5) to h2 and b2; the value
 * returned by the add on h is used (every order of those three adds is an
 * execution), the others are statements.  Thread 0 also checks how a sum
 * is rounded: once, to nearest even, overflowing to infinity.
 *
 *   (none)   correct: the totals 3, (3, 1.5) are pinned by --post; the
 *            blind adds of each location are identical (one operand), so
 *            they run in one order, with or without --commute-float: 6
 *            executions (the 3! orders of the used adds on h)
 *   SPREAD   thread t adds t + 1 to b: different adds, every order of
 *            them without --commute-float: 6 * 3! = 36 (b = 6, exact)
 *   PLAIN    thread 0's add to h is a plain +=: a data race
 *   WHOLE    thread 2 reads h2 whole, 32 bits, while the others add to its
 *            lanes: a data race (the read is split at the lanes' atomics)
 */
#include <cuda_bf16.h>
#include <cuda_fp16.h>

__global__ void lowp_atomics(__half *h, __half2 *h2, __nv_bfloat16 *b, __nv_bfloat162 *b2)
{
    unsigned t = threadIdx.x;
    __half one = __float2half(1.0f);
#ifdef PLAIN
    if (t == 0)
        *h += one;
    else
#endif
    {
        float before = __half2float(atomicAdd(h, one));
        assert(before == 0.0f || before == 1.0f || before == 2.0f);
    }
#ifdef WHOLE
    if (t == 2 && *(unsigned int *)h2 == 1u)
        return;
#endif
    atomicAdd(h2, __floats2half2_rn(1.0f, 0.5f));
#ifdef SPREAD
    atomicAdd(b, __float2bfloat16((float)(t + 1)));
#else
    atomicAdd(b, __float2bfloat16(1.0f));
#endif
    atomicAdd(b2, __floats2bfloat162_rn(1.0f, 0.5f));

    __shared__ __half s;
    __shared__ __nv_bfloat16 sb;
    if (t == 0) {
        s = __float2half(2048.0f); /* half's step is 2 there */
        atomicAdd(&s, one);        /* 2049: a tie, to the even 2048 */
        assert(__half_as_ushort(s) == 0x6800);
        atomicAdd(&s, __float2half(3.0f)); /* 2051: a tie, to the even 2052 */
        assert(__half2float(s) == 2052.0f);
        s = __float2half(65504.0f); /* the largest half */
        atomicAdd(&s, __float2half(8.0f));
        assert(__half2float(s) == 65504.0f);
        atomicAdd(&s, __float2half(16.0f)); /* 65520 rounds up: infinity */
        assert(__hisinf(s));
        sb = __float2bfloat16(256.0f); /* bfloat16's step is 2 there */
        atomicAdd(&sb, __float2bfloat16(1.0f));
        assert(__bfloat16_as_ushort(sb) == 0x4380);
        atomicAdd(&sb, __float2bfloat16(3.0f));
        assert(__bfloat162float(sb) == 260.0f);
        __half r = atomicAdd_block(&s, __float2half(-1.0f)); /* returns the old value */
        assert(__hisinf(r) && __hisinf(s));
    }
}
