/*
 * inline_ptx.cu -- kernels that use inline PTX the way library code does:
 * lane ids and clocks read from special registers, loads and stores with
 * cache qualifiers, fences and a block barrier written as asm.
 *
 *   lanes      each thread stores its %laneid; the post checks them
 *   registers  the other special registers library code reads: %lanemask_*,
 *              %tid/%ctaid/%ntid, %warpid/%nwarpid, %smid/%nsmid (one SM)
 *   handoff    block 0 stores data (st.global.cg), fences (membar.gl) and
 *              raises a flag with atomicExch; block 1 spins on the flag,
 *              fences and loads the data (ld.global.cg): no race.
 *              -DNO_FENCE drops both fences: the data accesses race
 *   tile       a shared tile written, bar.sync 0, read by the neighbour:
 *              no race; -DNO_BAR drops the barrier: data race
 *   timed      clock64 read twice through mov.u64 %clock64: the second
 *              reading is not smaller (an assertion)
 *   bits       bfind, popc (32 and 64 bits), clz, brev, bfe, lop3 and the
 *              funnel shifts on x: the post checks each result
 *   arith      prmt and integer arithmetic written in PTX (add, mul.hi,
 *              mul.wide, mad.lo, min/max signed and unsigned, shifts past
 *              the width): the post checks each result
 *   publish    block 0 writes data and st.release.gpu a flag, block 1 spins
 *              with ld.acquire.gpu and reads the data: no race.
 *              -DWEAK_FLAG publishes with st.weak: the flag races
 *   atoms      atom (add, cas, exch, max, inc, with .sem and .scope) and
 *              red from every thread: the post checks the totals
 *   bitops     vadd (a video instruction), which gpumc does not model: the thread that
 *              reaches it stops the run as unsupported (exit 5)
 */
__device__ __forceinline__ unsigned lane_id()
{
    unsigned r;
    asm volatile("mov.u32 %0, %%laneid;" : "=r"(r));
    return r;
}

__device__ __forceinline__ int load_cg(const int *p)
{
    int v;
    asm volatile("ld.global.cg.s32 %0, [%1];" : "=r"(v) : "l"(p));
    return v;
}

