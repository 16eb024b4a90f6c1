/*
 * gpumc_scrt.h -- the adapter between an instrumented scoped-C program (a
 * GPUMC harness) and the harness ABI.  Pasted into the generated glue
 * (ir_glue.c) after the window's variables (IRRT_NSLOTS, irrt_slots[]).
 *
 * Threads: main is thread 0; pthread_create makes the others.  The ABI
 * declares every thread and its coordinates in setup, while a program
 * creates and places its threads at run time, so setup first runs the
 * program once natively in *discovery* mode: sequentially, each created
 * thread at once until it ends or would block (barrier, failed assume,
 * held mutex, a spin that changes nothing), against a private copy of the
 * globals, assertions off.  Each thread found is declared with the
 * coordinates it gave itself (__VERIFIER_thread_*_id; GPUMC's defaults
 * otherwise: group and kernel -1, shared by every id-less thread, main
 * included); while checking, the k-th pthread_create of a thread spawns
 * the thread found for it, and a run that creates or places threads
 * differently stops there as unsupported (exit 5).
 *
 * Scopes: __VERIFIER_memory_scope_*() sets the scope of the calling
 * thread's next shared access or fence (default: system).
 *
 * Thread-local variables (__thread, _Thread_local; window slots of kind 3)
 * get one copy per thread, in a block on the thread's own stack set up
 * from their initial values when the thread starts: private memory, so
 * their accesses are no events.
 */
#include <setjmp.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define IRRT_VBASE 0x3e0000000000ull
#define IRRT_VSLOT (1ull << 32)
#define SCRT_MAXT 1024
#define SCRT_DISC_SPINS 1000000ul /* a discovery thread looping longer stops */
#define SCRT_TLS 3                /* irrt_slot.kind of a thread-local variable */

typedef void *(*scrt_fn)(void *);
typedef unsigned long scrt_pthread; /* pthread_t of frontend/include/c/pthread.h */

typedef struct scrt_ctx {
    gpumc_thread *t;   /* NULL while discovering */
    int self;          /* the thread's index (declaration order) */
    int pend;          /* pending scope, or -1 */
    int retcas;        /* __VERIFIER_ret_CAS pending */
    unsigned nspawn;   /* pthread_create calls so far */
    unsigned char *tls; /* the thread's copy of the thread-local variables */
    uint64_t heap_used; /* bytes of its share of the heap */
    jmp_buf jb;        /* pthread_exit, exit, or a discovery stop */
    /* discovery: the last spin check, to stop a loop that changes nothing */
    unsigned loop;
    uint64_t hash;
    unsigned long writes, spins;
} scrt_ctx;

typedef struct scrt_tinfo {
    int parent, k;     /* created by thread parent's k-th pthread_create */
    scrt_fn fn;
    int placed;        /* bit per __VERIFIER_thread_*_id level named */
    int gid;
    gpumc_coord w;
} scrt_tinfo;

static scrt_ctx *scrt_cur;
static int scrt_discovering;
static unsigned long scrt_dwrites;          /* discovery writes so far */
static scrt_tinfo scrt_ti[SCRT_MAXT];       /* written by discovery, then read-only */
static int scrt_nti, scrt_too_many;
static char *scrt_dev[IRRT_NSLOTS > 0 ? IRRT_NSLOTS : 1];
static size_t scrt_tls_off[IRRT_NSLOTS > 0 ? IRRT_NSLOTS : 1]; /* in the thread's block */
static size_t scrt_tls_size;                                   /* bytes of the block */
static unsigned char *scrt_shadow[IRRT_NSLOTS > 0 ? IRRT_NSLOTS : 1];

static unsigned long long scrt_slot_size(unsigned i)
{
    return irrt_slots[i].size ? irrt_slots[i].size : 1;
}

/* A window address to the variable's region (its discovery copy while
 * discovering); other addresses are left to the ABI: a thread's private
 * memory, or a memory error. */
static void *scrt_xlate(scrt_ctx *c, const void *p, unsigned size, unsigned src)
{
    uintptr_t a = (uintptr_t)p;
    if (a < IRRT_VBASE || a - IRRT_VBASE >= (uint64_t)IRRT_VSLOT * 256)
        return (void *)p;
    unsigned i = (unsigned)((a - IRRT_VBASE) / IRRT_VSLOT);
    unsigned long long off = (a - IRRT_VBASE) % IRRT_VSLOT;
    if (i >= IRRT_NSLOTS || off + size > scrt_slot_size(i)) {
        if (scrt_discovering)
            longjmp(c->jb, 1); /* the check proper reports it */
        gpumc_memory_error(c->t, p, src);
        return NULL;
    }
    if (irrt_slots[i].kind == SCRT_TLS)
        return c->tls + scrt_tls_off[i] + off;
    return (scrt_discovering ? (char *)scrt_shadow[i] : scrt_dev[i]) + off;
}

