/*
 * gpumc_irrt.h -- the adapter between an instrumented kernel and the
 * harness ABI.  Pasted into every generated glue file (ir_glue.c) after
 * the launch data it needs:
 *
 *   IRRT_NSLOTS, irrt_slots[]    the virtual window's variables (ir_pass.h)
 *   IRRT_GRID_X.., IRRT_BLOCK_X.., IRRT_NGPUS, IRRT_DYNSHARED, IRRT_WARP_SIZE
 *   IRRT_COOPERATIVE             1 in a cooperative launch (--cooperative)
 *   irrt_args[]                  one pointer per kernel parameter
 *
 * The instrumented code calls __gpumc_ir_* without a thread handle: the
 * running thread is irrt_cur.  Fibers switch only inside ABI calls, so
 * every adapter function re-asserts its own context after the call returns.
 * Addresses in the window are translated to the region of the accessing
 * thread's CTA (shared) or the device region; any other address is left to
 * the ABI (a region, or the thread's private memory).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define IRRT_VBASE 0x3e0000000000ull
#define IRRT_VSLOT (1ull << 32)
#define IRRT_NCTAS ((unsigned)IRRT_GRID_X * IRRT_GRID_Y * IRRT_GRID_Z * IRRT_NGPUS)
#define IRRT_GUARD 4096u

/* An OpenCL async work-group copy its group has not waited for yet. */
typedef struct irrt_copy {
    char *d;
    const char *s;
    uint64_t n, elem, dstride, sstride, event;
    unsigned src;
} irrt_copy;
#define IRRT_MAXCOPIES 32

/* A cp.async copy in flight: the bytes read at the call, to be written
 * when a cp.async.wait_group completes its group. */
typedef struct irrt_cp {
    char *d;
    unsigned char data[16];
    unsigned n, group, src;
} irrt_cp;
#define IRRT_MAXCP 32

#define IRRT_OUT_MAX 512 /* bytes of printf output a thread keeps per execution */

typedef struct irrt_ctx {
    gpumc_thread *t;
    unsigned sreg[15];
    unsigned clock; /* reads of the clock so far: clock64() is monotonic per thread */
    unsigned cta; /* linear CTA index over all GPUs */
    unsigned lin; /* linear thread index in the CTA */
    uint64_t nevents;               /* async copies started */
    uint64_t heap_used;             /* bytes of its share of the device heap */
    irrt_copy copies[IRRT_MAXCOPIES]; /* the group's first work-item: pending copies */
    unsigned ncopies;
    irrt_cp cps[IRRT_MAXCP]; /* its cp.async copies in flight */
    unsigned ncps, cp_groups; /* and the groups it committed */
    /* GPUVerify's other thread, while a check runs once per other thread
     * (__gpumc_ir_pairs_*): its index in the launch, whether the check
     * asked for it, and the thread's own ids while it is being evaluated */
    uint64_t other;
    int other_used;
    unsigned own[15];
    char other_what[192];
#ifdef IRRT_PRINTF
    /* what its printf calls wrote so far: on the thread's stack, so a
     * thread resumed from a saved point has what it had printed there */
    char out[IRRT_OUT_MAX];
    unsigned outlen;
#endif
} irrt_ctx;

static irrt_ctx *irrt_cur;
static char *irrt_dev[IRRT_NSLOTS > 0 ? IRRT_NSLOTS : 1];
/* per slot and CTA: the region of a shared variable (static: nothing to free) */
static char *irrt_cta_base[IRRT_NSLOTS > 0 ? IRRT_NSLOTS : 1][IRRT_NCTAS];
static char **irrt_cta[IRRT_NSLOTS > 0 ? IRRT_NSLOTS : 1];
static char *irrt_xchg[IRRT_NCTAS]; /* per CTA: one 8-byte slot per thread, for collectives */
#define IRRT_CTA_THREADS ((unsigned)IRRT_BLOCK_X * IRRT_BLOCK_Y * IRRT_BLOCK_Z)

static unsigned long long irrt_slot_size(unsigned k)
{
    return irrt_slots[k].kind == 2 ? IRRT_DYNSHARED : irrt_slots[k].size;
}

/* The slot record for window slot k (dynamic shared arrays share one). */
static int irrt_find_slot(unsigned k)
{
    for (unsigned i = 0; i < IRRT_NSLOTS; i++)
        if (irrt_slots[i].slot == k)
            return (int)i;
    return -1;
}

static void *irrt_xlate(irrt_ctx *c, const void *p, unsigned size, unsigned src)
{
    uintptr_t a = (uintptr_t)p;
    if (a < IRRT_VBASE || a - IRRT_VBASE >= (uint64_t)IRRT_VSLOT * 256)
        return (void *)p;
    int i = irrt_find_slot((unsigned)((a - IRRT_VBASE) / IRRT_VSLOT));
    unsigned long long off = (a - IRRT_VBASE) % IRRT_VSLOT;
    if (i < 0) {
        gpumc_memory_error(c->t, p, src);
        return NULL;
    }
    char *base = irrt_slots[i].kind == 0 || irrt_slots[i].kind == 4 ? irrt_dev[i]
                                                                    : irrt_cta[i][c->cta];
    if (irrt_slots[i].kind == 2 && off + size > IRRT_DYNSHARED) {
        /* past what the launch gave (its region is never empty, so a
         * buffer of 0 bytes is checked here, not by the ABI) */
        char what[200];
        snprintf(what, sizeof what, "out-of-bounds access to %s, the block's dynamic shared "
                 "memory (%u bytes: --shared-mem)", irrt_slots[i].name, IRRT_DYNSHARED);
        gpumc_memory_error_what(c->t, base + off, size, base, what, src);
        return NULL;
    }
    if (off > irrt_slot_size((unsigned)i) + IRRT_GUARD - size) {
        /* far past the end: named by its offset in the variable (and so
         * grown, if it is a buffer left at its default length) */
        char what[200];
        snprintf(what, sizeof what, "out-of-bounds access to %s (%llu bytes)",
                 irrt_slots[i].name, irrt_slot_size((unsigned)i));
        gpumc_memory_error_what(c->t, base + off, size, base, what, src);
        return NULL;
    }
    /* just past the end: the region's guard page makes the ABI report it */
    return base + off;
}

uint64_t __gpumc_ir_load(const void *p, unsigned size, unsigned o, unsigned sc, unsigned src)
{
    irrt_ctx *c = irrt_cur;
    uint64_t v = gpumc_load(c->t, irrt_xlate(c, p, size, src), size, (gpumc_order)o,
                            (gpumc_scope)sc, src);
    irrt_cur = c;
    return v;
}

