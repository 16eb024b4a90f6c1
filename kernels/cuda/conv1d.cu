/*
 * conv1d.cu -- 1D convolution (radius 1, all weights 1) with the CTA's
 * tile and its halo staged in shared memory; 2 CTAs x 2 threads
 * (--grid=2 --block=2) over in = {1, 2, 3, 4}, n = 4.
 *
 * Thread 0 of each CTA also loads the left and right halo cells; a
 * __syncthreads separates loading from use.  No error, 1 execution, and
 * every output is checked against a direct computation.
 */
#define B 2 /* threads per CTA */
#define R 1 /* halo radius */

__global__ void conv1d(const int *in, int *out, int n)
{
    __shared__ int tile[B + 2 * R];
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    int l = threadIdx.x + R;
    tile[l] = in[g];
    if (threadIdx.x < R) {
        tile[l - R] = g - R >= 0 ? in[g - R] : 0;
        tile[l + B] = g + B < n ? in[g + B] : 0;
    }
    __syncthreads();
    int sum = 0;
    for (int k = -R; k <= R; k++)
        sum += tile[l + k];
    out[g] = sum;
    int want = in[g] + (g > 0 ? in[g - 1] : 0) + (g + 1 < n ? in[g + 1] : 0);
    assert(sum == want);
}
