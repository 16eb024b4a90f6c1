/*
 * reduce.cu -- shared-memory tree reduction, one sum per CTA, 2 CTAs x 4
 * threads (--grid=2 --block=4) over in = eight ones (-DBLOCK=N for other
 * block sizes; bench/kernels.sh uses 256).
 *
 *   (none)        correct: every step is separated by __syncthreads; no
 *                 error, 1 execution, and each CTA's sum is checked
 *   MISSING_SYNC  the __syncthreads inside the loop is gone: thread 0 reads
 *                 s[1] while thread 1 still adds into it -- data race
 */
#ifndef BLOCK
#define BLOCK 4
#endif

__global__ void reduce(const int *in, int *out)
{
    __shared__ int s[BLOCK];
    unsigned t = threadIdx.x;
    s[t] = in[blockIdx.x * BLOCK + t];
    __syncthreads();
    for (unsigned stride = BLOCK / 2; stride > 0; stride >>= 1) {
        if (t < stride)
            s[t] += s[t + stride];
#ifndef MISSING_SYNC
        __syncthreads();
#endif
    }
    if (t == 0) {
        out[blockIdx.x] = s[0];
#ifndef MISSING_SYNC
        assert(s[0] == BLOCK);
#endif
    }
}