uint64_t __gpumc_ir_copy_load(const void *p, unsigned size, unsigned src)
{
    irrt_ctx *c = irrt_cur;
    gpumc_copying(c->t, 1);
    uint64_t v = __gpumc_ir_load(p, size, GPUMC_NA, GPUMC_SCOPE_SYS, src);
    gpumc_copying(c->t, 0);
    return v;
}

void __gpumc_ir_store(void *p, unsigned size, uint64_t v, unsigned o, unsigned sc, unsigned src)
{
    irrt_ctx *c = irrt_cur;
    gpumc_store(c->t, irrt_xlate(c, p, size, src), size, v, (gpumc_order)o, (gpumc_scope)sc, src);
    irrt_cur = c;
}

uint64_t __gpumc_ir_rmw(void *p, unsigned size, unsigned op, uint64_t v, unsigned o, unsigned sc,
                        unsigned src)
{
    irrt_ctx *c = irrt_cur;
    uint64_t r = gpumc_rmw(c->t, irrt_xlate(c, p, size, src), size, (gpumc_rmw_op)op, v,
                           (gpumc_order)o, (gpumc_scope)sc, src);
    irrt_cur = c;
    return r;
}

uint64_t __gpumc_ir_cas(void *p, unsigned size, uint64_t cmp, uint64_t v, unsigned so,
                        unsigned fo, unsigned sc, unsigned weak, unsigned src)
{
    irrt_ctx *c = irrt_cur;
    uint64_t seen = cmp;
    gpumc_cas(c->t, irrt_xlate(c, p, size, src), size, &seen, v, (gpumc_order)so,
              (gpumc_order)fo, (gpumc_scope)sc, (int)weak, src);
    irrt_cur = c;
    return seen;
}

void __gpumc_ir_fence(unsigned o, unsigned sc, unsigned src)
{
    irrt_ctx *c = irrt_cur;
    gpumc_fence(c->t, (gpumc_order)o, (gpumc_scope)sc, src);
    irrt_cur = c;
}

/* A gpu-scope barrier is a grid's sync(), which CUDA allows only in a
 * cooperative launch (cudaLaunchCooperativeKernel): in any other the
 * grid's blocks need not be resident together, and the barrier can hang. */
void __gpumc_ir_barrier(unsigned sc, unsigned id, unsigned src)
{
    irrt_ctx *c = irrt_cur;
    if (sc >= GPUMC_SCOPE_GPU && !IRRT_COOPERATIVE)
        gpumc_barrier_invalid(c->t, "grid sync() outside a cooperative launch (CUDA allows it "
                              "only under cudaLaunchCooperativeKernel: check such a launch "
                              "with --cooperative)", src);
    gpumc_barrier(c->t, (gpumc_scope)sc, id, src);
    irrt_cur = c;
}

/* An OpenCL barrier with fence flags: CLK_LOCAL_MEM_FENCE (1) orders
 * local memory, CLK_GLOBAL_MEM_FENCE (2) global memory. */
void __gpumc_ir_barrier_mem(unsigned sc, unsigned id, unsigned flags, unsigned src)
{
    irrt_ctx *c = irrt_cur;
    unsigned mem = (flags & 1 ? GPUMC_MEM_SHARED : 0) | (flags & 2 ? GPUMC_MEM_GLOBAL : 0);
    gpumc_barrier_mem(c->t, (gpumc_scope)sc, id, mem, src);
    irrt_cur = c;
}

/* ---- 16-bit floats on the host: clang lowers a conversion to or from
 * `half` (a _Float16 computed at run time) to compiler-rt's helpers,
 * which the harness does not link.  IEEE binary16, rounded to nearest
 * even; a float converts through double exactly, so it is rounded once. ---- */

static uint16_t irrt_half_of(double d)
{
    uint64_t b;
    memcpy(&b, &d, sizeof b);
    uint16_t sign = (uint16_t)((b >> 48) & 0x8000);
    int e = (int)((b >> 52) & 0x7ff) - 1023;
    uint64_t frac = b & 0xfffffffffffffull;
    if (e == 1024) /* infinity, NaN (quiet, as a conversion makes it) */
        return (uint16_t)(sign | (frac ? 0x7e00 : 0x7c00));
    if (e < -14) { /* below the smallest normal: a multiple of 2^-24 */
        if (e < -26)
            return sign; /* under half the smallest subnormal: zero */
        uint64_t m = frac | (1ull << 52); /* the value is m * 2^(e-52) */
        unsigned shift = (unsigned)(52 - 24 - e); /* to units of 2^-24 */
        uint64_t q = m >> shift, rem = m & ((1ull << shift) - 1), half = 1ull << (shift - 1);
        if (rem > half || (rem == half && (q & 1)))
            q++;
        return (uint16_t)(sign | q); /* 0x400 is the smallest normal: still right */
    }
    uint64_t q = (frac | (1ull << 52)) >> 42, rem = frac & ((1ull << 42) - 1);
    if (rem > (1ull << 41) || (rem == (1ull << 41) && (q & 1)))
        q++;
    if (q == 2048) {
        q = 1024;
        e++;
    }
    if (e > 15)
        return (uint16_t)(sign | 0x7c00);
    return (uint16_t)(sign | (uint16_t)((e + 15) << 10) | (uint16_t)(q & 0x3ff));
}

uint16_t __gnu_f2h_ieee(float f)
{
    return irrt_half_of((double)f);
}

uint16_t __truncdfhf2(double d)
{
    return irrt_half_of(d);
}

/* (the bits arrive in the low 16 of the register: the rest is not ours) */
float __gnu_h2f_ieee(uint32_t bits)
{
    uint32_t h = bits & 0xffff, sign = (h & 0x8000) << 16, e = (h >> 10) & 0x1f, m = h & 0x3ff;
    if (e == 0) { /* zero, subnormal: m * 2^-24, exact */
        float v = (float)m * 0x1p-24f;
        return sign ? -v : v;
    }
    uint32_t b = sign | (e == 0x1f ? 0x7f800000u | (m << 13) : ((e + 112) << 23) | (m << 13));
    float f;
    memcpy(&f, &b, sizeof f);
    return f;
}

/* ---- GPUVerify's other thread ---- */

#define IRRT_LAUNCH_THREADS ((uint64_t)IRRT_NCTAS * IRRT_CTA_THREADS)

/* The coordinates of index i in an x * y * z box, x fastest. */
static void irrt_coords(uint64_t i, unsigned x, unsigned y, unsigned z, unsigned out[3])
{
    out[0] = (unsigned)(i % x);
    out[1] = (unsigned)(i / x % y);
    out[2] = (unsigned)(i / x / y % z);
}

static uint64_t irrt_launch_index(const irrt_ctx *c)
{
    return (uint64_t)c->cta * IRRT_CTA_THREADS + c->lin;
}

/* The first other thread at or after i (the launch's size if none). */
static uint64_t irrt_other_from(const irrt_ctx *c, uint64_t i)
{
    return i == irrt_launch_index(c) ? i + 1 : i;
}