/* Where each thread-local variable sits in a thread's block. */
static void scrt_tls_layout(void)
{
    scrt_tls_size = 0;
    for (unsigned i = 0; i < IRRT_NSLOTS; i++) {
        if (irrt_slots[i].kind != SCRT_TLS)
            continue;
        scrt_tls_off[i] = scrt_tls_size;
        scrt_tls_size += (scrt_slot_size(i) + sizeof(max_align_t) - 1) / sizeof(max_align_t) *
                         sizeof(max_align_t);
    }
}

/* The block a thread's frame declares for its thread-local variables. */
#define SCRT_TLS_BLOCK(name) \
    max_align_t name[scrt_tls_size / sizeof(max_align_t) + 1]

/* A thread starts with the initial values of its thread-local variables. */
static void scrt_tls_start(scrt_ctx *c, max_align_t *block)
{
    c->tls = (unsigned char *)block;
    for (unsigned i = 0; i < IRRT_NSLOTS; i++) {
        if (irrt_slots[i].kind != SCRT_TLS)
            continue;
        if (irrt_slots[i].init)
            memcpy(c->tls + scrt_tls_off[i], irrt_slots[i].init, irrt_slots[i].size);
        else
            memset(c->tls + scrt_tls_off[i], 0, irrt_slots[i].size);
    }
}

void __gpumc_ir_entry(void **args);

static char scrt_prog[] = "main";
static char *scrt_argv[] = {scrt_prog, 0};

static gpumc_scope scrt_take(scrt_ctx *c, unsigned s)
{
    if (c->pend >= 0) {
        s = (unsigned)c->pend;
        c->pend = -1;
    }
    return (gpumc_scope)s;
}

static uint64_t scrt_mask(unsigned n)
{
    return n >= 8 ? ~0ull : (1ull << (8 * n)) - 1;
}

static int64_t scrt_sext(uint64_t v, unsigned n)
{
    return n >= 8 ? (int64_t)v : (int64_t)(v << (64 - 8 * n)) >> (64 - 8 * n);
}

static uint64_t scrt_dload(scrt_ctx *c, const void *p, unsigned n, unsigned src)
{
    uint64_t v = 0;
    memcpy(&v, scrt_xlate(c, p, n, src), n);
    return v;
}

static void scrt_dstore(scrt_ctx *c, void *p, unsigned n, uint64_t v, unsigned src)
{
    memcpy(scrt_xlate(c, p, n, src), &v, n);
    scrt_dwrites++;
}

/* The value an RMW writes (discovery only; the checker computes its own). */
static uint64_t scrt_apply(unsigned op, uint64_t old, uint64_t v, unsigned n)
{
    old &= scrt_mask(n);
    v &= scrt_mask(n);
    switch (op & 0xff) {
    case GPUMC_RMW_XCHG: return v;
    case GPUMC_RMW_ADD: return old + v;
    case GPUMC_RMW_SUB: return old - v;
    case GPUMC_RMW_AND: return old & v;
    case GPUMC_RMW_OR: return old | v;
    case GPUMC_RMW_XOR: return old ^ v;
    case GPUMC_RMW_MIN: return scrt_sext(old, n) < scrt_sext(v, n) ? old : v;
    case GPUMC_RMW_MAX: return scrt_sext(old, n) > scrt_sext(v, n) ? old : v;
    case GPUMC_RMW_UMIN: return old < v ? old : v;
    case GPUMC_RMW_UMAX: return old > v ? old : v;
    case GPUMC_RMW_FADD: case GPUMC_RMW_FSUB: {
        int add = (op & 0xff) == GPUMC_RMW_FADD;
        if (n == 4) {
            float a, b;
            uint32_t x = (uint32_t)old, y = (uint32_t)v;
            memcpy(&a, &x, 4);
            memcpy(&b, &y, 4);
            a = add ? a + b : a - b;
            memcpy(&x, &a, 4);
            return x;
        }
        double a, b;
        memcpy(&a, &old, 8);
        memcpy(&b, &v, 8);
        a = add ? a + b : a - b;
        memcpy(&old, &a, 8);
        return old;
    }
    default: return old;
    }
}

/* ---- the accesses of the instrumented program (ir_pass.c) ---- */

/* The accesses with their scope decided (no pending scope taken). */
static uint64_t scrt_load(const void *p, unsigned size, unsigned o, gpumc_scope s, unsigned src)
{
    scrt_ctx *c = scrt_cur;
    if (scrt_discovering)
        return scrt_dload(c, p, size, src);
    uint64_t v = gpumc_load(c->t, scrt_xlate(c, p, size, src), size, (gpumc_order)o, s, src);
    scrt_cur = c;
    return v;
}

