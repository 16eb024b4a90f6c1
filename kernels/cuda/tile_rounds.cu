// Loops that touch the same memory over and over between two barriers:
// a thread's repeated plain accesses to a location in such a stretch are
// checked as one, so these run in one execution of a few thousand events.
#define ROUNDS 1024
#define DIM 128

// The block fills the tile, then waits for it to be full.
__device__ void fill(float *tile, const float *a)
{
    for (int d = threadIdx.x; d < DIM; d += blockDim.x)
        tile[d] = a[d] + 1.0f;
    __syncthreads();
}

// Every thread sums a shared tile ROUNDS times (131,072 reads each).
__global__ void rounds(const float *a, float *out)
{
    __shared__ float tile[DIM];
    fill(tile, a);
    float s = 0.0f;
    for (int r = 0; r < ROUNDS; r++)
        for (int d = 0; d < DIM; d++)
            s += tile[d];
    out[threadIdx.x] = s;
}

// The same, but thread 0 rewrites the tile halfway through, while the
// others still read it: a data race.
__global__ void rounds_racy(const float *a, float *out)
{
    __shared__ float tile[DIM];
    fill(tile, a);
    float s = 0.0f;
    for (int r = 0; r < ROUNDS; r++) {
        if (threadIdx.x == 0 && r == ROUNDS / 2)
            tile[DIM - 1] = 2.0f;
        for (int d = 0; d < DIM; d++)
            s += tile[d];
    }
    out[threadIdx.x] = s;
}

// Each thread accumulates into its own global slot n times.
__global__ void accumulate(const int *a, int *out, int n)
{
    for (int i = 0; i < n; i++)
        out[blockIdx.x * blockDim.x + threadIdx.x] += a[i % 8] + threadIdx.x;
}

// A wait whose body re-reads a value in a loop of its own: when nothing
// ever sets the flag, it waits forever.
__global__ void wait_inner(int *flag, const int *a, int *out)
{
    int s = 0;
    while (atomicAdd(flag, 0) == 0)
        for (int i = 0; i < 4; i++)
            s += a[0];
    out[0] = s;
}
