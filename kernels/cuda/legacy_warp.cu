/*
 * legacy_warp.cu -- a warp sum in the pre-Volta style, with the mask-less
 * __shfl_down and __any that CUDA 9 deprecated: gpumc takes each as its
 * _sync form over the whole warp and says so in a note per construct.
 * Launch: --grid=1 --block=64, in: int[64], out: int[2], flags: int[2].
 *
 *   (none)      correct: lane 0 of each warp stores its warp's sum, and
 *               whether any lane's value was negative
 *   HALF_WARP   only lanes below 16 shuffle (an `if` around the loop):
 *               a collective of the whole warp that half of it never
 *               reaches, barrier divergence
 */
__global__ void warp_sums(const int *in, int *out, int *flags)
{
    unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    int v = in[threadIdx.x];
    int negative = __any(v < 0);
#ifdef HALF_WARP
    if (lane < 16)
#endif
        for (int d = 16; d > 0; d /= 2)
            v += __shfl_down(v, d);
    if (lane == 0) {
        out[warp] = v;
        flags[warp] = negative;
    }
}
