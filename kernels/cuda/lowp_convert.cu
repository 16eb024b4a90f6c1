// Half and bfloat16 conversions as CUDA code writes them: an integer assigned to a
// __half (h = 5), and bfloat16 to int in the four rounding modes, NaN giving 0 and
// out-of-range values saturating as on the GPU.  Launch: --grid=1 --block=3,
// b = bfloat16 bits of 2.5, -2.5 and 2^32 (uint16_t[3]:16416,49184,20352),
// o = float[3], r = int[12]; --post pins r[4t..4t+3] = rn, rd, ru, rz of b[t].
// -DRACE: every thread also writes r[0]: a data race.
#include <cuda_fp16.h>
#include <cuda_bf16.h>

__global__ void convert(float *o, const __nv_bfloat16 *b, int *r)
{
    __half h;
    h = 5;
    __half g = 3;
    int t = threadIdx.x;
    o[t] = __half2float(h) + __half2float(g);
    r[4 * t] = __bfloat162int_rn(b[t]);
    r[4 * t + 1] = __bfloat162int_rd(b[t]);
    r[4 * t + 2] = __bfloat162int_ru(b[t]);
    r[4 * t + 3] = __bfloat162int_rz(b[t]);
#ifdef RACE
    r[0] = t;
#endif
}
