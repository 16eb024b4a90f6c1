/*
 * gpumc_cudahost.h -- more of the CUDA runtime's host API, declared (never
 * defined) so that the host code of a kernel file compiles: gpumc checks
 * the kernels, and host code is compiled, not run.  Included by
 * gpumc_cuda.h after its core host declarations; written from the CUDA
 * Runtime API reference (flags, errors, streams and callbacks, events,
 * pinned and peer memory, IPC, occupancy, cooperative launch, stream-
 * ordered allocation, graphs, function attributes, pitched memory).
 */
#include <gpumc_names_save.h>
#ifndef GPUMC_CUDAHOST_H
#define GPUMC_CUDAHOST_H

/* ---- errors and flags ---------------------------------------------------- */
#define cudaErrorInitializationError 3
#define cudaErrorInvalidConfiguration 9
#define cudaErrorInvalidDevicePointer 17
#define cudaErrorInvalidResourceHandle 400
#define cudaErrorNotReady 600
#define cudaErrorIllegalAddress 700
#define cudaErrorLaunchOutOfResources 701
#define cudaErrorPeerAccessAlreadyEnabled 704
#define cudaErrorPeerAccessNotEnabled 705
#define cudaErrorAssert 710
#define cudaErrorLaunchFailure 719
#define cudaErrorCooperativeLaunchTooLarge 720
#define cudaErrorNotSupported 801
#define cudaErrorUnknown 999
#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01
#define cudaStreamLegacy ((cudaStream_t)0x1)
#define cudaStreamPerThread ((cudaStream_t)0x2)
#define cudaHostAllocDefault 0x00
#define cudaHostAllocPortable 0x01
#define cudaHostAllocMapped 0x02
#define cudaHostAllocWriteCombined 0x04
#define cudaHostRegisterDefault 0x00
#define cudaHostRegisterPortable 0x01
#define cudaHostRegisterMapped 0x02
#define cudaHostRegisterIoMemory 0x04
#define cudaHostRegisterReadOnly 0x08
#define cudaDeviceScheduleAuto 0x00
#define cudaDeviceScheduleSpin 0x01
#define cudaDeviceScheduleYield 0x02
#define cudaDeviceScheduleBlockingSync 0x04
#define cudaDeviceBlockingSync 0x04
#define cudaDeviceMapHost 0x08
#define cudaDeviceLmemResizeToMax 0x10
#define cudaEventDefault 0x00
#define cudaEventBlockingSync 0x01
#define cudaEventDisableTiming 0x02
#define cudaEventInterprocess 0x04
#define cudaMemAttachGlobal 0x01
#define cudaMemAttachHost 0x02
#define cudaMemAttachSingle 0x04
#define cudaCpuDeviceId ((int)-1)
#define cudaInvalidDeviceId ((int)-2)
#define cudaIpcMemLazyEnablePeerAccess 0x01
#define cudaCooperativeLaunchMultiDeviceNoPreSync 0x01
#define cudaCooperativeLaunchMultiDeviceNoPostSync 0x02
#define CUDART_CB

enum cudaFuncCache { cudaFuncCachePreferNone = 0, cudaFuncCachePreferShared = 1,
                     cudaFuncCachePreferL1 = 2, cudaFuncCachePreferEqual = 3 };
enum cudaSharedMemConfig { cudaSharedMemBankSizeDefault = 0, cudaSharedMemBankSizeFourByte = 1,
                           cudaSharedMemBankSizeEightByte = 2 };
enum cudaFuncAttribute { cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
                         cudaFuncAttributePreferredSharedMemoryCarveout = 9 };
enum cudaMemoryAdvise { cudaMemAdviseSetReadMostly = 1, cudaMemAdviseUnsetReadMostly = 2,
                        cudaMemAdviseSetPreferredLocation = 3,
                        cudaMemAdviseUnsetPreferredLocation = 4, cudaMemAdviseSetAccessedBy = 5,
                        cudaMemAdviseUnsetAccessedBy = 6 };
enum cudaMemPoolAttr { cudaMemPoolReuseFollowEventDependencies = 1,
                       cudaMemPoolReuseAllowOpportunistic = 2,
                       cudaMemPoolReuseAllowInternalDependencies = 3,
                       cudaMemPoolAttrReleaseThreshold = 4 };
enum cudaStreamCaptureMode { cudaStreamCaptureModeGlobal = 0, cudaStreamCaptureModeThreadLocal = 1,
                             cudaStreamCaptureModeRelaxed = 2 };
enum cudaStreamCaptureStatus { cudaStreamCaptureStatusNone = 0, cudaStreamCaptureStatusActive = 1,
                               cudaStreamCaptureStatusInvalidated = 2 };

