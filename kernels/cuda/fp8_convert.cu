// 8-bit floats (cuda_fp8.h): each thread narrows its value to E4M3 and E5M2,
// saturating and not, and widens the E4M3 one back through __nv_fp8_e4m3.
// Launch: --grid=1 --block=8, in = float[8]:1,0.1,-2,448,500,70000,0x3p-10,nan,
// bits = uint8_t[32] (value i: E4M3 sat, E4M3 no-sat, E5M2 sat, E5M2 no-sat),
// back = float[8]; --post pins the rounding (0.1 -> 0x1d, 3 x 2^-10 -> 0x02 by
// ties to even), the saturation (500 -> 0x7e or NaN 0x7f; 70000 -> 0x7b or
// infinity 0x7c) and the way back.  -DRACE: every thread also writes bits[0].
#include <cuda_fp8.h>

__global__ void fp8_convert(const float *in, unsigned char *bits, float *back)
{
    int i = threadIdx.x;
    float v = in[i];
    bits[4 * i] = __nv_cvt_float_to_fp8(v, __NV_SATFINITE, __NV_E4M3);
    bits[4 * i + 1] = __nv_cvt_float_to_fp8(v, __NV_NOSAT, __NV_E4M3);
    bits[4 * i + 2] = __nv_cvt_float_to_fp8(v, __NV_SATFINITE, __NV_E5M2);
    bits[4 * i + 3] = __nv_cvt_float_to_fp8(v, __NV_NOSAT, __NV_E5M2);
    __nv_fp8_e4m3 f(v);
    back[i] = (float)f;
#ifdef RACE
    bits[0] = 0;
#endif
}
