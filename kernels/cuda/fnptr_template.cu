/*
 * fnptr_template.cu -- a map kernel templated on the device function it
 * applies (llm.c's trimat_forward.cu style), one instance made by the file,
 * the other only by --kernel (1 CTA x 4 threads, out: 4 floats).
 *
 *   --kernel='map<twice>' or 'map<&twice>'    out[i] = 2i
 *   --kernel='map<square>' (never instantiated here: gpumc instantiates it)
 *   RACE      every thread also writes out[0]: a data race
 */
using elementwise = float (*)(float);

__device__ float twice(float x) { return 2.0f * x; }
__device__ float square(float x) { return x * x; }

template <elementwise F>
__global__ void map(float *out)
{
    unsigned i = threadIdx.x;
    out[i] = F((float)i);
#ifdef RACE
    out[0] = F(0.0f);
#endif
}

template __global__ void map<twice>(float *);