struct cudaFuncAttributes {
    size_t sharedSizeBytes, constSizeBytes, localSizeBytes;
    int maxThreadsPerBlock, numRegs, ptxVersion, binaryVersion, cacheModeCA;
    int maxDynamicSharedSizeBytes, preferredShmemCarveout;
};
typedef struct cudaIpcMemHandle_st { char reserved[64]; } cudaIpcMemHandle_t;
typedef struct cudaIpcEventHandle_st { char reserved[64]; } cudaIpcEventHandle_t;
typedef struct CUmemPoolHandle_st *cudaMemPool_t;
/* memory pools, locations and access (stream-ordered allocation, VMM) */
enum cudaMemLocationType { cudaMemLocationTypeInvalid = 0, cudaMemLocationTypeDevice = 1,
                           cudaMemLocationTypeHost = 2, cudaMemLocationTypeHostNuma = 3,
                           cudaMemLocationTypeHostNumaCurrent = 4 };
struct cudaMemLocation { enum cudaMemLocationType type; int id; };
enum cudaMemAccessFlags { cudaMemAccessFlagsProtNone = 0, cudaMemAccessFlagsProtRead = 1,
                          cudaMemAccessFlagsProtReadWrite = 3 };
struct cudaMemAccessDesc { struct cudaMemLocation location; enum cudaMemAccessFlags flags; };
enum cudaMemAllocationType { cudaMemAllocationTypeInvalid = 0, cudaMemAllocationTypePinned = 1 };
enum cudaMemAllocationHandleType { cudaMemHandleTypeNone = 0,
                                   cudaMemHandleTypePosixFileDescriptor = 1,
                                   cudaMemHandleTypeWin32 = 2, cudaMemHandleTypeWin32Kmt = 4 };
struct cudaMemPoolProps {
    enum cudaMemAllocationType allocType;
    enum cudaMemAllocationHandleType handleTypes;
    struct cudaMemLocation location;
    void *win32SecurityAttributes;
    size_t maxSize;
    unsigned char reserved[56];
};
struct cudaMemPoolPtrExportData { unsigned char reserved[64]; };
/* L2 persistence: the access policy window of a stream or kernel */
enum cudaAccessProperty { cudaAccessPropertyNormal = 0, cudaAccessPropertyStreaming = 1,
                          cudaAccessPropertyPersisting = 2 };
struct cudaAccessPolicyWindow {
    void *base_ptr;
    size_t num_bytes;
    float hitRatio;
    enum cudaAccessProperty hitProp, missProp;
};
enum cudaStreamAttrID { cudaStreamAttributeAccessPolicyWindow = 1,
                        cudaStreamAttributeSynchronizationPolicy = 3,
                        cudaStreamAttributePriority = 8 };
union cudaStreamAttrValue {
    struct cudaAccessPolicyWindow accessPolicyWindow;
    int priority;
    char pad[64];
};
typedef union cudaStreamAttrValue cudaStreamAttrValue;
typedef union cudaStreamAttrValue cudaKernelNodeAttrValue;
typedef void (*cudaStreamCallback_t)(cudaStream_t stream, cudaError_t status, void *userData);
typedef void (*cudaHostFn_t)(void *userData);

/* ---- texture and surface set-up on the host (fetches are not modelled:
 * a kernel that reads a texture is reported as unsupported at the fetch) */
enum cudaChannelFormatKind { cudaChannelFormatKindSigned = 0, cudaChannelFormatKindUnsigned = 1,
                             cudaChannelFormatKindFloat = 2, cudaChannelFormatKindNone = 3 };
struct cudaChannelFormatDesc { int x, y, z, w; enum cudaChannelFormatKind f; };
typedef struct cudaArray *cudaArray_t;
typedef const struct cudaArray *cudaArray_const_t;
typedef struct cudaMipmappedArray *cudaMipmappedArray_t;
enum cudaResourceType { cudaResourceTypeArray = 0, cudaResourceTypeMipmappedArray = 1,
                        cudaResourceTypeLinear = 2, cudaResourceTypePitch2D = 3 };
enum cudaTextureAddressMode { cudaAddressModeWrap = 0, cudaAddressModeClamp = 1,
                              cudaAddressModeMirror = 2, cudaAddressModeBorder = 3 };
enum cudaTextureFilterMode { cudaFilterModePoint = 0, cudaFilterModeLinear = 1 };
enum cudaSurfaceBoundaryMode { cudaBoundaryModeZero = 0, cudaBoundaryModeClamp = 1,
                               cudaBoundaryModeTrap = 2 };
