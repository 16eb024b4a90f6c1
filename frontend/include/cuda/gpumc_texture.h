/*
 * gpumc_texture.h -- CUDA texture and surface objects, written from the CUDA
 * programming guide ("Texture and Surface Memory", "Texture Fetching").
 *
 * Contract: a cudaTextureObject_t or cudaSurfaceObject_t kernel parameter
 * points to a descriptor the harness builds from --arg NAME=TYPE[H][W]
 * (frontend/ir_glue.c) and the NAME.filter/.address/.coords/.read
 * settings; its fields are 8 bytes each, in the order the glue writes them.
 * A texture's data is read-only memory (fetches are no events: the texture
 * cache is not coherent with the kernel's own writes, so a kernel may not
 * write what it fetches); a surface's data is ordinary global memory, its
 * reads and writes checked like any other access.
 *
 *   tex1Dfetch<T>(t, i)       element i; outside the texture: zero
 *   tex1D/2D/3D<T>(t, x...)   point or linear sampling at texel coordinates
 *                             (or normalised ones), with each dimension's
 *                             address mode (clamp, border, wrap, mirror; the
 *                             last two only with normalised coordinates, as
 *                             CUDA has it); linear filtering weighs the
 *                             neighbours with 8-bit fractions like the
 *                             hardware
 *   ...Lod, ...Grad           a single level: as the plain fetch
 *   tex1DLayered/2DLayered    the layer is the outermost extent
 *   surf1D/2D/3Dread/write    x counts bytes; cudaBoundaryModeTrap (the
 *                             default) stops the kernel at an access outside
 *                             the surface, Zero reads 0 and drops the write,
 *                             Clamp clamps
 * T is the element type (e.g. float4 for a float4 texture), or float / a
 * float vector of as many components when the texture returns floats
 * (linear filtering, or NAME.read=normalized-float on 8/16-bit integers).
 * Texture references (texture<T, dim, mode>) fetch the same way (below).
 * Cubemaps, gathers and surface references are not modelled: a fetch
 * from one stops the run as unsupported at its line.
 */
#include <gpumc_names_save.h>
#ifndef GPUMC_TEXTURE_H
#define GPUMC_TEXTURE_H

struct __gpumc_texture {
    const char *data;                 /* element (0, 0, 0) */
    unsigned long long w, h, d;       /* extents in elements (1 where unused) */
    unsigned long long esize, comps;  /* bytes of an element; its components */
    unsigned long long csize, ckind;  /* bytes of a component; 0 signed, 1 unsigned, 2 float */
    unsigned long long linear;        /* cudaFilterModeLinear */
    unsigned long long normalized;    /* normalised coordinates */
    unsigned long long read_float;    /* cudaReadModeNormalizedFloat */
    unsigned long long address[3];    /* cudaTextureAddressMode per dimension */
};
struct __gpumc_surface {
    struct __gpumc_texture t;
};
typedef struct __gpumc_texture *cudaTextureObject_t;
typedef struct __gpumc_surface *cudaSurfaceObject_t;
enum cudaTextureReadMode { cudaReadModeElementType, cudaReadModeNormalizedFloat };
#include "gpumc_cudahost.h"

/* Texture references (texture<T, dim, mode> globals; CUDA 12 removed them,
 * older code is full of them).  clang makes each a 64-bit handle, passed
 * where device code passes the struct; the pass binds the handle to the
 * descriptor the harness builds from --arg NAME=... as for an object.  The
 * members host code sets (filterMode, addressMode, normalized) are not
 * read -- host code does not run -- so NAME.filter, NAME.address and
 * NAME.coords say them; the read mode is the type's. */
struct textureReference {
    int normalized;
    enum cudaTextureFilterMode filterMode;
    enum cudaTextureAddressMode addressMode[3];
    struct cudaChannelFormatDesc channelDesc;
    int sRGB;
    unsigned int maxAnisotropy;
    enum cudaTextureFilterMode mipmapFilterMode;
    float mipmapLevelBias, minMipmapLevelClamp, maxMipmapLevelClamp;
    int disableTrilinearOptimization;
    int __cudaReserved[14];
};
template <class T, int dim = 1, enum cudaTextureReadMode mode = cudaReadModeElementType>
struct __attribute__((device_builtin_texture_type)) texture : public textureReference {
};
/* Binding them on the host (declared: host code compiles, never runs).
 * The names are parenthesised so that code which stubbed them out with a
 * function-like macro while gpumc had no texture references still compiles. */