void __gpumc_ir_pairs_begin(unsigned src)
{
    irrt_ctx *c = irrt_cur;
    (void)src;
    c->other = irrt_other_from(c, 0);
    c->other_used = 0;
}

/* Whether to evaluate the check again, for the next other thread: not
 * when it never asked for the other (its value cannot depend on which). */
int __gpumc_ir_pairs_next(unsigned src)
{
    irrt_ctx *c = irrt_cur;
    (void)src;
    if (!c->other_used)
        return 0;
    c->other = irrt_other_from(c, c->other + 1);
    if (c->other < IRRT_LAUNCH_THREADS)
        return 1;
    c->other_used = 0;
    return 0;
}

/* Evaluate with the other thread's ids (its warp's lanes as its own:
 * a launch with one thread has no other, and is its own). */
void __gpumc_ir_other_enter(unsigned src)
{
    irrt_ctx *c = irrt_cur;
    (void)src;
    uint64_t o = c->other < IRRT_LAUNCH_THREADS ? c->other : irrt_launch_index(c);
    uint64_t lin = o % IRRT_CTA_THREADS, cta = o / IRRT_CTA_THREADS;
    memcpy(c->own, c->sreg, sizeof c->own);
    c->other_used = 1;
    irrt_coords(lin, IRRT_BLOCK_X, IRRT_BLOCK_Y, IRRT_BLOCK_Z, &c->sreg[0]);
    irrt_coords(cta, IRRT_GRID_X, IRRT_GRID_Y, IRRT_GRID_Z, &c->sreg[3]);
    c->sreg[13] = (unsigned)(lin % IRRT_WARP_SIZE);
}

void __gpumc_ir_other_leave(unsigned src)
{
    irrt_ctx *c = irrt_cur;
    (void)src;
    memcpy(c->sreg, c->own, sizeof c->own);
}

/* The launch's dimensions, as the reports count them: 1 to 3. */
static int irrt_dims(void)
{
    if (IRRT_GRID_Z > 1 || IRRT_BLOCK_Z > 1)
        return 3;
    return IRRT_GRID_Y > 1 || IRRT_BLOCK_Y > 1 ? 2 : 1;
}

/* "3", "3,1" or "3,1,0": index i of an x * y * z box as the reports print
 * an id, in d dimensions. */
static void irrt_ids(char *buf, size_t n, uint64_t i, unsigned x, unsigned y, unsigned z, int d)
{
    unsigned v[3];
    irrt_coords(i, x, y, z, v);
    if (d == 1)
        snprintf(buf, n, "%u", v[0]);
    else if (d == 2)
        snprintf(buf, n, "%u,%u", v[0], v[1]);
    else
        snprintf(buf, n, "%u,%u,%u", v[0], v[1], v[2]);
}

/* A failed check that asked for the other thread names it. */
static const char *irrt_with_other(irrt_ctx *c, const char *what)
{
    if (!c->other_used || c->other >= IRRT_LAUNCH_THREADS)
        return what;
    char cta[40], lin[40];
    irrt_ids(cta, sizeof cta, c->other / IRRT_CTA_THREADS, IRRT_GRID_X, IRRT_GRID_Y, IRRT_GRID_Z,
             irrt_dims());
    irrt_ids(lin, sizeof lin, c->other % IRRT_CTA_THREADS, IRRT_BLOCK_X, IRRT_BLOCK_Y,
             IRRT_BLOCK_Z, irrt_dims());
#ifdef IRRT_OPENCL
    const char *who = "work-item", *grp = "group", *own = "local";
#else
    const char *who = "thread", *grp = "block", *own = "thread";
#endif
    snprintf(c->other_what, sizeof c->other_what, "%s%sthe other %s being (%s %s, %s %s)",
             what ? what : "", what ? ", " : "", who, grp, cta, own, lin);
    return c->other_what;
}

/* A check that asked for the other thread in a launch of one thread has
 * no pair to hold for: it holds. */
static unsigned irrt_pairwise(const irrt_ctx *c, unsigned cond)
{
    return cond || (c->other_used && c->other >= IRRT_LAUNCH_THREADS);
}

void __gpumc_ir_assert_what(unsigned cond, const char *what, unsigned src)
{
    irrt_ctx *c = irrt_cur;
    cond = irrt_pairwise(c, cond);
    gpumc_assert_what(c->t, cond != 0, cond ? what : irrt_with_other(c, what), src);
    irrt_cur = c;
}

void __gpumc_ir_assert(unsigned cond, unsigned src)
{
    __gpumc_ir_assert_what(cond, NULL, src);
}

void __gpumc_ir_require(unsigned cond, unsigned src)
{
    irrt_ctx *c = irrt_cur;
    gpumc_precondition(c->t, irrt_pairwise(c, cond) != 0, src);
    irrt_cur = c;
}

/* GPUVerify's access log: window addresses are translated first (to the
 * calling thread's CTA copy of a shared array). */
uint64_t __gpumc_ir_accessed(const void *p, unsigned kinds, unsigned src)
{
    irrt_ctx *c = irrt_cur;
    uint64_t r = gpumc_accessed(c->t, irrt_xlate(c, p, 1, src), kinds);
    irrt_cur = c;
    return r;
}

/* The start of p's array: a window slot's own (virtual) start, so that it
 * compares equal to the array's name in the kernel, else its region's. */
void *__gpumc_ir_object_base(const void *p, unsigned src)
{
    irrt_ctx *c = irrt_cur;
    uintptr_t a = (uintptr_t)p;
    (void)src;
    if (a >= IRRT_VBASE && a - IRRT_VBASE < (uint64_t)IRRT_VSLOT * 256)
        return (void *)(a - (a - IRRT_VBASE) % IRRT_VSLOT);
    void *b = (void *)gpumc_object_base(c->t, p);
    irrt_cur = c;
    return b;
}

void __gpumc_ir_unsupported(const char *what, unsigned src)
{
    gpumc_unsupported(irrt_cur->t, what, src);
}

/* Barrier objects (cuda::barrier) by the address of their copy (a shared
 * one is one object per CTA): an id each, kept for the whole run so that
 * every execution gives an object the same id. */
#define IRRT_MAXBAROBJ 64
static const void *irrt_barobj[IRRT_MAXBAROBJ];

static unsigned irrt_barrier_id(irrt_ctx *c, const void *p, unsigned src)
{
    const void *real = irrt_xlate(c, p, 8, src);
    unsigned id = 0;
    while (id < IRRT_MAXBAROBJ && irrt_barobj[id] && irrt_barobj[id] != real)
        id++;
    if (id == IRRT_MAXBAROBJ)
        gpumc_unsupported(c->t, "more than 64 barrier objects", src);
    irrt_barobj[id] = real;
    return id;
}