struct cudaResourceDesc {
    enum cudaResourceType resType;
    union {
        struct { cudaArray_t array; } array;
        struct { cudaMipmappedArray_t mipmap; } mipmap;
        struct { void *devPtr; struct cudaChannelFormatDesc desc; size_t sizeInBytes; } linear;
        struct {
            void *devPtr;
            struct cudaChannelFormatDesc desc;
            size_t width, height, pitchInBytes;
        } pitch2D;
    } res;
};
struct cudaTextureDesc {
    enum cudaTextureAddressMode addressMode[3];
    enum cudaTextureFilterMode filterMode;
    enum cudaTextureReadMode readMode;
    int sRGB;
    float borderColor[4];
    int normalizedCoords;
    unsigned int maxAnisotropy;
    enum cudaTextureFilterMode mipmapFilterMode;
    float mipmapLevelBias, minMipmapLevelClamp, maxMipmapLevelClamp;
    int disableTrilinearOptimization, seamlessCubemap;
};
#define cudaArrayDefault 0x00
#define cudaArrayLayered 0x01
#define cudaArraySurfaceLoadStore 0x02
#define cudaArrayCubemap 0x04
extern "C" {
__host__ struct cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w,
                                                            enum cudaChannelFormatKind f);
__host__ cudaError_t cudaMallocArray(cudaArray_t *a, const struct cudaChannelFormatDesc *d,
                                     size_t w, size_t h = 0, unsigned int flags = 0);
__host__ cudaError_t cudaMalloc3DArray(cudaArray_t *a, const struct cudaChannelFormatDesc *d,
                                       struct cudaExtent e, unsigned int flags = 0);
__host__ cudaError_t cudaFreeArray(cudaArray_t a);
__host__ cudaError_t cudaMemcpyToArray(cudaArray_t a, size_t wo, size_t ho, const void *s,
                                       size_t n, enum cudaMemcpyKind k);
__host__ cudaError_t cudaMemcpy2DToArray(cudaArray_t a, size_t wo, size_t ho, const void *s,
                                         size_t sp, size_t w, size_t h, enum cudaMemcpyKind k);
__host__ cudaError_t cudaMemcpy2DFromArray(void *d, size_t dp, cudaArray_const_t a, size_t wo,
                                           size_t ho, size_t w, size_t h,
                                           enum cudaMemcpyKind k);
__host__ cudaError_t cudaCreateTextureObject(cudaTextureObject_t *t,
                                             const struct cudaResourceDesc *r,
                                             const struct cudaTextureDesc *d, const void *v);
__host__ cudaError_t cudaDestroyTextureObject(cudaTextureObject_t t);
__host__ cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *s,
                                             const struct cudaResourceDesc *r);
__host__ cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t s);
}
template <class T> __host__ struct cudaChannelFormatDesc cudaCreateChannelDesc(void);

/* ---- graphics interoperability: buffers of OpenGL, Direct3D or Vulkan
 * mapped for the kernels (cuda_gl_interop.h registers OpenGL's) -------------- */
typedef struct cudaGraphicsResource *cudaGraphicsResource_t;
enum cudaGraphicsRegisterFlags {
    cudaGraphicsRegisterFlagsNone = 0, cudaGraphicsRegisterFlagsReadOnly = 1,
    cudaGraphicsRegisterFlagsWriteDiscard = 2, cudaGraphicsRegisterFlagsSurfaceLoadStore = 4,
    cudaGraphicsRegisterFlagsTextureGather = 8
};
enum cudaGraphicsMapFlags {
    cudaGraphicsMapFlagsNone = 0, cudaGraphicsMapFlagsReadOnly = 1,
    cudaGraphicsMapFlagsWriteDiscard = 2
};
extern "C" {
__host__ cudaError_t cudaGraphicsMapResources(int count, cudaGraphicsResource_t *r,
                                              cudaStream_t s = 0);
__host__ cudaError_t cudaGraphicsUnmapResources(int count, cudaGraphicsResource_t *r,
                                                cudaStream_t s = 0);
__host__ cudaError_t cudaGraphicsResourceGetMappedPointer(void **p, size_t *bytes,
                                                          cudaGraphicsResource_t r);
__host__ cudaError_t cudaGraphicsSubResourceGetMappedArray(cudaArray_t *a,
                                                           cudaGraphicsResource_t r,
                                                           unsigned int index, unsigned int level);
__host__ cudaError_t cudaGraphicsResourceSetMapFlags(cudaGraphicsResource_t r, unsigned int flags);
__host__ cudaError_t cudaGraphicsUnregisterResource(cudaGraphicsResource_t r);
}

