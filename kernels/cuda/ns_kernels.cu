/*
 * ns_kernels.cu -- a kernel template in a namespace, instantiated twice by
 * the host code: --kernel names one by its template arguments, with the
 * namespace or without it (the instantiations the file makes are matched
 * by name when the template is not visible at file scope).
 * Launch: --block=4 --arg out=int[4]
 *
 *   --kernel='fill<4, 2>'        no error, 1 execution; out = {8, 8, 8, 8}
 *   --kernel='wave::fill<8, 2>'  no error, 1 execution; out = {16, ...}
 *   --kernel=fill                two kernels have that name: a usage error
 *                                (exit 17) listing both
 */
namespace wave {
template <int W, int H>
__global__ void fill(int *out)
{
    out[threadIdx.x] = W * H;
}
} // namespace wave

void launch(int *out)
{
    wave::fill<4, 2><<<1, 4>>>(out);
    wave::fill<8, 2><<<1, 4>>>(out);
}