__device__ __forceinline__ void store_cg(int *p, int v)
{
    asm volatile("st.global.cg.s32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}

__device__ __forceinline__ void fence_gpu()
{
#ifndef NO_FENCE
    asm volatile("membar.gl;" ::: "memory");
#endif
}

__global__ void lanes(unsigned *out)
{
    out[threadIdx.x] = lane_id();
}

#define SPECIAL(name, var) asm volatile("mov.u32 %0, %%" name ";" : "=r"(var))

__global__ void registers(unsigned *out)
{
    unsigned lt, le, eq, ge, gt, tid, ctaid, ntid, warp, nwarp, sm, nsm;
    SPECIAL("lanemask_lt", lt);
    SPECIAL("lanemask_le", le);
    SPECIAL("lanemask_eq", eq);
    SPECIAL("lanemask_ge", ge);
    SPECIAL("lanemask_gt", gt);
    SPECIAL("tid.x", tid);
    SPECIAL("ctaid.x", ctaid);
    SPECIAL("ntid.x", ntid);
    SPECIAL("warpid", warp);
    SPECIAL("nwarpid", nwarp);
    SPECIAL("smid", sm);
    SPECIAL("nsmid", nsm);
    unsigned *o = out + 12 * (blockIdx.x * blockDim.x + threadIdx.x);
    o[0] = lt; o[1] = le; o[2] = eq; o[3] = ge; o[4] = gt; o[5] = tid;
    o[6] = ctaid; o[7] = ntid; o[8] = warp; o[9] = nwarp; o[10] = sm; o[11] = nsm;
}

__global__ void handoff(int *data, int *flag, int *seen)
{
    if (threadIdx.x != 0)
        return;
    if (blockIdx.x == 0) {
        store_cg(data, 42);
        fence_gpu();
        atomicExch(flag, 1);
    } else {
        while (atomicAdd(flag, 0) == 0)
            ;
        fence_gpu();
        *seen = load_cg(data);
    }
}

__global__ void arith(unsigned *o, unsigned long long *w, int x)
{
    unsigned r;
    unsigned long long q;
    int v;
    asm("prmt.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(0x33221100u), "r"(0x77665544u), "r"(0x4150u));
    o[0] = r;
    asm("prmt.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(0x00008000u), "r"(0u), "r"(0x9u));
    o[1] = r; /* selector 9: byte 1's sign, replicated */
    asm("add.u32 %0, %1, %2;" : "=r"(r) : "r"(0xffffffffu), "r"(2u));
    o[2] = r;
    asm("mul.hi.u32 %0, %1, %2;" : "=r"(r) : "r"(0x80000000u), "r"(6u));
    o[3] = r;
    asm("mul.wide.u32 %0, %1, %2;" : "=l"(q) : "r"(0x80000000u), "r"(6u));
    w[0] = q;
    asm("mad.lo.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(7u), "r"(6u), "r"(1u));
    o[4] = r;
    asm("min.s32 %0, %1, %2;" : "=r"(v) : "r"(x), "r"(3));
    o[5] = (unsigned)v;
    asm("max.u32 %0, %1, %2;" : "=r"(r) : "r"((unsigned)x), "r"(3u));
    o[6] = r;
    asm("shl.b32 %0, %1, %2;" : "=r"(r) : "r"(1u), "r"(40u));
    o[7] = r;
    asm("shr.s32 %0, %1, %2;" : "=r"(v) : "r"(x), "r"(40u));
    o[8] = (unsigned)v;
    asm("mul.hi.s32 %0, %1, %2;" : "=r"(v) : "r"(x), "r"(0x40000000));
    o[9] = (unsigned)v;
}

__global__ void publish(int *data, unsigned *flag, int *seen)
{
    if (blockIdx.x == 0) {
        data[0] = 42;
#ifdef WEAK_FLAG
        asm volatile("st.weak.global.u32 [%0], %1;" ::"l"(flag), "r"(1u) : "memory");
#else
        asm volatile("st.release.gpu.global.u32 [%0], %1;" ::"l"(flag), "r"(1u) : "memory");
#endif
    } else {
        unsigned f;
        do
            asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(f) : "l"(flag) : "memory");
        while (f == 0);
        seen[0] = data[0];
    }
}

__global__ void atoms(unsigned *c, unsigned *old)
{
    unsigned r;
    asm volatile("atom.add.relaxed.gpu.global.u32 %0, [%1], %2;" : "=r"(r) : "l"(c), "r"(2u));
    asm volatile("red.release.gpu.global.add.u32 [%0], %1;" ::"l"(c + 1), "r"(3u));
    asm volatile("atom.acq_rel.gpu.global.cas.b32 %0, [%1], %2, %3;"
                 : "=r"(r) : "l"(c + 2), "r"(0u), "r"(threadIdx.x + 5));
    old[threadIdx.x] = r; /* 0 for the one thread whose cas succeeded */
    asm volatile("atom.global.exch.b32 %0, [%1], %2;" : "=r"(r) : "l"(c + 3), "r"(7u));
    asm volatile("atom.global.max.u32 %0, [%1], %2;" : "=r"(r) : "l"(c + 4), "r"(0xFFFFFFF0u + threadIdx.x));
    asm volatile("atom.global.inc.u32 %0, [%1], %2;" : "=r"(r) : "l"(c + 5), "r"(2u));
}

__global__ void tile(int *out)
{
    __shared__ int s[64];
    unsigned t = threadIdx.x;
    s[t] = (int)t;
#ifndef NO_BAR
    asm volatile("bar.sync 0;" ::: "memory");
#endif
    out[t] = s[(t + 1) % blockDim.x];
}

__global__ void timed(long long *out)
{
    long long t0, t1;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t0));
    out[threadIdx.x] = t0;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t1));
    assert(t1 >= t0);
}

__global__ void bits(unsigned *out, unsigned x)
{
    unsigned r;
    asm("bfind.u32 %0, %1;" : "=r"(r) : "r"(x));
    out[0] = r;
    asm("popc.b32 %0, %1;" : "=r"(r) : "r"(x));
    out[1] = r;
    asm("clz.b32 %0, %1;" : "=r"(r) : "r"(x));
    out[2] = r;
    asm("brev.b32 %0, %1;" : "=r"(r) : "r"(x));
    out[3] = r;
    asm("bfe.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(4), "r"(8));
    out[4] = r;
    asm("lop3.b32 %0, %1, %2, %3, 0x96;" : "=r"(r) : "r"(x), "r"(0xF0u), "r"(0x3Cu));
    out[5] = r; /* 0x96: a ^ b ^ c */
    asm("bfind.u32 %0, %1;" : "=r"(r) : "r"(0u));
    out[6] = r;
    asm("popc.b64 %0, %1;" : "=r"(r) : "l"(0xFFFFFFFFFFull));
    out[7] = r;
    /* funnel shifts of {0x89ABCDEF:x}: by 8, by 40 (wraps to 8, clamps to 32) */
    asm("shf.l.wrap.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(0x89ABCDEFu), "r"(8));
    out[8] = r;
    asm("shf.r.wrap.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(0x89ABCDEFu), "r"(40));
    out[9] = r;
    asm("shf.l.clamp.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(0x89ABCDEFu), "r"(40));
    out[10] = r;
    asm("shf.r.clamp.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(0x89ABCDEFu), "r"(0));
    out[11] = r;
}

__global__ void bitops(unsigned *out, int mix)
{
    unsigned r = threadIdx.x;
    if (mix)
        asm("vadd.u32.u32.u32.sat %0, %1, %2, %3;" : "=r"(r) : "r"(r), "r"(r), "r"(r));
    out[threadIdx.x] = r;
}
