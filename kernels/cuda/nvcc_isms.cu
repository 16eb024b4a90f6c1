// Code nvcc takes that strict C++17 clang does not, or that only CUDA's headers
// make legal: a `register` local, a __managed__ variable (device memory the host
// also sees), min/max on size_t and long, cudaGetLastError/cudaGetErrorString in
// device code, rsqrtf and cudaMalloc3D in host code (compiled, never run), a PTX
// register written with one '%' in inline asm, a macro glued to a string literal,
// a launch spaced `<< < ... >> >` by a formatter, and the CUDA samples' helper_cuda.h,
// helper_timer.h and math_constants.h (gpumc has stand-ins when the program's own are
// not on -I).
// Launch: --grid=1 --block=4, out = float[4], n = 4: out[i] = 3 * rsqrtf(16) * (i + 1)
// = 0.75 * (i + 1) for i < min(n, 4); --post pins it.
// -DRACE: every thread also counts itself in a __managed__ counter without an atomic:
// a data race.
// -DARCH=N: the file compiles only if __CUDA_ARCH__ is N: 800 by default, else what
// nvcc's -arch=sm_NN (or -arch sm_NN) or clang's --cuda-gpu-arch=sm_NN after -- says.
#include <cassert>
#include <cstdio>
#include <cuda_runtime.h>
#include <helper_cuda.h>
#include <helper_timer.h>
#include <math_constants.h>

#define WHAT "lane"

#if defined(ARCH) && __CUDA_ARCH__ != ARCH
#error "compiled for another GPU"
#endif

__managed__ int scale = 3;
__managed__ int counter;

__global__ void scaled(float *out, size_t n)
{
    register size_t i = threadIdx.x;
    size_t limit = min(n, (size_t)blockDim.x);
    long wide = max(1L, (long)i + 1);
    cudaError_t err = cudaGetLastError();
    if (err != cudaSuccess)
        printf("error: %s\n", cudaGetErrorString(err));
    unsigned lane;
    asm("mov.u32 %0, %laneid;" : "=r"(lane));
    if (lane != i)
        printf("wrong "WHAT" %u\n", lane);
    assert(lane == i); // block of 4: the lane is the thread index
    if (i < limit)
        out[i] = (float)scale * rsqrtf(16.0f) * (float)wide * (CUDART_PI_F / CUDART_PI_F);
#ifdef RACE
    counter = counter + 1;
#endif
}

int main()
{
    cudaPitchedPtr volume;
    cudaMalloc3D(&volume, make_cudaExtent(64 * sizeof(float), 64, 64));
    float *out;
    cudaMalloc(&out, 4 * sizeof(float));
    StopWatchInterface *timer = NULL;
    sdkCreateTimer(&timer);
    sdkStartTimer(&timer);
    scaled << < 1, 4 >> > (out, 4);
    checkCudaErrors(cudaDeviceSynchronize());
    sdkStopTimer(&timer);
    printf("%f %.3f ms\n", rsqrtf(4.0f), sdkGetTimerValue(&timer));
    sdkDeleteTimer(&timer);
    return 0;
}
