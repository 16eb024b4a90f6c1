/*
 * private_loop.cu -- a loop that runs 100 times over private data only:
 * such iterations do not count towards --unroll (default 16), so the
 * kernel checks completely (1 execution, no warning).  -DSHARED adds a
 * 20-iteration loop over a buffer, which the default bound does cut.
 */
__global__ void k(int *out, int *buf)
{
    int acc = 0;
    for (int i = 0; i < 100; i++)
        acc += i * (int)threadIdx.x;
#ifdef SHARED
    for (int i = 0; i < 20; i++)
        acc += buf[i];
#endif
    out[threadIdx.x] = acc;
}
