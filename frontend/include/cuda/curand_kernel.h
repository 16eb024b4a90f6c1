/*
 * curand_kernel.h -- cuRAND's device API for gpumc: a deterministic
 * generator per state, so every execution of a kernel draws the same numbers.
 *
 * Every state type (XORWOW, Philox, MRG32k3a) runs one generator: Marsaglia's
 * xorwow over five words seeded from (seed, subsequence) by splitmix64, then
 * advanced `offset` draws.  The numbers are not the ones NVIDIA's library
 * draws, but they are fixed by the arguments, distinct per subsequence, and
 * uniform enough for kernels that use them as data.  The state is ordinary
 * memory: in a thread's locals it is private; in a buffer the kernel shares
 * its accesses are checked like any other.
 *
 * MTGP32 (curandStateMtgp32_t) is different: one state serves a whole block
 * of up to 256 threads, which draw together.  gpumc keeps its access
 * pattern -- thread t reads words t, t+1 and t+POS of a 1024-word ring past
 * the state's offset and writes word t+351, then two __syncthreads around
 * thread 0 advancing the offset -- so every thread of the block must draw
 * (else barrier divergence) and a block of more than 256 threads makes a
 * thread read a word another writes (a data race), as on the GPU.  The
 * generator's parameter tables are not modelled: the recursion mixes the
 * words with fixed constants.
 */
#ifndef GPUMC_CURAND_KERNEL_H
#define GPUMC_CURAND_KERNEL_H

#include "curand.h" /* as CUDA's does: the host API's types and statuses */

typedef struct curandStateXORWOW {
    unsigned int d, v[5];
    int boxmuller_flag;
    float boxmuller_extra;
    double boxmuller_extra_double;
} curandStateXORWOW_t;
typedef curandStateXORWOW_t curandState_t;
typedef curandStateXORWOW_t curandState;
typedef curandStateXORWOW_t curandStatePhilox4_32_10_t;
typedef curandStateXORWOW_t curandStateMRG32k3a_t;
typedef curandStateXORWOW_t curandStateMRG32k3a;

#define CURAND_2POW32_INV (2.3283064e-10f)
#define CURAND_2POW32_INV_DOUBLE (2.3283064365386963e-10)
#define CURAND_PI_DOUBLE (3.1415926535897932)

