// Warp matrix multiply (nvcuda::wmma) as tensor-core GEMMs write it: each warp
// loads a 16x16 half tile of A (row-major, warp w's scaled by w + 1) and of B
// (column-major) from shared memory, accumulates A x B onto a fragment filled
// with 1, doubles it element-wise and stores it to shared memory; after a
// barrier the block copies both tiles out.  A(i,k) = (16i + k) % 5 - 2 and B is
// the identity plus a first row of ones, so C_w(i,j) = 2((w+1)(A(i,j) + A(i,0)) + 1):
// --post pins elements of both tiles.  Launch: --grid=1 --block=64, c = float[512].
// -DINT8: signed char tiles, an int accumulator, the 32x8x16 shape (rows 0-15
//         of A as above, rows 16-31 zero; C is 32x8).
// -DTF32: float tiles read as tf32 (16x16x8): A(i,k) + 2^-12 is truncated to
//         10 mantissa bits by the tensor cores (-2 + 2^-12 becomes -2 + 2^-10).
// -DRACE: each thread reads the other warp's tile without waiting for it: a race.
// -DDIVERGE: only half of each warp loads B: barrier divergence at the load.
#include <mma.h>
#include <cuda_fp16.h>
using namespace nvcuda;

#ifdef INT8
typedef signed char In;
typedef In Frag;
typedef int Acc;
enum { M = 32, N = 8, K = 16 };
#define TO_IN(v) ((signed char)(v))
#define TO_B(v) TO_IN(v)
#elif defined(TF32)
typedef float In;
typedef wmma::precision::tf32 Frag;
typedef float Acc;
enum { M = 16, N = 16, K = 8 };
#define TO_IN(v) ((float)(v) + 0x1p-12f)
#define TO_B(v) ((float)(v))
#else
typedef half In;
typedef In Frag;
typedef float Acc;
enum { M = 16, N = 16, K = 16 };
#define TO_IN(v) __float2half((float)(v))
#define TO_B(v) TO_IN(v)
#endif

__global__ void wmma_tile(float *c)
{
    __shared__ In sa[2][M * K];
    __shared__ In sb[K * N];
    __shared__ Acc sc[2][M * N];
    int t = threadIdx.x, w = t / 32, lane = t % 32;
    for (int e = t; e < M * K; e += 64) {
        int i = e / K, k = e % K, v = i < 16 ? (16 * i + k) % 5 - 2 : 0;
        sa[0][e] = TO_IN(v);
        sa[1][e] = TO_IN(2 * v);
    }
    for (int e = t; e < K * N; e += 64) {
        int j = e / K, k = e % K; /* column-major: B(k, j) at j * K + k */
        sb[e] = TO_B((k == j) + (k == 0));
    }
    __syncthreads();

    wmma::fragment<wmma::matrix_a, M, N, K, Frag, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, M, N, K, Frag, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, M, N, K, Acc> acc;
    wmma::fill_fragment(acc, 1);
    wmma::load_matrix_sync(fa, sa[w], K);
#ifdef DIVERGE
    if (lane < 16)
#endif
        wmma::load_matrix_sync(fb, sb, K);
    wmma::mma_sync(acc, fa, fb, acc);
    for (int i = 0; i < acc.num_elements; i++)
        acc.x[i] *= 2;
    wmma::store_matrix_sync(sc[w], acc, N, wmma::mem_row_major);
#ifdef RACE
    c[t] = (float)sc[1 - w][lane];
#else
    __syncthreads();
    for (int e = t; e < 2 * M * N; e += 64)
        c[e] = (float)sc[e / (M * N)][e % (M * N)];
#endif
}
