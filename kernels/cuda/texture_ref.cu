/*
 * texture_ref.cu -- texture references (texture<T, dim, mode> globals, as
 * code written before CUDA 12 binds them with cudaBindTexture): a k-means
 * assignment step that fetches the points through a 1D reference, and an
 * image kernel that reads 8-bit pixels as normalised floats through a 2D
 * one.  The host code is the usual set-up; gpumc compiles it, and the
 * data comes from --arg NAME=... (sampling from NAME.filter ...).
 *
 * assign: --grid=2 --block=4 --arg features=float[16]:... (point p's
 *   feature j at p + j * npoints) --arg centers=... (a __constant__
 *   array) --arg nfeatures=2 --arg npoints=8 --arg ncenters=2
 *   (none)   no error, 1 execution; membership[p] the nearest centre
 *   RACE     the points that moved are counted with a plain ++: a race
 *   (no --arg features) the points are all zero: every one is nearest
 *            to the centre nearest the origin
 * brighten: --grid=1 --block=4 --arg img=uchar4[2][4]:... --arg out=float4[4]
 *   --arg dx=0.5: no error, 1 execution; out[x] the pixel (x, 0) over
 *            255, times two
 *   --arg dx=1 --arg img.filter=linear: halfway between pixels x and x + 1
 */
#include <cfloat>
#include <cuda_runtime.h>

#define MAX_CENTERS 8

texture<float, 1, cudaReadModeElementType> features;
texture<uchar4, 2, cudaReadModeNormalizedFloat> img;
__constant__ float centers[MAX_CENTERS * 2];

__global__ void assign(int nfeatures, int npoints, int ncenters, int *membership, int *moved)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= npoints)
        return;
    int best = -1;
    float best_dist = FLT_MAX;
    for (int c = 0; c < ncenters; c++) {
        float dist = 0.0f;
        for (int j = 0; j < nfeatures; j++) {
            float diff = tex1Dfetch(features, p + j * npoints) - centers[c * nfeatures + j];
            dist += diff * diff;
        }
        if (dist < best_dist) {
            best_dist = dist;
            best = c;
        }
    }
    if (membership[p] != best) {
#ifdef RACE
        (*moved)++;
#else
        atomicAdd(moved, 1);
#endif
    }
    membership[p] = best;
}

__global__ void brighten(float4 *out, float dx)
{
    int x = threadIdx.x;
    float4 v = tex2D(img, x + dx, 0.5f);
    out[x] = make_float4(2 * v.x, 2 * v.y, 2 * v.z, v.w);
}

/* What the host does before launching (compiled, not run). */
void bind(const float *d_features, size_t n, const void *d_img, size_t pitch)
{
    features.filterMode = cudaFilterModePoint;
    features.normalized = false;
    cudaChannelFormatDesc f = cudaCreateChannelDesc<float>();
    cudaBindTexture(NULL, features, d_features, f, n * sizeof(float));
    img.addressMode[0] = cudaAddressModeClamp;
    img.addressMode[1] = cudaAddressModeClamp;
    cudaBindTexture2D(NULL, img, d_img, 4, 2, pitch);
}