/* ---- graphs ---------------------------------------------------------------- */
typedef struct CUgraph_st *cudaGraph_t;
typedef struct CUgraphExec_st *cudaGraphExec_t;
typedef struct CUgraphNode_st *cudaGraphNode_t;
struct cudaPos { size_t x, y, z; };
struct cudaExtent { size_t width, height, depth; };
struct cudaPitchedPtr { void *ptr; size_t pitch, xsize, ysize; };
struct cudaMemcpy3DParms {
    void *srcArray;
    struct cudaPos srcPos;
    struct cudaPitchedPtr srcPtr;
    void *dstArray;
    struct cudaPos dstPos;
    struct cudaPitchedPtr dstPtr;
    struct cudaExtent extent;
    enum cudaMemcpyKind kind;
};
struct cudaMemsetParams {
    void *dst;
    size_t pitch;
    unsigned int value, elementSize;
    size_t width, height;
};
struct cudaKernelNodeParams {
    void *func;
    dim3 gridDim, blockDim;
    unsigned int sharedMemBytes;
    void **kernelParams, **extra;
};
struct cudaHostNodeParams { cudaHostFn_t fn; void *userData; };
/* conditional nodes (CUDA 12.3): a kernel sets the condition with
 * cudaGraphSetConditional, which has no effect on the kernel itself */
typedef unsigned long long cudaGraphConditionalHandle;
enum cudaGraphConditionalHandleFlags { cudaGraphCondAssignDefault = 1 };
enum cudaGraphConditionalNodeType { cudaGraphCondTypeIf = 0, cudaGraphCondTypeWhile = 1,
                                    cudaGraphCondTypeSwitch = 2 };
enum cudaGraphNodeType {
    cudaGraphNodeTypeKernel = 0, cudaGraphNodeTypeMemcpy = 1, cudaGraphNodeTypeMemset = 2,
    cudaGraphNodeTypeHost = 3, cudaGraphNodeTypeGraph = 4, cudaGraphNodeTypeEmpty = 5,
    cudaGraphNodeTypeWaitEvent = 6, cudaGraphNodeTypeEventRecord = 7,
    cudaGraphNodeTypeMemAlloc = 10, cudaGraphNodeTypeMemFree = 11,
    cudaGraphNodeTypeConditional = 13
};
struct cudaConditionalNodeParams {
    cudaGraphConditionalHandle handle;
    enum cudaGraphConditionalNodeType type;
    unsigned int size;
    cudaGraph_t *phGraph_out;
};
typedef struct cudaGraphEdgeData {
    unsigned char from_port, to_port, type, reserved[5];
} cudaGraphEdgeData;
typedef struct cudaGraphNodeParams {
    enum cudaGraphNodeType type;
    int reserved0[3];
    union {
        long long reserved1[29];
        struct cudaKernelNodeParams kernel;
        struct cudaMemsetParams memset;
        struct cudaHostNodeParams host;
        struct cudaConditionalNodeParams conditional;
    };
    long long reserved2;
} cudaGraphNodeParams;
static __device__ __forceinline__ void cudaGraphSetConditional(cudaGraphConditionalHandle h,
                                                               unsigned int value)
{
    (void)h;
    (void)value;
}
static inline __host__ struct cudaPos make_cudaPos(size_t x, size_t y, size_t z)
{ struct cudaPos p = {x, y, z}; return p; }
static inline __host__ struct cudaExtent make_cudaExtent(size_t w, size_t h, size_t d)
{ struct cudaExtent e = {w, h, d}; return e; }
static inline __host__ struct cudaPitchedPtr make_cudaPitchedPtr(void *d, size_t p, size_t xs,
                                                                 size_t ys)
{ struct cudaPitchedPtr r = {d, p, xs, ys}; return r; }

extern "C" {
__host__ cudaError_t cudaSetDeviceFlags(unsigned int flags);
__host__ cudaError_t cudaGetDeviceFlags(unsigned int *flags);
__host__ cudaError_t cudaChooseDevice(int *d, const struct cudaDeviceProp *p);
__host__ cudaError_t cudaDriverGetVersion(int *v);
__host__ cudaError_t cudaRuntimeGetVersion(int *v);
__host__ cudaError_t cudaMemGetInfo(size_t *free_bytes, size_t *total);
__host__ cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache c);
__host__ cudaError_t cudaThreadSetCacheConfig(enum cudaFuncCache c);
__host__ cudaError_t cudaThreadGetCacheConfig(enum cudaFuncCache *c);
__host__ cudaError_t cudaDeviceSetSharedMemConfig(enum cudaSharedMemConfig c);
__host__ cudaError_t cudaDeviceGetStreamPriorityRange(int *least, int *greatest);
__host__ cudaError_t cudaDeviceSetLimit(enum cudaLimit l, size_t v);
__host__ cudaError_t cudaDeviceGetLimit(size_t *v, enum cudaLimit l);
__host__ cudaError_t cudaProfilerStart(void);
__host__ cudaError_t cudaProfilerStop(void);
/* streams, events, callbacks */
__host__ cudaError_t cudaStreamCreateWithPriority(cudaStream_t *s, unsigned int flags, int prio);
__host__ cudaError_t cudaStreamQuery(cudaStream_t s);
__host__ cudaError_t cudaStreamWaitEvent(cudaStream_t s, cudaEvent_t e, unsigned int flags = 0);
__host__ cudaError_t cudaStreamAddCallback(cudaStream_t s, cudaStreamCallback_t cb, void *ud,
                                           unsigned int flags);
