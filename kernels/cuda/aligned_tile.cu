// A tile staged in shared memory for float4 (16-byte) accesses, declared as nvcc
// accepts it and clang on its own does not: `__shared__ alignas(16) float tile[...]`
// and `extern __shared__ alignas(16) float extra[]`.  Each thread of a block moves one
// float4 of in into the tile, and after __syncthreads() writes its right neighbour's
// float4 (rotating the block's part) to out, plus one float the block's first thread
// left in the dynamic buffer.  Launch: --grid=2 --block=8, in = 0, 1, ..., 63
// (float[64]), out = float[64]: out[i] = in[block's (i + 4) mod 32] + 100, pinned by --post.
// -DNO_SYNC: the neighbour's float4 is read without the barrier: a data race.
#define TILE 8

__global__ void rotate4(const float4 *in, float4 *out)
{
    __shared__ alignas(16) float tile[TILE * 4];
    extern __shared__ alignas(16) float extra[];
    unsigned t = threadIdx.x, base = blockIdx.x * TILE;
    reinterpret_cast<float4 *>(tile)[t] = in[base + t];
    if (t == 0)
        extra[0] = 100.0f;
#ifndef NO_SYNC
    __syncthreads();
#endif
    float4 v = reinterpret_cast<const float4 *>(tile)[(t + 1) % TILE];
    float add = extra[0];
    out[base + t] = make_float4(v.x + add, v.y + add, v.z + add, v.w + add);
}
