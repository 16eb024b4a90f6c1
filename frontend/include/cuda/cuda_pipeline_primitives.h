// cuda_pipeline_primitives.h -- gpumc's pipeline primitives (sm_80): the
// thread's own asynchronous copies into shared memory, as cp.async makes
// them (gpumc_ir.h, __gpumc_cp_async): the source is read at the call and
// the copy written when __pipeline_wait_prior completes its batch -- the
// latest the GPU may write it -- or when the thread ends.
#ifndef GPUMC_CUDA_PIPELINE_PRIMITIVES_H
#define GPUMC_CUDA_PIPELINE_PRIMITIVES_H

// size_and_align: 4, 8 or 16 bytes; the last zfill of them are zeroed
static __device__ __forceinline__ void __pipeline_memcpy_async(void *dst_shared,
                                                               const void *src_global,
                                                               size_t size_and_align,
                                                               size_t zfill = 0)
{
    __gpumc_cp_async(dst_shared, src_global, (unsigned int)size_and_align,
                     (unsigned int)(zfill < size_and_align ? size_and_align - zfill : 0));
}
static __device__ __forceinline__ void __pipeline_commit() { __gpumc_cp_commit(); }
static __device__ __forceinline__ void __pipeline_wait_prior(size_t prior)
{
    __gpumc_cp_wait((unsigned int)prior);
}

#endif