extern "C" {
__host__ cudaError_t (cudaBindTexture)(size_t *offset, const struct textureReference *t,
                                       const void *p, const struct cudaChannelFormatDesc *d,
                                       size_t size = ~(size_t)0);
__host__ cudaError_t (cudaBindTexture2D)(size_t *offset, const struct textureReference *t,
                                         const void *p, const struct cudaChannelFormatDesc *d,
                                         size_t w, size_t h, size_t pitch);
__host__ cudaError_t (cudaBindTextureToArray)(const struct textureReference *t, cudaArray_const_t a,
                                              const struct cudaChannelFormatDesc *d);
__host__ cudaError_t (cudaUnbindTexture)(const struct textureReference *t);
__host__ cudaError_t (cudaGetTextureAlignmentOffset)(size_t *offset,
                                                     const struct textureReference *t);
__host__ cudaError_t (cudaGetTextureReference)(const struct textureReference **t, const void *sym);
__host__ cudaError_t (cudaGetChannelDesc)(struct cudaChannelFormatDesc *d, cudaArray_const_t a);
}
template <class T, int d, enum cudaTextureReadMode m>
__host__ cudaError_t (cudaBindTexture)(size_t *offset, const struct texture<T, d, m> &t,
                                       const void *p, const struct cudaChannelFormatDesc &desc,
                                       size_t size = ~(size_t)0);
template <class T, int d, enum cudaTextureReadMode m>
__host__ cudaError_t (cudaBindTexture)(size_t *offset, const struct texture<T, d, m> &t,
                                       const void *p, size_t size = ~(size_t)0);
template <class T, int d, enum cudaTextureReadMode m>
__host__ cudaError_t (cudaBindTexture2D)(size_t *offset, const struct texture<T, d, m> &t,
                                         const void *p, const struct cudaChannelFormatDesc &desc,
                                         size_t w, size_t h, size_t pitch);
template <class T, int d, enum cudaTextureReadMode m>
__host__ cudaError_t (cudaBindTexture2D)(size_t *offset, const struct texture<T, d, m> &t,
                                         const void *p, size_t w, size_t h, size_t pitch);
template <class T, int d, enum cudaTextureReadMode m>
__host__ cudaError_t (cudaBindTextureToArray)(const struct texture<T, d, m> &t, cudaArray_const_t a,
                                              const struct cudaChannelFormatDesc &desc);
template <class T, int d, enum cudaTextureReadMode m>
__host__ cudaError_t (cudaBindTextureToArray)(const struct texture<T, d, m> &t,
                                              cudaArray_const_t a);
template <class T, int d, enum cudaTextureReadMode m>
__host__ cudaError_t (cudaUnbindTexture)(const struct texture<T, d, m> &t);

/* What a fetch through a reference returns: T, or for normalized-float
 * reads of 8/16-bit integers the float (vector) of as many components. */
template <class T> struct __gpumc_normfloat { typedef float type; };
#define __GPUMC_NORMF(E)                                                                    \
    template <> struct __gpumc_normfloat<E##1> { typedef float1 type; };                     \
    template <> struct __gpumc_normfloat<E##2> { typedef float2 type; };                     \
    template <> struct __gpumc_normfloat<E##4> { typedef float4 type; };
__GPUMC_NORMF(char) __GPUMC_NORMF(uchar) __GPUMC_NORMF(short) __GPUMC_NORMF(ushort)
#undef __GPUMC_NORMF
template <class T, enum cudaTextureReadMode m> struct __gpumc_texref_ret { typedef T type; };
template <class T> struct __gpumc_texref_ret<T, cudaReadModeNormalizedFloat> {
    typedef typename __gpumc_normfloat<T>::type type;
};
#define __GPUMC_TEXREF_RET typename __gpumc_texref_ret<T, m>::type

