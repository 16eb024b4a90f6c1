/*
 * fake_abi.c -- a recording implementation of the harness ABI for the
 * frontend tests.  See fake_abi.h.  Test-only code: simple globals are
 * fine here (one harness runs at a time, single-threaded).
 */
#define _GNU_SOURCE
#include "fake_abi.h"

#include <dlfcn.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <gpumc/harness.h>

#define MAX_REGIONS 256
#define MAX_THREADS 256

struct region { char name[128]; unsigned char *base; size_t size; };
struct fthread { gpumc_thread_fn fn; void *arg; gpumc_coord where; int started; };
struct gpumc_thread {
    int id;
    unsigned wmask; /* the mask of the last warp sync: the lanes that "arrived" */
    unsigned long spins;
    unsigned loop;   /* the last gpumc_spin: loop id + 1, state hash, log end */
    uint64_t hash;
    size_t logpos;
    jmp_buf out;
};

static struct {
    fake_result *r;
    const gpumc_srcloc *src;
    unsigned nsrc;
    struct region reg[MAX_REGIONS];
    int nreg;
    struct fthread th[MAX_THREADS];
    int nth;
} F;

static void logf_(const gpumc_thread *t, const char *fmt, ...)
{
    size_t len = strlen(F.r->log);
    if (len + 200 >= sizeof F.r->log)
        return;
    len += (size_t)snprintf(F.r->log + len, sizeof F.r->log - len, "T%d ", t->id);
    va_list ap;
    va_start(ap, fmt);
    len += (size_t)vsnprintf(F.r->log + len, sizeof F.r->log - len, fmt, ap);
    va_end(ap);
    snprintf(F.r->log + len, sizeof F.r->log - len, "\n");
}

static const char *where_s(unsigned src)
{
    static char buf[4][32];
    static int k;
    k = (k + 1) % 4;
    if (src >= F.nsrc)
        snprintf(buf[k], sizeof buf[k], "?src%u", src);
    else
        snprintf(buf[k], sizeof buf[k], "%d:%d", F.src[src].line, F.src[src].col);
    return buf[k];
}

static const char *ord_s(gpumc_order o)
{
    static const char *const n[] = { "na", "rlx", "acq", "rel", "acq_rel", "sc" };
    return (unsigned)o < 6 ? n[o] : "?";
}

static const char *sc_s(gpumc_scope s)
{
    static const char *const n[] = { "thread", "cta", "gpu", "sys" };
    return (unsigned)s < 4 ? n[s] : "?";
}

/* The operation, "+unused" when the program ignores the result. */
static const char *op_s(gpumc_rmw_op op)
{
    static const char *const n[] = { "xchg", "add", "sub", "and", "or", "xor", "min",
                                     "max", "umin", "umax", "inc", "dec", "fadd", "fsub" };
    static char buf[4][32];
    static int k;
    unsigned base = (unsigned)op & 0xff;
    k = (k + 1) % 4;
    snprintf(buf[k], sizeof buf[k], "%s%s", base < 14 ? n[base] : "?",
             (unsigned)op & GPUMC_RMW_UNUSED ? "+unused" : "");
    return buf[k];
}

static int in_region(const void *a)
{
    const unsigned char *p = a;
    for (int i = 0; i < F.nreg; i++)
        if (p >= F.reg[i].base && p < F.reg[i].base + F.reg[i].size)
            return 1;
    return 0;
}

static uint64_t mem_ld(const void *a, unsigned n)
{
    uint64_t v = 0;
    memcpy(&v, a, n);
    return v;
}

static void mem_st(void *a, unsigned n, uint64_t v)
{
    memcpy(a, &v, n);
}

static uint64_t mask(unsigned n)
{
    return n >= 8 ? ~0ULL : (1ULL << (8 * n)) - 1;
}

static int64_t sext(uint64_t v, unsigned n)
{
    return n >= 8 ? (int64_t)v : (int64_t)(v << (64 - 8 * n)) >> (64 - 8 * n);
}