__host__ cudaError_t cudaStreamAttachMemAsync(cudaStream_t s, void *p, size_t n = 0,
                                              unsigned int flags = cudaMemAttachSingle);
__host__ cudaError_t cudaLaunchHostFunc(cudaStream_t s, cudaHostFn_t fn, void *ud);
__host__ cudaError_t cudaEventQuery(cudaEvent_t e);
/* pinned, mapped, peer and managed memory */
__host__ cudaError_t cudaHostRegister(void *p, size_t n, unsigned int flags);
__host__ cudaError_t cudaHostUnregister(void *p);
__host__ cudaError_t cudaHostGetDevicePointer(void **d, void *h, unsigned int flags);
__host__ cudaError_t cudaDeviceCanAccessPeer(int *can, int d, int peer);
__host__ cudaError_t cudaDeviceEnablePeerAccess(int peer, unsigned int flags);
__host__ cudaError_t cudaDeviceDisablePeerAccess(int peer);
__host__ cudaError_t cudaMemcpyPeer(void *d, int dd, const void *s, int sd, size_t n);
__host__ cudaError_t cudaMemcpyPeerAsync(void *d, int dd, const void *s, int sd, size_t n,
                                         cudaStream_t st = 0);
__host__ cudaError_t cudaMemPrefetchAsync(const void *p, size_t n, int dev, cudaStream_t s = 0);
__host__ cudaError_t cudaMemAdvise(const void *p, size_t n, enum cudaMemoryAdvise a, int dev);
__host__ cudaError_t cudaMallocPitch(void **p, size_t *pitch, size_t w, size_t h);
__host__ cudaError_t cudaMemcpy2D(void *d, size_t dp, const void *s, size_t sp, size_t w,
                                  size_t h, enum cudaMemcpyKind k);
__host__ cudaError_t cudaMemcpy2DAsync(void *d, size_t dp, const void *s, size_t sp, size_t w,
                                       size_t h, enum cudaMemcpyKind k, cudaStream_t st = 0);
__host__ cudaError_t cudaMemset2D(void *d, size_t pitch, int v, size_t w, size_t h);
__host__ cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *p);
__host__ cudaError_t cudaMalloc3D(struct cudaPitchedPtr *p, struct cudaExtent e);
__host__ cudaError_t cudaMemset3D(struct cudaPitchedPtr p, int value, struct cudaExtent e);
__host__ cudaError_t cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *p, cudaStream_t s = 0);
/* interprocess */
__host__ cudaError_t cudaIpcGetMemHandle(cudaIpcMemHandle_t *h, void *p);
__host__ cudaError_t cudaIpcOpenMemHandle(void **p, cudaIpcMemHandle_t h, unsigned int flags);
__host__ cudaError_t cudaIpcCloseMemHandle(void *p);
__host__ cudaError_t cudaIpcGetEventHandle(cudaIpcEventHandle_t *h, cudaEvent_t e);
__host__ cudaError_t cudaIpcOpenEventHandle(cudaEvent_t *e, cudaIpcEventHandle_t h);
/* stream-ordered allocation */
__host__ cudaError_t cudaMallocAsync(void **p, size_t n, cudaStream_t s);
__host__ cudaError_t cudaFreeAsync(void *p, cudaStream_t s);
__host__ cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *pool, int d);
__host__ cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t pool, enum cudaMemPoolAttr a, void *v);
__host__ cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t pool, enum cudaMemPoolAttr a, void *v);
__host__ cudaError_t cudaMemPoolTrimTo(cudaMemPool_t pool, size_t keep);
__host__ cudaError_t cudaMemPoolCreate(cudaMemPool_t *pool, const struct cudaMemPoolProps *p);
__host__ cudaError_t cudaMemPoolDestroy(cudaMemPool_t pool);
__host__ cudaError_t cudaMemPoolSetAccess(cudaMemPool_t pool, const struct cudaMemAccessDesc *d,
                                          size_t n);
__host__ cudaError_t cudaMemPoolGetAccess(enum cudaMemAccessFlags *f, cudaMemPool_t pool,
                                          struct cudaMemLocation *l);
__host__ cudaError_t cudaDeviceSetMemPool(int d, cudaMemPool_t pool);
__host__ cudaError_t cudaDeviceGetMemPool(cudaMemPool_t *pool, int d);
__host__ cudaError_t cudaMallocFromPoolAsync(void **p, size_t n, cudaMemPool_t pool,
                                             cudaStream_t s);