static __inline__ __device__ unsigned long long __gpumc_splitmix(unsigned long long *x)
{
    unsigned long long z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static __inline__ __device__ unsigned int curand(curandStateXORWOW_t *s)
{
    unsigned int t = s->v[0] ^ (s->v[0] >> 2);
    s->v[0] = s->v[1];
    s->v[1] = s->v[2];
    s->v[2] = s->v[3];
    s->v[3] = s->v[4];
    s->v[4] = (s->v[4] ^ (s->v[4] << 4)) ^ (t ^ (t << 1));
    s->d += 362437;
    return s->v[4] + s->d;
}

static __inline__ __device__ void skipahead(unsigned long long n, curandStateXORWOW_t *s)
{
    while (n--)
        (void)curand(s);
}

static __inline__ __device__ void curand_init(unsigned long long seed,
                                              unsigned long long subsequence,
                                              unsigned long long offset,
                                              curandStateXORWOW_t *s)
{
    unsigned long long x = seed ^ (subsequence * 0xD1B54A32D192ED03ULL);
    for (int i = 0; i < 5; i++) {
        s->v[i] = (unsigned int)(__gpumc_splitmix(&x) >> 16);
        if (!s->v[i])
            s->v[i] = 0x6C078965u + (unsigned int)i; /* xorwow needs a nonzero state */
    }
    s->d = (unsigned int)__gpumc_splitmix(&x);
    s->boxmuller_flag = 0;
    s->boxmuller_extra = 0.0f;
    s->boxmuller_extra_double = 0.0;
    skipahead(offset, s);
}

/* (0, 1], as cuRAND's: 0 is never returned, 1 can be. */
static __inline__ __device__ float curand_uniform(curandStateXORWOW_t *s)
{
    return curand(s) * CURAND_2POW32_INV + (CURAND_2POW32_INV / 2.0f);
}

static __inline__ __device__ double curand_uniform_double(curandStateXORWOW_t *s)
{
    return curand(s) * CURAND_2POW32_INV_DOUBLE + (CURAND_2POW32_INV_DOUBLE / 2.0);
}

/* Standard normal by Box-Muller, the second value of each pair kept. */
static __inline__ __device__ float curand_normal(curandStateXORWOW_t *s)
{
    if (s->boxmuller_flag) {
        s->boxmuller_flag = 0;
        return s->boxmuller_extra;
    }
    float u = curand_uniform(s), v = curand_uniform(s);
    float r = sqrtf(-2.0f * logf(u));
    s->boxmuller_extra = r * sinf(2.0f * (float)CURAND_PI_DOUBLE * v);
    s->boxmuller_flag = 1;
    return r * cosf(2.0f * (float)CURAND_PI_DOUBLE * v);
}

static __inline__ __device__ double curand_normal_double(curandStateXORWOW_t *s)
{
    if (s->boxmuller_flag) {
        s->boxmuller_flag = 0;
        return s->boxmuller_extra_double;
    }
    double u = curand_uniform_double(s), v = curand_uniform_double(s);
    double r = sqrt(-2.0 * log(u));
    s->boxmuller_extra_double = r * sin(2.0 * CURAND_PI_DOUBLE * v);
    s->boxmuller_flag = 1;
    return r * cos(2.0 * CURAND_PI_DOUBLE * v);
}

static __inline__ __device__ float curand_log_normal(curandStateXORWOW_t *s, float mean,
                                                     float stddev)
{
    return expf(mean + stddev * curand_normal(s));
}

/* ---- MTGP32: one state per block ---- */
#define MTGP32_MEXP 11213
#define MTGP32_N 351
#define MTGP32_FLOOR_2P 256
#define MTGP32_CEIL_2P 512
#define MTGP32_TN MTGP32_FLOOR_2P
#define MTGP32_STATE_SIZE 1024
#define MTGP32_STATE_MASK 1023
#define CURAND_NUM_MTGP32_PARAMS 200
#define __GPUMC_MTGP32_POS 84 /* a typical entry of the parameter tables' pos_tbl */

typedef struct mtgp32_params_fast mtgp32_params_fast_t;
typedef struct mtgp32_kernel_params {
    unsigned int pos_tbl[CURAND_NUM_MTGP32_PARAMS];
    unsigned int param_tbl[CURAND_NUM_MTGP32_PARAMS][16];
    unsigned int temper_tbl[CURAND_NUM_MTGP32_PARAMS][16];
    unsigned int single_temper_tbl[CURAND_NUM_MTGP32_PARAMS][16];
    unsigned int sh1_tbl[CURAND_NUM_MTGP32_PARAMS];
    unsigned int sh2_tbl[CURAND_NUM_MTGP32_PARAMS];
    unsigned int mask[1];
} mtgp32_kernel_params_t;
typedef struct curandStateMtgp32 {
    unsigned int s[MTGP32_STATE_SIZE];
    int offset;
    int pIdx;
    mtgp32_kernel_params_t *k;
    int precise_double_flag;
} curandStateMtgp32_t;
typedef curandStateMtgp32_t curandStateMtgp32;

static __inline__ __device__ unsigned int __gpumc_mtgp32_rec(unsigned int x1, unsigned int x2,
                                                             unsigned int y)
{
    unsigned int x = (x1 & 0xfff80000u) ^ x2;
    x ^= x << 13;
    y = x ^ (y >> 11);
    return y ^ (y & 1u ? 0x8f7011eeu : 0u);
}

static __inline__ __device__ unsigned int curand(curandStateMtgp32_t *state)
{
    unsigned int d = blockDim.x * blockDim.y * blockDim.z;
    unsigned int t = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
    unsigned int at = t + (unsigned int)state->offset;
    unsigned int r = __gpumc_mtgp32_rec(state->s[at & MTGP32_STATE_MASK],
                                        state->s[(at + 1) & MTGP32_STATE_MASK],
                                        state->s[(at + __GPUMC_MTGP32_POS) & MTGP32_STATE_MASK]);
    state->s[(at + MTGP32_N) & MTGP32_STATE_MASK] = r;
    unsigned int o = r ^ (state->s[(at + __GPUMC_MTGP32_POS - 1) & MTGP32_STATE_MASK] >> 16);
    __syncthreads();
    if (t == 0)
        state->offset = (int)(((unsigned int)state->offset + d) & MTGP32_STATE_MASK);
    __syncthreads();
    return o;
}

static __inline__ __device__ float curand_uniform(curandStateMtgp32_t *s)
{
    return curand(s) * CURAND_2POW32_INV + (CURAND_2POW32_INV / 2.0f);
}

static __inline__ __device__ double curand_uniform_double(curandStateMtgp32_t *s)
{
    return curand(s) * CURAND_2POW32_INV_DOUBLE + (CURAND_2POW32_INV_DOUBLE / 2.0);
}

/* Box-Muller over two block-wide draws (the first value of the pair). */
static __inline__ __device__ float curand_normal(curandStateMtgp32_t *s)
{
    float u = curand_uniform(s), v = curand_uniform(s);
    return sqrtf(-2.0f * logf(u)) * cosf(2.0f * (float)CURAND_PI_DOUBLE * v);
}

/* Host side: declared so host code compiles; never run. */
__host__ curandStatus_t curandMakeMTGP32Constants(const mtgp32_params_fast_t params[],
                                                  mtgp32_kernel_params_t *p);
__host__ curandStatus_t curandMakeMTGP32KernelState(curandStateMtgp32_t *s,
                                                    mtgp32_params_fast_t params[],
                                                    mtgp32_kernel_params_t *k, int n,
                                                    unsigned long long seed);
extern mtgp32_params_fast_t mtgp32dc_params_fast_11213[];

#endif
