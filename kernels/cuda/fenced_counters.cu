// Blind counters beside __threadfence(), which CUDA code puts between a
// thread's data and its tally.  __threadfence() is an SC fence, and SC
// fences see the order of two blind atomicAdds only when one add has an SC
// fence before it and the other one after it (docs/model.md, "Commuting
// atomics"): otherwise the adds still run in one order.
//   (default)  each thread writes its slot, fences, then adds to three
//              counters (fences only before the adds): one execution
//   -DAFTER    the adds first, then the fence, then the slot (fences only
//              after the adds): one execution
//   -DBOTH     a fence between two adds to one counter: its adds have
//              fences on both sides, so every order of them is explored
__global__ void publish(int *slots, unsigned *count, unsigned *sum, unsigned *mask)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
#if defined(BOTH)
    atomicAdd(count, 1u);
    __threadfence();
    slots[i] = (int)i;
    atomicAdd(count, 1u);
#elif defined(AFTER)
    atomicAdd(count, 1u);
    atomicAdd(sum, i);
    atomicOr(mask, 1u << (i % 32));
    __threadfence();
    slots[i] = (int)i;
#else
    slots[i] = (int)i;
    __threadfence();
    atomicAdd(count, 1u);
    atomicAdd(sum, i);
    atomicOr(mask, 1u << (i % 32));
#endif
}
