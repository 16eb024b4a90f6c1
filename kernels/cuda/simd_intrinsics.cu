// CUDA's SIMD-within-a-word intrinsics (__vadd4, __vaddss4, __vabsdiffu4,
// __vcmpgtu4, __vsadu4, __vmaxs4, __vadd2, __vsetlts2, ...), the byte dot
// product __dp4a, the rounding conversions lroundf / llrintf / lround and
// __frsqrt_rn, each result stored for --post to pin.  Launch: --grid=1
// --block=1, in = one int (-5), out = unsigned[14], l = long[3], f = float[1].
__global__ void simd(const int *in, unsigned *out, long *l, float *f)
{
    unsigned a = 0x80ff7f01u, b = 0x01017f02u; /* bytes 1, 127, 255, 128 and 2, 127, 1, 1 */
    out[0] = __vadd4(a, b);
    out[1] = __vaddss4(a, b);
    out[2] = __vaddus4(a, b);
    out[3] = __vsub4(a, b);
    out[4] = __vabsdiffu4(a, b);
    out[5] = __vmaxs4(a, b);
    out[6] = __vcmpgtu4(a, b);
    out[7] = __vsadu4(a, b);
    out[8] = __vmaxs4(in[0], 0);
    out[9] = __dp4a(0x01020304, 0x01010101, 10);
    out[10] = __vadd2(0xffff0001u, 0x00010001u);
    out[11] = __vabsss4(0x80u);
    out[12] = __vavgu4(0x0103u, 0x0100u);
    out[13] = __vsetlts2(0xffff0001u, 0x00000002u);
    l[0] = lroundf(2.5f);
    l[1] = llrintf(2.5f);
    l[2] = lround(-2.5);
    f[0] = __frsqrt_rn(4.0f);
}
