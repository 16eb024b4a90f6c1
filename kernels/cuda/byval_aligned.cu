/*
 * byval_aligned.cu -- a lattice-Boltzmann-style stream step taking its
 * weights as an over-aligned struct by value (alignas(64)) after seven
 * pointers, then two more pointers (1 CTA x 8 threads, --block=8; the
 * weights w = 1..8 as --arg w=1,2,...,8, scale = double[1]:0.5, the f
 * buffers default to zeros unless given).  On x86-64 the struct goes on the
 * stack at 64-byte alignment, and every argument after it is found only if
 * the call is made with the kernel's own alignment: each thread writes
 *
 *   out[i] = (f0[i] + ... + f6[i]) * w.c[i] * scale[0]
 *
 *   (none)    no error; with f0..f6 all ones, out[i] = 3.5 * (i + 1)
 *   PEEK_PAST thread 7 also reads scale[1], one past the end: a memory
 *             error named after scale
 */
struct alignas(64) weights8 {
    double c[8];
};

__global__ void stream(const double *f0, const double *f1, const double *f2, const double *f3,
                       const double *f4, const double *f5, const double *f6, const weights8 w,
                       const double *scale, double *out)
{
    int i = threadIdx.x;
    double s = scale[0];
#ifdef PEEK_PAST
    if (i == 7)
        s += scale[1];
#endif
    out[i] = (f0[i] + f1[i] + f2[i] + f3[i] + f4[i] + f5[i] + f6[i]) * w.c[i] * s;
}
