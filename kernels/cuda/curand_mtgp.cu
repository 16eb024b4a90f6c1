/*
 * curand_mtgp.cu -- cuRAND's MTGP32 generator: one state per block, all of
 * the block's threads drawing together (2 CTAs x 4 threads, --grid=2
 * --block=4; state: one curandStateMtgp32_t per CTA, out: float[8]).
 *
 *   (none)        correct: each block draws from its own state; no error,
 *                 1 execution, every number in (0, 1]
 *   SHARED_STATE  both blocks draw from state[0]: their threads write the
 *                 same words of one state with nothing ordering them, a
 *                 data race
 *   SOME_THREADS  only the even threads draw: a block-wide draw that part
 *                 of the block skips, barrier divergence
 */
#include <curand_kernel.h>

__global__ void draw(curandStateMtgp32_t *state, float *out)
{
    unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
#ifdef SHARED_STATE
    curandStateMtgp32_t *mine = &state[0];
#else
    curandStateMtgp32_t *mine = &state[blockIdx.x];
#endif
#ifdef SOME_THREADS
    if (threadIdx.x % 2)
        return;
#endif
    float u = curand_uniform(mine);
    out[g] = u;
    assert(u > 0.0f && u <= 1.0f);
}