static void scrt_store(void *p, unsigned size, uint64_t v, unsigned o, gpumc_scope s,
                       unsigned src)
{
    scrt_ctx *c = scrt_cur;
    if (scrt_discovering) {
        scrt_dstore(c, p, size, v, src);
        return;
    }
    gpumc_store(c->t, scrt_xlate(c, p, size, src), size, v, (gpumc_order)o, s, src);
    scrt_cur = c;
}

static uint64_t scrt_cas(void *p, unsigned size, uint64_t cmp, uint64_t v, unsigned so,
                         unsigned fo, gpumc_scope s, unsigned weak, unsigned src)
{
    scrt_ctx *c = scrt_cur;
    if (scrt_discovering) {
        uint64_t old = scrt_dload(c, p, size, src);
        if ((old & scrt_mask(size)) == (cmp & scrt_mask(size)))
            scrt_dstore(c, p, size, v, src);
        return old;
    }
    uint64_t seen = cmp;
    gpumc_cas(c->t, scrt_xlate(c, p, size, src), size, &seen, v, (gpumc_order)so,
              (gpumc_order)fo, s, (int)weak, src);
    scrt_cur = c;
    return seen;
}

uint64_t __gpumc_ir_load(const void *p, unsigned size, unsigned o, unsigned sc, unsigned src)
{
    return scrt_load(p, size, o, scrt_take(scrt_cur, sc), src);
}

uint64_t __gpumc_ir_copy_load(const void *p, unsigned size, unsigned src)
{
    return __gpumc_ir_load(p, size, 0, 3, src); /* (no memory of a program is undefined) */
}

void __gpumc_ir_store(void *p, unsigned size, uint64_t v, unsigned o, unsigned sc, unsigned src)
{
    scrt_store(p, size, v, o, scrt_take(scrt_cur, sc), src);
}

uint64_t __gpumc_ir_rmw(void *p, unsigned size, unsigned op, uint64_t v, unsigned o, unsigned sc,
                        unsigned src)
{
    scrt_ctx *c = scrt_cur;
    gpumc_scope s = scrt_take(c, sc);
    if (scrt_discovering) {
        uint64_t old = scrt_dload(c, p, size, src);
        scrt_dstore(c, p, size, scrt_apply(op, old, v, size), src);
        return old;
    }
    uint64_t r = gpumc_rmw(c->t, scrt_xlate(c, p, size, src), size, (gpumc_rmw_op)op, v,
                           (gpumc_order)o, s, src);
    scrt_cur = c;
    return r;
}

uint64_t __gpumc_ir_cas(void *p, unsigned size, uint64_t cmp, uint64_t v, unsigned so,
                        unsigned fo, unsigned sc, unsigned weak, unsigned src)
{
    return scrt_cas(p, size, cmp, v, so, fo, scrt_take(scrt_cur, sc), weak, src);
}

void __gpumc_ir_fence(unsigned o, unsigned sc, unsigned src)
{
    scrt_ctx *c = scrt_cur;
    gpumc_scope s = scrt_take(c, sc);
    if (scrt_discovering)
        return;
    gpumc_fence(c->t, (gpumc_order)o, s, src);
    scrt_cur = c;
}

void __gpumc_ir_barrier(unsigned sc, unsigned id, unsigned src)
{
    scrt_ctx *c = scrt_cur;
    if (scrt_discovering)
        longjmp(c->jb, 1);
    gpumc_barrier(c->t, (gpumc_scope)sc, id, src);
    scrt_cur = c;
}

void __gpumc_ir_arg_check(const void *p, const void *base, unsigned size, const char *what,
                          unsigned src)
{
    scrt_ctx *c = scrt_cur;
    uintptr_t b = (uintptr_t)base;
    if (scrt_discovering || (b >= IRRT_VBASE && b - IRRT_VBASE < (uint64_t)IRRT_VSLOT * 256))
        return; /* globals: checked by scrt_xlate */
    irmem_arg_check(c->t, p, base, size, what, src);
    scrt_cur = c;
}

void __gpumc_ir_assert_what(unsigned cond, const char *what, unsigned src)
{
    scrt_ctx *c = scrt_cur;
    if (scrt_discovering)
        return;
    gpumc_assert_what(c->t, cond != 0, what, src);
    scrt_cur = c;
}

void __gpumc_ir_assert(unsigned cond, unsigned src)
{
    __gpumc_ir_assert_what(cond, NULL, src);
}

void __gpumc_ir_assume(unsigned cond, unsigned src)
{
    scrt_ctx *c = scrt_cur;
    if (scrt_discovering) {
        if (!cond)
            longjmp(c->jb, 1);
        return;
    }
    gpumc_assume(c->t, cond != 0, src);
    scrt_cur = c;
}

