/*
 * float_sums.cu -- float and double atomicAdds whose results are unused:
 * gpumc runs them in one order while every order leaves the same sum, and
 * in every order once one may not (--block=B, thread t adds in[t] to
 * acc[t % cells] and din[t] to dacc[t % cells]; a postcondition reads the
 * sums, so their order can be seen).
 *
 *   two adds per cell onto 0.0 (in: 0.1, 0.7, ...)   0+a+b == 0+b+a: 1 execution
 *   three exact adds per cell (0.5, 1.25, 3, ...)     every partial sum exact: 1
 *   1e30, -1e30, 1 onto one cell                      the sum is 1 or 0 by order: 6
 *   0.1, 0.7 onto 1.0                                 (1+a)+b may differ from (1+b)+a: 2
 */
__global__ void sums(float *acc, const float *in, double *dacc, const double *din, int cells)
{
    unsigned t = threadIdx.x;
    atomicAdd(&acc[t % cells], in[t]);
    atomicAdd(&dacc[t % cells], din[t]);
}
