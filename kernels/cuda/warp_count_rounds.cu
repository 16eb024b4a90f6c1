/*
 * warp_count_rounds.cu -- a shared counter reused across rounds: each
 * warp's leader adds 1 to it (the result unused), thread 0 reads the total
 * after a barrier and clears it for the next round after another
 * (1 CTA x 4 warps, --block=128; out: 2 ints, one per round).
 *
 *   (none)             correct: out = {4, 4}.  1 execution: the leaders'
 *                      adds run in one order (the read and the clearing
 *                      store come after barriers every add reached, so
 *                      nothing can tell their orders apart); before
 *                      2026-11-27 the clearing store made every order
 *                      count, 576 of them (4!^2)
 *   NO_CLEAR_BARRIER   the barrier after the clearing store is gone: the
 *                      next round's adds race with it
 */
__global__ void rounds(int *out)
{
    __shared__ int warps;
    unsigned t = threadIdx.x;
    if (t == 0)
        warps = 0;
    __syncthreads();
    for (int r = 0; r < 2; r++) {
        if (t % 32 == 0)
            atomicAdd(&warps, 1);
        __syncthreads();
        if (t == 0)
            out[r] = warps;
        __syncthreads();
        if (t == 0)
            warps = 0;
#ifndef NO_CLEAR_BARRIER
        __syncthreads();
#endif
    }
}