/* An integer divisor on its way to the division: its location becomes the
 * thread's last, where a trap (division by zero) is reported. */
uint64_t __gpumc_ir_divisor(uint64_t v, unsigned src)
{
    scrt_ctx *c = scrt_cur;
    if (!scrt_discovering)
        gpumc_assert(c->t, 1, src);
    scrt_cur = c;
    return v;
}

static uint64_t scrt_hash(const void *const *state, const size_t *sizes, unsigned n)
{
    uint64_t h = 1469598103934665603ull; /* FNV-1a */
    for (unsigned i = 0; i < n; i++)
        for (size_t b = 0; state[i] && b < sizes[i]; b++)
            h = (h ^ ((const unsigned char *)state[i])[b]) * 1099511628211ull;
    return h;
}

/* While discovering, a loop iteration that wrote nothing and left the
 * loop's state as it was would repeat forever: the thread would block. */
void __gpumc_ir_spin(unsigned id, const void *const *state, const size_t *sizes, unsigned n,
                     unsigned entered, unsigned src)
{
    scrt_ctx *c = scrt_cur;
    unsigned k = irmem_spin_pieces(sizes, n);
    if (entered && c->loop == id + 1)
        c->loop = 0; /* entered afresh: nothing to compare with */
    if (scrt_discovering) {
        uint64_t h = scrt_hash(state, sizes, k);
        if ((c->loop == id + 1 && c->hash == h && c->writes == scrt_dwrites) ||
            ++c->spins > SCRT_DISC_SPINS)
            longjmp(c->jb, 1);
        c->loop = id + 1;
        c->hash = h;
        c->writes = scrt_dwrites;
        return;
    }
    if (entered)
        gpumc_spin_enter(c->t, id);
    gpumc_spin(c->t, id, state, sizes, k, src);
    irmem_spin_scratch(c->t, state, sizes, k, n);
    scrt_cur = c;
}

/* The pass's bounds check of a private array (see gpumc_irrt.h). */
void __gpumc_ir_private_check(unsigned ok, const void *p, const void *base, uint64_t size,
                              unsigned acc, const char *what, unsigned src)
{
    scrt_ctx *c = scrt_cur;
    if (ok)
        return;
    if (scrt_discovering)
        longjmp(c->jb, 1); /* the check proper reports it */
    char msg[256];
    irmem_oob_message(msg, sizeof msg, p, base, size, acc, what);
    gpumc_memory_error_what(c->t, NULL, 0, NULL, msg, src);
}

void __gpumc_ir_iteration(unsigned src)
{
    scrt_ctx *c = scrt_cur;
    if (scrt_discovering) {
        if (++c->spins > SCRT_DISC_SPINS)
            longjmp(c->jb, 1);
        return;
    }
    gpumc_iteration(c->t, src);
    scrt_cur = c;
}

/* Something gpumc cannot model: a discovering thread stops, a running one
 * stops the run. */
void __gpumc_ir_unsupported(const char *what, unsigned src)
{
    scrt_ctx *c = scrt_cur;
    if (scrt_discovering)
        longjmp(c->jb, 1);
    gpumc_unsupported(c->t, what, src);
}

/* ---- the verifier intrinsics ---- */

static void scrt_scope(gpumc_scope s)
{
    scrt_cur->pend = (int)s;
}

void __gpumc_sc___VERIFIER_memory_scope_work_group(unsigned src)
{
    (void)src;
    scrt_scope(GPUMC_SCOPE_CTA);
}

void __gpumc_sc___VERIFIER_memory_scope_device(unsigned src)
{
    (void)src;
    scrt_scope(GPUMC_SCOPE_GPU);
}

void __gpumc_sc___VERIFIER_memory_scope_system(unsigned src)
{
    (void)src;
    scrt_scope(GPUMC_SCOPE_SYS);
}

void __gpumc_sc___VERIFIER_ret_CAS(unsigned src)
{
    (void)src;
    scrt_cur->retcas = 1;
}

void __gpumc_sc___VERIFIER_assume(int cond, unsigned src)
{
    __gpumc_ir_assume(cond != 0, src);
}

/* GPUMC's defaults: a thread that never names its ids is in group -1 of
 * kernel -1, which all such threads (main too) share. */
static void scrt_implicit(gpumc_coord *w)
{
    memset(w, 0, sizeof *w);
    w->gpu = -1;
    w->cta[0] = -1;
}