__host__ cudaError_t cudaMemPoolExportToShareableHandle(void *h, cudaMemPool_t pool,
                                                        enum cudaMemAllocationHandleType t,
                                                        unsigned int flags);
__host__ cudaError_t cudaMemPoolImportFromShareableHandle(cudaMemPool_t *pool, void *h,
                                                          enum cudaMemAllocationHandleType t,
                                                          unsigned int flags);
__host__ cudaError_t cudaMemPoolExportPointer(struct cudaMemPoolPtrExportData *d, void *p);
__host__ cudaError_t cudaMemPoolImportPointer(void **p, cudaMemPool_t pool,
                                              struct cudaMemPoolPtrExportData *d);
__host__ cudaError_t cudaMemPrefetchAsync_v2(const void *p, size_t n, struct cudaMemLocation l,
                                             unsigned int flags, cudaStream_t s = 0);
__host__ cudaError_t cudaMemAdvise_v2(const void *p, size_t n, enum cudaMemoryAdvise a,
                                      struct cudaMemLocation l);
__host__ cudaError_t cudaStreamSetAttribute(cudaStream_t s, enum cudaStreamAttrID a,
                                            const cudaStreamAttrValue *v);
__host__ cudaError_t cudaStreamGetAttribute(cudaStream_t s, enum cudaStreamAttrID a,
                                            cudaStreamAttrValue *v);
__host__ cudaError_t cudaCtxResetPersistingL2Cache(void);
/* launches and function attributes by address */
__host__ cudaError_t cudaLaunchKernel(const void *f, dim3 g, dim3 b, void **args,
                                      size_t shmem = 0, cudaStream_t s = 0);
__host__ cudaError_t cudaLaunchCooperativeKernel(const void *f, dim3 g, dim3 b, void **args,
                                                 size_t shmem = 0, cudaStream_t s = 0);
__host__ cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *n, const void *f,
                                                                   int block, size_t shmem);
__host__ cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *a, const void *f);
__host__ cudaError_t cudaFuncSetAttribute(const void *f, enum cudaFuncAttribute a, int v);
__host__ cudaError_t cudaFuncSetCacheConfig(const void *f, enum cudaFuncCache c);
/* graphs */
__host__ cudaError_t cudaGraphCreate(cudaGraph_t *g, unsigned int flags);
__host__ cudaError_t cudaGraphDestroy(cudaGraph_t g);
__host__ cudaError_t cudaGraphClone(cudaGraph_t *c, cudaGraph_t g);
__host__ cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t *n, cudaGraph_t g,
                                            const cudaGraphNode_t *deps, size_t ndeps,
                                            const struct cudaKernelNodeParams *p);
__host__ cudaError_t cudaGraphAddMemcpyNode(cudaGraphNode_t *n, cudaGraph_t g,
                                            const cudaGraphNode_t *deps, size_t ndeps,
                                            const struct cudaMemcpy3DParms *p);
__host__ cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t *n, cudaGraph_t g,
                                            const cudaGraphNode_t *deps, size_t ndeps,
                                            const struct cudaMemsetParams *p);
__host__ cudaError_t cudaGraphAddHostNode(cudaGraphNode_t *n, cudaGraph_t g,
                                          const cudaGraphNode_t *deps, size_t ndeps,
                                          const struct cudaHostNodeParams *p);
__host__ cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t *n, cudaGraph_t g,
                                           const cudaGraphNode_t *deps, size_t ndeps);
__host__ cudaError_t cudaGraphAddChildGraphNode(cudaGraphNode_t *n, cudaGraph_t g,
                                                const cudaGraphNode_t *deps, size_t ndeps,
                                                cudaGraph_t child);
__host__ cudaError_t cudaGraphAddDependencies(cudaGraph_t g, const cudaGraphNode_t *from,
                                              const cudaGraphNode_t *to, size_t n);
__host__ cudaError_t cudaGraphGetNodes(cudaGraph_t g, cudaGraphNode_t *nodes, size_t *n);
__host__ cudaError_t cudaGraphKernelNodeGetParams(cudaGraphNode_t n,
                                                  struct cudaKernelNodeParams *p);
__host__ cudaError_t cudaGraphKernelNodeSetParams(cudaGraphNode_t n,
                                                  const struct cudaKernelNodeParams *p);
__host__ cudaError_t cudaGraphExecKernelNodeSetParams(cudaGraphExec_t e, cudaGraphNode_t n,
                                                      const struct cudaKernelNodeParams *p);