/* ---- setup ------------------------------------------------------------ */

int gpumc_sources(gpumc_setup *s, const gpumc_srcloc *locs, unsigned n)
{
    (void)s;
    F.src = locs;
    F.nsrc = n;
    return 0;
}

void *gpumc_region(gpumc_setup *s, const char *name, size_t size, const void *init)
{
    (void)s;
    if (F.nreg == MAX_REGIONS || size == 0)
        return NULL;
    struct region *r = &F.reg[F.nreg++];
    snprintf(r->name, sizeof r->name, "%s", name);
    r->base = calloc(1, size);
    r->size = size;
    if (init)
        memcpy(r->base, init, size);
    return r->base;
}

static int add_thread(gpumc_thread_fn fn, void *arg, const gpumc_coord *w, int started)
{
    if (F.nth == MAX_THREADS)
        return -1;
    F.th[F.nth] = (struct fthread){ fn, arg, *w, started };
    return F.nth++;
}

int gpumc_thread_add(gpumc_setup *s, gpumc_thread_fn fn, void *arg, const gpumc_coord *w)
{
    (void)s;
    return add_thread(fn, arg, w, 1);
}

int gpumc_thread_declare(gpumc_setup *s, gpumc_thread_fn fn, const gpumc_coord *w)
{
    (void)s;
    return add_thread(fn, NULL, w, 0);
}

void gpumc_setup_error(gpumc_setup *s, const char *msg)
{
    (void)s;
    snprintf(F.r->error, sizeof F.r->error, "%s", msg);
}

/* ---- inside a thread -------------------------------------------------- */

uint64_t gpumc_load(gpumc_thread *t, const void *a, unsigned n, gpumc_order o,
                    gpumc_scope sc, unsigned src)
{
    if (in_region(a))
        logf_(t, "ld%u %s %s %s", n, ord_s(o), sc_s(sc), where_s(src));
    return mem_ld(a, n);
}

void gpumc_store(gpumc_thread *t, void *a, unsigned n, uint64_t v, gpumc_order o,
                 gpumc_scope sc, unsigned src)
{
    if (in_region(a))
        logf_(t, "st%u %s %s %s", n, ord_s(o), sc_s(sc), where_s(src));
    mem_st(a, n, v);
}

