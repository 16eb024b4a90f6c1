/*
 * dyn_shared.cu -- a block reverses its slice of `in` through dynamic
 * shared memory: two extern __shared__ views of the one buffer, the keys
 * (int) first and the values (float) after them, sized by the launch's
 * third <<<>>> argument (gpumc: --shared-mem=BYTES).
 * Launch: --grid=2 --block=8 --shared-mem=64, in: float[16], out: float[16].
 *
 *   (none)     correct: no error; out[i] = in[block's slice reversed] + its key
 *   HALF_OFFSET the values view starts halfway into the keys: the views
 *              collide, thread t's value write racing with thread t + n/2's
 *              key write
 *   (--shared-mem=32) the launch gives half the buffer the kernel needs:
 *              the values view runs past it, a memory error
 */
extern __shared__ int keys[];
extern __shared__ float smem[];

__global__ void reverse(const float *in, float *out)
{
    unsigned t = threadIdx.x, n = blockDim.x, i = blockIdx.x * n + t;
#ifdef HALF_OFFSET
    float *vals = smem + n / 2;
#else
    float *vals = smem + n;
#endif
    keys[t] = (int)t;
    vals[t] = in[i];
    __syncthreads();
    out[i] = vals[n - 1 - t] + (float)keys[n - 1 - t];
}
