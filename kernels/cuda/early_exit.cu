/*
 * early_exit.cu -- threads past the end of the data return before the
 * block's __syncthreads, the rest stage their values in shared memory,
 * synchronise and read a neighbour's (1 CTA x 8 threads, --block=8;
 * in, out: 8 ints, n = 6).  CUDA C++ forbids a barrier that not every
 * thread reaches; PTX releases a barrier for the threads that exited, which
 * is what the hardware does and what such kernels rely on.
 *
 *   (none)          barrier divergence; with --exit-releases-barriers no
 *                   error, out[i] = in[(i + 1) % n]
 *   EXITED_WRITES   the exiting threads stage a value too, which a thread
 *                   that stayed reads after the barrier: with
 *                   --exit-releases-barriers a data race (the barrier
 *                   orders nothing of a thread that exited)
 */
__global__ void rotate(const int *in, int *out, int n)
{
    __shared__ int stage[8];
    unsigned t = threadIdx.x;
    if (t >= n) {
#ifdef EXITED_WRITES
        stage[t] = 0;
#endif
        return;
    }
    stage[t] = in[t];
    __syncthreads();
#ifdef EXITED_WRITES
    out[t] = stage[t + 1];
#else
    out[t] = stage[(t + 1) % n];
#endif
}
