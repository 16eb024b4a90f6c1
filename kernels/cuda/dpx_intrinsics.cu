// CUDA 12's DPX intrinsics (three-way max/min, add then max/min, the ReLU
// forms, the max/min that reports its side), per 32-bit value and per
// 16-bit half, each result stored for --post to pin.  Launch: --grid=1
// --block=1, s = int[6], u = unsigned[6], p = int[5].
__global__ void dpx(int *s, unsigned *u, int *p)
{
    bool a, b;
    s[0] = __vimax3_s32(-5, 3, 2);
    s[1] = __vimin3_s32(-5, 3, 2);
    s[2] = __vimax3_s32_relu(-5, -3, -2);
    s[3] = __viaddmax_s32(5, -7, -3);
    s[4] = __viaddmin_s32_relu(5, -7, -3);
    s[5] = __vimax_s32_relu(-4, -9);
    u[0] = __viaddmax_u32(5, 7, 10);
    u[1] = __vimax3_s16x2(0xfffb0003u, 0x00020001u, 0x0001ffffu);
    u[2] = __vimin3_u16x2(0xfffb0003u, 0x00020001u, 0x0001ffffu);
    u[3] = __viaddmax_s16x2_relu(0xfffb0003u, 0x00020001u, 0xfff0fff0u);
    u[4] = __vimin_s16x2_relu(0x0005fffeu, 0x00030004u);
    u[5] = __vibmax_s16x2(0xfffe0005u, 0x00010002u, &a, &b);
    p[0] = a;
    p[1] = b;
    p[2] = __vibmax_s32(-2, -2, &a);
    p[3] = a;
    p[4] = (int)__vibmin_u32(7, 3, &a) * 10 + a;
}
