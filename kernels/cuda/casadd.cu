/*
 * casadd.cu -- the classic floating-point atomicAdd built from atomicCAS
 * and __float_as_int/__int_as_float, called from a grid-stride loop
 * (--grid=2 --block=1 --arg n=4 --arg acc=float[1]: two adds per thread).
 * Variants (-D after --):
 *   (none)       the first read of *address is a plain load: it races with
 *                the other thread's CAS (data race)
 *   ATOMIC_READ  the first read is atomicAdd(address, 0): no race
 */
__device__ float atomic_add_float(float *address, float val)
{
    int *addr = (int *)address;
#ifdef ATOMIC_READ
    int old = atomicAdd(addr, 0), assumed;
#else
    int old = *addr, assumed;
#endif
    do {
        assumed = old;
        old = atomicCAS(addr, assumed, __float_as_int(val + __int_as_float(assumed)));
    } while (assumed != old);
    return __int_as_float(old);
}

__global__ void casadd(float *acc, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomic_add_float(acc, 1.0f);
}