/* The bound descriptor, read as the reference's type says.  A reference
 * given no data is bound to zeros, one texel of up to 16 bytes per global
 * thread, and its texels are typed here (esize 0 in the descriptor): one
 * component, or for float results as many as those floats. */
template <class T, int d, enum cudaTextureReadMode m>
static __forceinline__ __device__ __gpumc_texture __gpumc_texref(texture<T, d, m> t)
{
    cudaTextureObject_t h;
    __builtin_memcpy(&h, &t, sizeof h); /* in device code the struct is the handle */
    __gpumc_texture c = *h;
    c.read_float = m == cudaReadModeNormalizedFloat;
    if (!c.esize) {
        unsigned n = c.read_float ? sizeof(typename __gpumc_texref_ret<T, m>::type) / 4
                     : c.linear   ? sizeof(T) / 4
                                  : 1;
        c.esize = sizeof(T), c.comps = n ? n : 1, c.csize = sizeof(T) / c.comps;
        c.ckind = c.linear && !c.read_float ? 2 : 1;
    }
    return c;
}
template <class T> __forceinline__ __device__ T texCubemap(cudaTextureObject_t t, float x, float y, float z);

/* ---- addressing and one texel ---------------------------------------- */

/* Texel index i of dimension dim under its address mode; *outside is set
 * when border addressing leaves the texture (the texel is then zero). */
static __forceinline__ __device__ long long __gpumc_tex_wrap(const __gpumc_texture *t, int dim,
                                                             long long i, int *outside)
{
    long long n = (long long)(dim == 0 ? t->w : dim == 1 ? t->h : t->d);
    unsigned long long mode = t->address[dim];
    if (!t->normalized && (mode == cudaAddressModeWrap || mode == cudaAddressModeMirror))
        mode = cudaAddressModeClamp; /* CUDA: wrap and mirror need normalised coordinates */
    switch (mode) {
    case cudaAddressModeBorder:
        if (i < 0 || i >= n)
            *outside = 1;
        return i;
    case cudaAddressModeWrap:
        return ((i % n) + n) % n;
    case cudaAddressModeMirror: {
        long long m = ((i % (2 * n)) + 2 * n) % (2 * n);
        return m < n ? m : 2 * n - 1 - m;
    }
    default:
        return i < 0 ? 0 : i >= n ? n - 1 : i;
    }
}

/* The element at (i, j, k) after addressing, or NULL outside (border). */
static __forceinline__ __device__ const char *__gpumc_tex_at(const __gpumc_texture *t, long long i,
                                                             long long j, long long k, int dims)
{
    int outside = 0;
    i = __gpumc_tex_wrap(t, 0, i, &outside);
    j = dims > 1 ? __gpumc_tex_wrap(t, 1, j, &outside) : 0;
    k = dims > 2 ? __gpumc_tex_wrap(t, 2, k, &outside) : 0;
    if (outside)
        return 0;
    return t->data + ((k * (long long)t->h + j) * (long long)t->w + i) * (long long)t->esize;
}

/* Component c of an element as the float a float-returning fetch sees:
 * floats as they are, 8/16-bit integers normalised to [0, 1] or [-1, 1]
 * under cudaReadModeNormalizedFloat, other integers converted. */
static __forceinline__ __device__ float __gpumc_tex_comp(const __gpumc_texture *t, const char *e,
                                                         unsigned c)
{
    if (!e)
        return 0.0f;
    const char *p = e + c * t->csize;
    if (t->ckind == 2)
        return t->csize == 8 ? (float)*(const double *)p : *(const float *)p;
    long long v;
    unsigned long long u;
    switch (t->csize) {
    case 1: v = *(const signed char *)p; u = *(const unsigned char *)p; break;
    case 2: v = *(const short *)p; u = *(const unsigned short *)p; break;
    case 4: v = *(const int *)p; u = *(const unsigned int *)p; break;
    default: v = *(const long long *)p; u = *(const unsigned long long *)p; break;
    }
    if (!t->read_float || t->csize > 2)
        return t->ckind == 0 ? (float)v : (float)u;
    float top = t->csize == 1 ? 255.0f : 65535.0f, half = t->csize == 1 ? 127.0f : 32767.0f;
    if (t->ckind == 1)
        return (float)u / top;
    float f = (float)v / half;
    return f < -1.0f ? -1.0f : f;
}