/* level: 0 global id, 1 local id (tid.x), 2 group id (cta.x), 3 kernel (gpu). */
static void scrt_place(int level, int v, unsigned src)
{
    scrt_ctx *c = scrt_cur;
    if (scrt_discovering) {
        scrt_tinfo *ti = &scrt_ti[c->self];
        ti->placed |= 1 << level;
        ti->w.host = 0;
        if (level == 0)
            ti->gid = v;
        else if (level == 1)
            ti->w.tid[0] = v;
        else if (level == 2)
            ti->w.cta[0] = v;
        else
            ti->w.gpu = v;
        return;
    }
    const gpumc_coord *w = gpumc_where(c->t);
    int ok = !w->host && (level == 0 || (level == 1   ? w->tid[0] == v
                                         : level == 2 ? w->cta[0] == v
                                                      : w->gpu == v));
    if (!ok) /* placed differently from the discovery run */
        gpumc_unsupported(c->t, "this thread names other coordinates than in the run that "
                                "found the threads: coordinates that depend on what other "
                                "threads write are not modelled", src);
    scrt_cur = c;
}

void __gpumc_sc___VERIFIER_thread_global_id(int v, unsigned src) { scrt_place(0, v, src); }
void __gpumc_sc___VERIFIER_thread_local_id(int v, unsigned src) { scrt_place(1, v, src); }
void __gpumc_sc___VERIFIER_thread_group_id(int v, unsigned src) { scrt_place(2, v, src); }
void __gpumc_sc___VERIFIER_thread_kernel_id(int v, unsigned src) { scrt_place(3, v, src); }

/* A CTA barrier; its statement is its source location. */
void __gpumc_sc___VERIFIER_syncthread(unsigned src)
{
    __gpumc_ir_barrier(GPUMC_SCOPE_CTA, src, src);
}

/* A compare-exchange: success, or after __VERIFIER_ret_CAS() the value
 * read (sign-extended), as GPUMC does.  C11 orders are the ABI's but for
 * consume (read as acquire). */
long long __gpumc_sc_cas(volatile void *obj, void *expected, long long desired, int so, int fo,
                         int weak, unsigned long size, unsigned src)
{
    static const unsigned order[] = {GPUMC_RLX, GPUMC_ACQ, GPUMC_ACQ, GPUMC_REL, GPUMC_ACQ_REL,
                                     GPUMC_SC};
    unsigned n = size == 1 || size == 2 || size == 4 ? (unsigned)size : 8;
    unsigned s = so >= 0 && so <= 5 ? order[so] : GPUMC_SC;
    unsigned f = fo >= 0 && fo <= 5 ? order[fo] : GPUMC_SC;
    gpumc_scope scope = scrt_take(scrt_cur, GPUMC_SCOPE_SYS); /* the CAS's, not expected's */
    uint64_t exp = scrt_load(expected, n, GPUMC_NA, GPUMC_SCOPE_SYS, src);
    uint64_t old = scrt_cas((void *)obj, n, exp, (uint64_t)desired, s, f, scope, (unsigned)weak,
                            src);
    int ok = (old & scrt_mask(n)) == (exp & scrt_mask(n));
    if (!ok)
        scrt_store(expected, n, old, GPUMC_NA, GPUMC_SCOPE_SYS, src);
    scrt_ctx *c = scrt_cur;
    if (!c->retcas)
        return ok;
    c->retcas = 0;
    return scrt_sext(old, n);
}

/* ---- pthreads ---- */

static int scrt_child(int parent, int k)
{
    for (int i = 1; i < scrt_nti; i++)
        if (scrt_ti[i].parent == parent && scrt_ti[i].k == k)
            return i;
    return -1;
}

static void scrt_run(scrt_ctx *c, scrt_fn fn, void *arg)
{
    scrt_ctx *saved = scrt_cur;
    scrt_cur = c;
    if (!setjmp(c->jb))
        fn(arg);
    scrt_cur = saved;
}

int __gpumc_sc_pthread_create(scrt_pthread *h, const void *attr, scrt_fn fn, void *arg,
                              unsigned src)
{
    (void)attr;
    scrt_ctx *c = scrt_cur;
    int k = (int)c->nspawn++;
    if (scrt_discovering) {
        if (scrt_nti >= SCRT_MAXT) {
            scrt_too_many = 1;
            longjmp(c->jb, 1);
        }
        int id = scrt_nti++;
        scrt_tinfo *ti = &scrt_ti[id];
        memset(ti, 0, sizeof *ti);
        ti->parent = c->self;
        ti->k = k;
        ti->fn = fn;
        scrt_implicit(&ti->w);
        scrt_dstore(c, h, sizeof *h, (uint64_t)id, src);
        scrt_ctx cc;
        SCRT_TLS_BLOCK(tls);
        memset(&cc, 0, sizeof cc);
        cc.self = id;
        cc.pend = -1;
        scrt_tls_start(&cc, tls);
        scrt_run(&cc, fn, arg);
        return 0;
    }
    int id = scrt_child(c->self, k);
    if (id < 0 || scrt_ti[id].fn != fn) { /* created differently from the discovery run */
        gpumc_unsupported(c->t, "this pthread_create makes another thread than in the run "
                                "that found the threads: thread creation that depends on what "
                                "other threads write is not modelled", src);
        return 0;
    }
    scrt_store(h, sizeof *h, (uint64_t)id, GPUMC_NA, GPUMC_SCOPE_SYS, src);
    gpumc_spawn(c->t, id, arg, src);
    scrt_cur = c;
    return 0;
}