void __gpumc_ir_barrier_object(const void *p, unsigned count, unsigned src)
{
    irrt_ctx *c = irrt_cur;
    gpumc_barrier_count(c->t, irrt_barrier_id(c, p, src), count, src);
    irrt_cur = c;
}

unsigned __gpumc_ir_barrier_arrive(const void *p, unsigned count, unsigned src)
{
    irrt_ctx *c = irrt_cur;
    unsigned round = gpumc_barrier_arrive(c->t, irrt_barrier_id(c, p, src), count, src);
    irrt_cur = c;
    return round;
}

void __gpumc_ir_barrier_wait(const void *p, unsigned round, unsigned count, unsigned src)
{
    irrt_ctx *c = irrt_cur;
    gpumc_barrier_wait(c->t, irrt_barrier_id(c, p, src), round, count, src);
    irrt_cur = c;
}

void __gpumc_ir_assume(unsigned cond, unsigned src)
{
    irrt_ctx *c = irrt_cur;
    gpumc_assume(c->t, irrt_pairwise(c, cond) != 0, src);
    irrt_cur = c;
}

/* An integer divisor on its way to the division: its location becomes the
 * thread's last, where a trap (division by zero) is reported. */
uint64_t __gpumc_ir_divisor(uint64_t v, unsigned src)
{
    irrt_ctx *c = irrt_cur;
    gpumc_assert(c->t, 1, src);
    irrt_cur = c;
    return v;
}

unsigned __gpumc_ir_sreg(unsigned which)
{
    if (which == 15)
        return ++irrt_cur->clock;
    if (which == 16)
        return IRRT_COOPERATIVE;
    return which < 15 ? irrt_cur->sreg[which] : 0;
}

/* ---- collectives: values travel through the CTA's exchange slots,
 * between two barriers (so they add no race and no choice) ---- */

/* Barrier ids of a collective's two phases, apart from statement ids. */
#define IRRT_PHASE(id, k) (0x40000000u | ((id) << 1) | (k))

static void *irrt_slot_of(irrt_ctx *c, unsigned lin)
{
    return irrt_xchg[c->cta] + 8 * (size_t)lin;
}

/* Publish v, wait for the warp (or the CTA), and come back for phase 2. */
static void irrt_publish(irrt_ctx *c, uint64_t v, int cta, unsigned mask, unsigned id,
                         unsigned src)
{
    gpumc_store(c->t, irrt_slot_of(c, c->lin), 8, v, GPUMC_NA, GPUMC_SCOPE_SYS, src);
    if (cta)
        gpumc_barrier(c->t, GPUMC_SCOPE_CTA, IRRT_PHASE(id, 0), src);
    else
        gpumc_warp_sync(c->t, mask, IRRT_PHASE(id, 0), src);
}

static uint64_t irrt_peek(irrt_ctx *c, unsigned lin, unsigned src)
{
    return gpumc_load(c->t, irrt_slot_of(c, lin), 8, GPUMC_NA, GPUMC_SCOPE_SYS, src);
}

static void irrt_done(irrt_ctx *c, int cta, unsigned mask, unsigned id, unsigned src)
{
    if (cta)
        gpumc_barrier(c->t, GPUMC_SCOPE_CTA, IRRT_PHASE(id, 1), src);
    else
        gpumc_warp_sync(c->t, mask, IRRT_PHASE(id, 1), src);
}

static unsigned irrt_warp_lanes(const irrt_ctx *c)
{
    return (unsigned)__builtin_popcount(c->sreg[14]);
}

void __gpumc_ir_warp_sync(unsigned mask, unsigned id, unsigned src)
{
    irrt_ctx *c = irrt_cur;
    gpumc_warp_sync(c->t, mask, IRRT_PHASE(id, 0), src);
    irrt_cur = c;
}

unsigned __gpumc_ir_converge(unsigned id, unsigned src)
{
    irrt_ctx *c = irrt_cur;
    unsigned mask = gpumc_warp_converge(c->t, IRRT_PHASE(id, 0), src);
    irrt_cur = c;
    return mask;
}

/* A lane the mask names that had returned instead of reaching the
 * collective (CUDA does not wait for it): what a shuffle would take from
 * it is undefined, a warp-collective misuse finding. */
static void irrt_exited_source(irrt_ctx *c, int lane, unsigned src)
{
    char why[160];
    snprintf(why, sizeof why, "a shuffle takes its value from lane %d, which returned without "
             "reaching it (CUDA leaves that value undefined)", lane);
    gpumc_warp_invalid(c->t, why, src);
}

uint64_t __gpumc_ir_shfl(unsigned mask, uint64_t v, int lane, int width, int kind, unsigned id,
                         unsigned src)
{
    irrt_ctx *c = irrt_cur;
    int me = (int)c->sreg[13];
    if (width <= 0 || width > 32 || (width & (width - 1)))
        width = 32;
    int seg = me & ~(width - 1), s;
    switch (kind) {
    case 0: s = seg + (lane & (width - 1)); break;
    case 1: s = me - lane < seg ? me : me - lane; break;
    case 2: s = me + lane >= seg + width ? me : me + lane; break;
    default: s = (me ^ lane) >= seg + width ? me : me ^ lane; break;
    }
    irrt_publish(c, v, 0, mask, id, src);
    int named = s >= 0 && (unsigned)s < irrt_warp_lanes(c) && (mask >> s & 1);
    if (named && !(gpumc_warp_arrived(c->t) >> s & 1))
        irrt_exited_source(c, s, src);
    /* a source lane outside the mask gives an undefined value: the caller's */
    uint64_t r = named ? irrt_peek(c, c->lin - (unsigned)me + (unsigned)s, src) : v;
    irrt_done(c, 0, mask, id, src);
    irrt_cur = c;
    return r;
}

unsigned __gpumc_ir_vote(unsigned mask, int pred, int kind, unsigned id, unsigned src)
{
    irrt_ctx *c = irrt_cur;
    unsigned me = c->sreg[13], ballot = 0, n = irrt_warp_lanes(c);
    irrt_publish(c, pred != 0, 0, mask, id, src);
    unsigned met = gpumc_warp_arrived(c->t); /* (lanes that returned are inactive) */
    for (unsigned l = 0; l < n; l++)
        if ((met >> l & 1) && irrt_peek(c, c->lin - me + l, src))
            ballot |= 1u << l;
    irrt_done(c, 0, mask, id, src);
    irrt_cur = c;
    return kind == 0 ? ballot : kind == 1 ? ballot != 0 : ballot == met;
}

