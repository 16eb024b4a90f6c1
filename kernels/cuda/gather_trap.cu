/*
 * gather_trap.cu -- a gather that checks its indices and aborts the kernel
 * with __trap() on a bad one (as defensive production kernels do), 1 CTA x 4
 * threads (--grid=1 --block=4), idx and out of 4 ints, src of 8.  With
 * indices in range: verified.  With idx[2] = 8 the third thread traps:
 * an assertion violation at the __trap() line.  -DBUILTIN uses
 * __builtin_trap(), which is the same finding.
 */
__global__ void gather(const int *idx, const int *src, int *out, int n)
{
    int i = threadIdx.x;
    int j = idx[i];
    if (j < 0 || j >= n) {
#ifdef BUILTIN
        __builtin_trap();
#else
        __trap();
#endif
    }
    out[i] = src[j];
}