__host__ cudaError_t cudaGraphLaunch(cudaGraphExec_t e, cudaStream_t s);
__host__ cudaError_t cudaGraphExecDestroy(cudaGraphExec_t e);
__host__ cudaError_t cudaStreamBeginCapture(cudaStream_t s, enum cudaStreamCaptureMode m);
__host__ cudaError_t cudaStreamEndCapture(cudaStream_t s, cudaGraph_t *g);
__host__ cudaError_t cudaStreamIsCapturing(cudaStream_t s, enum cudaStreamCaptureStatus *st);
__host__ cudaError_t cudaGraphConditionalHandleCreate(cudaGraphConditionalHandle *h,
                                                      cudaGraph_t g,
                                                      unsigned int defaultLaunchValue = 0,
                                                      unsigned int flags = 0);
}
/* CUDA 12.3's forms and CUDA 13's, with edge data (C++ overloads) */
__host__ cudaError_t cudaGraphAddNode(cudaGraphNode_t *n, cudaGraph_t g, const cudaGraphNode_t *deps,
                                      size_t ndeps, struct cudaGraphNodeParams *p);
__host__ cudaError_t cudaGraphAddNode(cudaGraphNode_t *n, cudaGraph_t g, const cudaGraphNode_t *deps,
                                      const cudaGraphEdgeData *edges, size_t ndeps,
                                      struct cudaGraphNodeParams *p);
__host__ cudaError_t cudaStreamGetCaptureInfo(cudaStream_t s, enum cudaStreamCaptureStatus *st,
                                              unsigned long long *id = 0, cudaGraph_t *g = 0,
                                              const cudaGraphNode_t **deps = 0,
                                              size_t *ndeps = 0);
__host__ cudaError_t cudaStreamGetCaptureInfo(cudaStream_t s, enum cudaStreamCaptureStatus *st,
                                              unsigned long long *id, cudaGraph_t *g,
                                              const cudaGraphNode_t **deps,
                                              const cudaGraphEdgeData **edges, size_t *ndeps);
__host__ cudaError_t cudaStreamBeginCaptureToGraph(cudaStream_t s, cudaGraph_t g,
                                                   const cudaGraphNode_t *deps,
                                                   const cudaGraphEdgeData *edges, size_t ndeps,
                                                   enum cudaStreamCaptureMode m);
enum cudaStreamUpdateCaptureDependenciesFlags { cudaStreamAddCaptureDependencies = 0,
                                                cudaStreamSetCaptureDependencies = 1 };
__host__ cudaError_t cudaStreamUpdateCaptureDependencies(cudaStream_t s, cudaGraphNode_t *deps,
                                                         size_t ndeps, unsigned int flags);
__host__ cudaError_t cudaStreamUpdateCaptureDependencies(cudaStream_t s, cudaGraphNode_t *deps,
                                                         const cudaGraphEdgeData *edges,
                                                         size_t ndeps, unsigned int flags);
/* graph memory nodes and whole-graph updates */
struct cudaMemAllocNodeParams {
    struct cudaMemPoolProps poolProps;
    const struct cudaMemAccessDesc *accessDescs;
    size_t accessDescCount, bytesize;
    void *dptr;
};
enum cudaGraphMemAttributeType { cudaGraphMemAttrUsedMemCurrent = 0,
                                 cudaGraphMemAttrUsedMemHigh = 1,
                                 cudaGraphMemAttrReservedMemCurrent = 2,
                                 cudaGraphMemAttrReservedMemHigh = 3 };
enum cudaGraphExecUpdateResult { cudaGraphExecUpdateSuccess = 0, cudaGraphExecUpdateError = 1,
                                 cudaGraphExecUpdateErrorTopologyChanged = 2,
                                 cudaGraphExecUpdateErrorNodeTypeChanged = 3,
                                 cudaGraphExecUpdateErrorFunctionChanged = 4,
                                 cudaGraphExecUpdateErrorParametersChanged = 5,
                                 cudaGraphExecUpdateErrorNotSupported = 6 };
struct cudaGraphExecUpdateResultInfo {
    enum cudaGraphExecUpdateResult result;
    cudaGraphNode_t errorNode, errorFromNode;
};
extern "C" {
__host__ cudaError_t cudaGraphAddMemAllocNode(cudaGraphNode_t *n, cudaGraph_t g,
                                              const cudaGraphNode_t *deps, size_t ndeps,
                                              struct cudaMemAllocNodeParams *p);
__host__ cudaError_t cudaGraphAddMemFreeNode(cudaGraphNode_t *n, cudaGraph_t g,
                                             const cudaGraphNode_t *deps, size_t ndeps,
                                             void *dptr);
__host__ cudaError_t cudaDeviceGraphMemTrim(int d);
__host__ cudaError_t cudaDeviceGetGraphMemAttribute(int d, enum cudaGraphMemAttributeType a,
                                                    void *v);
__host__ cudaError_t cudaDeviceSetGraphMemAttribute(int d, enum cudaGraphMemAttributeType a,
                                                    void *v);
__host__ cudaError_t cudaGraphUpload(cudaGraphExec_t e, cudaStream_t s);
}
/* cudaGraphExecUpdate: CUDA 12's form and the older one */
__host__ cudaError_t cudaGraphExecUpdate(cudaGraphExec_t e, cudaGraph_t g,
                                         struct cudaGraphExecUpdateResultInfo *info);