/* A fetch's result: the element's own bytes, or floats (one per component). */
template <class T>
static __forceinline__ __device__ T __gpumc_tex_result(const __gpumc_texture *t, const char *e,
                                                       const float *f, int floats)
{
    T r;
    char *out = (char *)&r;
    if (floats) {
        if (sizeof(T) != 4 * t->comps)
            __gpumc_assert_what(0, "a texture fetch returning floats must return float or a "
                                   "float vector of as many components as the texture's elements");
        for (unsigned c = 0; c < sizeof(T) / 4; c++)
            ((float *)out)[c] = f[c];
        return r;
    }
    if (sizeof(T) != t->esize)
        __gpumc_assert_what(0, "a texture fetch must return the texture's element type "
                               "(floats from small integers: NAME.read=normalized-float)");
    for (unsigned b = 0; b < sizeof(T); b++)
        out[b] = e ? e[b] : 0;
    return r;
}

/* Does this texture return floats rather than its elements? */
static __forceinline__ __device__ int __gpumc_tex_floats(const __gpumc_texture *t)
{
    return t->linear || (t->read_float && t->ckind != 2);
}

/* ---- sampling ---------------------------------------------------------- */

/* The element at texel (i[0], i[1], i[2]) of layer `layer` (-1: not
 * layered), or NULL outside (border addressing). */
static __forceinline__ __device__ const char *__gpumc_tex_texel(const __gpumc_texture *t,
                                                                const long long *i, int dims,
                                                                long long layer)
{
    const char *e = __gpumc_tex_at(t, i[0], i[1], i[2], dims);
    if (!e || layer < 0)
        return e;
    long long layers = (long long)(dims == 1 ? t->h : t->d);
    layer = layer >= layers ? layers - 1 : layer; /* layer index clamped (callers: >= 0) */
    long long per = (long long)(dims == 1 ? t->w : t->w * t->h);
    return e + layer * per * (long long)t->esize;
}

/* Sample at coordinates u[0..dims-1] (texel units unless normalised) in
 * layer `layer` of a layered texture (-1: not layered).  Point sampling is
 * the texel under x; linear, the 2^dims texels around x - 0.5 weighted in
 * 1/256 steps, as the hardware's 8-bit fractions. */
template <class T> /* inlined, as the fetches: a finding inside is at the user's line */
static __forceinline__ __device__ T __gpumc_tex_sample(const __gpumc_texture *t, const float *u, int dims,
                                       long long layer)
{
    const unsigned long long ext[3] = {t->w, t->h, t->d};
    long long base[3] = {0, 0, 0};
    float frac[3] = {0, 0, 0}, f[4] = {0, 0, 0, 0};
    for (int a = 0; a < dims; a++) {
        float b = (t->normalized ? u[a] * (float)ext[a] : u[a]) - (t->linear ? 0.5f : 0.0f);
        base[a] = (long long)floorf(b);
        frac[a] = t->linear ? rintf((b - floorf(b)) * 256.0f) / 256.0f : 0.0f;
    }
    if (!t->linear) {
        const char *e = __gpumc_tex_texel(t, base, dims, layer);
        for (unsigned c = 0; c < t->comps && c < 4; c++)
            f[c] = __gpumc_tex_comp(t, e, c);
        return __gpumc_tex_result<T>(t, e, f, __gpumc_tex_floats(t));
    }
    for (int corner = 0; corner < (1 << dims); corner++) {
        long long i[3] = {base[0], base[1], base[2]};
        float w = 1.0f;
        for (int a = 0; a < dims; a++) {
            int up = (corner >> a) & 1;
            i[a] += up;
            w *= up ? frac[a] : 1.0f - frac[a];
        }
        const char *e = __gpumc_tex_texel(t, i, dims, layer);
        for (unsigned c = 0; c < t->comps && c < 4; c++)
            f[c] += w * __gpumc_tex_comp(t, e, c);
    }
    return __gpumc_tex_result<T>(t, 0, f, 1);
}

