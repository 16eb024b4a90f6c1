// A kernel in a CUDA 4-era benchmark file: host code with the deprecated
// per-thread runtime calls, an error-name switch over the runtime's codes
// (as old helper_cuda.h files have), and time() without <time.h>, all of
// which nvcc accepts.  The kernel smooths a row through a shared tile:
// correct with the barrier, a race with -DNO_BARRIER.
#include <cstdio>

#define TILE 8

__global__ void smooth(const float *row, float *out, int n)
{
    __shared__ float tile[TILE + 2];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int t = threadIdx.x + 1;
    tile[t] = i < n ? row[i] : 0.0f;
    if (threadIdx.x == 0)
        tile[0] = i > 0 ? row[i - 1] : 0.0f;
    if (threadIdx.x == blockDim.x - 1)
        tile[t + 1] = i + 1 < n ? row[i + 1] : 0.0f;
#ifndef NO_BARRIER
    __syncthreads();
#endif
    float v = (tile[t - 1] + tile[t] + tile[t + 1]) / 3.0f;
    if (i < n)
        out[i] = v;
}

static const char *error_enum(cudaError_t e)
{
    switch (e) {
    case cudaSuccess: return "cudaSuccess";
    case cudaErrorMissingConfiguration: return "cudaErrorMissingConfiguration";
    case cudaErrorMemoryAllocation: return "cudaErrorMemoryAllocation";
    case cudaErrorInitializationError: return "cudaErrorInitializationError";
    case cudaErrorLaunchFailure: return "cudaErrorLaunchFailure";
    case cudaErrorPriorLaunchFailure: return "cudaErrorPriorLaunchFailure";
    case cudaErrorLaunchTimeout: return "cudaErrorLaunchTimeout";
    case cudaErrorLaunchOutOfResources: return "cudaErrorLaunchOutOfResources";
    case cudaErrorInvalidDeviceFunction: return "cudaErrorInvalidDeviceFunction";
    case cudaErrorInvalidConfiguration: return "cudaErrorInvalidConfiguration";
    case cudaErrorInvalidDevice: return "cudaErrorInvalidDevice";
    case cudaErrorInvalidValue: return "cudaErrorInvalidValue";
    case cudaErrorInvalidPitchValue: return "cudaErrorInvalidPitchValue";
    case cudaErrorInvalidSymbol: return "cudaErrorInvalidSymbol";
    case cudaErrorMapBufferObjectFailed: return "cudaErrorMapBufferObjectFailed";
    case cudaErrorUnmapBufferObjectFailed: return "cudaErrorUnmapBufferObjectFailed";
    case cudaErrorInvalidHostPointer: return "cudaErrorInvalidHostPointer";
    case cudaErrorInvalidDevicePointer: return "cudaErrorInvalidDevicePointer";
    case cudaErrorInvalidTexture: return "cudaErrorInvalidTexture";
    case cudaErrorInvalidTextureBinding: return "cudaErrorInvalidTextureBinding";
    case cudaErrorInvalidChannelDescriptor: return "cudaErrorInvalidChannelDescriptor";
    case cudaErrorInvalidMemcpyDirection: return "cudaErrorInvalidMemcpyDirection";
    case cudaErrorAddressOfConstant: return "cudaErrorAddressOfConstant";
    case cudaErrorTextureFetchFailed: return "cudaErrorTextureFetchFailed";
    case cudaErrorTextureNotBound: return "cudaErrorTextureNotBound";
    case cudaErrorSynchronizationError: return "cudaErrorSynchronizationError";
    case cudaErrorUnknown: return "cudaErrorUnknown";
    case cudaErrorNoDevice: return "cudaErrorNoDevice";
    case cudaErrorECCUncorrectable: return "cudaErrorECCUncorrectable";
    case cudaErrorStartupFailure: return "cudaErrorStartupFailure";
    case cudaErrorApiFailureBase: return "cudaErrorApiFailureBase";
    default: return "<unknown>";
    }
}

int main(void)
{
    int n = 16;
    float *d, *o;
    srand((unsigned)time(NULL));
    cudaMalloc((void **)&d, n * sizeof(float));
    cudaMalloc((void **)&o, n * sizeof(float));
    smooth<<<(n + TILE - 1) / TILE, TILE>>>(d, o, n);
    cudaError_t e = cudaThreadSynchronize();
    if (e != cudaSuccess)
        printf("kernel failed: %s\n", error_enum(e));
    cudaFree(d);
    cudaFree(o);
    cudaThreadExit();
    return 0;
}