int __gpumc_sc_pthread_join(scrt_pthread h, void **ret, unsigned src)
{
    scrt_ctx *c = scrt_cur;
    if (ret)
        scrt_store(ret, sizeof *ret, 0, GPUMC_NA, GPUMC_SCOPE_SYS, src);
    if (scrt_discovering)
        return 0;
    gpumc_join_later(c->t, (int)h, src);
    scrt_cur = c;
    return 0;
}

void __gpumc_sc_pthread_exit(void *ret, unsigned src)
{
    (void)ret;
    (void)src;
    longjmp(scrt_cur->jb, 1);
}

void __gpumc_sc_exit(int status, unsigned src)
{
    (void)status;
    (void)src;
    longjmp(scrt_cur->jb, 1);
}

void __gpumc_sc_abort(unsigned src)
{
    __gpumc_ir_assert(0, src);
    longjmp(scrt_cur->jb, 1);
}

/* ---- the heap ----
 * malloc, calloc and aligned_alloc take from the calling thread's own share
 * of one region, "malloc heap" (thread count x share, made once discovery has
 * counted the threads), so what a thread gets never depends on another
 * thread: its allocations replay the same.  Blocks are 16-byte aligned and
 * zero-filled (calloc's and malloc's alike); a thread whose share is spent
 * gets NULL, as from a full heap.  free releases nothing: a use after free
 * is not found, and neither is a second free; freeing an address the heap
 * did not give is a memory error.  While discovering, blocks are the host's
 * own, returned when discovery ends. */
#define SCRT_HEAP_MIN (64u << 10)
#define SCRT_HEAP_MAX (1u << 20)
static char *scrt_heap;
static uint64_t scrt_heap_share;
static void *scrt_dheap; /* discovery's blocks, chained through their first word */

static void *scrt_alloc(uint64_t align, uint64_t n)
{
    scrt_ctx *c = scrt_cur;
    if (n == 0)
        n = 1; /* a block of its own, as glibc's */
    if (scrt_discovering) {
        void **b = n < (1ull << 32) ? calloc(1, n + 64) : NULL;
        if (!b)
            return NULL;
        *b = scrt_dheap;
        scrt_dheap = b;
        return (char *)b + 64;
    }
    align = align < 16 ? 16 : align;
    uint64_t at = (c->heap_used + align - 1) & ~(align - 1);
    if (!scrt_heap || at > scrt_heap_share || n > scrt_heap_share - at)
        return NULL;
    c->heap_used = at + n;
    return scrt_heap + (uint64_t)c->self * scrt_heap_share + at;
}

void *__gpumc_sc_malloc(unsigned long n, unsigned src)
{
    (void)src;
    return scrt_alloc(16, n);
}

void *__gpumc_sc_calloc(unsigned long k, unsigned long n, unsigned src)
{
    (void)src;
    return n && k > (unsigned long)-1 / n ? NULL : scrt_alloc(16, k * n);
}

void *__gpumc_sc_aligned_alloc(unsigned long align, unsigned long n, unsigned src)
{
    (void)src;
    return align & (align - 1) || align > 4096 ? NULL : scrt_alloc(align, n);
}

void __gpumc_sc_free(void *p, unsigned src)
{
    scrt_ctx *c = scrt_cur;
    uint64_t size = (uint64_t)scrt_nti * scrt_heap_share;
    if (scrt_discovering || !p)
        return;
    if (!scrt_heap || (char *)p < scrt_heap || (char *)p >= scrt_heap + size)
        gpumc_memory_error_what(c->t, p, 0, NULL, "free() of memory malloc() did not return",
                                src);
    scrt_cur = c;
}

/* After discovery: the host's blocks go, the heap region comes. */
static int scrt_heap_setup(gpumc_setup *s)
{
    while (scrt_dheap) {
        void *next = *(void **)scrt_dheap;
        free(scrt_dheap);
        scrt_dheap = next;
    }
#ifdef IRRT_HEAP
    uint64_t share = ((uint64_t)256 << 20) / (uint64_t)scrt_nti;
    share = share < SCRT_HEAP_MIN ? SCRT_HEAP_MIN : share > SCRT_HEAP_MAX ? SCRT_HEAP_MAX : share;
    scrt_heap_share = share;
    scrt_heap = gpumc_region(s, "malloc heap", (size_t)(share * (uint64_t)scrt_nti), NULL);
    return scrt_heap ? 0 : -1;
#else
    (void)s;
    return 0;
#endif
}

