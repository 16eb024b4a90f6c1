// Monte Carlo estimate of pi with cuRAND: each thread seeds its own generator in a
// global buffer (curand_init(seed, id, 0, &states[id])), draws SAMPLES points and adds
// its hits to a global counter with an atomicAdd whose result is unused (one order).
// Every draw lies in (0, 1] (asserted).
// -DSHARED_STATE: all threads draw from states[0] in global memory -- a data race on
// the generator's state.
#include <curand_kernel.h>

#ifndef SAMPLES
#define SAMPLES 8
#endif

__global__ void estimate(curandState *states, unsigned long long seed, unsigned *hits)
{
    int id = blockIdx.x * blockDim.x + threadIdx.x;
#ifdef SHARED_STATE
    curandState *s = &states[0];
    if (id == 0)
        curand_init(seed, 0, 0, s);
    __syncthreads();
#else
    curandState *s = &states[id];
    curand_init(seed, id, 0, s);
#endif
    unsigned mine = 0;
    for (int i = 0; i < SAMPLES; i++) {
        float x = curand_uniform(s), y = curand_uniform(s);
        assert(x > 0.0f && x <= 1.0f && y > 0.0f && y <= 1.0f);
        mine += x * x + y * y <= 1.0f;
    }
    assert(mine <= SAMPLES);
    atomicAdd(hits, mine);
}
