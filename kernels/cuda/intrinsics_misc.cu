// CUDA intrinsics, cache hints, scoped atomics and libcu++ atomics, each
// result pinned by --post: what a kernel computes with them is what the
// hardware computes.  Kernel misc: --grid=2 --block=4, in: unsigned[8],
// out: unsigned[8], f: float[8], c: int[4].
//   BLOCK_SCOPE  a block-scope atomic_ref on a counter both blocks add to:
//                a heterogeneous race
#include <cuda/atomic>
#include <cuda/std/atomic>

__global__ void misc(const unsigned *in, unsigned *out, float *f, int *c)
{
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned v = __ldg(&in[t]);
    // integer intrinsics: leading zeros, 24-bit multiply, high word
    unsigned r = (unsigned)__clz((int)v) + __mul24(t, 3u) + __umulhi(v, 0x80000000u);
    __stcg(&out[t], r);
    f[t] = __fdividef((float)t, 2.0f) + __expf(0.0f);
    // counters through every kind of scoped atomic, blind: one order
    atomicAdd_system(&c[0], 1);
    cuda::atomic_ref<int, cuda::thread_scope_device> ref(c[1]);
    ref.fetch_add(2, cuda::std::memory_order_relaxed);
#ifdef BLOCK_SCOPE
    cuda::atomic_ref<int, cuda::thread_scope_block> local(c[2]);
    local.fetch_add(1, cuda::std::memory_order_relaxed);
#else
    cuda::std::atomic_ref<int> all(c[2]);
    all.fetch_add(1, cuda::std::memory_order_relaxed);
#endif
}

// __threadfence_system() on both sides of a flag: block 0 publishes data,
// block 1 reads it if it saw the flag.  Launch: --grid=2 --block=1.
//   NO_FENCE  without the fences the flag orders nothing: a data race
__global__ void publish(int *data, int *flag, int *seen)
{
    if (blockIdx.x == 0) {
        data[0] = 42;
#ifndef NO_FENCE
        __threadfence_system();
#endif
        atomicExch_system(flag, 1);
    } else if (atomicAdd_system(flag, 0) == 1) {
#ifndef NO_FENCE
        __threadfence_system();
#endif
        seen[0] = data[0];
    }
}
