// Half and bfloat16 math as CUDA names it -- hX on one value, h2X on a pair
// (h2sqrt, hlog2, h2floor, ...) -- and atomicAdd on a __nv_bfloat162 pair.
// Launch: --grid=1 --block=2, r = float[6], acc = uint32_t[1] (a bfloat16
// pair as bits, zero): thread 0 writes r[0..2], thread 1 r[3..5], both add
// (1.5, 2) to acc; --post pins the values and the pair's bits (3, 4):
// 0x40804040.  -DRACE: each thread also writes r[0].
#include <cuda_fp16.h>
#include <cuda_bf16.h>

__global__ void lowp_math(float *r, __nv_bfloat162 *acc)
{
    int t = threadIdx.x;
    if (t == 0) {
        __half2 h = __floats2half2_rn(16.0f, 2.25f);
        __half2 s = h2sqrt(h);               /* (4, 1.5) */
        r[0] = __low2float(s);
        r[1] = __high2float(s);
        r[2] = __half2float(hlog2(__float2half(8.0f))); /* 3 */
    } else {
        __nv_bfloat16 b = __float2bfloat16(1024.0f);
        r[3] = __bfloat162float(hlog2(b));                       /* 10 */
        __nv_bfloat162 p = __floats2bfloat162_rn(2.75f, -2.25f);
        __nv_bfloat162 f = h2floor(p);                           /* (2, -3) */
        r[4] = __low2float(f);
        r[5] = __high2float(f);
    }
    atomicAdd(acc, __floats2bfloat162_rn(1.5f, 2.0f));
#ifdef RACE
    r[0] = (float)t;
#endif
}
