// Host code that calls much of the CUDA runtime and driver APIs (and NVTX's
// profiler ranges, OpenGL interoperability, conditional graph nodes, virtual
// memory management) around a small kernel: gpumc
// compiles it (declared, never run) and checks the kernel.  Launch:
// --grid=2 --block=33, x = 64 floats, n = 64.  -DOFF_BY_ONE: i <= n writes x[64]: a
// memory error.
#include <cuda.h>
#include <cuda_gl_interop.h>
#include <cuda_runtime.h>
#include <nvtx3/nvToolsExt.h>
#include <cstdio>

__device__ cudaGraphConditionalHandle again; /* a while node's condition */

__global__ void scale(float *x, float a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i == 0)
        cudaGraphSetConditional(again, a > 1.0f);
#ifdef OFF_BY_ONE
    if (i <= n)
#else
    if (i < n)
#endif
        x[i] = max(x[i] * a, 0.0);  // max(float, double): the double overload
}

static void CUDART_CB done(cudaStream_t s, cudaError_t status, void *ud)
{
    (void)s;
    *(int *)ud = status == cudaSuccess;
}

int main()
{
    float *h, *d;
    cudaStream_t s;
    nvtxRangePushA("setup");
    cudaMallocHost(&h, 64 * sizeof(float));
    cudaHostRegister(h, 64 * sizeof(float), cudaHostRegisterMapped);
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    nvtxRangePop();
    cudaMallocAsync(&d, 64 * sizeof(float), s);
    int blocks = 0, ok = 0;
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, scale, 32, 0);
    cudaGraph_t g;
    cudaGraphExec_t e;
    cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
    scale<<<2, 32, 0, s>>>(d, 2.0f, 64);
    cudaStreamEndCapture(s, &g);
    cudaGraphInstantiate(&e, g, NULL, NULL, 0);
    cudaGraphLaunch(e, s);
    cudaStreamAddCallback(s, done, &ok, 0);
    cudaDeviceProp p;
    cudaGetDeviceProperties(&p, 0);
    cudaResourceDesc rd = {};
    rd.resType = cudaResourceTypeLinear;
    cudaTextureObject_t t;
    cudaTextureDesc td = {};
    cudaCreateTextureObject(&t, &rd, &td, NULL);
    const char *name = NULL;
    cuGetErrorName(CUDA_SUCCESS, &name);
    size_t free_bytes = 0, total = 0;
    cuMemGetInfo(&free_bytes, &total);
    GLuint vbo = 1; /* a buffer an OpenGL program made, mapped for the kernel */
    cudaGraphicsResource_t res;
    float *mapped;
    size_t mapped_bytes;
    cudaGraphicsGLRegisterBuffer(&res, vbo, cudaGraphicsMapFlagsWriteDiscard);
    cudaGraphicsMapResources(1, &res, s);
    cudaGraphicsResourceGetMappedPointer((void **)&mapped, &mapped_bytes, res);
    scale<<<1, 32, 0, s>>>(mapped, 0.5f, (int)(mapped_bytes / sizeof(float)));
    cudaGraphicsUnmapResources(1, &res, s);
    cudaGraphicsUnregisterResource(res);
    /* a while node around a kernel node (CUDA 12.3 and 13 forms) */
    cudaGraph_t loop;
    cudaGraphCreate(&loop, 0);
    cudaGraphConditionalHandle ch;
    cudaGraphConditionalHandleCreate(&ch, loop, 1, cudaGraphCondAssignDefault);
    cudaGraphNodeParams cp = {cudaGraphNodeTypeConditional};
    cp.conditional.handle = ch;
    cp.conditional.type = cudaGraphCondTypeWhile;
    cp.conditional.size = 1;
    cudaGraphNode_t cn, kn;
    cudaGraphAddNode(&cn, loop, NULL, 0, &cp);
    cudaGraphNodeParams kp = {cudaGraphNodeTypeKernel};
    kp.kernel.func = (void *)scale;
    cudaGraphAddNode(&kn, cp.conditional.phGraph_out[0], NULL, NULL, 0, &kp);
    enum cudaStreamCaptureStatus cs;
    cudaStreamBeginCaptureToGraph(s, cp.conditional.phGraph_out[0], NULL, NULL, 0,
                                  cudaStreamCaptureModeGlobal);
    cudaStreamGetCaptureInfo(s, &cs, NULL, &loop, NULL, NULL, NULL);
    cudaStreamUpdateCaptureDependencies(s, &cn, NULL, 1, cudaStreamSetCaptureDependencies);
    /* a reserved range mapped to one physical allocation */
    CUmemAllocationProp prop = {};
    prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
    prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
    prop.requestedHandleTypes = CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR;
    size_t gran = 0;
    cuMemGetAllocationGranularity(&gran, &prop, CU_MEM_ALLOC_GRANULARITY_RECOMMENDED);
    CUdeviceptr va;
    CUmemGenericAllocationHandle mh;
    cuMemAddressReserve(&va, gran, gran, 0, 0);
    cuMemCreate(&mh, gran, &prop, 0);
    cuMemMap(va, gran, 0, mh, 0);
    CUmemAccessDesc ad = {};
    ad.location = prop.location;
    ad.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
    cuMemSetAccess(va, gran, &ad, 1);
    cuMemUnmap(va, gran);
    cuMemRelease(mh);
    cuMemAddressFree(va, gran);
    cudaError err = cudaStreamSynchronize(s);
    printf("%d %d %d %s\n", blocks, p.pageableMemoryAccess, err == cudaErrorAssert, name);
    cudaFreeAsync(d, s);
    cudaFreeHost(h);
    return ok ? 0 : 1;
}
