/*
 * rounding.cu -- interval arithmetic with CUDA's directed-rounding
 * intrinsics (__fadd_rd/__fadd_ru, __fmul_*, __fdiv_*, __fsqrt_*, the
 * double forms): each thread encloses x/3 + sqrt(x) for its own x in an
 * interval [lo, hi] that must contain the exact value and be one or two
 * ulps wide (1 CTA x 4 threads, --block=4, xs = {1, 2, 3, 10}).
 *
 *   (none)    correct: no error, 1 execution
 *   SWAPPED   the bounds are computed with the modes swapped (lo rounded up,
 *             hi down): the interval no longer encloses the value, an
 *             assertion violation
 */
#ifdef SWAPPED
#define DOWN(op) op##_ru
#define UP(op) op##_rd
#else
#define DOWN(op) op##_rd
#define UP(op) op##_ru
#endif

__global__ void enclose(const float *xs, float *lo, float *hi)
{
    float x = xs[threadIdx.x];
    float l = DOWN(__fadd)(DOWN(__fdiv)(x, 3.0f), DOWN(__fsqrt)(x));
    float h = UP(__fadd)(UP(__fdiv)(x, 3.0f), UP(__fsqrt)(x));
    double exact = (double)x / 3.0 + sqrt((double)x);
    assert((double)l <= exact && exact <= (double)h);
    assert(h == l || nextafterf(l, h) == h || nextafterf(nextafterf(l, h), h) == h);
    /* the double forms agree with float rounding on what a double holds */
    double dl = DOWN(__dadd)((double)x, 1e-300), dh = UP(__dadd)((double)x, 1e-300);
    assert(dl == (double)x && dh == nextafter((double)x, 1e300));
    /* corners: a remainder that would underflow, a result past the largest float */
    assert(__fdiv_rz(0x1.664ce6p-125f, -0x1.594ef2p-106f) == -0x1.09a1bep-19f);
    assert(__fsqrt_ru(0x1.aecbccp-125f) == 0x1.d5a572p-63f);
    assert(__fmul_rz(0x1p+100f, 0x1p+100f) == 0x1.fffffep+127f);
    assert(__fmul_ru(0x1p+100f, 0x1p+100f) == __int_as_float(0x7f800000));
    assert(__dmul_rd(0x1.8p-600, 0x1.8p-400) == 0x1.2p-999);
    assert(__dmul_ru(0x1.0000000000001p-600, 0x1.8p-400) == 0x1.8000000000002p-1000);
    assert(__dmul_rd(0x1.0000000000001p-600, 0x1.8p-400) == 0x1.8000000000001p-1000);
    lo[threadIdx.x] = l;
    hi[threadIdx.x] = h;
}
