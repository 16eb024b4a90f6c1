// A tiled matrix product, the shape whose plain shared-memory accesses
// gpumc checks on shadow state, without events (docs/model.md, "Plain
// accesses without events"), and variants that send it back to events:
//   -DRACE   the barrier after the tile's use is missing: the next round
//            overwrites the tile while others still read it (a race);
//   -DCOUNT  a __shared__ counter is set with a plain store, then counted
//            up with atomicAdd (the array becomes events: a restart);
//   -DBYTES  the tile is cleared with 4-byte stores and read back as
//            bytes (smaller cells: a restart).
#define T 4

__global__ void tiles(const int *A, const int *B, int *C, int n)
{
    __shared__ int As[T][T], Bs[T][T];
#ifdef COUNT
    __shared__ int count;
    if (threadIdx.x == 0 && threadIdx.y == 0)
        count = 0;
    __syncthreads();
    atomicAdd(&count, 1);
#endif
#ifdef BYTES
    As[threadIdx.y][threadIdx.x] = 0x01010101 * (threadIdx.x + 1);
    __syncthreads();
    int bytes = ((unsigned char *)As)[threadIdx.y * T * 4 + threadIdx.x * 4 + 3];
    __syncthreads();
#endif
    int r = blockIdx.y * T + threadIdx.y, c = blockIdx.x * T + threadIdx.x;
    int acc = 0;
    for (int k = 0; k < n; k += T) {
        As[threadIdx.y][threadIdx.x] = A[r * n + k + threadIdx.x];
        Bs[threadIdx.y][threadIdx.x] = B[(k + threadIdx.y) * n + c];
        __syncthreads();
        for (int j = 0; j < T; j++)
            acc += As[threadIdx.y][j] * Bs[j][threadIdx.x];
#ifndef RACE
        __syncthreads();
#endif
    }
#ifdef COUNT
    acc += count; // every thread added before the last barrier
#endif
#ifdef BYTES
    acc += bytes;
#endif
    C[r * n + c] = acc;
}
