// A block-wide cuda::pipeline partitioned into producers and consumers, as
// cuda-samples' globalToShmemAsyncCopy writes it: the first half of the block
// copies batches of the input into a two-stage ring in shared memory with
// cuda::memcpy_async; the second half waits for each stage, sums it, and
// releases it for the producers to refill.  Launch: --grid=1 --block=8,
// in = int[16] of 1..16 (four batches of four), out = int[4]: consumer c adds
// element c of every batch, so out[c] = (c+1) + (c+5) + (c+9) + (c+13) = 4c + 28.
// -DUNIFIED: every thread produces and consumes (make_pipeline(block, &state)).
// -DNO_WAIT: the consumers skip consumer_wait: their reads race with the copies.
// -DEARLY_RELEASE: the consumers release a stage before reading it: the
//                  producers' refill of it races with the reads.
// -DNO_PRODUCER: a role mix-up gives every thread the consumer role, so no
//                thread fills the ring: the first consumer_wait never returns.
#include <cooperative_groups.h>
#include <cuda/pipeline>

namespace cg = cooperative_groups;

__global__ void ring(const int *in, int *out)
{
    constexpr int stages = 2, batch = 4, batches = 4;
    __shared__ int buf[stages][batch];
    __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, stages> state;
    auto block = cg::this_thread_block();
    int t = threadIdx.x;
#ifdef UNIFIED
    auto pipe = cuda::make_pipeline(block, &state);
    bool producer = true, consumer = t < batch;
    int lane = t % batch;
#else
#ifdef NO_PRODUCER
    bool producer = false, consumer = true;
#else
    bool producer = t < batch, consumer = !producer;
#endif
    auto pipe = cuda::make_pipeline(block, &state,
                                    producer ? cuda::pipeline_role::producer
                                             : cuda::pipeline_role::consumer);
    int lane = t % batch;
#endif
    int sum = 0;
    for (int b = 0; b < batches; b++) {
        int s = b % stages;
        if (producer) {
            pipe.producer_acquire();
#ifdef UNIFIED
            if (t < batch) /* half the threads copy, all commit */
#endif
                cuda::memcpy_async(&buf[s][lane], &in[b * batch + lane], sizeof(int), pipe);
            pipe.producer_commit();
        }
        if (consumer || producer) {
#ifdef UNIFIED
            pipe.consumer_wait();
            if (consumer)
                sum += buf[s][lane];
            pipe.consumer_release();
#else
            if (consumer) {
#ifndef NO_WAIT
                pipe.consumer_wait();
#endif
#ifdef EARLY_RELEASE
                pipe.consumer_release();
                sum += buf[s][lane];
#else
                sum += buf[s][lane];
                pipe.consumer_release();
#endif
            }
#endif
        }
    }
    if (consumer)
        out[lane] = sum;
}
