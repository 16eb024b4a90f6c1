/*
 * nv_atomic_builtins.cu -- CUDA 12.8's atomic built-ins (__nv_atomic_*),
 * with their memory orders and thread scopes (--grid=2 --block=2; out: 8
 * ints).  Every thread folds its global index t (0..3) into counters with
 * each read-modify-write form, and into a sum with a compare-exchange
 * loop (threads 0 and 1 only, adding t + 1); thread 0 then hands a value to the last thread through a flag:
 *
 *   producer (t == 0):  payload = 42; flag = 1 (release)
 *   consumer (t == 3):  wait until flag == 1 (acquire); exchange it for 0;
 *                       out[0] = payload + 100 * (the flag it took): 142
 *
 * out[1..7] are the counters, read by the consumer after a grid-wide
 * count of arrivals (acquire) says every thread has added its share:
 *   1: count 4   2: min -3   3: max 6   4: or 15   5: xor 0
 *   6: the compare-exchange sum 3   7: the float sum of two 0.5s, 1.0, as bits
 *
 *   (none)        no error, out pinned by --post
 *   FENCES        relaxed flag accesses ordered by __nv_atomic_thread_fence
 *                 (release before the store, acquire after the load): the same
 *   BLOCK_SCOPE   the flag at block scope: the CTAs do not synchronise
 *                 through it, so the payload is a data race
 *   RELAXED_FLAG  the flag relaxed, no fences: a data race on the payload
 */
#ifdef BLOCK_SCOPE
#define FLAG_SCOPE __NV_THREAD_SCOPE_BLOCK
#else
#define FLAG_SCOPE __NV_THREAD_SCOPE_DEVICE
#endif
#if defined(FENCES) || defined(RELAXED_FLAG)
#define PUBLISH __NV_ATOMIC_RELAXED
#define OBSERVE __NV_ATOMIC_RELAXED
#else
#define PUBLISH __NV_ATOMIC_RELEASE
#define OBSERVE __NV_ATOMIC_ACQUIRE
#endif

struct counters {
    unsigned count, bits, flip, arrived;
    int lo, hi;
    unsigned long long sum;
    float fsum;
};
__device__ counters c = {0, 0, 0, 0, 100, -100, 0, 0.0f};
__device__ int payload;
__device__ int flag;

__device__ void fold(unsigned t)
{
    const int rlx = __NV_ATOMIC_RELAXED, dev = __NV_THREAD_SCOPE_DEVICE;
    __nv_atomic_add(&c.count, 1u, rlx, dev);
    __nv_atomic_min(&c.lo, (int)t - 3, rlx, dev);
    __nv_atomic_max(&c.hi, (int)t * 2, rlx, dev);
    __nv_atomic_or(&c.bits, 1u << t, rlx); /* system scope, the default */
    __nv_atomic_fetch_xor(&c.flip, 3u, rlx, dev);
    if (t < 2) { /* two threads (every order of float adds counts) */
        __nv_atomic_fetch_add(&c.fsum, 0.5f, rlx, dev);
        unsigned long long seen = __nv_atomic_load_n(&c.sum, rlx, dev), want = seen + t + 1;
        if (t) /* both forms: the desired value by pointer and by value */
            while (!__nv_atomic_compare_exchange(&c.sum, &seen, &want, true, rlx, rlx, dev))
                want = seen + t + 1; /* seen is what was there: try again from it */
        else
            while (!__nv_atomic_compare_exchange_n(&c.sum, &seen, seen + t + 1, false, rlx, rlx, dev))
                ;
    }
    __nv_atomic_fetch_add(&c.arrived, 1u, __NV_ATOMIC_RELEASE, dev);
}

__global__ void builtins(int *out)
{
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    fold(t);
    if (t == 0) {
        int one = 1;
        payload = 42;
#ifdef FENCES
        __nv_atomic_thread_fence(__NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_DEVICE);
#endif
        __nv_atomic_store(&flag, &one, PUBLISH, FLAG_SCOPE);
    }
    if (t == 3) {
        int f;
        do
            __nv_atomic_load(&flag, &f, OBSERVE, FLAG_SCOPE);
        while (f == 0);
#ifdef FENCES
        __nv_atomic_thread_fence(__NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_DEVICE);
#endif
        int zero = 0, was;
        __nv_atomic_exchange(&flag, &zero, &was, __NV_ATOMIC_RELAXED, FLAG_SCOPE);
        out[0] = payload + 100 * was;
        while (__nv_atomic_load_n(&c.arrived, __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_DEVICE) != 4)
            ;
        out[1] = (int)c.count;
        out[2] = c.lo;
        out[3] = c.hi;
        out[4] = (int)c.bits;
        out[5] = (int)c.flip;
        unsigned long long sum;
        __nv_atomic_load(&c.sum, &sum, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
        out[6] = (int)sum;
        float fs = __nv_atomic_exchange_n(&c.fsum, 0.0f, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
        out[7] = __float_as_int(fs);
    }
}