unsigned __gpumc_ir_match_any(unsigned mask, uint64_t v, unsigned id, unsigned src)
{
    irrt_ctx *c = irrt_cur;
    unsigned me = c->sreg[13], same = 0, n = irrt_warp_lanes(c);
    irrt_publish(c, v, 0, mask, id, src);
    unsigned met = gpumc_warp_arrived(c->t);
    for (unsigned l = 0; l < n; l++)
        if ((met >> l & 1) && irrt_peek(c, c->lin - me + l, src) == v)
            same |= 1u << l;
    irrt_done(c, 0, mask, id, src);
    irrt_cur = c;
    return same;
}

static uint64_t irrt_fold(int op, uint64_t a, uint64_t b, int size)
{
    int sh = 64 - 8 * size;
    int64_t sa = (int64_t)(a << sh) >> sh, sb = (int64_t)(b << sh) >> sh;
    switch (op) {
    case GPUMC_RMW_ADD: return a + b;
    case GPUMC_RMW_AND: return a & b;
    case GPUMC_RMW_OR: return a | b;
    case GPUMC_RMW_XOR: return a ^ b;
    case GPUMC_RMW_MIN: return sa < sb ? a : b;
    case GPUMC_RMW_MAX: return sa > sb ? a : b;
    case GPUMC_RMW_UMIN: return a < b ? a : b;
    default: return a > b ? a : b;
    }
}

uint64_t __gpumc_ir_warp_reduce(unsigned mask, uint64_t v, int op, int size, unsigned id,
                                unsigned src)
{
    irrt_ctx *c = irrt_cur;
    unsigned me = c->sreg[13], n = irrt_warp_lanes(c);
    int first = 1;
    uint64_t r = 0, m = size >= 8 ? ~0ull : (1ull << (8 * size)) - 1;
    irrt_publish(c, v & m, 0, mask, id, src);
    unsigned met = gpumc_warp_arrived(c->t);
    for (unsigned l = 0; l < n; l++)
        if (met >> l & 1) {
            uint64_t x = irrt_peek(c, c->lin - me + l, src);
            r = first ? x : irrt_fold(op, r, x, size);
            first = 0;
        }
    irrt_done(c, 0, mask, id, src);
    irrt_cur = c;
    return r & m;
}

int __gpumc_ir_cta_vote(int pred, int kind, unsigned id, unsigned src)
{
    irrt_ctx *c = irrt_cur;
    int count = 0;
    irrt_publish(c, pred != 0, 1, 0, id, src);
    for (unsigned l = 0; l < IRRT_CTA_THREADS; l++)
        count += irrt_peek(c, l, src) != 0;
    irrt_done(c, 1, 0, id, src);
    irrt_cur = c;
    return kind == 0 ? count : kind == 1 ? count == (int)IRRT_CTA_THREADS : count != 0;
}

void __gpumc_ir_spin(unsigned id, const void *const *state, const size_t *sizes, unsigned n,
                     unsigned entered, unsigned src)
{
    irrt_ctx *c = irrt_cur;
    unsigned k = irmem_spin_pieces(sizes, n);
    if (entered)
        gpumc_spin_enter(c->t, id);
    gpumc_spin(c->t, id, state, sizes, k, src);
    irmem_spin_scratch(c->t, state, sizes, k, n);
    irrt_cur = c;
}

/* The pass's bounds check of an access to the thread's own array (or a
 * constant table) through a computed index: ok, or a memory error naming
 * the array, its size and the offset. */
void __gpumc_ir_private_check(unsigned ok, const void *p, const void *base, uint64_t size,
                              unsigned acc, const char *what, unsigned src)
{
    if (ok)
        return;
    char msg[256];
    irmem_oob_message(msg, sizeof msg, p, base, size, acc, what);
    gpumc_memory_error_what(irrt_cur->t, NULL, 0, NULL, msg, src); /* a stack address says nothing */
}

void __gpumc_ir_arg_check(const void *p, const void *base, unsigned size, const char *what,
                          unsigned src)
{
    irrt_ctx *c = irrt_cur;
    uintptr_t b = (uintptr_t)base;
    if (b >= IRRT_VBASE && b - IRRT_VBASE < (uint64_t)IRRT_VSLOT * 256)
        return; /* a window slot: checked by irrt_xlate */
    irmem_arg_check(c->t, p, base, size, what, src);
    irrt_cur = c;
}

void __gpumc_ir_iteration(unsigned src)
{
    irrt_ctx *c = irrt_cur;
    gpumc_iteration(c->t, src);
    irrt_cur = c;
}

/* OpenCL work-item functions (ir_builtins.c numbers them). */
uint64_t __gpumc_ir_clwi(unsigned fn, unsigned dim)
{
    static const unsigned grid[3] = {IRRT_GRID_X, IRRT_GRID_Y, IRRT_GRID_Z};
    static const unsigned block[3] = {IRRT_BLOCK_X, IRRT_BLOCK_Y, IRRT_BLOCK_Z};
    static const unsigned offset[3] = {IRRT_OFFSET_X, IRRT_OFFSET_Y, IRRT_OFFSET_Z};
    const unsigned *r = irrt_cur->sreg;
    if (fn == 6)
        return IRRT_WORK_DIM;
    if (fn == 8) /* global linear id */
        return ((uint64_t)(r[5] * block[2] + r[2]) * grid[1] * block[1] +
                (r[4] * block[1] + r[1])) * grid[0] * block[0] + r[3] * block[0] + r[0];
    if (fn == 9)
        return ((uint64_t)r[2] * block[1] + r[1]) * block[0] + r[0];
    if (dim > 2)
        return fn == 3 || fn == 4 || fn == 5 ? 1 : 0;
    switch (fn) {
    case 0: return (uint64_t)r[3 + dim] * block[dim] + r[dim] + offset[dim];
    case 1: return r[dim];
    case 2: return r[3 + dim];
    case 3: return (uint64_t)grid[dim] * block[dim];
    case 4: return block[dim];
    case 5: return grid[dim];
    case 7: return offset[dim];
    default: return 0;
    }
}

/* A work-item's share of a group copy: element i is copied by work-item
 * (i + event) mod the group's size, so two copies in flight at once (two
 * events) write an element they share from different work-items. */
static void irrt_do_copy(const irrt_ctx *c, const irrt_copy *k)
{
    uint64_t g = IRRT_CTA_THREADS, first = (c->lin + g - k->event % g) % g;
    for (uint64_t i = first; i < k->n; i += g)
        __gpumc_ir_memcpy(k->d + i * k->dstride * k->elem, k->s + i * k->sstride * k->elem,
                          k->elem, k->src);
}

/* The barrier id of a group-wide call given key[0..n): OpenCL requires the
 * whole work-group to make an async copy or a wait, with the same
 * arguments, so its work-items meet at a barrier named by the call and its
 * arguments -- ones that disagree, or that one skips, are barrier
 * divergence.  (Statement ids and IRRT_PHASE ids stay below 2^31.) */