static uint64_t apply(gpumc_rmw_op op, uint64_t old, uint64_t v, unsigned n)
{
    old &= mask(n);
    v &= mask(n);
    switch ((unsigned)op & 0xff) {
    case GPUMC_RMW_XCHG: return v;
    case GPUMC_RMW_ADD: return old + v;
    case GPUMC_RMW_SUB: return old - v;
    case GPUMC_RMW_AND: return old & v;
    case GPUMC_RMW_OR: return old | v;
    case GPUMC_RMW_XOR: return old ^ v;
    case GPUMC_RMW_MIN: return sext(old, n) < sext(v, n) ? old : v;
    case GPUMC_RMW_MAX: return sext(old, n) > sext(v, n) ? old : v;
    case GPUMC_RMW_UMIN: return old < v ? old : v;
    case GPUMC_RMW_UMAX: return old > v ? old : v;
    case GPUMC_RMW_INC: return old >= v ? 0 : old + 1;
    case GPUMC_RMW_FADD: case GPUMC_RMW_FSUB: {
        int add = ((unsigned)op & 0xff) == GPUMC_RMW_FADD;
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
    default: return old == 0 || old > v ? v : old - 1;
    }
}

uint64_t gpumc_rmw(gpumc_thread *t, void *a, unsigned n, gpumc_rmw_op op,
                   uint64_t v, gpumc_order o, gpumc_scope sc, unsigned src)
{
    uint64_t old = mem_ld(a, n);
    if (in_region(a))
        logf_(t, "rmw%u %s %s %s %s", n, op_s(op), ord_s(o), sc_s(sc), where_s(src));
    mem_st(a, n, apply(op, old, v, n));
    return old;
}

int gpumc_cas(gpumc_thread *t, void *a, unsigned n, uint64_t *e, uint64_t d,
              gpumc_order so, gpumc_order fo, gpumc_scope sc, int weak, unsigned src)
{
    uint64_t old = mem_ld(a, n);
    int ok = (old & mask(n)) == (*e & mask(n));
    if (in_region(a))
        logf_(t, "cas%u %s/%s %s%s%s %s %s", n, ord_s(so), ord_s(fo), sc_s(sc),
              weak & 1 ? " weak" : "", weak & GPUMC_CAS_UNUSED ? " unused" : "",
              ok ? "ok" : "fail", where_s(src));
    if (ok)
        mem_st(a, n, d);
    *e = old;
    return ok;
}

void gpumc_fence(gpumc_thread *t, gpumc_order o, gpumc_scope sc, unsigned src)
{
    logf_(t, "fence %s %s %s", ord_s(o), sc_s(sc), where_s(src));
}

void gpumc_barrier(gpumc_thread *t, gpumc_scope sc, unsigned id, unsigned src)
{
    logf_(t, "bar %s #%u %s", sc_s(sc), id, where_s(src));
}

void gpumc_barrier_mem(gpumc_thread *t, gpumc_scope sc, unsigned id, unsigned mem,
                       unsigned src)
{
    logf_(t, "bar %s mem %u #%u %s", sc_s(sc), mem, id, where_s(src));
}

void gpumc_region_alias(gpumc_setup *s, const void *base, size_t size, const char *name)
{
    (void)s, (void)base, (void)size, (void)name;
}

void gpumc_barrier_invalid(gpumc_thread *t, const char *why, unsigned src)
{
    logf_(t, "bar-invalid %s (%s)", where_s(src), why);
    longjmp(t->out, 1);
}

void gpumc_warp_invalid(gpumc_thread *t, const char *why, unsigned src)
{
    logf_(t, "warp-invalid %s (%s)", where_s(src), why);
    longjmp(t->out, 1);
}

void gpumc_barrier_count(gpumc_thread *t, unsigned id, unsigned count, unsigned src)
{
    logf_(t, "bar count %u #%u %s", count, id, where_s(src));
}

unsigned gpumc_barrier_arrive(gpumc_thread *t, unsigned id, unsigned count, unsigned src)
{
    logf_(t, "bar arrive %u #%u %s", count, id, where_s(src));
    return 0;
}

void gpumc_barrier_wait(gpumc_thread *t, unsigned id, unsigned round, unsigned count,
                        unsigned src)
{
    logf_(t, "bar wait %u round %u #%u %s", count, round, id, where_s(src));
}

void gpumc_assert_what(gpumc_thread *t, int cond, const char *what, unsigned src)
{
    (void)what;
    gpumc_assert(t, cond, src);
}

void gpumc_assert(gpumc_thread *t, int cond, unsigned src)
{
    if (!cond) {
        logf_(t, "assert-fail %s", where_s(src));
        longjmp(t->out, 1);
    }
}

void gpumc_precondition(gpumc_thread *t, int cond, unsigned src)
{
    if (!cond) {
        logf_(t, "precondition-fail %s", where_s(src));
        longjmp(t->out, 1);
    }
}

void gpumc_assume(gpumc_thread *t, int cond, unsigned src)
{
    if (!cond) {
        logf_(t, "blocked %s", where_s(src));
        longjmp(t->out, 1);
    }
}

/* Did the log, from byte `from` on, record only reads (loads, failed
 * compare-exchanges)? */
static int only_reads_since(size_t from)
{
    for (const char *line = F.r->log + from; *line;) {
        const char *ev = strchr(line, ' '), *end = strchr(line, '\n');
        if (!ev || !end)
            break;
        int read = !strncmp(ev + 1, "ld", 2) ||
                   (!strncmp(ev + 1, "cas", 3) && memmem(ev, (size_t)(end - ev), " fail", 5));
        if (!read)
            return 0;
        line = end + 1;
    }
    return 1;
}

/* The engine's spin-assume in small: an iteration of the same loop that
 * recorded only reads and left the loop's state as it was blocks the
 * thread; a loop that goes on for 10,000 iterations is ended. */
int gpumc_spin(gpumc_thread *t, unsigned loop_id, const void *const *state,
               const size_t *sizes, unsigned n, unsigned src)
{
    uint64_t h = 1469598103934665603ull; /* FNV-1a */
    for (unsigned i = 0; i < n; i++)
        for (size_t b = 0; state[i] && b < sizes[i]; b++)
            h = (h ^ ((const unsigned char *)state[i])[b]) * 1099511628211ull;
    if (t->loop == loop_id + 1 && t->hash == h && only_reads_since(t->logpos)) {
        logf_(t, "blocked %s", where_s(src));
        longjmp(t->out, 1);
    }
    if (++t->spins > 10000) {
        logf_(t, "spin %s", where_s(src));
        longjmp(t->out, 1);
    }
    t->loop = loop_id + 1;
    t->hash = h;
    t->logpos = strlen(F.r->log);
    return 1;
}

/* A loop of gpumc_iteration can never block, only be cut (logged apart
 * from a cut spin, so tests see which of the two the pass chose). */
void gpumc_iteration(gpumc_thread *t, unsigned src)
{
    if (++t->spins > 10000) {
        logf_(t, "iterations %s", where_s(src));
        longjmp(t->out, 1);
    }
}

uint64_t gpumc_accessed(gpumc_thread *t, const void *obj, unsigned kinds) /* no log here */
{
    (void)t;
    (void)obj;
    (void)kinds;
    return 0;
}

void gpumc_unsupported(gpumc_thread *t, const char *what, unsigned src)
{
    logf_(t, "unsupported %s %s", what, where_s(src));
    longjmp(t->out, 1);
}

size_t gpumc_object_size(gpumc_thread *t, const void *p, const void **base)
{
    (void)t;
    *base = NULL;
    for (int i = 0; i < F.nreg; i++)
        if ((const unsigned char *)p >= F.reg[i].base &&
            (const unsigned char *)p < F.reg[i].base + F.reg[i].size) {
            *base = F.reg[i].base;
            return F.reg[i].size;
        }
    return 0;
}

const void *gpumc_object_base(gpumc_thread *t, const void *p)
{
    (void)t;
    for (int i = 0; i < F.nreg; i++)
        if ((const unsigned char *)p >= F.reg[i].base &&
            (const unsigned char *)p < F.reg[i].base + F.reg[i].size)
            return F.reg[i].base;
    return NULL;
}

void gpumc_spin_enter(gpumc_thread *t, unsigned loop_id)
{
    if (t->loop == loop_id + 1)
        t->loop = 0;
}

void gpumc_private_on_stack(gpumc_setup *s)
{
    (void)s;
}

void gpumc_log_accesses(gpumc_setup *s)
{
    (void)s;
}

void gpumc_track_spaces(gpumc_setup *s)
{
    (void)s;
}

void gpumc_warp_size(gpumc_setup *s, unsigned n) /* the fake's warps are 32 wide */
{
    (void)s;
    (void)n;
}

void gpumc_region_shared(gpumc_setup *s, const void *base)
{
    (void)s;
    (void)base;
}

void gpumc_region_readonly(gpumc_setup *s, const void *base) /* the fake never writes it */
{
    (void)s;
    (void)base;
}

void gpumc_region_values(gpumc_setup *s, const void *base, int value_kind, unsigned size)
{
    (void)s;
    (void)base;
    (void)value_kind;
    (void)size;
}

void gpumc_region_exchange(gpumc_setup *s, const void *base) /* traces only */
{
    (void)s;
    (void)base;
}

void gpumc_region_undefined(gpumc_setup *s, const void *base) /* the engine checks reads */
{
    (void)s;
    (void)base;
}

void gpumc_copying(gpumc_thread *t, int on)
{
    (void)t;
    (void)on;
}

void gpumc_region_hint(gpumc_setup *s, const void *base, const char *hint)
{
    (void)s;
    (void)base;
    (void)hint;
}

unsigned gpumc_lane(const gpumc_thread *t)
{
    return (unsigned)t->id % 32;
}

unsigned gpumc_warp_mask(const gpumc_thread *t)
{
    (void)t;
    return 0xffffffffu;
}

void gpumc_warp_sync(gpumc_thread *t, unsigned mask, unsigned id, unsigned src)
{
    (void)id;
    t->wmask = mask;
    logf_(t, "wsync %s", where_s(src));
}

uint32_t gpumc_warp_arrived(const gpumc_thread *t)
{
    return t->wmask;
}

/* Threads run one after the other here: a convergence point finds the
 * caller alone. */
uint32_t gpumc_warp_converge(gpumc_thread *t, unsigned id, unsigned src)
{
    (void)id;
    logf_(t, "converge %s", where_s(src));
    return 1u << (t->id % 32);
}

void gpumc_spin_scratch(gpumc_thread *t, const void *addr, size_t size)
{
    (void)t, (void)addr, (void)size;
}

void gpumc_loop_bound(gpumc_thread *t, unsigned src)
{
    logf_(t, "bound %s", where_s(src));
    longjmp(t->out, 1);
}

void gpumc_memory_error(gpumc_thread *t, const void *a, unsigned src)
{
    (void)a;
    logf_(t, "memory-error %s", where_s(src));
    longjmp(t->out, 1);
}

void gpumc_memory_error_what(gpumc_thread *t, const void *a, unsigned size, const void *buffer,
                             const char *what, unsigned src)
{
    (void)a, (void)size, (void)buffer;
    logf_(t, "memory-error %s: %s", where_s(src), what);
    longjmp(t->out, 1);
}

static void run_thread(int id, void *arg)
{
    gpumc_thread t;
    memset(&t, 0, sizeof t);
    t.id = id;
    F.th[id].started = 2;
    if (!setjmp(t.out))
        F.th[id].fn(&t, arg);
}

int gpumc_spawn(gpumc_thread *t, int child, void *arg, unsigned src)
{
    (void)src;
    if (child <= 0 || child >= F.nth || F.th[child].started)
        return -1;
    logf_(t, "spawn T%d", child);
    run_thread(child, arg);
    return 0;
}

int gpumc_join(gpumc_thread *t, int child, unsigned src)
{
    (void)src;
    logf_(t, "join T%d", child);
    return 0;
}

int gpumc_join_all(gpumc_thread *t, int first, int count, unsigned src)
{
    (void)src;
    logf_(t, "join T%d-%d", first, first + count - 1);
    return 0;
}

void gpumc_join_later(gpumc_thread *t, int child, unsigned src)
{
    (void)src;
    logf_(t, "join T%d", child);
}

int gpumc_self(const gpumc_thread *t)
{
    return t->id;
}

const gpumc_coord *gpumc_where(const gpumc_thread *t)
{
    return &F.th[t->id].where;
}

/* ---- driver ------------------------------------------------------------ */

static int write_file(const char *path, const void *data, size_t n)
{
    FILE *f = fopen(path, "wb");
    int ok = f && fwrite(data, 1, n, f) == n;
    if (f && fclose(f) != 0)
        ok = 0;
    return ok ? 0 : -1;
}

/* glue h.c + kernel k.bc -> h.so, linked the way gpumc links a harness. */
static int compile(const fe_harness *h, const char *inc, char *so, size_t n, fake_result *r)
{
    char dir[] = "/tmp/gpumc_fe_testXXXXXX";
    if (!mkdtemp(dir)) {
        snprintf(r->error, sizeof r->error, "mkdtemp failed");
        return -1;
    }
    char c[512], bc[512], cmd[2600], log[600];
    snprintf(c, sizeof c, "%s/h.c", dir);
    snprintf(bc, sizeof bc, "%s/k.bc", dir);
    snprintf(so, n, "%s/h.so", dir);
    snprintf(log, sizeof log, "%s/cc.log", dir);
    if (write_file(c, h->c, strlen(h->c)) || write_file(bc, h->bc, h->bclen)) {
        snprintf(r->error, sizeof r->error, "cannot write %s", dir);
        return -1;
    }
    snprintf(cmd, sizeof cmd, "%s -shared -fPIC -O1 -w -I%s -o %s %s %s > %s 2>&1",
             fe_clang_path(), inc, so, c, bc, log);
    if (system(cmd) != 0) {
        FILE *l = fopen(log, "r");
        size_t k = l ? fread(r->error, 1, sizeof r->error - 1, l) : 0;
        r->error[k] = 0;
        if (l)
            fclose(l);
        return -1;
    }
    return 0;
}

/* The shared object can go once loaded: remove the temporary files. */
static void cleanup(const char *so)
{
    char path[700];
    size_t n = strlen(so);
    if (n < 6)
        return;
    static const char *const names[] = { "h.c", "k.bc", "h.so", "cc.log" };
    for (int i = 0; i < 4; i++) {
        snprintf(path, sizeof path, "%.*s%s", (int)(n - 4), so, names[i]);
        unlink(path);
    }
    snprintf(path, sizeof path, "%.*s", (int)(n - 5), so);
    rmdir(path);
}

static void reset(fake_result *r)
{
    for (int i = 0; i < F.nreg; i++)
        free(F.reg[i].base);
    memset(&F, 0, sizeof F);
    memset(r, 0, sizeof *r);
    F.r = r;
}

int fake_run(const fe_harness *harness, const char *include_dir, fake_result *r)
{
    char so[600] = "";
    reset(r);
    if (compile(harness, include_dir, so, sizeof so, r) < 0) {
        cleanup(so);
        return -1;
    }
    void *h = dlopen(so, RTLD_NOW | RTLD_LOCAL);
    cleanup(so);
    if (!h) {
        snprintf(r->error, sizeof r->error, "dlopen: %s", dlerror());
        return -1;
    }
    int (*setup)(gpumc_setup *) = (int (*)(gpumc_setup *))dlsym(h, "gpumc_harness_setup");
    r->setup_rc = setup ? setup(NULL) : -1;
    r->nthreads = F.nth;
    if (r->setup_rc == 0)
        for (int i = 0; i < F.nth; i++)
            if (F.th[i].started == 1)
                run_thread(i, F.th[i].arg);
    /* regions stay readable for fake_region until the next run; the
     * handle is not closed so region pointers into it stay valid */
    return r->setup_rc;
}

void fake_thread_log(const fake_result *r, int t, char *out, size_t n)
{
    char prefix[16];
    snprintf(prefix, sizeof prefix, "T%d ", t);
    size_t len = 0, pl = strlen(prefix);
    out[0] = 0;
    for (const char *p = r->log; *p;) {
        const char *e = strchr(p, '\n');
        size_t ll = e ? (size_t)(e - p) : strlen(p);
        if (ll > pl && !strncmp(p, prefix, pl) && len + ll + 2 < n) {
            len += (size_t)snprintf(out + len, n - len, "%s%.*s", len ? "; " : "",
                                    (int)(ll - pl), p + pl);
        }
        p = e ? e + 1 : p + ll;
    }
}

const void *fake_region(const char *name, size_t *size)
{
    for (int i = 0; i < F.nreg; i++)
        if (!strcmp(F.reg[i].name, name)) {
            *size = F.reg[i].size;
            return F.reg[i].base;
        }
    return NULL;
}