template <class T> __forceinline__ __device__ T tex1Dfetch(cudaTextureObject_t t, int x)
{
    const char *e = x >= 0 && (unsigned long long)x < t->w * t->h * t->d
                        ? t->data + (long long)x * (long long)t->esize : 0;
    float f[4] = {0, 0, 0, 0};
    for (unsigned c = 0; c < t->comps && c < 4; c++)
        f[c] = __gpumc_tex_comp(t, e, c);
    return __gpumc_tex_result<T>(t, e, f, t->read_float && t->ckind != 2);
}
template <class T> __forceinline__ __device__ T tex1D(cudaTextureObject_t t, float x)
{
    const float u[1] = {x};
    return __gpumc_tex_sample<T>(t, u, 1, -1);
}
template <class T> __forceinline__ __device__ T tex2D(cudaTextureObject_t t, float x, float y)
{
    const float u[2] = {x, y};
    return __gpumc_tex_sample<T>(t, u, 2, -1);
}
template <class T> __forceinline__ __device__ T tex3D(cudaTextureObject_t t, float x, float y, float z)
{
    const float u[3] = {x, y, z};
    return __gpumc_tex_sample<T>(t, u, 3, -1);
}
template <class T> __forceinline__ __device__ T tex1DLod(cudaTextureObject_t t, float x, float)
{
    return tex1D<T>(t, x);
}
template <class T> __forceinline__ __device__ T tex2DLod(cudaTextureObject_t t, float x, float y, float)
{
    return tex2D<T>(t, x, y);
}
template <class T> __forceinline__ __device__ T tex3DLod(cudaTextureObject_t t, float x, float y, float z, float)
{
    return tex3D<T>(t, x, y, z);
}
template <class T>
__forceinline__ __device__ T tex2DGrad(cudaTextureObject_t t, float x, float y, float2, float2)
{
    return tex2D<T>(t, x, y);
}
template <class T> __forceinline__ __device__ T tex1DLayered(cudaTextureObject_t t, float x, int layer)
{
    const float u[1] = {x};
    return __gpumc_tex_sample<T>(t, u, 1, layer < 0 ? 0 : layer);
}
template <class T> __forceinline__ __device__ T tex2DLayered(cudaTextureObject_t t, float x, float y, int layer)
{
    const float u[2] = {x, y};
    return __gpumc_tex_sample<T>(t, u, 2, layer < 0 ? 0 : layer);
}
/* The forms that return through a pointer. */
template <class T> __forceinline__ __device__ void tex1Dfetch(T *r, cudaTextureObject_t t, int x)
{
    *r = tex1Dfetch<T>(t, x);
}
template <class T> __forceinline__ __device__ void tex1D(T *r, cudaTextureObject_t t, float x)
{
    *r = tex1D<T>(t, x);
}
template <class T> __forceinline__ __device__ void tex2D(T *r, cudaTextureObject_t t, float x, float y)
{
    *r = tex2D<T>(t, x, y);
}
template <class T> __forceinline__ __device__ void tex3D(T *r, cudaTextureObject_t t, float x, float y, float z)
{
    *r = tex3D<T>(t, x, y, z);
}

/* ---- fetches through texture references ---------------------------------- */

template <class T, int d, enum cudaTextureReadMode m>
__forceinline__ __device__ __GPUMC_TEXREF_RET tex1Dfetch(texture<T, d, m> t, int x)
{
    __gpumc_texture c = __gpumc_texref(t);
    return tex1Dfetch<__GPUMC_TEXREF_RET>(&c, x);
}
template <class T, int d, enum cudaTextureReadMode m>
__forceinline__ __device__ __GPUMC_TEXREF_RET tex1D(texture<T, d, m> t, float x)
{
    __gpumc_texture c = __gpumc_texref(t);
    return tex1D<__GPUMC_TEXREF_RET>(&c, x);
}
template <class T, int d, enum cudaTextureReadMode m>
__forceinline__ __device__ __GPUMC_TEXREF_RET tex2D(texture<T, d, m> t, float x, float y)
{
    __gpumc_texture c = __gpumc_texref(t);
    return tex2D<__GPUMC_TEXREF_RET>(&c, x, y);
}
template <class T, int d, enum cudaTextureReadMode m>
__forceinline__ __device__ __GPUMC_TEXREF_RET tex3D(texture<T, d, m> t, float x, float y, float z)
{
    __gpumc_texture c = __gpumc_texref(t);
    return tex3D<__GPUMC_TEXREF_RET>(&c, x, y, z);
}
#undef __GPUMC_TEXREF_RET

