/*
 * xf_barrier.cu -- an inter-CTA barrier in the style of Xiao and Feng's
 * GPU lock-free synchronisation, 2 CTAs x 2 threads (--grid=2 --block=2;
 * blockDim.x must be at least gridDim.x).
 *
 * Each CTA's thread 0 raises arrive[cta]; in the master CTA 0, thread i
 * waits for arrive[i], the master CTA syncs, then thread i raises go[i];
 * each CTA's thread 0 waits for go[cta] and its CTA syncs.  Flags are
 * volatile, checked as PTX makes them (--volatile=relaxed: relaxed, system
 * scope); gpu-scope fences make each flag a release/acquire pair.  After the barrier every thread checks a value
 * written before it by a thread of the other CTA.
 *   (none)      correct: no error, 1 execution
 *   WEAK_FENCE  __threadfence_block instead: the flags no longer order the
 *               CTAs -- data race on data, and the check can fail
 */
#ifdef WEAK_FENCE
#define FENCE __threadfence_block
#else
#define FENCE __threadfence
#endif

__device__ void xf_sync(volatile int *arrive, volatile int *go)
{
    __syncthreads();
    if (threadIdx.x == 0) {
        FENCE();
        arrive[blockIdx.x] = 1;
    }
    if (blockIdx.x == 0) {
        if (threadIdx.x < gridDim.x) {
            while (arrive[threadIdx.x] != 1) {
            }
            FENCE();
        }
        __syncthreads();
        if (threadIdx.x < gridDim.x) {
            FENCE();
            go[threadIdx.x] = 1;
        }
    }
    if (threadIdx.x == 0) {
        while (go[blockIdx.x] != 1) {
        }
        FENCE();
    }
    __syncthreads();
}

__global__ void xf_barrier(int *data, volatile int *arrive, volatile int *go)
{
    int n = gridDim.x * blockDim.x;
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    data[g] = g + 1;
    xf_sync(arrive, go);
    int other = (g + blockDim.x) % n;
    assert(data[other] == other + 1);
}