__host__ cudaError_t cudaGraphExecUpdate(cudaGraphExec_t e, cudaGraph_t g,
                                         cudaGraphNode_t *err_node,
                                         enum cudaGraphExecUpdateResult *r);
__host__ cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t *n, cudaGraph_t g,
                                              const cudaGraphNode_t *deps, size_t ndeps,
                                              void *dst, const void *src, size_t count,
                                              enum cudaMemcpyKind k);
/* CUDA 12.2's prefetch to a location, and allocation from a pool: C++ overloads */
__host__ cudaError_t cudaMemPrefetchAsync(const void *p, size_t n, struct cudaMemLocation l,
                                          unsigned int flags, cudaStream_t s = 0);
__host__ cudaError_t cudaMallocAsync(void **p, size_t n, cudaMemPool_t pool, cudaStream_t s);
template <class T>
__host__ cudaError_t cudaMallocAsync(T **p, size_t n, cudaMemPool_t pool, cudaStream_t s)
{ return cudaMallocAsync((void **)p, n, pool, s); }
/* cudaEventCreate with flags: the runtime's C++ overload */
__host__ cudaError_t cudaEventCreate(cudaEvent_t *e, unsigned int flags);
/* cudaGraphInstantiate: CUDA 12's form and the older one with an error log. */
__host__ cudaError_t cudaGraphInstantiate(cudaGraphExec_t *e, cudaGraph_t g,
                                          unsigned long long flags = 0);
__host__ cudaError_t cudaGraphInstantiate(cudaGraphExec_t *e, cudaGraph_t g,
                                          cudaGraphNode_t *err_node, char *log, size_t n);

/* The typed forms the runtime's C++ API adds. */
template <class T>
__host__ cudaError_t cudaMallocHost(T **p, size_t n, unsigned int flags = 0)
{ return flags ? cudaHostAlloc((void **)p, n, flags) : cudaMallocHost((void **)p, n); }
template <class T>
__host__ cudaError_t cudaHostAlloc(T **p, size_t n, unsigned int flags)
{ return cudaHostAlloc((void **)p, n, flags); }
template <class T>
__host__ cudaError_t cudaHostGetDevicePointer(T **d, void *h, unsigned int flags)
{ return cudaHostGetDevicePointer((void **)d, h, flags); }
template <class T>
__host__ cudaError_t cudaMallocAsync(T **p, size_t n, cudaStream_t s)
{ return cudaMallocAsync((void **)p, n, s); }
template <class T>
__host__ cudaError_t cudaMallocPitch(T **p, size_t *pitch, size_t w, size_t h)
{ return cudaMallocPitch((void **)p, pitch, w, h); }
template <class T>
__host__ cudaError_t cudaLaunchKernel(T *f, dim3 g, dim3 b, void **args, size_t shmem = 0,
                                      cudaStream_t s = 0)
{ return cudaLaunchKernel((const void *)f, g, b, args, shmem, s); }
template <class T>
__host__ cudaError_t cudaLaunchCooperativeKernel(T *f, dim3 g, dim3 b, void **args,
                                                 size_t shmem = 0, cudaStream_t s = 0)
{ return cudaLaunchCooperativeKernel((const void *)f, g, b, args, shmem, s); }
template <class T>
__host__ cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *n, T f, int block,
                                                                   size_t shmem)
{ return cudaOccupancyMaxActiveBlocksPerMultiprocessor(n, (const void *)f, block, shmem); }
template <class T>
__host__ cudaError_t cudaOccupancyMaxPotentialBlockSize(int *grid, int *block, T f,
                                                        size_t shmem = 0, int limit = 0);
template <class T>
__host__ cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *a, T *f)
{ return cudaFuncGetAttributes(a, (const void *)f); }
template <class T>
__host__ cudaError_t cudaFuncSetAttribute(T *f, enum cudaFuncAttribute a, int v)
{ return cudaFuncSetAttribute((const void *)f, a, v); }
template <class T>
__host__ cudaError_t cudaFuncSetCacheConfig(T *f, enum cudaFuncCache c)
{ return cudaFuncSetCacheConfig((const void *)f, c); }

#endif
#include <gpumc_names_restore.h>