/* ---- surfaces ---------------------------------------------------------- */

/* The address of sizeof(T) bytes at byte x of row y of slice z, or NULL
 * when the boundary mode drops the access (Zero) -- Trap stops the run. */
static __forceinline__ __device__ char *__gpumc_surf_at(cudaSurfaceObject_t s, long long x,
                                                        long long y, long long z, unsigned size,
                                                        enum cudaSurfaceBoundaryMode m)
{
    const __gpumc_texture *t = &s->t;
    long long row = (long long)(t->w * t->esize);
    int out = x < 0 || x + (long long)size > row || y < 0 || y >= (long long)t->h || z < 0 ||
              z >= (long long)t->d;
    if (out && m == cudaBoundaryModeZero)
        return 0;
    if (out && m == cudaBoundaryModeClamp) {
        x = x < 0 ? 0 : x + (long long)size > row ? row - (long long)size : x;
        y = y < 0 ? 0 : y >= (long long)t->h ? (long long)t->h - 1 : y;
        z = z < 0 ? 0 : z >= (long long)t->d ? (long long)t->d - 1 : z;
    } else if (out) {
        __gpumc_assert_what(0, "surface access outside the surface (cudaBoundaryModeTrap: the "
                               "kernel traps)");
        return 0;
    }
    return (char *)t->data + (z * (long long)t->h + y) * row + x;
}

template <class T>
__forceinline__ __device__ void surf1Dread(T *v, cudaSurfaceObject_t s, int x,
                           enum cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap)
{
    const T *p = (const T *)__gpumc_surf_at(s, x, 0, 0, sizeof(T), m);
    *v = p ? *p : T();
}
template <class T>
__forceinline__ __device__ T surf1Dread(cudaSurfaceObject_t s, int x,
                        enum cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap)
{
    T v;
    surf1Dread(&v, s, x, m);
    return v;
}
template <class T>
__forceinline__ __device__ void surf2Dread(T *v, cudaSurfaceObject_t s, int x, int y,
                           enum cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap)
{
    const T *p = (const T *)__gpumc_surf_at(s, x, y, 0, sizeof(T), m);
    *v = p ? *p : T();
}
template <class T>
__forceinline__ __device__ T surf2Dread(cudaSurfaceObject_t s, int x, int y,
                        enum cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap)
{
    T v;
    surf2Dread(&v, s, x, y, m);
    return v;
}
template <class T>
__forceinline__ __device__ void surf3Dread(T *v, cudaSurfaceObject_t s, int x, int y, int z,
                           enum cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap)
{
    const T *p = (const T *)__gpumc_surf_at(s, x, y, z, sizeof(T), m);
    *v = p ? *p : T();
}
template <class T>
__forceinline__ __device__ T surf3Dread(cudaSurfaceObject_t s, int x, int y, int z,
                        enum cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap)
{
    T v;
    surf3Dread(&v, s, x, y, z, m);
    return v;
}
template <class T>
__forceinline__ __device__ void surf1Dwrite(T v, cudaSurfaceObject_t s, int x,
                            enum cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap)
{
    T *p = (T *)__gpumc_surf_at(s, x, 0, 0, sizeof(T), m);
    if (p)
        *p = v;
}
template <class T>
__forceinline__ __device__ void surf2Dwrite(T v, cudaSurfaceObject_t s, int x, int y,
                            enum cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap)
{
    T *p = (T *)__gpumc_surf_at(s, x, y, 0, sizeof(T), m);
    if (p)
        *p = v;
}
template <class T>
__forceinline__ __device__ void surf3Dwrite(T v, cudaSurfaceObject_t s, int x, int y, int z,
                            enum cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap)
{
    T *p = (T *)__gpumc_surf_at(s, x, y, z, sizeof(T), m);
    if (p)
        *p = v;
}

#endif
#include <gpumc_names_restore.h>
