/*
 * cxx_reduce.cu -- a block reduction written the way CUDA C++ code is:
 * a kernel template instantiated by the host launch in main(), a device
 * function template, a class with a constructor, member functions and an
 * overloaded operator, references, a lambda, a namespace, #pragma unroll,
 * vector types and memcpy.  Launch: --grid=2 --block=4 (in: int[8],
 * out: int[2]).
 *
 *   (none)         correct: no error, 1 execution; out[b] = sum of block b
 *   MISSING_SYNC   the barrier inside the tree loop is gone: data race on
 *                  the shared array
 */
#include <cuda_runtime.h>
#include <cstdio>

namespace red {

struct Pair {
    int lo, hi;
    __device__ Pair(int a, int b) : lo(a), hi(b) {}
    __device__ Pair operator+(const Pair &o) const { return Pair(lo + o.lo, hi + o.hi); }
    __device__ int sum() const { return lo + hi; }
};

template <typename T>
__device__ void accumulate(T &into, const T &x)
{
    into += x;
}

template <typename T, int N>
__device__ T tree_sum(T *s, unsigned t)
{
#pragma unroll
    for (int stride = N / 2; stride > 0; stride >>= 1) {
        if (t < (unsigned)stride)
            accumulate(s[t], s[t + stride]);
#ifndef MISSING_SYNC
        __syncthreads();
#endif
    }
    return s[0];
}

} // namespace red

template <typename T, int N>
__global__ void block_sum(const T *in, T *out)
{
    __shared__ T s[N];
    unsigned t = threadIdx.x;
    int4 v = make_int4((int)in[blockIdx.x * N + t], 0, 0, 0);
    T mine;
    memcpy(&mine, &v.x, sizeof mine);
    red::Pair p(mine, 0);
    p = p + red::Pair(0, 0);
    auto store = [&](unsigned i, T x) { s[i] = x; };
    store(t, p.sum());
    __syncthreads();
    T total = red::tree_sum<T, N>(s, t);
    if (t == 0) {
        out[blockIdx.x] = total;
#ifndef MISSING_SYNC
        assert(total == N);
#endif
    }
}

int main()
{
    int *in, *out;
    cudaMalloc(&in, 8 * sizeof(int));
    cudaMalloc(&out, 2 * sizeof(int));
    block_sum<int, 4><<<2, 4>>>(in, out);
    cudaDeviceSynchronize();
    printf("done\n");
    return 0;
}
