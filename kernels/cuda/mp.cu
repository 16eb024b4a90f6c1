/*
 * mp.cu -- message passing from CTA 0 to CTA 1 (--grid=2 --block=1): data
 * is written, then a volatile flag is raised; the reader copies data once
 * it sees the flag.  Fences order data and flag.  The flag is what PTX
 * makes of volatile, a relaxed atomic at system scope (--volatile=relaxed);
 * as CUDA C++ reads it, a plain access, the flag itself races (default).
 *   (none)     __threadfence (gpu scope): no error, 2 executions (flag seen
 *              as 0, or as 1 and then data is 42)
 *   CTA_SCOPE  __threadfence_block: the fences' scope does not include the
 *              other CTA, so the flag orders nothing -- data race on data,
 *              3 executions (data may still read 0)
 */
#ifdef CTA_SCOPE
#define FENCE __threadfence_block
#else
#define FENCE __threadfence
#endif

__global__ void mp(int *data, volatile int *flag, int *out)
{
    if (blockIdx.x == 0) {
        data[0] = 42;
        FENCE();
        *flag = 1;
    } else if (*flag == 1) {
        FENCE();
        out[0] = data[0];
    }
}