scrt_pthread __gpumc_sc_pthread_self(unsigned src)
{
    (void)src;
    return (scrt_pthread)scrt_cur->self;
}

/* A mutex is an int: lock = acquire CAS 0->1 that must succeed (an
 * await: a failed attempt blocks the execution), unlock = release store. */
int __gpumc_sc_pthread_mutex_init(void *m, const void *a, unsigned src)
{
    (void)a;
    scrt_store(m, 4, 0, GPUMC_NA, scrt_take(scrt_cur, GPUMC_SCOPE_SYS), src);
    return 0;
}

int __gpumc_sc_pthread_mutex_lock(void *m, unsigned src)
{
    gpumc_scope s = scrt_take(scrt_cur, GPUMC_SCOPE_SYS);
    uint64_t old = scrt_cas(m, 4, 0, 1, GPUMC_ACQ, GPUMC_RLX, s, 0, src);
    __gpumc_ir_assume(old == 0, src);
    return 0;
}

int __gpumc_sc_pthread_mutex_trylock(void *m, unsigned src)
{
    gpumc_scope s = scrt_take(scrt_cur, GPUMC_SCOPE_SYS);
    uint64_t old = scrt_cas(m, 4, 0, 1, GPUMC_ACQ, GPUMC_RLX, s, 0, src);
    return old == 0 ? 0 : 16; /* EBUSY */
}

int __gpumc_sc_pthread_mutex_unlock(void *m, unsigned src)
{
    scrt_store(m, 4, 0, GPUMC_REL, scrt_take(scrt_cur, GPUMC_SCOPE_SYS), src);
    return 0;
}

/* pthread barriers count their threads, as in GPUMC and GenMC: a barrier
 * object is identified by its address (one id per object, from its slot
 * and offset), and pthread_barrier_init records its count here, natively
 * (main initialises before it creates the waiters, in every execution). */
#define SCRT_MAXBAR 256
static struct scrt_bar {
    unsigned id, count;
} scrt_bars[SCRT_MAXBAR];
static unsigned scrt_nbars;

static unsigned scrt_barrier_id(const void *b)
{
    uintptr_t a = (uintptr_t)b - IRRT_VBASE;
    return 0x80000000u | (unsigned)(a / IRRT_VSLOT) << 20 | (unsigned)(a % IRRT_VSLOT & 0xfffff);
}

static struct scrt_bar *scrt_barrier(unsigned id, int add)
{
    for (unsigned i = 0; i < scrt_nbars; i++)
        if (scrt_bars[i].id == id)
            return &scrt_bars[i];
    if (!add || scrt_nbars == SCRT_MAXBAR)
        return NULL;
    scrt_bars[scrt_nbars].id = id;
    return &scrt_bars[scrt_nbars++];
}

int __gpumc_sc_pthread_barrier_init(void *b, const void *a, unsigned count, unsigned src)
{
    (void)a;
    struct scrt_bar *r = scrt_barrier(scrt_barrier_id(b), 1);
    if (!r) {
        __gpumc_ir_assert(0, src); /* more barrier objects than the table holds */
        return 22; /* EINVAL */
    }
    r->count = count;
    scrt_store(b, 4, 0, GPUMC_NA, GPUMC_SCOPE_SYS, src); /* the serial counter */
    return count ? 0 : 22;
}

/* A wait on barrier b; serial: say whether the caller is its round's
 * serial waiter, PTHREAD_BARRIER_SERIAL_THREAD (-1) rather than 0.
 * pthreads does not say which waiter that is; here the last to arrive,
 * found as GenMC does: each waiter first increments a counter in the
 * barrier object (relaxed; a round's increments all come after the
 * previous round's, which the barrier orders), and the one that reads
 * count-1 modulo count arrived last.  Every order of arrival is explored,
 * so the frontend asks only where the program uses what the wait returns.
 * The pending scope is taken and dropped: a barrier's round orders all of
 * its members whatever their places. */
static int scrt_barrier_wait(void *b, int serial, unsigned src)
{
    scrt_ctx *c = scrt_cur;
    (void)scrt_take(c, GPUMC_SCOPE_SYS);
    if (scrt_discovering)
        longjmp(c->jb, 1);
    const struct scrt_bar *r = scrt_barrier(scrt_barrier_id(b), 0);
    unsigned count = r ? r->count : 0;
    uint64_t k = 0;
    if (serial && count)
        k = gpumc_rmw(c->t, scrt_xlate(c, b, 4, src), 4, GPUMC_RMW_ADD, 1, GPUMC_RLX,
                      GPUMC_SCOPE_SYS, src);
    gpumc_barrier_count(c->t, scrt_barrier_id(b), count, src);
    scrt_cur = c;
    return serial && count && (uint32_t)k % count == count - 1 ? -1 : 0;
}