static unsigned irrt_uniform_id(const uint64_t *key, unsigned n)
{
    uint64_t h = 1469598103934665603ull;
    for (unsigned i = 0; i < n; i++) {
        h ^= key[i];
        h *= 1099511628211ull;
    }
    return 0x80000000u | ((unsigned)(h ^ (h >> 32)) & 0x7fffffffu);
}

/* OpenCL async_work_group_(strided_)copy: n elements of `elem` bytes,
 * strides in elements.  The group meets (a barrier that orders no memory:
 * the call does not synchronise), every work-item gets the same event
 * number and keeps the copy, and makes its share of it when the group
 * waits for the event or, if nobody does, when it ends. */
uint64_t __gpumc_ir_cl_copy(void *d, const void *s, uint64_t n, uint64_t elem, uint64_t dstride,
                            uint64_t sstride, uint64_t event, unsigned src)
{
    irrt_ctx *c = irrt_cur;
    uint64_t key[] = {src, (uintptr_t)d, (uintptr_t)s, n, elem, dstride, sstride, event};
    gpumc_barrier_mem(c->t, GPUMC_SCOPE_CTA, irrt_uniform_id(key, 8), 0, src);
    irrt_cur = c;
    uint64_t ev = event ? event : ++c->nevents;
    irrt_copy k = {(char *)d, (const char *)s, n, elem, dstride, sstride, ev, src};
    if (c->ncopies == IRRT_MAXCOPIES)
        irrt_do_copy(c, &k); /* too many waiting: this one is made at once, as if waited for */
    else
        c->copies[c->ncopies++] = k;
    irrt_cur = c;
    return ev;
}

/* Make the pending copies whose event is among events[0..num) (all of
 * them: events == NULL). */
static void irrt_do_copies(irrt_ctx *c, unsigned num, void *const *events)
{
    unsigned left = 0;
    for (unsigned i = 0; i < c->ncopies; i++) {
        int named = !events;
        for (unsigned j = 0; events && j < num && !named; j++)
            named = (uint64_t)(uintptr_t)events[j] == c->copies[i].event;
        if (named)
            irrt_do_copy(c, &c->copies[i]);
        else
            c->copies[left++] = c->copies[i];
    }
    c->ncopies = left;
}

/* wait_group_events: the group meets (at a barrier named by the events:
 * work-items waiting for different ones diverge; it orders no memory, so
 * an access made since the call to a buffer of the copy, in flight all
 * that time, races with it), each work-item makes its share of the copies
 * of the events named, and the group meets again. */
void __gpumc_ir_cl_wait(unsigned id, unsigned num, void *events, unsigned src)
{
    irrt_ctx *c = irrt_cur;
    uint64_t key[2 + IRRT_MAXCOPIES] = {src, num};
    for (unsigned j = 0; j < num && j < IRRT_MAXCOPIES; j++)
        key[2 + j] = (uint64_t)(uintptr_t)((void *const *)events)[j];
    gpumc_barrier_mem(c->t, GPUMC_SCOPE_CTA,
                      irrt_uniform_id(key, 2 + (num < IRRT_MAXCOPIES ? num : IRRT_MAXCOPIES)),
                      0, src);
    irrt_cur = c; /* the copies' accesses are this thread's */
    irrt_do_copies(c, num, (void *const *)events);
    gpumc_barrier(c->t, GPUMC_SCOPE_CTA, IRRT_PHASE(id, 1), src);
    irrt_cur = c;
}

/* ---- cp.async (PTX, sm_80): a thread's own asynchronous copies ---- */

/* The copy's bytes as stores, in the widest pieces its address allows. */
static void irrt_cp_land(irrt_ctx *c, const irrt_cp *k)
{
    unsigned w = irrt_piece((uintptr_t)k->d, 0, k->n);
    for (unsigned i = 0; i < k->n; i += w) {
        uint64_t v = 0;
        for (unsigned b = 0; b < w; b++)
            v |= (uint64_t)k->data[i + b] << (8 * b);
        __gpumc_ir_store(k->d + i, w, v, 0, 3, k->src);
    }
    irrt_cur = c;
}

/* cp.async.{ca,cg}.shared.global [d], [s], n, srcn: n (4, 8 or 16) bytes
 * into shared d, the first srcn read from global s, the rest zero.  The
 * source is read at the call; the copy is written when a wait completes
 * its group, or when the thread ends -- the latest the GPU may write it, so
 * a read of d that no wait of the copying thread orders after it races
 * with it (a barrier without the wait before it is not enough). */
void __gpumc_ir_cp_async(void *d, const void *s, unsigned n, unsigned srcn, unsigned src)
{
    irrt_ctx *c = irrt_cur;
    irrt_cp k = {(char *)d, {0}, n < 16 ? n : 16, c->cp_groups, src};
    srcn = srcn < k.n ? srcn : k.n;
    unsigned w = irrt_piece((uintptr_t)s, 0, srcn);
    for (unsigned i = 0; i < srcn; i += w) {
        uint64_t v = __gpumc_ir_load((const char *)s + i, w, 0, 3, src);
        for (unsigned b = 0; b < w; b++)
            k.data[i + b] = (unsigned char)(v >> (8 * b));
    }
    irrt_cur = c;
    if (c->ncps == IRRT_MAXCP)
        irrt_cp_land(c, &k); /* too many in flight: this one lands at once */
    else
        c->cps[c->ncps++] = k;
}

/* cp.async.commit_group: the copies issued since the last commit form a group. */
void __gpumc_ir_cp_commit(unsigned src)
{
    (void)src;
    irrt_cur->cp_groups++;
}

/* Write the copies of the groups before `group` (all: UINT_MAX). */
static void irrt_cp_complete(irrt_ctx *c, unsigned group)
{
    unsigned left = 0;
    for (unsigned i = 0; i < c->ncps; i++) {
        if (c->cps[i].group < group)
            irrt_cp_land(c, &c->cps[i]);
        else
            c->cps[left++] = c->cps[i];
    }
    c->ncps = left;
}

/* cp.async.wait_group n: every committed group but the n most recent is
 * complete (cp.async.wait_all: a commit, then n = 0). */
void __gpumc_ir_cp_wait(unsigned n, unsigned src)
{
    irrt_ctx *c = irrt_cur;
    (void)src;
    irrt_cp_complete(c, c->cp_groups > n ? c->cp_groups - n : 0);
}

#ifdef IRRT_PRINTF
/* ---- printf: CUDA passes vprintf the format and a buffer holding each
 * argument at its own alignment, floats as double and integers narrower
 * than int as int.  The text is the thread's; a thread that finishes
 * leaves it in irrt_outs for gpumc_harness_output. ---- */

static char **irrt_outs; /* by thread: the output of its last finished run */
static unsigned irrt_nouts;

