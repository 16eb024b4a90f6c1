/*
 * texture_filter.cu -- texture and surface objects as image kernels use
 * them: a 3x3 box filter that samples a texture (clamped at the edges) and
 * writes a surface, and an upscaler with linear filtering on normalised
 * coordinates.
 *
 * box_filter: --grid=2,2 --block=2,2 (a 4x4 image)
 *   --arg src=float[4][4]:... --arg dst=float[4][4] --arg w=4 --arg h=4
 *   (none)   no error, 1 execution; every pixel the mean of its clamped
 *            neighbourhood
 *   IN_PLACE each thread reads its own pixel of the surface and writes its
 *            right neighbour's: a data race between the neighbours
 *   SHIFT    the write lands one byte column off (x * 4 + 4): at the
 *            right edge outside the surface, which traps
 * upscale: --grid=1 --block=8 --arg src=float[4]:0,10,20,30
 *   --arg src.filter=linear --arg src.coords=normalized --arg out=float[8]
 *   (none)   no error, 1 execution; out holds the linear interpolation
 *   DRIVER_API the texture is the driver API's CUtexObject (<cuda.h>), as
 *            the Drv samples declare it: the same
 */
#ifdef DRIVER_API
#include <cuda.h>
typedef CUtexObject texture_t;
#else
typedef cudaTextureObject_t texture_t;
#endif

__global__ void box_filter(cudaTextureObject_t src, cudaSurfaceObject_t dst, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h)
        return;
    float sum = 0.0f;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            sum += tex2D<float>(src, x + dx + 0.5f, y + dy + 0.5f);
#if defined(IN_PLACE)
    float here = surf2Dread<float>(dst, x * 4, y);
    surf2Dwrite(sum / 9.0f + here * 0.0f, dst, ((x + 1) % w) * 4, y);
#elif defined(SHIFT)
    surf2Dwrite(sum / 9.0f, dst, x * 4 + 4, y);
#else
    surf2Dwrite(sum / 9.0f, dst, x * (int)sizeof(float), y);
#endif
}

__global__ void upscale(texture_t src, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = tex1D<float>(src, (i + 0.5f) / n);
}