int __gpumc_sc_pthread_barrier_wait(void *b, unsigned src)
{
    return scrt_barrier_wait(b, 0, src);
}

int __gpumc_sc_pthread_barrier_wait_serial(void *b, unsigned src)
{
    return scrt_barrier_wait(b, 1, src);
}

/* ---- threads and setup ---- */

static void scrt_main_thread(gpumc_thread *t, void *arg)
{
    scrt_ctx c;
    SCRT_TLS_BLOCK(tls);
    (void)arg;
    memset(&c, 0, sizeof c);
    c.t = t;
    c.pend = -1;
    scrt_tls_start(&c, tls);
    scrt_cur = &c;
    if (!setjmp(c.jb))
        __gpumc_ir_entry((void **)scrt_argv);
}

static void scrt_thread(gpumc_thread *t, void *arg)
{
    scrt_ctx c;
    SCRT_TLS_BLOCK(tls);
    memset(&c, 0, sizeof c);
    c.t = t;
    c.self = gpumc_self(t);
    c.pend = -1;
    scrt_tls_start(&c, tls);
    scrt_cur = &c;
    if (!setjmp(c.jb))
        scrt_ti[c.self].fn(arg);
}

/* A crash while discovering (the checking run reports it as the finding it
 * is) ends the discovering thread, as a block would. */
static void scrt_disc_crash(int sig)
{
    (void)sig;
    longjmp(scrt_cur->jb, 1);
}

static const int scrt_sigs[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL};

/* Run main in discovery mode with scrt_disc_crash catching crashes. */
static void scrt_discover(void)
{
    static char altstack[64 * 1024]; /* a stack overflow needs somewhere to run */
    stack_t ss = {.ss_sp = altstack, .ss_size = sizeof altstack, .ss_flags = 0}, oldss;
    struct sigaction sa, old[4];
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = scrt_disc_crash;
    sa.sa_flags = SA_ONSTACK | SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    int alt = sigaltstack(&ss, &oldss) == 0;
    for (unsigned i = 0; i < 4; i++)
        sigaction(scrt_sigs[i], &sa, &old[i]);
    scrt_discovering = 1;
    scrt_ctx c;
    SCRT_TLS_BLOCK(tls);
    memset(&c, 0, sizeof c);
    c.pend = -1;
    scrt_tls_start(&c, tls);
    scrt_cur = &c;
    if (!setjmp(c.jb))
        __gpumc_ir_entry((void **)scrt_argv);
    scrt_discovering = 0;
    for (unsigned i = 0; i < 4; i++)
        sigaction(scrt_sigs[i], &old[i], NULL);
    if (alt)
        sigaltstack(&oldss, NULL);
}

/* Regions for the globals, then the discovery run on copies of them. */
static int scrt_setup(gpumc_setup *s)
{
    gpumc_private_on_stack(s);
    scrt_tls_layout();
    for (unsigned i = 0; i < IRRT_NSLOTS; i++) {
        const irrt_slot *v = &irrt_slots[i];
        if (v->kind == SCRT_TLS)
            continue;
        scrt_dev[i] = gpumc_region(s, v->name, scrt_slot_size(i), v->init);
        scrt_shadow[i] = calloc(1, scrt_slot_size(i));
        if (!scrt_dev[i] || !scrt_shadow[i]) {
            gpumc_setup_error(s, "out of memory for the program's globals");
            return -1;
        }
        if (v->init)
            memcpy(scrt_shadow[i], v->init, v->size);
    }
    memset(scrt_ti, 0, sizeof scrt_ti);
    scrt_nti = 1;
    scrt_implicit(&scrt_ti[0].w);
    scrt_discover();
    for (unsigned i = 0; i < IRRT_NSLOTS; i++)
        free(scrt_shadow[i]);
    if (scrt_too_many) {
        gpumc_setup_error(s, "the program creates more than 1024 threads");
        return -1;
    }
    if (scrt_heap_setup(s) != 0)
        return -1;
    if (gpumc_thread_add(s, scrt_main_thread, 0, &scrt_ti[0].w) != 0)
        return -1;
    for (int i = 1; i < scrt_nti; i++) {
        scrt_tinfo *ti = &scrt_ti[i];
        if (!(ti->placed & 2))
            ti->w.tid[0] = ti->placed ? ti->gid : i;
        if (gpumc_thread_declare(s, scrt_thread, &ti->w) != i) {
            gpumc_setup_error(s, "unexpected thread id from gpumc_thread_declare");
            return -1;
        }
    }
    return 0;
}