/* The next argument of `size` bytes from the buffer at *off. */
static uint64_t irrt_printf_arg(const char *buf, size_t *off, unsigned size)
{
    uint64_t v = 0;
    *off = (*off + size - 1) / size * size;
    memcpy(&v, buf + *off, size);
    *off += size;
    return v;
}

/* One conversion: spec is "%...X" (flags, width, precision, length, X). */
static int irrt_printf_one(char *out, size_t n, const char *spec, char conv, int longarg,
                           const char *buf, size_t *off)
{
    char f[64];
    size_t len = strlen(spec), k = 0;
    for (size_t i = 0; i + 1 < len && k + 16 < sizeof f; i++) /* without its length letters */
        if (spec[i] == '*') /* a width or precision given as an int argument */
            k += (size_t)snprintf(f + k, sizeof f - k, "%d", (int)irrt_printf_arg(buf, off, 4));
        else if (!strchr("hljztL", spec[i]))
            f[k++] = spec[i];
    if (k + 4 >= sizeof f)
        return snprintf(out, n, "%s", spec);
    int integer = strchr("diuxXo", conv) != NULL;
    if (integer && longarg) /* 64 bits in the buffer */
        f[k++] = 'l', f[k++] = 'l';
    f[k++] = conv;
    f[k] = '\0';
    int sign = conv == 'd' || conv == 'i' || conv == 'c';
    if (integer && longarg) {
        uint64_t v = irrt_printf_arg(buf, off, 8);
        return sign ? snprintf(out, n, f, (long long)v) : snprintf(out, n, f, (unsigned long long)v);
    }
    if (integer || conv == 'c') {
        uint64_t v = irrt_printf_arg(buf, off, 4);
        return sign ? snprintf(out, n, f, (int)v) : snprintf(out, n, f, (unsigned)v);
    }
    if (strchr("fFeEgGaA", conv)) {
        uint64_t bits = irrt_printf_arg(buf, off, 8);
        double d;
        memcpy(&d, &bits, sizeof d);
        return snprintf(out, n, f, d);
    }
    if (conv == 's') {
        uintptr_t a = (uintptr_t)irrt_printf_arg(buf, off, 8);
        int window = a >= IRRT_VBASE && a - IRRT_VBASE < (uint64_t)IRRT_VSLOT * 256;
        return snprintf(out, n, f, !a ? "(null)" : window ? "(a string in shared memory)"
                                                          : (const char *)a);
    }
    if (conv == 'p')
        return snprintf(out, n, "0x%llx", (unsigned long long)irrt_printf_arg(buf, off, 8));
    return snprintf(out, n, "%s", spec);
}

void __gpumc_ir_printf(const char *fmt, const char *buf, unsigned src)
{
    irrt_ctx *c = irrt_cur;
    size_t off = 0;
    (void)src;
    for (const char *p = fmt; p && *p && c->outlen + 1 < IRRT_OUT_MAX;) {
        char *at = c->out + c->outlen, spec[32];
        size_t room = IRRT_OUT_MAX - c->outlen;
        int w;
        if (*p != '%' || p[1] == '%') {
            *at = *p;
            w = 1;
            p += *p == '%' ? 2 : 1;
        } else {
            size_t k = strspn(p + 1, "-+ #0123456789.*hljztL") + 1;
            int longarg = 0;
            for (size_t i = 1; i < k; i++)
                longarg |= p[i] == 'l' || p[i] == 'j' || p[i] == 'z' || p[i] == 't';
            snprintf(spec, sizeof spec, "%.*s", (int)(k + 1 < sizeof spec ? k + 1 : sizeof spec - 1), p);
            w = irrt_printf_one(at, room, spec, p[k], longarg, buf, &off);
            p += p[k] ? k + 1 : k;
        }
        c->outlen += w < 0 ? 0 : (size_t)w < room ? (unsigned)w : (unsigned)room - 1;
    }
    c->out[c->outlen] = '\0';
}

/* The thread's output, kept when it finishes. */
static void irrt_keep_output(const irrt_ctx *c)
{
    unsigned id = (unsigned)gpumc_self(c->t);
    if (id >= irrt_nouts)
        return;
    if (!c->outlen) {
        if (irrt_outs[id])
            irrt_outs[id][0] = '\0';
        return;
    }
    if (!irrt_outs[id] && !(irrt_outs[id] = malloc(IRRT_OUT_MAX)))
        return;
    memcpy(irrt_outs[id], c->out, c->outlen + 1);
}

/* What thread `thread` printed in the execution gpumc just explored (valid
 * for a thread that finished there), or NULL: nothing. */
const char *gpumc_harness_output(unsigned thread)
{
    return thread < irrt_nouts && irrt_outs[thread] && irrt_outs[thread][0] ? irrt_outs[thread]
                                                                             : NULL;
}
#endif

void __gpumc_ir_entry(void **args);

static void irrt_thread(gpumc_thread *t, void *arg)
{
    const gpumc_coord *w = gpumc_where(t);
    irrt_ctx c;
    memset(&c, 0, sizeof c);
    c.t = t;
    for (int i = 0; i < 3; i++) {
        c.sreg[i] = (unsigned)w->tid[i];
        c.sreg[3 + i] = (unsigned)w->cta[i];
    }
    c.sreg[6] = IRRT_BLOCK_X; c.sreg[7] = IRRT_BLOCK_Y; c.sreg[8] = IRRT_BLOCK_Z;
    c.sreg[9] = IRRT_GRID_X; c.sreg[10] = IRRT_GRID_Y; c.sreg[11] = IRRT_GRID_Z;
    c.sreg[12] = IRRT_WARP_SIZE;
    c.lin = ((unsigned)w->tid[2] * IRRT_BLOCK_Y + (unsigned)w->tid[1]) * IRRT_BLOCK_X +
            (unsigned)w->tid[0];
    c.sreg[13] = gpumc_lane(t);
    c.sreg[14] = gpumc_warp_mask(t);
    c.cta = (((unsigned)w->gpu * IRRT_GRID_Z + (unsigned)w->cta[2]) * IRRT_GRID_Y +
             (unsigned)w->cta[1]) * IRRT_GRID_X + (unsigned)w->cta[0];
    (void)arg;
    irrt_cur = &c;
    __gpumc_ir_entry(irrt_args);
    irrt_cur = &c;
    irrt_do_copies(&c, 0, NULL); /* copies nobody waited for land at the end */
    irrt_cp_complete(&c, ~0u);
#ifdef IRRT_PRINTF
    irrt_keep_output(&c);
#endif
}

/* ---- the device heap ---- */

/* CUDA's default heap is 8 MiB; each thread gets an equal share of it, but
 * at least 4 KiB (and the whole heap at most 4 GiB). */
