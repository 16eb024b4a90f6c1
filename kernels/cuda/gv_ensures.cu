/*
 * gv_ensures.cu -- GPUVerify postconditions, checked unedited: an
 * __ensures holds at every return of its function, on the state there,
 * __return_val_int() / __return_val_ptr() being the value returned.
 * Launch: --grid=1 --block=4 --arg n=4 --arg shift=2 (out, in: int[4]).
 *
 *   (none)      clamp_index keeps every index in [0, n), row_of returns
 *               the row it promises and each thread's output is the
 *               clamped input: no error, 1 execution
 *   OFF_BY_ONE  clamp_index's upper branch returns n: its postcondition
 *               fails at that return (threads 2 and 3 ask for 4 and 5),
 *               an assertion violation before the read out of bounds
 */
#include <cuda.h>

__device__ int clamp_index(int i, int n)
{
    __requires(n > 0);
    __ensures(__return_val_int() >= 0 && __return_val_int() < n);
    if (i < 0)
        return 0;
#ifdef OFF_BY_ONE
    if (i >= n)
        return n;
#else
    if (i >= n)
        return n - 1;
#endif
    return i;
}

__device__ const int *row_of(const int *base, int r, int width)
{
    __ensures(__return_val_ptr() == base + r * width);
    return base + r * width;
}

__global__ void shifted_copy(int *out, const int *in, int n, int shift)
{
    __ensures(out[threadIdx.x] == in[clamp_index((int)threadIdx.x + shift, n)]);
    const int *src = row_of(in, 0, n);
    out[threadIdx.x] = src[clamp_index((int)threadIdx.x + shift, n)];
}
