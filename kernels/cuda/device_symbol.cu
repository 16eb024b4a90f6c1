// __device__ variables the host sets with cudaMemcpyToSymbol before the
// launch: a count and a table.  gpumc's --arg sets them by name, as it
// does a __constant__ variable (unset, they keep their initialisers).
// Launch: --grid=1 --block=4, out: float[4].
__device__ int limit = 1;
__device__ float table[4];

__global__ void scale(float *out)
{
    unsigned t = threadIdx.x;
    out[t] = t < (unsigned)limit ? table[t] * 2.0f : -1.0f;
}