static char *irrt_heap;
static uint64_t irrt_heap_share(void)
{
    uint64_t threads = (uint64_t)IRRT_NCTAS * IRRT_CTA_THREADS;
    uint64_t share = ((uint64_t)8 << 20) / threads, most = ((uint64_t)4 << 30) / threads;
    share = share < 4096 ? 4096 : share;
    share = share > most ? most : share;
    return share & ~(uint64_t)15;
}

static uint64_t irrt_heap_size(void)
{
    return irrt_heap_share() * IRRT_NCTAS * IRRT_CTA_THREADS;
}

void *__gpumc_ir_malloc(uint64_t n, unsigned src)
{
    irrt_ctx *c = irrt_cur;
    (void)src;
    uint64_t at = (c->heap_used + 15) & ~(uint64_t)15;
    if (!irrt_heap || n == 0 || n > irrt_heap_share() - at)
        return NULL; /* as CUDA's malloc, once the heap is spent */
    c->heap_used = at + n;
    return irrt_heap + ((uint64_t)c->cta * IRRT_CTA_THREADS + c->lin) * irrt_heap_share() + at;
}

void __gpumc_ir_free(void *p, unsigned src)
{
    irrt_ctx *c = irrt_cur;
    if (p && (!irrt_heap || (char *)p < irrt_heap || (char *)p >= irrt_heap + irrt_heap_size()))
        gpumc_memory_error_what(c->t, p, 0, NULL, "free() of memory malloc() did not return", src);
    irrt_cur = c;
}

/* Regions for the window: one per device variable, one per CTA for each
 * shared variable. */
static int irrt_setup_window(gpumc_setup *s)
{
    gpumc_private_on_stack(s); /* allocas are all a kernel thread owns */
#ifdef IRRT_TRACK_SPACES
    gpumc_track_spaces(s);
#endif
#ifdef IRRT_ACCESS_LOG
    gpumc_log_accesses(s);
#endif
#ifdef IRRT_HEAP
    irrt_heap = gpumc_region(s, "device heap", irrt_heap_size(), 0);
    if (!irrt_heap)
        return -1;
#endif
    for (unsigned k = 0; k < IRRT_NCTAS; k++) {
        char name[64];
        snprintf(name, sizeof name, "collective slots@cta%u", k);
        irrt_xchg[k] = gpumc_region(s, name, 8 * (size_t)IRRT_CTA_THREADS, 0);
        if (!irrt_xchg[k])
            return -1;
        gpumc_region_shared(s, irrt_xchg[k]);
        gpumc_region_exchange(s, irrt_xchg[k]); /* traces: "gives 3", "takes 5" */
    }
    for (unsigned i = 0; i < IRRT_NSLOTS; i++) {
        const irrt_slot *v = &irrt_slots[i];
        unsigned long long size = irrt_slot_size(i);
        if (v->kind == 0 || v->kind == 4) { /* device memory; 4: __constant__ */
            irrt_dev[i] = gpumc_region(s, v->name, size ? size : 1, v->init);
            if (!irrt_dev[i])
                return -1;
            if (v->kind == 4)
                gpumc_region_readonly(s, irrt_dev[i]);
            if (v->values >= 0)
                gpumc_region_values(s, irrt_dev[i], v->values, 2);
            continue;
        }
        int first = irrt_find_slot(v->slot);
        if (first != (int)i) { /* another extern __shared__ name of the same buffer */
            irrt_cta[i] = irrt_cta[first];
            continue;
        }
        irrt_cta[i] = irrt_cta_base[i];
        gpumc_region_alias(s, (const void *)(uintptr_t)(IRRT_VBASE + (uint64_t)v->slot * IRRT_VSLOT),
                           size, v->name); /* the kernel's address for it, in every CTA */
        for (unsigned k = 0; k < IRRT_NCTAS; k++) {
            char name[160];
            snprintf(name, sizeof name, "%s@cta%u", v->name, k);
            irrt_cta[i][k] = gpumc_region(s, name, size ? size : 1, v->init);
            if (!irrt_cta[i][k])
                return -1;
            gpumc_region_shared(s, irrt_cta[i][k]);
            gpumc_region_undefined(s, irrt_cta[i][k]); /* (__shared__, __local) */
            if (v->values >= 0)
                gpumc_region_values(s, irrt_cta[i][k], v->values, 2);
            if (v->hint)
                gpumc_region_hint(s, irrt_cta[i][k], v->hint);
        }
    }
    return 0;
}

#ifdef IRRT_POST
void __gpumc_ir_post_entry(void **args);

/* A host thread of the postconditions, after every kernel thread: the
 * arg-th checks postcondition arg (the postconditions' kernel reads it as
 * its x id), so with --keep-going each one that fails is a finding. */
static void irrt_post_thread(gpumc_thread *t, void *arg)
{
    irrt_ctx c;
    memset(&c, 0, sizeof c);
    c.t = t;
    c.sreg[0] = (unsigned)(uintptr_t)arg;
    int stopped = gpumc_join_all(t, 0, (int)(IRRT_NCTAS * IRRT_BLOCK_X * IRRT_BLOCK_Y *
                                              IRRT_BLOCK_Z), 0);
    if (stopped)
        return; /* a thread stopped at an error: the kernel never completed */
    irrt_cur = &c;
    __gpumc_ir_post_entry(irrt_args);
}
#endif

/* The launch's threads, then `post` host threads of postconditions. */
static int irrt_add_threads(gpumc_setup *s, int post)
{
#ifdef IRRT_PRINTF
    irrt_nouts = IRRT_NCTAS * IRRT_CTA_THREADS;
    if (!irrt_outs) /* (a setup run again keeps them) */
        irrt_outs = calloc(irrt_nouts, sizeof *irrt_outs);
    if (!irrt_outs) {
        gpumc_setup_error(s, "out of memory");
        return -1;
    }
#endif
    for (int g = 0; g < IRRT_NGPUS; g++)
    for (int cz = 0; cz < IRRT_GRID_Z; cz++)
    for (int cy = 0; cy < IRRT_GRID_Y; cy++)
    for (int cx = 0; cx < IRRT_GRID_X; cx++)
    for (int tz = 0; tz < IRRT_BLOCK_Z; tz++)
    for (int ty = 0; ty < IRRT_BLOCK_Y; ty++)
    for (int tx = 0; tx < IRRT_BLOCK_X; tx++) {
        gpumc_coord w = { 0, g, { cx, cy, cz }, { tx, ty, tz } };
        if (gpumc_thread_add(s, irrt_thread, 0, &w) < 0)
            return -1;
    }
#ifdef IRRT_POST
    for (int i = 0; i < post; i++) {
        gpumc_coord h = { 1, 0, { 0, 0, 0 }, { i, 0, 0 } };
        if (gpumc_thread_add(s, irrt_post_thread, (void *)(uintptr_t)i, &h) < 0)
            return -1;
    }
#endif
    (void)post;
    return 0;
}
