// Double-buffered tiles through a thread-scope cuda::pipeline: each thread
// queues the asynchronous copy of its element of two tiles, then waits for
// each stage and reads its neighbour's element after a barrier.  Correct as
// written (consumer_wait, then __syncthreads); with -DEARLY the barrier
// comes first, so a neighbour may read the tile before the copy lands (a
// data race reported at consumer_wait, where the copy completes).  With
// -DBARRIER the tiles are copied with memcpy_async into a cuda::barrier.
// With -DMANY sixteen stages are in flight before one wait for them all, as
// cuda-samples' tensor-core GEMMs stream their C tiles (a thread's own
// pipeline has no fixed number of stages): every sum is eight times larger.
#include <cuda/barrier>
#include <cuda/pipeline>

#define T 8

__global__ void tiles(const float *in, float *out)
{
    __shared__ float tile[2][T];
    int base = blockIdx.x * 2 * T;
    float acc = 0.0f;
#ifdef BARRIER
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    if (threadIdx.x == 0)
        init(&bar, blockDim.x);
    __syncthreads();
    for (int s = 0; s < 2; s++)
        cuda::memcpy_async(&tile[s][threadIdx.x], &in[base + s * T + threadIdx.x],
                           cuda::aligned_size_t<4>(sizeof(float)), bar);
    bar.arrive_and_wait();
    for (int s = 0; s < 2; s++)
        acc += tile[s][(threadIdx.x + 1) % T];
#elif defined(MANY)
    __shared__ float many[16][T];
    cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
    for (int s = 0; s < 16; s++) {
        pipe.producer_acquire();
        cuda::memcpy_async(&many[s][threadIdx.x], &in[base + (s % 2) * T + threadIdx.x],
                           sizeof(float), pipe);
        pipe.producer_commit();
    }
    cuda::pipeline_consumer_wait_prior<0>(pipe);
    __syncthreads();
    for (int s = 0; s < 16; s++)
        acc += many[s][(threadIdx.x + 1) % T];
    pipe.consumer_release();
#else
    cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
    for (int s = 0; s < 2; s++) {
        pipe.producer_acquire();
        cuda::memcpy_async(&tile[s][threadIdx.x], &in[base + s * T + threadIdx.x], sizeof(float), pipe);
        pipe.producer_commit();
    }
    for (int s = 0; s < 2; s++) {
#ifdef EARLY
        __syncthreads();
        pipe.consumer_wait();
#else
        pipe.consumer_wait();
        __syncthreads();
#endif
        acc += tile[s][(threadIdx.x + 1) % T];
        pipe.consumer_release();
    }
#endif
    out[blockIdx.x * T + threadIdx.x] = acc;
}
