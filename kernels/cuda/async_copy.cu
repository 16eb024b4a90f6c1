/*
 * async_copy.cu -- sm_80 asynchronous copies into shared memory: each
 * thread stages 16 bytes of a tile with cp.async (inline PTX through
 * __cvta_generic_to_shared, as FlashInfer and CUTLASS write it), commits,
 * waits, and after the block barrier reads its neighbour's part.
 * Launch: --grid=1 --block=4 (in: int4[4], out: int[4]).
 *
 *   (none)      wait_group 0, then __syncthreads: no error, 1 execution,
 *               out[t] = in[t + 1].x (in[0] for the last thread)
 *   PRIMITIVES  the same with <cuda_pipeline.h>'s __pipeline_memcpy_async,
 *               __pipeline_commit and __pipeline_wait_prior
 *   PREDICATED  FlashInfer's no-fill copy ({ setp; @p cp.async }): thread 2
 *               copies nothing, so out[1] reads the 9 it wrote before
 *   NO_WAIT     the barrier without the wait: the copy may land after it,
 *               and the neighbour's read races with it (Data race at the
 *               copy)
 *   WAIT_ONE    wait_group 1 after one commit leaves that group in flight:
 *               the same race
 */
#include <cstdint>
#include <cuda_pipeline.h>

__device__ void stage(int4 *smem, const int4 *gmem, bool predicate)
{
#ifdef PRIMITIVES
    (void)predicate;
    __pipeline_memcpy_async(smem, gmem, sizeof(int4));
    __pipeline_commit();
#else
    uint32_t a = static_cast<uint32_t>(__cvta_generic_to_shared(smem));
#ifdef PREDICATED
    asm volatile("{\n"
                 " .reg .pred p;\n"
                 " setp.ne.b32 p, %0, 0;\n"
                 " @p cp.async.cg.shared.global [%1], [%2], %3;\n"
                 "}\n" ::"r"((int)predicate),
                 "r"(a), "l"(gmem), "n"(16));
#else
    (void)predicate;
    asm volatile("cp.async.cg.shared.global [%0], [%1], %2, %3;\n" ::"r"(a), "l"(gmem), "n"(16),
                 "r"(16));
#endif
    asm volatile("cp.async.commit_group;\n" ::);
#endif
}

__global__ void shift_tile(const int4 *in, int *out)
{
    __shared__ int4 tile[4];
    tile[threadIdx.x] = make_int4(9, 9, 9, 9);
    __syncthreads();
    stage(&tile[threadIdx.x], &in[threadIdx.x], threadIdx.x != 2);
#if defined(PRIMITIVES)
    __pipeline_wait_prior(0);
#elif defined(WAIT_ONE)
    asm volatile("cp.async.wait_group %0;\n" ::"n"(1));
#elif !defined(NO_WAIT)
    asm volatile("cp.async.wait_group %0;\n" ::"n"(0));
#endif
    __syncthreads();
    out[threadIdx.x] = tile[(threadIdx.x + 1) % 4].x;
}
