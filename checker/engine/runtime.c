/*
 * runtime.c -- the harness ABI on top of the run context (see exec.h).
 *
 * Setup calls collect regions, sources and threads.  In-thread calls turn
 * into labels: while a thread replays events the graph already holds, a
 * call returns the recorded value without leaving the fiber; the first
 * call past the graph parks its label in t->pending and switches to the
 * scheduler, which adds the event and later resumes the fiber.  A fiber is
 * reusable as long as the last event it consumed is still in the graph with
 * the same version; otherwise it restarts from the thread's entry.
 *
 * Crashes: SIGSEGV/SIGBUS/SIGFPE/SIGILL/SIGABRT raised on a fiber jump back
 * to the scheduler (the only global: the handler must find the context) and
 * become an error event of that thread.
 */
#define _GNU_SOURCE
#include "runtime.h"

#include "comm.h"
#include "lowp.h"
#include "stop.h"

#include <dlfcn.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#define FIBER_STACK (256 * 1024)
/* Launches up to this many threads keep every stack mapped (no system call
 * per execution); larger ones map a stack only while its thread runs. */
#define EAGER_STACKS 1024
/* The address space kept unmapped on each side of a region. */
#define REGION_GUARD_MIN ((size_t)64 << 10)
#define REGION_GUARD_MAX ((size_t)256 << 20)

static struct gpumc_exec *volatile crash_ctx; /* for the signal handler */

/* "file:line:col: " of source location src, or "" when unknown. */
static const char *src_prefix(const struct gpumc_exec *x, unsigned src, char *buf, size_t n)
{
    const gpumc_srcloc *at = src < x->nsrcs ? &x->srcs[src] : NULL;
    if (!at || !at->file || !at->line)
        return "";
    snprintf(buf, n, "%s:%d:%d: ", at->file, at->line, at->col);
    return buf;
}

static void stop_with(struct gpumc_exec *x, const char *msg, int code)
{
    if (x->stop != CHECKER_FAILED) {
        snprintf(x->internal, sizeof x->internal, "%s", msg);
        x->internal_exit = code;
    }
    x->stop = CHECKER_FAILED;
}

void rt_input_error(struct gpumc_exec *x, const char *msg)
{
    stop_with(x, msg, 5);
}

void rt_internal_error(struct gpumc_exec *x, const char *msg)
{
    stop_with(x, msg, 7);
}

/* ---- setup ------------------------------------------------------------ */

void gpumc_warp_size(gpumc_setup *s, unsigned n)
{
    if (n < 1 || n > 32)
        gpumc_setup_error(s, "a warp (sub-group) has 1 to 32 threads");
    else
        s->x->warp_size = n;
}

void gpumc_track_spaces(gpumc_setup *s)
{
    s->x->spaces = 1;
}

static region *region_at(gpumc_setup *s, const void *base, const char *who)
{
    struct gpumc_exec *x = s->x;
    for (uint32_t i = 0; i < x->nregions; i++)
        if (x->regions[i].base == base)
            return &x->regions[i];
    char msg[96];
    snprintf(msg, sizeof msg, "%s: not the base of a region", who);
    gpumc_setup_error(s, msg);
    return NULL;
}

/* The length of a region's name without the "@ctaK" of a CTA's copy. */
static size_t family_name_len(const char *name)
{
    const char *at = strstr(name, "@cta");
    return at ? (size_t)(at - name) : strlen(name);
}

/* A CTA's copy of a __shared__ array joins the family of the copy made
 * just before it (harnesses make them in a row, "NAME@cta0", "NAME@cta1"):
 * what one copy's accesses teach holds for all. */
void gpumc_region_shared(gpumc_setup *s, const void *base)
{
    region *r = region_at(s, base, "gpumc_region_shared");
    if (!r)
        return;
    r->shared = 1;
    region *prev = r > s->x->regions ? r - 1 : NULL;
    size_t n = family_name_len(r->name);
    if (prev && prev->shared && strstr(r->name, "@cta") && family_name_len(prev->name) == n &&
        strncmp(prev->name, r->name, n) == 0)
        r->family = prev->family;
}

void gpumc_region_readonly(gpumc_setup *s, const void *base)
{
    region *r = region_at(s, base, "gpumc_region_readonly");
    if (r)
        r->readonly = 1;
}

void gpumc_region_values(gpumc_setup *s, const void *base, int value_kind, unsigned size)
{
    region *r = region_at(s, base, "gpumc_region_values");
    if (r && value_kind >= GPUMC_VALUE_INT && value_kind <= GPUMC_VALUE_BFLOAT16 && size <= 8) {
        r->value_kind = (uint8_t)value_kind;
        r->value_size = (uint8_t)size;
    }
}

void gpumc_region_undefined(gpumc_setup *s, const void *base)
{
    region *r = region_at(s, base, "gpumc_region_undefined");
    if (r)
        r->undefined = 1;
}

void gpumc_region_exchange(gpumc_setup *s, const void *base)
{
    region *r = region_at(s, base, "gpumc_region_exchange");
    if (r)
        r->exchange = 1;
}

void gpumc_region_hint(gpumc_setup *s, const void *base, const char *hint)
{
    region *r = region_at(s, base, "gpumc_region_hint");
    if (r)
        snprintf(r->hint, sizeof r->hint, "%s", hint ? hint : "");
}

void gpumc_region_alias(gpumc_setup *s, const void *base, size_t size, const char *name)
{
    struct gpumc_exec *x = s->x;
    if (x->naliases == x->capaliases) {
        uint32_t c = x->capaliases ? x->capaliases * 2 : 8;
        addr_alias *a = realloc(x->aliases, sizeof *a * c);
        if (!a) {
            gpumc_setup_error(s, "out of memory");
            return;
        }
        x->aliases = a;
        x->capaliases = c;
    }
    addr_alias *a = &x->aliases[x->naliases++];
    snprintf(a->name, sizeof a->name, "%s", name ? name : "?");
    a->base = (uintptr_t)base;
    a->size = size;
}

void gpumc_private_on_stack(gpumc_setup *s)
{
    s->x->private_on_stack = 1;
}

void gpumc_log_accesses(gpumc_setup *s)
{
    s->x->access_log = 1;
}

void gpumc_setup_error(gpumc_setup *s, const char *msg)
{
    if (!s->x->setup_error[0])
        snprintf(s->x->setup_error, sizeof s->x->setup_error, "%s", msg);
}

int gpumc_sources(gpumc_setup *s, const gpumc_srcloc *locs, unsigned n)
{
    if (!locs && n) {
        gpumc_setup_error(s, "gpumc_sources: NULL table");
        return -1;
    }
    s->x->srcs = locs;
    s->x->nsrcs = n;
    return 0;
}

static size_t page_size(void)
{
    long p = sysconf(_SC_PAGESIZE);
    return p > 0 ? (size_t)p : 4096;
}

void *gpumc_region(gpumc_setup *s, const char *name, size_t size, const void *init)
{
    struct gpumc_exec *x = s->x;
    if (size == 0 || size > ((size_t)1 << 32)) {
        gpumc_setup_error(s, "gpumc_region: size must be between 1 byte and 4 GiB");
        return NULL;
    }
    if (x->nregions == x->capregions) {
        uint32_t c = x->capregions ? x->capregions * 2 : 8;
        region *r = realloc(x->regions, sizeof(region) * c);
        if (!r) {
            gpumc_setup_error(s, "out of memory");
            return NULL;
        }
        x->regions = r;
        x->capregions = c;
    }
    /* [guard][data rounded up to pages][guard]: the guards make stray
     * plain accesses fault, and the slack after the data counts as out of
     * bounds in the ABI calls.  A guard is as large as the data (64 KiB at
     * least, 256 MiB at most: address space only), so an index a few times
     * past the end is reported as out of this buffer rather than landing
     * in the next one the system happened to map there. */
    size_t pg = page_size(), data = (size + pg - 1) / pg * pg;
    size_t guard = data < REGION_GUARD_MIN ? REGION_GUARD_MIN
                   : data > REGION_GUARD_MAX ? REGION_GUARD_MAX : data;
    guard = (guard + pg - 1) / pg * pg;
    size_t len = data + 2 * guard;
    char *map = mmap(NULL, len, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (map == MAP_FAILED || mprotect(map + guard, data, PROT_READ | PROT_WRITE) != 0) {
        gpumc_setup_error(s, "gpumc_region: cannot map memory");
        return NULL;
    }
    region *r = &x->regions[x->nregions++];
    memset(r, 0, sizeof *r);
    r->family = x->nregions - 1;
    snprintf(r->name, sizeof r->name, "%s", name ? name : "region");
    r->map = map;
    r->maplen = len;
    r->base = map + guard;
    r->size = size;
    if (init)
        memcpy(r->base, init, size);
    return r->base;
}

static int add_thread(gpumc_setup *s, gpumc_thread_fn fn, void *arg,
                      const gpumc_coord *where, int spawned)
{
    struct gpumc_exec *x = s->x;
    if (!fn) {
        gpumc_setup_error(s, "gpumc_thread_add: NULL thread function");
        return -1;
    }
    if (x->nthreads >= GRAPH_MAX_THREADS) {
        char msg[64];
        snprintf(msg, sizeof msg, "too many threads (limit %d)", GRAPH_MAX_THREADS);
        gpumc_setup_error(s, msg);
        return -1;
    }
    if (x->nthreads == x->capthreads) {
        uint32_t c = x->capthreads ? x->capthreads * 2 : 8;
        gpumc_thread *t = realloc(x->threads, sizeof(gpumc_thread) * c);
        if (!t) {
            gpumc_setup_error(s, "out of memory");
            return -1;
        }
        x->threads = t;
        x->capthreads = c;
    }
    gpumc_thread *t = &x->threads[x->nthreads];
    memset(t, 0, sizeof *t);
    t->x = x;
    t->id = x->nthreads;
    t->fn = fn;
    t->arg = arg;
    t->spawned = spawned;
    if (where)
        t->where = *where;
    else
        t->where.host = 1;
    return (int)x->nthreads++;
}

int gpumc_thread_add(gpumc_setup *s, gpumc_thread_fn fn, void *arg, const gpumc_coord *where)
{
    return add_thread(s, fn, arg, where, 0);
}

int gpumc_thread_declare(gpumc_setup *s, gpumc_thread_fn fn, const gpumc_coord *where)
{
    return add_thread(s, fn, NULL, where, 1);
}

/* ---- locations ----------------------------------------------------------- */

static int by_map(const void *a, const void *b, void *regions)
{
    const region *rs = regions;
    uintptr_t x = (uintptr_t)rs[*(const uint32_t *)a].map, y = (uintptr_t)rs[*(const uint32_t *)b].map;
    return x < y ? -1 : x > y;
}

/* The regions in address order, re-sorted when some were added: a launch
 * of thousands of blocks has a region per block and shared array, and
 * every access looks one up. */
static int sort_regions(struct gpumc_exec *x)
{
    if (x->nsorted == x->nregions)
        return 0;
    uint32_t *o = realloc(x->by_addr, sizeof(uint32_t) * (x->nregions ? x->nregions : 1));
    if (!o)
        return -1;
    x->by_addr = o;
    for (uint32_t i = 0; i < x->nregions; i++)
        o[i] = i;
    qsort_r(o, x->nregions, sizeof *o, by_map, x->regions);
    x->nsorted = x->nregions;
    return 0;
}

static int in_map(const region *r, uintptr_t a)
{
    return a >= (uintptr_t)r->map && a < (uintptr_t)r->map + r->maplen;
}

static region *find_region(struct gpumc_exec *x, uintptr_t a, int *in_guard)
{
    region *r = NULL;
    uint32_t *hint = &x->region_hint[(a >> 16) % REGION_HINTS];
    if (*hint < x->nregions && in_map(&x->regions[*hint], a)) {
        r = &x->regions[*hint]; /* a loop's accesses go to a few buffers, over and over */
    } else if (sort_regions(x) == 0) { /* the last region starting at or below a */
        uint32_t lo = 0, hi = x->nregions;
        while (lo < hi) {
            uint32_t mid = lo + (hi - lo) / 2;
            if ((uintptr_t)x->regions[x->by_addr[mid]].map <= a)
                lo = mid + 1;
            else
                hi = mid;
        }
        r = lo ? &x->regions[x->by_addr[lo - 1]] : NULL;
    } else { /* out of memory: look at them all */
        for (uint32_t i = 0; i < x->nregions && !r; i++)
            if (in_map(&x->regions[i], a))
                r = &x->regions[i];
    }
    if (!r || !in_map(r, a))
        return NULL;
    *hint = (uint32_t)(r - x->regions);
    *in_guard = a < (uintptr_t)r->base || a >= (uintptr_t)r->base + r->size;
    return r;
}

static int64_t new_loc(struct gpumc_exec *x, region *r, uint32_t off, unsigned size)
{
    if (x->nlocs == x->caplocs) {
        uint32_t c = x->caplocs ? x->caplocs * 2 : 64;
        rt_loc *l = realloc(x->locs, sizeof(rt_loc) * c);
        if (!l)
            return -1;
        x->locs = l;
        x->caplocs = c;
    }
    rt_loc *l = &x->locs[x->nlocs];
    memset(l, 0, sizeof *l);
    l->addr = (uint64_t)(uintptr_t)(r->base + off);
    l->region = (uint32_t)(r - x->regions);
    l->offset = off;
    l->size = (uint8_t)size;
    memcpy(&l->init, r->base + off, size); /* little-endian: low bytes */
    for (unsigned b = 0; b < size; b++)
        r->locmap[off + b] = (int32_t)x->nlocs;
    if (graph_ensure_locs(x->g, x->nlocs + 1) != 0)
        return -1;
    for (uint32_t d = 0; d < x->npool; d++)
        if (graph_ensure_locs(x->pool[d], x->nlocs + 1) != 0)
            return -1;
    return x->nlocs++;
}

/* Location id of an in-bounds access, or -1 with msg set. */
static int64_t lookup_loc(struct gpumc_exec *x, region *r, uintptr_t a, unsigned size,
                          char *msg, size_t msglen)
{
    uint32_t off = (uint32_t)(a - (uintptr_t)r->base);
    if (!r->locmap) {
        r->locmap = malloc(sizeof(int32_t) * r->size);
        if (!r->locmap) {
            snprintf(msg, msglen, "out of memory");
            return -1;
        }
        memset(r->locmap, 0xff, sizeof(int32_t) * r->size);
    }
    int32_t id = r->locmap[off];
    if (id >= 0 && x->locs[id].offset == off && x->locs[id].size == size)
        return id;
    for (unsigned b = 0; b < size; b++) {
        if (r->locmap[off + b] >= 0) {
            snprintf(msg, msglen, "unsupported: mixed-size access: %u bytes at %.60s+%u overlap "
                     "an access of another size, and one of them is atomic", size, r->name, off);
            return -1;
        }
    }
    int64_t l = new_loc(x, r, off, size);
    if (l < 0)
        snprintf(msg, msglen, "out of memory");
    return l;
}

uint64_t rt_init_value(const struct gpumc_exec *x, uint32_t loc)
{
    return x->locs[loc].init;
}

/* ---- labels ----------------------------------------------------------- */

static uint64_t mask_of(unsigned size)
{
    return size >= 8 ? ~0ull : ((1ull << (size * 8)) - 1);
}

static void park(gpumc_thread *t)
{
    struct gpumc_exec *x = t->x;
    t->state = TH_WAITING;
    fiber_switch(&t->fib, &x->main);
}

static void emit_final(gpumc_thread *t, label *lab);
static void end_epoch(gpumc_thread *t);

static int plain_access(const label *lab)
{
    return lab->order == GPUMC_NA && ((lab->kind == EV_READ && lab->rkind == RK_PLAIN) ||
                                      (lab->kind == EV_WRITE && !lab->rmw));
}

static uint64_t event_budget(const struct gpumc_exec *x)
{
    return x->opt.max_events_per_thread ? x->opt.max_events_per_thread
                                        : CHECKER_DEFAULT_EVENT_BUDGET;
}

/* What a thread spent of its event budget: its events, and the
 * iterations of loops that may wait which wrote on shadow state (each
 * would have made an event, its writes flushed at the loop's head). */
static uint64_t budget_used(const gpumc_thread *t)
{
    return (uint64_t)t->pos + t->sloops;
}

/* A thread past its budget ends with a possible-non-termination finding. */
static void over_budget(gpumc_thread *t, const char *what)
{
    label lab;
    label_clear(&lab);
    lab.kind = EV_ERROR;
    lab.aux = FINDING_NONTERMINATION;
    lab.src = t->last_src;
    snprintf(lab.msg, sizeof lab.msg, "the thread ran %s without finishing (budget: "
             "--max-events-per-thread=%llu; a loop that does end needs a larger one)", what,
             (unsigned long long)event_budget(t->x));
    emit_final(t, &lab);
}

static void make_joins(gpumc_thread *t);

/* Hand a label to the engine; returns the event's value once it is in the
 * graph.  Replayed events return immediately.  Joins put off are made
 * first (gpumc_join_later). */
static uint64_t emit(gpumc_thread *t, label *lab)
{
    if (t->njoin)
        make_joins(t);
    int last = lab->kind == EV_ERROR || lab->kind == EV_BLOCK || lab->kind == EV_END;
    if (t->el && !plain_access(lab)) /* a synchronisation point ends the epoch */
        end_epoch(t);
    if (budget_used(t) >= event_budget(t->x) && !last && !t->flushing)
        over_budget(t, "past its event budget");
    if (t->pos + 1 >= GRAPH_MAX_EVENTS) { /* a budget above the graph's own limit */
        char msg[160];
        snprintf(msg, sizeof msg, "unsupported: a thread made more than %u shared-memory "
                 "events in one execution (gpumc's limit; --max-events-per-thread above it "
                 "cannot be reached)", GRAPH_MAX_EVENTS - 2);
        rt_input_error(t->x, msg);
        for (;;)
            park(t); /* the run is stopping */
    }
    /* (kept on replays too: a checkpoint restores it with the record) */
    t->reading &= lab->kind == EV_READ && lab->rkind != RK_FETCH;
    lab->await = t->reading;
    struct gpumc_exec *x = t->x;
    graph *g = x->g;
    if (t->pos < g->th[t->id].n) {
        const event *ev = &g->th[t->id].ev[t->pos];
        if (ev->kind != lab->kind || ev->loc != lab->loc) {
            rt_input_error(x, "the harness is not deterministic: a thread replayed a "
                                 "different operation (uses time, rand or I/O?)");
            for (;;)
                park(t); /* never resumed meaningfully: the run is stopping */
        }
        t->lastver = ev->ver;
        t->pos++;
        return ev->value;
    }
    label_copy(&t->pending, lab);
    park(t);
    g = x->g; /* the scheduler may have switched graphs meanwhile */
    const event *ev = &g->th[t->id].ev[t->pos];
    t->lastver = ev->ver;
    t->pos++;
    return ev->value;
}

/* A terminal label (error, block, end): the thread never continues. */
static void emit_final(gpumc_thread *t, label *lab)
{
    emit(t, lab);
    for (;;)
        park(t);
}

/* A memory error at addr; buffer: the one the access was meant for, or
 * NULL (race.c names addr from it). */
static void memory_error_in(gpumc_thread *t, const void *addr, unsigned size,
                            const void *buffer, unsigned src, const char *what)
{
    label lab;
    label_clear(&lab);
    lab.kind = EV_ERROR;
    lab.aux = FINDING_MEMORY;
    lab.src = src;
    lab.size = (uint8_t)(size < 255 ? size : 255); /* (0: not an access) */
    lab.value = (uint64_t)(uintptr_t)addr;
    lab.expected = (uint64_t)(uintptr_t)buffer;
    snprintf(lab.msg, sizeof lab.msg, "%s", what);
    emit_final(t, &lab);
}

static void memory_error(gpumc_thread *t, const void *addr, unsigned src, const char *what)
{
    memory_error_in(t, addr, 0, NULL, src, what);
}

/* A read of r's initial contents, when they are undefined
 * (gpumc_region_undefined) and the thread is not copying bytes. */
static void check_defined(gpumc_thread *t, const region *r, const void *addr, unsigned size,
                          unsigned src)
{
    if (!r->undefined || t->copying || !t->x->opt.uninit)
        return;
    if (t->halving) { /* gpumc_load decides once every piece is read */
        t->undef_pieces++;
        t->undef_region = r;
        return;
    }
    if (t->undef.pending)
        return;
    t->undef.pending = 1;
    t->undef.size = (uint8_t)size;
    t->undef.src = src;
    t->undef.addr = (uint64_t)(uintptr_t)addr;
    t->undef.region = r;
}

int rt_undefined_read(const struct gpumc_exec *x, uint32_t t, event *ev, char *msg, size_t n)
{
    const gpumc_thread *th = &x->threads[t];
    if (!th->undef.pending)
        return 0;
    const char *name = th->undef.region->name;
    snprintf(msg, n, "read of uninitialised memory in %.*s: no write of this execution comes "
             "before it, and shared memory starts undefined", (int)strcspn(name, "@"), name);
    ev->kind = EV_ERROR;
    ev->aux = FINDING_MEMORY;
    ev->src = th->undef.src;
    ev->size = th->undef.size;
    ev->value = th->undef.addr;
    ev->expected = 0;
    return 1;
}

void gpumc_copying(gpumc_thread *t, int on)
{
    t->copying = on != 0;
}

static void note_private_write(gpumc_thread *t, const void *addr, unsigned size);

static int on_stack(const gpumc_thread *t, const void *addr, unsigned size)
{
    const char *a = addr;
    return a >= t->fib.stack && a + size <= t->fib.stack + t->fib.size;
}

/* Private memory of a compiled program: the thread's own stack, or another
 * thread's (a scoped-C program passes main's locals to the threads it
 * creates).  Such memory is accessed natively, without events. */
static int on_a_thread_stack(const gpumc_thread *t, const void *addr, unsigned size)
{
    const struct gpumc_exec *x = t->x;
    if (on_stack(t, addr, size))
        return 1;
    if (!fiber_pool_owns(&x->stacks, addr))
        return 0;
    size_t i = (size_t)((const char *)addr - x->stacks.base) / x->stacks.stride;
    if (i < x->nthreads && x->slot_owner)
        i = x->slot_owner[i]; /* a lent stack: its holder, if any */
    return i < x->nthreads && on_stack(&x->threads[i], addr, size);
}

/* Static data of a loaded program image (a constant table or string
 * literal of the harness, reached through a pointer the frontend could not
 * follow): read natively like private memory.  A write there is a wild
 * pointer's (the kernel's own variables are all regions). */
static int in_program_image(const void *addr)
{
    Dl_info info;
    return addr && dladdr(addr, &info) != 0;
}

/* Memory accessed with two sizes at one place (a byte store into an int
 * array, a struct copied in words and read by field): the region becomes
 * bytewise, every plain access to it one event per byte, and the
 * exploration starts over (checker.c), since the events so far used the
 * old locations.  x->internal names the region, for the parent of parallel
 * workers.  Atomics stay whole: a plain access over atomic locations
 * smaller than itself is split into halves until each piece is a location
 * (a __half2 read whole after atomicAdds on its lanes); only an atomic
 * access that overlaps an access of another size, or a plain one that
 * overlaps part of a larger atomic location, is refused. */
static void go_bytewise(gpumc_thread *t, region *r)
{
    struct gpumc_exec *x = t->x;
    r->bytewise = 1;
    memset(r->locmap, 0xff, sizeof(int32_t) * r->size);
    if (!x->stop) {
        x->stop = EXEC_RESTART;
        snprintf(x->internal, sizeof x->internal, "%s%u", RT_BYTEWISE, (unsigned)(r - x->regions));
    }
    emit_final(t, &(label){.kind = EV_BLOCK});
}

static int overlaps_atomic(const struct gpumc_exec *x, const region *r, uint32_t off,
                           unsigned size)
{
    for (unsigned b = 0; b < size; b++)
        if (r->locmap[off + b] >= 0 && x->locs[r->locmap[off + b]].first_atomic)
            return 1;
    return 0;
}

/* Does every location overlapping [off, off + size) lie inside it?  (With
 * naturally aligned locations, each smaller one lies in one half.) */
static int locations_inside(const struct gpumc_exec *x, const region *r, uint32_t off,
                            unsigned size)
{
    for (unsigned b = 0; b < size; b++) {
        int32_t id = r->locmap[off + b];
        if (id >= 0 && (x->locs[id].offset < off ||
                        x->locs[id].offset + x->locs[id].size > off + size))
            return 0;
    }
    return 1;
}

/* Is there a location of exactly these bytes (an atomic's word in a
 * bytewise region)? */
static int whole_location(const struct gpumc_exec *x, const region *r, uint32_t off,
                          unsigned size)
{
    int32_t id = r->locmap ? r->locmap[off] : -1;
    return id >= 0 && x->locs[id].offset == off && x->locs[id].size == size;
}

int rt_names_bytewise(const char *why, unsigned *region)
{
    unsigned i;
    size_t n = strlen(RT_BYTEWISE);
    if (strncmp(why, RT_BYTEWISE, n) != 0 || sscanf(why + n, "%u", &i) != 1)
        return 0;
    if (region)
        *region = i;
    return 1;
}

void rt_make_bytewise(struct gpumc_exec *x, const char *why)
{
    unsigned i;
    if (rt_names_bytewise(why, &i) && i < x->nregions) {
        region *r = &x->regions[i];
        r->bytewise = 1;
        if (r->locmap)
            memset(r->locmap, 0xff, sizeof(int32_t) * r->size);
    }
}

enum { SA_PRIVATE = 0, SA_SHARED = 1, SA_HALVES = 2, SA_SHADOW = 3 }; /* shared_access's
                                                                         answers */
enum { SA_WRITE = 1, SA_ATOMIC = 2 };                 /* and its flags */

/* Resolve addr for an access: SA_SHARED (label filled), SA_PRIVATE
 * (private or read-only memory: performed natively), SA_SHADOW (a plain
 * access checked on shadow state: performed natively too), or SA_HALVES
 * (a plain access of several bytes that is not one location: to a
 * bytewise region, or over smaller atomic ones; the caller splits it in
 * two, low half first, and each half is resolved again). */
static elide_table *elide_of(gpumc_thread *t);
static void note_written(gpumc_thread *t, region *r);
static void family_eventful(gpumc_thread *t, region *r);
static int shadow_access(gpumc_thread *t, region *r, uint32_t off, unsigned size, int writes);

/* A plain read of a region no thread has written so far: it can read only
 * the initial value, which the region's memory holds, and race with
 * nothing, so it needs no event -- nor a location: a kernel's input of
 * millions of words costs nothing -- until a write to the region appears,
 * which explores again from the start with the region's reads as events
 * (shared_access). */
static int unwritten_read(gpumc_thread *t, region *r)
{
    struct gpumc_exec *x = t->x;
    if (!x->unwritten_reads || r->written || (r->shared && x->shared_written) || !elide_of(t))
        return 0;
    r->unlogged = 1;
    t->elided++;
    return 1;
}

static int shared_access(gpumc_thread *t, const void *addr, unsigned size, int how,
                         unsigned src, label *lab)
{
    int writes = how & SA_WRITE, atomic = how & SA_ATOMIC;
    struct gpumc_exec *x = t->x;
    int guard = 0;
    t->last_src = src;
    if (size != 1 && size != 2 && size != 4 && size != 8) {
        rt_input_error(x, "harness passed an access size other than 1, 2, 4 or 8");
        emit_final(t, &(label){.kind = EV_BLOCK});
    }
    if (t->njoin) /* what the children wrote is read after their joins */
        make_joins(t);
    if (on_stack(t, addr, size)) /* no region is on a stack */
        return SA_PRIVATE;
    region *r = find_region(x, (uintptr_t)addr, &guard);
    if (!r && x->private_on_stack && !on_a_thread_stack(t, addr, size) &&
        (writes || !in_program_image(addr))) /* the program's data is read, never written */
        memory_error(t, addr, src, addr ? "access outside every buffer and the thread's own "
                                          "memory (a wild or far out-of-bounds pointer)"
                                        : "null pointer access");
    if (!r)
        return 0;
    uintptr_t a = (uintptr_t)addr;
    if (guard || a + size > (uintptr_t)r->base + r->size) {
        char m[160];
        snprintf(m, sizeof m, "out-of-bounds access to %.60s (%zu bytes)", r->name, r->size);
        memory_error_in(t, addr, size, NULL, src, m);
    }
    if (a % size) {
        memory_error(t, addr, src, "misaligned access");
    }
    if (r->readonly && writes) {
        char m[160];
        snprintf(m, sizeof m, "write to read-only memory %.60s", r->name);
        memory_error(t, addr, src, m);
    }
    if (r->readonly) /* nothing writes it: its one value needs no event */
        return SA_PRIVATE;
    if (!writes && !atomic && unwritten_read(t, r)) {
        check_defined(t, r, addr, size, src);
        return SA_PRIVATE; /* (read natively: the region holds its initial contents) */
    }
    if (writes)
        note_written(t, r);
    uint32_t off = (uint32_t)(a - (uintptr_t)r->base);
    if (atomic)
        family_eventful(t, r);
    else if (shadow_access(t, r, off, (unsigned)size, writes))
        return SA_SHADOW;
    if (r->bytewise && size > 1 && !atomic && !whole_location(x, r, off, size))
        return SA_HALVES; /* atomics stay whole, and plain accesses to their words */
    char msg[200];
    int64_t loc = lookup_loc(x, r, a, size, msg, sizeof msg);
    if (loc < 0 && strstr(msg, "mixed-size") && !atomic) {
        if (!overlaps_atomic(x, r, off, size))
            go_bytewise(t, r);
        else if (locations_inside(x, r, off, size))
            return SA_HALVES;
    }
    if (loc < 0) {
        char m[sizeof x->internal], at[160];
        snprintf(m, sizeof m, "%s%s", src_prefix(x, src, at, sizeof at), msg);
        if (strstr(msg, "mixed-size"))
            rt_input_error(x, m);
        else
            rt_internal_error(x, msg);
        emit_final(t, &(label){.kind = EV_BLOCK});
    }
    lab->loc = (uint32_t)loc;
    lab->size = (uint8_t)size;
    lab->src = src;
    return SA_SHARED;
}

static void note_written(gpumc_thread *t, region *r)
{
    struct gpumc_exec *x = t->x;
    if (r->written)
        return;
    r->written = 1;
    /* One CTA's copy of a __shared__ array written, every CTA's is: one
     * restart, not one per CTA. */
    x->shared_written |= r->shared;
    if (r->unlogged && !x->stop)
        x->stop = EXEC_RESTART; /* reads without events may have missed it */
}

/* ---- plain accesses without events (shadow.h) --------------------------- */

/* The exploration starts over (x->stop); t waits for it. */
static void start_over(gpumc_thread *t)
{
    if (!t->x->stop)
        t->x->stop = EXEC_RESTART;
    emit_final(t, &(label){.kind = EV_BLOCK});
}

void rt_shadow_abandon(struct gpumc_exec *x)
{
    x->shadow = 0;
    x->shadow_off = 1;
    if (x->shadow_used && !x->stop)
        x->stop = EXEC_RESTART;
}

/* The plain accesses of r's family become events: for good, since an
 * atomic access (or a loop iteration that must be all events) reached it;
 * an exploration that already checked some of them on shadow state
 * starts over. */
static void family_eventful(gpumc_thread *t, region *r)
{
    region *f = &t->x->regions[r->family];
    if (f->eventful)
        return;
    f->eventful = 1;
    if (f->shadowed)
        start_over(t);
}

typedef struct shadow_at {
    struct gpumc_exec *x;
    uint32_t u, n; /* the accessing thread and its point */
    unsigned v;    /* the view that orders the region's accesses */
} shadow_at;

static int point_seen(void *ud, uint32_t t, uint32_t p)
{
    const shadow_at *a = ud;
    return hb_point_sees(&a->x->hbc, a->x->g, a->u, a->n, a->v, t, p, &a->x->sview);
}

static void out_of_memory(gpumc_thread *t)
{
    rt_internal_error(t->x, "out of memory");
    for (;;)
        park(t); /* the run is stopping */
}

static int all_zero(const char *p, size_t n)
{
    uint64_t w = 0, acc = 0;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) { /* (untouched pages read as the zero page) */
        memcpy(&w, p + i, 8);
        acc |= w;
    }
    for (; i < n; i++)
        acc |= (unsigned char)p[i];
    return acc == 0;
}

/* r's cells, gran bytes each, and its initial contents kept before it is
 * first written: a copy, or that they are all zeros (a device heap, an
 * output buffer), which needs none. */
static shadow_cell *prepare_region(gpumc_thread *t, region *r, unsigned gran, int writes)
{
    if (!r->cells)
        r->cells = calloc(r->size / gran + 1, sizeof *r->cells);
    if (writes && !r->dirty) {
        if (!r->pristine && !r->zeroed)
            r->zeroed = all_zero(r->base, r->size);
        if (!r->zeroed && !r->pristine && (r->pristine = malloc(r->size)) != NULL)
            memcpy(r->pristine, r->base, r->size);
        r->dirty = 1;
    }
    if (!r->cells || (writes && !r->zeroed && !r->pristine))
        out_of_memory(t);
    return r->cells;
}

/* A plain access of r checked on shadow state (1: the caller performs it
 * on the region's memory), or 0: it is an event.  The family's cells are
 * as large as its smallest access (a larger one covers several); a
 * smaller one than any before starts over with smaller cells. */
static int shadow_access(gpumc_thread *t, region *r, uint32_t off, unsigned size, int writes)
{
    struct gpumc_exec *x = t->x;
    region *f = &x->regions[r->family];
    if (!x->shadow || f->eventful || r->exchange || r->bytewise)
        return 0;
    /* The run is stopping: no event either, whose location would take what
     * the memory holds now for its initial value (new_loc). */
    if (x->stop)
        start_over(t);
    if (!elide_of(t) || t->pos != x->g->th[t->id].n) {
        family_eventful(t, r); /* a loop iteration that must be all events, a replay */
        return 0;
    }
    if (!f->sgran)
        f->sgran = (uint8_t)size;
    if (size < f->sgran) {
        f->sgran = (uint8_t)size;
        if (f->shadowed)
            start_over(t);
    }
    shadow_cell *c = r->cells && (!writes || r->dirty) ? r->cells
                                                        : prepare_region(t, r, f->sgran, writes);
    shadow_at at = {x, t->id, t->pos,
                    x->g->nviews > GRAPH_SPACE0 ? GRAPH_SPACE0 + r->shared : GRAPH_HB};
    f->shadowed = 1;
    t->shadowed = 1;
    x->shadow_used = 1;
    unsigned shift = (unsigned)__builtin_ctz(f->sgran); /* sizes are powers of two */
    uint32_t unwritten = 0, cells = (size >> shift) ? (size >> shift) : 1;
    for (uint32_t i = off >> shift; i < (off + size) >> shift; i++) {
        unwritten += !writes && !c[i].wt; /* no write made this cell's value yet */
        int rc = writes ? shadow_write(&x->sreads, &c[i], t->id, t->pos, point_seen, &at)
                        : shadow_read(&x->sreads, &c[i], t->id, t->pos, point_seen, &at);
        if (rc < 0)
            out_of_memory(t);
        if (rc > 0) { /* a race: found again, with its events, from the start */
            rt_shadow_abandon(x);
            start_over(t);
        }
    }
    /* (some cells written: a struct's field read with its padding as one
     * word, a copy) */
    if (unwritten && unwritten == cells)
        check_defined(t, r, r->base + off, size, t->last_src);
    if (writes) {
        t->reading = 0; /* as the write's event would: the iteration wrote */
        t->swrote = 1;
    } else {
        t->elided++;
    }
    return 1;
}

/* A region whose initial contents were all zeros back to them: its pages
 * go back to the system, to be faulted in as zeros when touched (a device
 * heap of hundreds of MiB is mostly untouched). */
static void zero_region(region *r)
{
    size_t pg = page_size(), len = (r->size + pg - 1) / pg * pg;
    if (madvise(r->base, len, MADV_DONTNEED) != 0)
        memset(r->base, 0, r->size);
}

/* Shadow state back to nothing accessed and the regions' memory to its
 * initial contents: the threads start again. */
static void shadow_reset(struct gpumc_exec *x)
{
    for (uint32_t i = 0; i < x->nregions; i++) {
        region *r = &x->regions[i];
        if (r->dirty && r->zeroed)
            zero_region(r);
        else if (r->dirty)
            memcpy(r->base, r->pristine, r->size);
        r->dirty = 0;
        r->shadowed = 0;
        free(r->cells);
        r->cells = NULL;
    }
    shadow_lists_reset(&x->sreads);
    x->shadow_used = 0;
}

static void note_kind(rt_loc *l, uint8_t comm)
{
    uint8_t k = comm ? comm : RT_KIND_OTHER;
    if (!l->kind_first)
        l->kind_first = k;
    else if (l->kind_first != k)
        l->kind_mixed = 1;
    if (!comm)
        return;
    if (!l->class_first)
        l->class_first = comm;
    else if (l->class_first != comm)
        l->classes_mixed = 1;
}

/* Two atomic accesses of the location can race only if one's scope is
 * narrower than the level between their threads; in a hierarchy that level
 * is at most the widest one between the first atomic accessor and another.
 * (So block-scoped atomics on shared memory need no pairwise checks.) */
static void note_atomic_scope(struct gpumc_exec *x, rt_loc *l, uint8_t scope, uint32_t tid)
{
    if (!l->first_atomic) {
        l->first_atomic = tid + 1;
        l->min_scope = scope;
        l->atomic_span = GPUMC_SCOPE_THREAD;
        return;
    }
    int lvl = topo_level(&x->tp, l->first_atomic - 1, tid);
    if (lvl > l->atomic_span)
        l->atomic_span = (uint8_t)lvl;
    if (scope < l->min_scope)
        l->min_scope = scope;
}

void rt_forget_kinds(struct gpumc_exec *x)
{
    for (uint32_t i = 0; i < x->nlocs; i++) {
        rt_loc *l = &x->locs[i];
        l->kind_first = l->kind_mixed = l->class_first = l->classes_mixed = 0;
    }
}

static void note_access(struct gpumc_exec *x, const label *lab, uint32_t tid)
{
    rt_loc *l = &x->locs[lab->loc];
    if (!l->first_thread)
        l->first_thread = tid + 1;
    else if (l->first_thread != tid + 1)
        l->many_threads = 1;
    if (lab->kind == EV_WRITE) /* a store's kind is its class (0: none) */
        note_kind(l, lab->comm);
    else if (lab->rkind != RK_FETCH && lab->rkind != RK_CAS) /* an RMW's or a CAS's kind is
                                                               its class: noted once it has one */
        note_kind(l, 0);
    if (lab->order != GPUMC_NA)
        note_atomic_scope(x, l, lab->scope, tid);
    if (lab->order == GPUMC_SC || lab->ord_ok == GPUMC_SC || lab->ord_fail == GPUMC_SC)
        x->hbc.has_sc = 1;
}

static gpumc_order read_part(gpumc_order o)
{
    return o == GPUMC_REL ? GPUMC_RLX : o == GPUMC_ACQ_REL ? GPUMC_ACQ : o;
}
static gpumc_order write_part(gpumc_order o)
{
    return o == GPUMC_ACQ ? GPUMC_RLX : o == GPUMC_ACQ_REL ? GPUMC_REL : o;
}

static int valid_order(gpumc_order o) { return o >= GPUMC_NA && o <= GPUMC_SC; }
static int valid_scope(gpumc_scope s) { return s >= GPUMC_SCOPE_THREAD && s <= GPUMC_SCOPE_SYS; }

static void check_args(gpumc_thread *t, gpumc_order o, gpumc_scope sc)
{
    if (!valid_order(o) || !valid_scope(sc)) {
        rt_input_error(t->x, "harness passed an invalid memory order or scope");
        emit_final(t, &(label){.kind = EV_BLOCK});
    }
}

/* Lockstep warps (checker_options.warp_sync, GPUVerify's --warp-sync): the
 * lanes of a warp that reach a shared access finish it together, as warps
 * did before Volta -- a convergence point after it that orders memory
 * (hb.c), its site the access's source location. */
#define LOCKSTEP_SITE 0x80000000u
static void lockstep(gpumc_thread *t, unsigned src)
{
    if (t->x->opt.warp_sync)
        gpumc_warp_converge(t, LOCKSTEP_SITE | src, src);
}

/* ---- repeated plain accesses (elide.h) ---------------------------------- */

/* t's epoch table when this run elides and t is not in a spin loop's
 * iteration that must be all events, NULL otherwise. */
static elide_table *elide_of(gpumc_thread *t)
{
    struct gpumc_exec *x = t->x;
    if (!x->elide || t->exact_loop)
        return NULL;
    if (!t->el && x->nel_pool) {
        t->el = x->el_pool[--x->nel_pool];
        elide_next_epoch(t->el);
    } else if (!t->el) {
        t->el = malloc(sizeof *t->el);
        if (!t->el) {
            rt_internal_error(x, "out of memory");
            for (;;)
                park(t); /* the run is stopping */
        }
        elide_init(t->el);
    }
    return t->el;
}

/* A finished thread of a lazy pool gives its table to the next to start. */
static void elide_give_back(gpumc_thread *t)
{
    struct gpumc_exec *x = t->x;
    if (!t->el)
        return;
    if (x->nel_pool == x->capel_pool) {
        uint32_t cap = x->capel_pool ? 2 * x->capel_pool : 64;
        elide_table **v = realloc(x->el_pool, cap * sizeof *v);
        if (!v) {
            free(t->el); /* then it goes back to the system */
            t->el = NULL;
            return;
        }
        x->el_pool = v;
        x->capel_pool = cap;
    }
    x->el_pool[x->nel_pool++] = t->el;
    t->el = NULL;
}

/* Waiting write s becomes an event; s then holds that event. */
static void emit_waiting(gpumc_thread *t, elide_slot *s)
{
    label lab;
    label_clear(&lab);
    lab.kind = EV_WRITE;
    lab.order = GPUMC_NA;
    lab.scope = s->scope;
    lab.size = s->size;
    lab.loc = s->loc1 - 1;
    lab.src = s->src;
    lab.value = s->value;
    lab.comm = comm_store_class(t->x, lab.loc, GPUMC_NA, s->scope);
    note_access(t->x, &lab, t->id);
    t->flushing = 1;
    emit(t, &lab);
    t->flushing = 0;
    elide_hold_event(t->el, s, lab.loc, t->pos - 1, s->size);
}

/* The waiting writes become events, in the order the thread first wrote
 * their locations. */
static void flush_waiting(gpumc_thread *t)
{
    elide_table *e = t->el;
    for (uint32_t i = 0; i < e->nwait; i++) {
        elide_slot *s = &e->slot[e->wait[i]];
        if (s->epoch == e->epoch && s->waiting)
            emit_waiting(t, s);
    }
    e->nwait = 0;
}

static void end_epoch(gpumc_thread *t)
{
    flush_waiting(t);
    elide_next_epoch(t->el);
}

/* A slot for loc, any write waiting in it taken out as an event. */
static elide_slot *elide_slot_for(gpumc_thread *t, uint32_t loc)
{
    elide_slot *s = elide_place(t->el, loc);
    if (s->epoch == t->el->epoch && s->waiting && s->loc1 != loc + 1)
        emit_waiting(t, s);
    return s;
}

/* A plain read's value if the thread read or wrote its location in this
 * epoch (1); else 0: it needs an event. */
static int elided_read(gpumc_thread *t, const label *lab, uint64_t *v)
{
    elide_table *e = elide_of(t);
    elide_slot *s = e ? elide_find(e, lab->loc) : NULL;
    if (!s || s->size != lab->size)
        return 0;
    *v = s->waiting ? s->value : t->x->g->th[t->id].ev[s->ev].value;
    t->elided++;
    return 1;
}

/* After a plain read's event (the thread's latest): later reads of its
 * location in the epoch take its value. */
static void note_read_event(gpumc_thread *t, const label *lab)
{
    if (!t->el || t->exact_loop)
        return;
    uint32_t ev = t->pos - 1;
    elide_slot *s = elide_slot_for(t, lab->loc);
    elide_hold_event(t->el, s, lab->loc, ev, lab->size);
}

/* A plain write waits in the table (1), or, when the run does not elide,
 * needs its event now (0). */
static int elided_write(gpumc_thread *t, const label *lab)
{
    elide_table *e = elide_of(t);
    if (!e)
        return 0;
    elide_slot *s = elide_slot_for(t, lab->loc);
    if (elide_hold_write(e, s, lab->loc, lab->value, lab->size, lab->scope, lab->src) != 0) {
        end_epoch(t); /* its list is full: a shorter epoch is still one */
        s = elide_slot_for(t, lab->loc);
        elide_hold_write(e, s, lab->loc, lab->value, lab->size, lab->scope, lab->src);
    }
    t->reading = 0; /* as the write's event would: the iteration wrote */
    return 1;
}

/* The read event t just made (lab) read its location's initial value:
 * check that it is defined. */
static void read_defined(gpumc_thread *t, const label *lab, const void *addr)
{
    struct gpumc_exec *x = t->x;
    if (!x->opt.uninit)
        return;
    const region *r = &x->regions[x->locs[lab->loc].region];
    if (r->undefined && x->g->th[t->id].ev[t->pos - 1].rf == EID_INIT)
        check_defined(t, r, addr, lab->size, lab->src);
}

uint64_t gpumc_load(gpumc_thread *t, const void *addr, unsigned size, gpumc_order o,
                    gpumc_scope sc, unsigned src)
{
    label lab;
    label_clear(&lab);
    check_args(t, o, sc);
    int where = shared_access(t, addr, size, o == GPUMC_NA ? 0 : SA_ATOMIC, src, &lab);
    if (where == SA_PRIVATE || where == SA_SHADOW) {
        uint64_t v = 0;
        t->pieces += t->halving;
        memcpy(&v, addr, size);
        return v;
    }
    if (where == SA_HALVES) { /* little-endian */
        unsigned h = size / 2;
        int outer = !t->halving;
        if (outer) {
            t->halving = 1;
            t->pieces = t->undef_pieces = 0;
        }
        uint64_t lo = gpumc_load(t, addr, h, o, sc, src);
        uint64_t v = lo | gpumc_load(t, (const char *)addr + h, h, o, sc, src) << (8 * h);
        if (outer) {
            t->halving = 0;
            if (t->undef_pieces && t->undef_pieces == t->pieces)
                check_defined(t, t->undef_region, addr, size, src);
        }
        return v;
    }
    t->pieces += t->halving;
    lab.kind = EV_READ;
    lab.order = (uint8_t)o;
    lab.scope = (uint8_t)sc;
    lab.rkind = RK_PLAIN;
    note_access(t->x, &lab, t->id);
    comm_read_issued(t->x, lab.loc);
    uint64_t v;
    if (o == GPUMC_NA && elided_read(t, &lab, &v))
        return v;
    v = emit(t, &lab);
    read_defined(t, &lab, addr);
    if (o == GPUMC_NA)
        note_read_event(t, &lab);
    lockstep(t, src);
    return v;
}

void gpumc_store(gpumc_thread *t, void *addr, unsigned size, uint64_t val, gpumc_order o,
                 gpumc_scope sc, unsigned src)
{
    label lab;
    label_clear(&lab);
    check_args(t, o, sc);
    int where = shared_access(t, addr, size, SA_WRITE | (o == GPUMC_NA ? 0 : SA_ATOMIC), src,
                              &lab);
    if (where == SA_PRIVATE || where == SA_SHADOW) {
        note_private_write(t, addr, size);
        memcpy(addr, &val, size);
        return;
    }
    if (where == SA_HALVES) {
        unsigned h = size / 2;
        gpumc_store(t, addr, h, val & mask_of(h), o, sc, src);
        gpumc_store(t, (char *)addr + h, h, val >> (8 * h), o, sc, src);
        return;
    }
    lab.kind = EV_WRITE;
    lab.order = (uint8_t)o;
    lab.scope = (uint8_t)sc;
    lab.value = val & mask_of(size);
    if (o == GPUMC_NA && elided_write(t, &lab))
        return;
    lab.comm = comm_store_class(t->x, lab.loc, o, sc);
    note_access(t->x, &lab, t->id);
    emit(t, &lab);
    lockstep(t, src);
}

static int64_t sext(uint64_t v, unsigned size)
{
    unsigned sh = 64 - size * 8;
    return size >= 8 ? (int64_t)v : (int64_t)(v << sh) >> sh;
}

/* old + sign * arg, as float (size 4) or double (size 8) bit patterns. */
static uint64_t float_add(uint64_t old, uint64_t arg, unsigned size, int sign)
{
    if (size == 4) {
        float a, b;
        uint32_t ua = (uint32_t)old, ub = (uint32_t)arg, ur;
        memcpy(&a, &ua, 4);
        memcpy(&b, &ub, 4);
        a = sign > 0 ? a + b : a - b;
        memcpy(&ur, &a, 4);
        return ur;
    }
    double a, b;
    memcpy(&a, &old, 8);
    memcpy(&b, &arg, 8);
    a = sign > 0 ? a + b : a - b;
    memcpy(&old, &a, 8);
    return old;
}

uint64_t rt_apply_op(gpumc_rmw_op op, uint64_t old, uint64_t arg, unsigned size)
{
    uint64_t m = mask_of(size);
    old &= m;
    arg &= m;
    switch (op) {
    case GPUMC_RMW_XCHG: return arg;
    case GPUMC_RMW_ADD: return (old + arg) & m;
    case GPUMC_RMW_SUB: return (old - arg) & m;
    case GPUMC_RMW_AND: return old & arg;
    case GPUMC_RMW_OR: return old | arg;
    case GPUMC_RMW_XOR: return old ^ arg;
    case GPUMC_RMW_MIN: return sext(old, size) < sext(arg, size) ? old : arg;
    case GPUMC_RMW_MAX: return sext(old, size) > sext(arg, size) ? old : arg;
    case GPUMC_RMW_UMIN: return old < arg ? old : arg;
    case GPUMC_RMW_UMAX: return old > arg ? old : arg;
    case GPUMC_RMW_INC: return old >= arg ? 0 : (old + 1) & m;
    case GPUMC_RMW_DEC: return (old == 0 || old > arg) ? arg : old - 1;
    case GPUMC_RMW_FADD: return float_add(old, arg, size, 1);
    case GPUMC_RMW_FSUB: return float_add(old, arg, size, -1);
    case GPUMC_RMW_HADD: return lowp_add(LOWP_HALF, (uint16_t)old, (uint16_t)arg);
    case GPUMC_RMW_BFADD: return lowp_add(LOWP_BF16, (uint16_t)old, (uint16_t)arg);
    }
    return old;
}

/* Is op an operation of values of size bytes? */
static int rmw_size_ok(gpumc_rmw_op op, unsigned size)
{
    switch (op) {
    case GPUMC_RMW_FADD:
    case GPUMC_RMW_FSUB: return size == 4 || size == 8;
    case GPUMC_RMW_HADD:
    case GPUMC_RMW_BFADD: return size == 2;
    default: return op <= GPUMC_RMW_BFADD;
    }
}

/* The write part of a successful RMW, right after its read. */
static void emit_rmw_write(gpumc_thread *t, const label *rd, uint64_t val, gpumc_order o)
{
    label w;
    label_clear(&w);
    w.kind = EV_WRITE;
    w.order = (uint8_t)write_part(o);
    w.scope = rd->scope;
    w.size = rd->size;
    w.loc = rd->loc;
    w.src = rd->src;
    w.rmw = 1;
    w.comm = rd->comm;
    w.value = val & mask_of(rd->size);
    emit(t, &w);
}

uint64_t gpumc_rmw(gpumc_thread *t, void *addr, unsigned size, gpumc_rmw_op op,
                   uint64_t operand, gpumc_order o, gpumc_scope sc, unsigned src)
{
    label lab;
    label_clear(&lab);
    int unused = (op & GPUMC_RMW_UNUSED) != 0;
    op = (gpumc_rmw_op)(op & ~GPUMC_RMW_UNUSED);
    check_args(t, o, sc);
    if (!rmw_size_ok(op, size)) {
        rt_input_error(t->x, "harness passed an unknown RMW operation");
        emit_final(t, &(label){.kind = EV_BLOCK});
    }
    if (!shared_access(t, addr, size, SA_WRITE | SA_ATOMIC, src, &lab)) {
        uint64_t old = 0;
        note_private_write(t, addr, size);
        memcpy(&old, addr, size);
        uint64_t nv = rt_apply_op(op, old, operand, size);
        memcpy(addr, &nv, size);
        return old;
    }
    if (o == GPUMC_NA)
        o = GPUMC_RLX; /* an RMW is atomic by nature */
    lab.kind = EV_READ;
    lab.rkind = RK_FETCH;
    lab.order = lab.ord_ok = (uint8_t)read_part(o);
    lab.scope = (uint8_t)sc;
    note_access(t->x, &lab, t->id);
    if (!unused)
        comm_read_issued(t->x, lab.loc);
    lab.comm = comm_class(t->x, lab.loc, op, size, operand, unused, o, sc);
    /* the value added, for the commuting of float adds (comm.c): a sub adds
     * its operand negated (the sign bit of a float or double) */
    lab.expected = op == GPUMC_RMW_FSUB ? operand ^ (UINT64_C(1) << (8 * size - 1)) : operand;
    if (lab.comm && op < GPUMC_RMW_FADD) /* integers: applied again, exactly (comm_relink) */
        lab.relink = (uint8_t)(1 + op);
    note_kind(&t->x->locs[lab.loc], lab.comm);
    uint64_t old = emit(t, &lab);
    if (!(unused && op == GPUMC_RMW_XCHG)) /* (an exchange nobody reads makes no use of it) */
        read_defined(t, &lab, addr);
    emit_rmw_write(t, &lab, rt_apply_op(op, old, operand, size), o);
    lockstep(t, src);
    return old;
}

int gpumc_cas(gpumc_thread *t, void *addr, unsigned size, uint64_t *expected,
              uint64_t desired, gpumc_order succ, gpumc_order fail, gpumc_scope sc,
              int weak, unsigned src)
{
    label lab;
    label_clear(&lab);
    /* (a weak CAS never fails spuriously: see harness.h) */
    int unused = (weak & GPUMC_CAS_UNUSED) != 0;
    check_args(t, succ, sc);
    check_args(t, fail, sc);
    uint64_t m = mask_of(size);
    if (!shared_access(t, addr, size, SA_WRITE | SA_ATOMIC, src, &lab)) {
        uint64_t old = 0;
        note_private_write(t, addr, size);
        memcpy(&old, addr, size);
        if ((old & m) == (*expected & m)) {
            memcpy(addr, &desired, size);
            return 1;
        }
        *expected = old;
        return 0;
    }
    if (succ == GPUMC_NA)
        succ = GPUMC_RLX;
    if (fail == GPUMC_NA)
        fail = GPUMC_RLX;
    lab.kind = EV_READ;
    lab.rkind = RK_CAS;
    lab.ord_ok = (uint8_t)read_part(succ);
    lab.ord_fail = (uint8_t)read_part(fail);
    lab.order = lab.ord_ok;
    lab.scope = (uint8_t)sc;
    lab.expected = *expected & m;
    note_access(t->x, &lab, t->id);
    if (!unused)
        comm_read_issued(t->x, lab.loc);
    lab.comm = comm_cas_class(t->x, lab.loc, unused, succ, fail, sc);
    note_kind(&t->x->locs[lab.loc], lab.comm);
    uint64_t old = emit(t, &lab);
    read_defined(t, &lab, addr);
    int ok = old == lab.expected;
    if (ok)
        emit_rmw_write(t, &lab, desired, succ);
    lockstep(t, src);
    if (!ok)
        *expected = old;
    return ok;
}

void gpumc_fence(gpumc_thread *t, gpumc_order o, gpumc_scope sc, unsigned src)
{
    check_args(t, o, sc);
    if (o == GPUMC_NA || o == GPUMC_RLX)
        return; /* no effect in the model */
    label lab;
    label_clear(&lab);
    lab.kind = EV_FENCE;
    lab.order = (uint8_t)o;
    lab.scope = (uint8_t)sc;
    lab.src = src;
    t->last_src = src;
    if (o == GPUMC_SC)
        t->x->hbc.has_sc = 1;
    emit(t, &lab);
}

void gpumc_barrier_mem(gpumc_thread *t, gpumc_scope sc, unsigned id, unsigned mem,
                       unsigned src)
{
    if (sc < GPUMC_SCOPE_CTA || sc > GPUMC_SCOPE_SYS) {
        rt_input_error(t->x, "harness passed a barrier scope other than cta, gpu or sys");
        emit_final(t, &(label){.kind = EV_BLOCK});
    }
    if ((mem & GPUMC_MEM_ALL) != GPUMC_MEM_ALL && !t->x->spaces) {
        rt_input_error(t->x, "harness passed a barrier ordering only some memory without "
                             "gpumc_track_spaces");
        emit_final(t, &(label){.kind = EV_BLOCK});
    }
    label lab;
    label_clear(&lab);
    lab.kind = EV_BARRIER;
    lab.scope = (uint8_t)sc;
    lab.aux = id;
    lab.src = src;
    lab.nomem = (uint8_t)(~mem & GPUMC_MEM_ALL);
    lab.loc = t->nbar[sc]++; /* ordinal of this barrier among the thread's of its level */
    t->last_src = src;
    emit(t, &lab);
}

void gpumc_barrier(gpumc_thread *t, gpumc_scope sc, unsigned id, unsigned src)
{
    gpumc_barrier_mem(t, sc, id, GPUMC_MEM_ALL, src);
}

/* The ordinal of this wait among the waits on key id recorded in the
 * table recs[*n] (pthread barrier objects, partial warp masks). */
static int count_round(struct count_rec *recs, uint32_t *n, unsigned id, uint32_t *round)
{
    for (uint32_t i = 0; i < *n; i++)
        if (recs[i].id == id) {
            *round = recs[i].n++;
            return 0;
        }
    if (*n == COUNT_BARRIERS)
        return -1;
    recs[*n].id = id;
    recs[*n].n = 1;
    (*n)++;
    *round = 0;
    return 0;
}

/* A counted barrier of count 0 was never initialised: an error finding. */
static void check_count(gpumc_thread *t, unsigned count, unsigned src)
{
    if (count)
        return;
    label lab;
    label_clear(&lab);
    lab.kind = EV_ERROR;
    lab.aux = FINDING_ASSERT;
    lab.src = src;
    snprintf(lab.msg, sizeof lab.msg, "wait on a barrier that was not initialised");
    emit_final(t, &lab);
}

/* Arrive at counted barrier id's next round (this thread's); split: go on
 * without waiting.  Returns the round. */
static uint32_t count_arrive(gpumc_thread *t, unsigned id, unsigned count, int split,
                             unsigned src)
{
    t->last_src = src;
    check_count(t, count, src);
    uint32_t round;
    if (count_round(t->countbar, &t->ncountbar, id, &round) != 0) {
        rt_input_error(t->x, "unsupported: a thread waits on more than 16 different counted "
                             "barriers (pthread_barrier_t, cuda::barrier)");
        emit_final(t, &(label){.kind = EV_BLOCK});
    }
    label lab;
    label_clear(&lab);
    lab.kind = EV_BARRIER;
    lab.scope = GRAPH_BAR_COUNT;
    lab.split = (uint8_t)split;
    lab.aux = id;
    lab.loc = round;
    lab.value = count;
    lab.src = src;
    emit(t, &lab);
    return round;
}

void gpumc_barrier_count(gpumc_thread *t, unsigned id, unsigned count, unsigned src)
{
    count_arrive(t, id, count, 0, src);
}

unsigned gpumc_barrier_arrive(gpumc_thread *t, unsigned id, unsigned count, unsigned src)
{
    return count_arrive(t, id, count, 1, src);
}

void gpumc_barrier_wait(gpumc_thread *t, unsigned id, unsigned round, unsigned count,
                        unsigned src)
{
    t->last_src = src;
    check_count(t, count, src);
    label lab;
    label_clear(&lab);
    lab.kind = EV_BARRIER;
    lab.scope = GRAPH_BAR_WAIT;
    lab.aux = id;
    lab.loc = round;
    lab.value = count;
    lab.src = src;
    emit(t, &lab);
}

_Static_assert(GRAPH_BAR_WARP == TOPO_WARP && GRAPH_BAR_WARP == CHECKER_BAR_WARP &&
                   GRAPH_BAR_COUNT == CHECKER_BAR_COUNTED &&
                   GRAPH_BAR_MASK == CHECKER_BAR_WARP_PART &&
                   GRAPH_BAR_CONV == CHECKER_BAR_CONVERGE && GRAPH_BAR_WAIT == CHECKER_BAR_WAIT,
               "one numbering of barrier levels");

unsigned gpumc_lane(const gpumc_thread *t)
{
    return topo_lane(&t->x->tp, t->id);
}

uint32_t gpumc_warp_mask(const gpumc_thread *t)
{
    const topo_group *w = topo_barrier_group(&t->x->tp, t->id, GRAPH_BAR_WARP);
    return !w ? 1u : w->n >= 32 ? 0xffffffffu : (1u << w->n) - 1;
}

/* A collective the thread cannot take part in: a finding of `kind` at
 * src, and the thread stops there. */
static void invalid_collective(gpumc_thread *t, finding_kind kind, const char *why, unsigned src)
{
    label lab;
    label_clear(&lab);
    t->last_src = src;
    lab.kind = EV_ERROR;
    lab.aux = kind;
    lab.src = src;
    snprintf(lab.msg, sizeof lab.msg, "%s", why);
    emit_final(t, &lab);
}

void gpumc_barrier_invalid(gpumc_thread *t, const char *why, unsigned src)
{
    invalid_collective(t, FINDING_DIVERGENCE, why, src);
}

void gpumc_warp_invalid(gpumc_thread *t, const char *why, unsigned src)
{
    invalid_collective(t, FINDING_WARP_MISUSE, why, src);
}

/* A warp collective over the lanes named in mask (those of the warp that
 * exist): the whole warp, or a part of it that meets on its own
 * (GRAPH_BAR_MASK), counted per mask so that the parts of a divergent warp
 * each keep their own sequence. */
void gpumc_warp_sync(gpumc_thread *t, uint32_t mask, unsigned id, unsigned src)
{
    uint32_t all = gpumc_warp_mask(t), named = mask & all;
    label lab;
    label_clear(&lab);
    t->last_src = src;
    lab.src = src;
    if (!(named >> gpumc_lane(t) & 1)) {
        char why[sizeof lab.msg];
        snprintf(why, sizeof why, "a warp collective whose mask 0x%08x does not name the "
                 "calling thread (lane %u)", mask, gpumc_lane(t));
        gpumc_warp_invalid(t, why, src);
    }
    lab.kind = EV_BARRIER;
    lab.aux = id;
    if (named == all) {
        lab.scope = GRAPH_BAR_WARP;
        lab.loc = t->nbar[GRAPH_BAR_WARP]++;
    } else {
        lab.scope = GRAPH_BAR_MASK;
        lab.value = named;
        if (count_round(t->maskbar, &t->nmaskbar, named, &lab.loc) != 0) {
            rt_input_error(t->x, "unsupported: a thread uses more than 16 different partial warp "
                                 "masks");
            emit_final(t, &(label){.kind = EV_BLOCK});
        }
    }
    emit(t, &lab);
}

uint32_t gpumc_warp_arrived(const gpumc_thread *t)
{
    const graph *g = t->x->g;
    const gthread *th = &g->th[t->id];
    const event *b = t->pos && t->pos <= th->n ? &th->ev[t->pos - 1] : NULL;
    if (!b || b->kind != EV_BARRIER || (b->scope != GRAPH_BAR_WARP && b->scope != GRAPH_BAR_MASK))
        return 0;
    const topo_group *w = topo_barrier_group(&t->x->tp, t->id, GRAPH_BAR_WARP);
    uint32_t arrived = 0;
    for (uint32_t m = 0; w && m < w->n; m++)
        if (graph_instance_event(g, w->members[m], b) != EID_NONE)
            arrived |= 1u << topo_lane(&t->x->tp, w->members[m]);
    return arrived;
}

uint32_t gpumc_warp_converge(gpumc_thread *t, unsigned id, unsigned src)
{
    const graph *g = t->x->g;
    label lab;
    label_clear(&lab);
    t->last_src = src;
    lab.kind = EV_BARRIER;
    lab.scope = GRAPH_BAR_CONV;
    lab.aux = id;
    lab.src = src;
    /* The instance is chosen when the event is added, from where the other
     * lanes are then (this label may be added in a later graph), and the
     * members' mask is set each time one of them goes on (dpor.c). */
    lab.loc = UINT32_MAX;
    t->x->converging = 1;
    if (t->pos < g->th[t->id].n) { /* replayed: the instance it had */
        const event *e = &g->th[t->id].ev[t->pos];
        if (e->kind == EV_BARRIER && e->scope == GRAPH_BAR_CONV)
            lab.loc = e->loc;
    }
    return (uint32_t)emit(t, &lab);
}

void gpumc_assert(gpumc_thread *t, int cond, unsigned src)
{
    gpumc_assert_what(t, cond, NULL, src);
}

void gpumc_assert_what(gpumc_thread *t, int cond, const char *what, unsigned src)
{
    t->last_src = src;
    if (cond)
        return;
    label lab;
    label_clear(&lab);
    lab.kind = EV_ERROR;
    lab.aux = FINDING_ASSERT;
    lab.src = src;
    if (what && *what)
        snprintf(lab.msg, sizeof lab.msg, "assertion failed: %s", what);
    else
        snprintf(lab.msg, sizeof lab.msg, "assertion failed");
    emit_final(t, &lab);
}

void gpumc_precondition(gpumc_thread *t, int cond, unsigned src)
{
    t->last_src = src;
    if (cond)
        return;
    const gpumc_coord *w = &t->where;
    char at[160], msg[sizeof t->x->internal];
    snprintf(msg, sizeof msg, "%sprecondition does not hold for this launch (block %d, "
             "thread %d): choose a launch and arguments that meet it",
             src_prefix(t->x, src, at, sizeof at), w->cta[0], w->tid[0]);
    stop_with(t->x, msg, 17);
    emit_final(t, &(label){.kind = EV_BLOCK});
}

uint64_t gpumc_accessed(gpumc_thread *t, const void *obj, unsigned kinds)
{
    struct gpumc_exec *x = t->x;
    int guard = 0;
    const region *r = obj ? find_region(x, (uintptr_t)obj, &guard) : NULL;
    if (obj && !r)
        return 0;
    const gthread *th = &x->g->th[t->id];
    uint32_t end = t->pos < th->n ? t->pos : th->n;
    for (uint32_t i = end; i-- > 0;) {
        const event *e = &th->ev[i];
        if (e->kind == EV_BARRIER &&
            (!obj || (e->scope >= GPUMC_SCOPE_CTA && e->scope <= GPUMC_SCOPE_SYS)))
            return 0; /* the log starts at the thread's last barrier */
        if ((e->kind != EV_READ && e->kind != EV_WRITE) ||
            (r && &x->regions[x->locs[e->loc].region] != r))
            continue;
        /* as GPUVerify logs them: plain reads, plain writes, atomics apart */
        unsigned k = e->order != GPUMC_NA || e->rmw ? 4u : e->kind == EV_READ ? 1u : 2u;
        if (!(k & kinds))
            continue;
        uint32_t off = x->locs[e->loc].offset;
        /* a plain access split into bytes (a bytewise region): its first byte */
        while (x->regions[x->locs[e->loc].region].bytewise && i > 0 && off > 0) {
            const event *p = &th->ev[i - 1];
            if (p->kind != e->kind || p->src != e->src || p->order != e->order ||
                (p->kind != EV_READ && p->kind != EV_WRITE) || x->locs[p->loc].offset != off - 1 ||
                x->locs[p->loc].region != x->locs[e->loc].region)
                break;
            off--;
            e = p;
            i--;
        }
        return 1 + (uint64_t)off;
    }
    return 0;
}

void gpumc_unsupported(gpumc_thread *t, const char *what, unsigned src)
{
    char at[160], msg[sizeof t->x->internal];
    t->last_src = src;
    snprintf(msg, sizeof msg, "%sunsupported: %s", src_prefix(t->x, src, at, sizeof at),
             what ? what : "(no reason given)");
    rt_input_error(t->x, msg);
    emit_final(t, &(label){.kind = EV_BLOCK});
}

const void *gpumc_object_base(gpumc_thread *t, const void *p)
{
    int guard = 0;
    const region *r = find_region(t->x, (uintptr_t)p, &guard);
    return r && !guard ? r->base : NULL;
}

size_t gpumc_object_size(gpumc_thread *t, const void *p, const void **base)
{
    int guard = 0;
    const region *r = find_region(t->x, (uintptr_t)p, &guard);
    *base = r && !guard ? r->base : NULL;
    return *base ? r->size : 0;
}

void gpumc_assume(gpumc_thread *t, int cond, unsigned src)
{
    t->last_src = src;
    if (cond)
        return;
    label lab;
    label_clear(&lab);
    lab.kind = EV_BLOCK;
    lab.src = src;
    emit_final(t, &lab);
}

void gpumc_loop_bound(gpumc_thread *t, unsigned src)
{
    label lab;
    label_clear(&lab);
    lab.kind = EV_BLOCK;
    lab.aux = FINDING_LOOP_BOUND;
    lab.src = src;
    emit_final(t, &lab);
}

/* A hash of a loop's state, 8 bytes a step: it runs at every iteration
 * of every lowered loop, so it must cost little more than reading them. */
static uint64_t mix(uint64_t h, uint64_t v)
{
    h ^= v * 0x9E3779B97F4A7C15ull;
    h ^= h >> 29;
    return h * 0xBF58476D1CE4E5B9ull;
}

static uint64_t state_hash(const void *const *state, const size_t *sizes, unsigned n)
{
    uint64_t h = 1469598103934665603ull;
    for (unsigned i = 0; i < n; i++) {
        const unsigned char *p = state[i];
        size_t len = p ? sizes[i] : 0, b = 0;
        for (; b + 8 <= len; b += 8) {
            uint64_t v;
            memcpy(&v, p + b, 8);
            h = mix(h, v);
        }
        uint64_t tail = 0;
        if (len > b)
            memcpy(&tail, p + b, len - b);
        h = mix(h, tail ^ (uint64_t)len << 56); /* the length ends each piece */
    }
    return h;
}

/* Did the thread only read since event index `from`?  An RMW that wrote
 * back the value it read (atomicAdd(p, 0), atomicCAS(p, v, v), atomicOr(p,
 * 0)) counts as a read: repeating it changes no value anyone can read. */
static int only_reads_since(const gpumc_thread *t, uint32_t from)
{
    const gthread *th = &t->x->g->th[t->id];
    uint32_t end = t->pos < th->n ? t->pos : th->n;
    for (uint32_t i = from; i < end; i++) {
        const event *e = &th->ev[i];
        if (e->kind != EV_READ)
            return 0;
        if (!e->rmw)
            continue;
        const event *w = i + 1 < end ? &th->ev[i + 1] : NULL;
        if (!w || w->kind != EV_WRITE || w->value != e->value)
            return 0;
        i++;
    }
    return 1;
}

/* A private write (through the ABI) that the hashed state may not cover
 * makes the current iteration count as a change. */
static void note_private_write(gpumc_thread *t, const void *addr, unsigned size)
{
    const char *a = addr;
    rt_spin *sp = t->spin;
    if (!sp)
        return; /* no loop to mark */
    for (uint32_t i = 0; i < sp->n && i < SPIN_RANGES; i++)
        if (a >= sp->lo[i] && a + size <= sp->lo[i] + sp->len[i])
            return;
    for (uint32_t i = 0; i < SPIN_LOOPS; i++)
        sp->rec[i].dirty = 1;
}

/* No loop seen yet: what a thread starts with. */
static void spin_reset(rt_spin *sp)
{
    for (uint32_t i = 0; i < SPIN_LOOPS; i++)
        sp->rec[i].loop = 0; /* records are reset when taken (spin_rec_of) */
    sp->next = 0;
    sp->n = 0;
}

/* t's loop records, allocated at its first loop; NULL when out of memory
 * (the run then stops). */
static rt_spin *spin_of(gpumc_thread *t)
{
    if (!t->spin) {
        t->spin = malloc(sizeof *t->spin);
        if (!t->spin) {
            rt_internal_error(t->x, "out of memory");
            for (;;)
                park(t); /* the run is stopping */
        }
        spin_reset(t->spin);
    }
    return t->spin;
}

/* The record of loop_id, or a recycled one (loop 0: never seen). */
static struct spin_rec *spin_rec_of(gpumc_thread *t, unsigned loop_id)
{
    rt_spin *sp = spin_of(t);
    for (uint32_t i = 0; i < SPIN_LOOPS; i++)
        if (sp->rec[i].loop == loop_id + 1)
            return &sp->rec[i];
    struct spin_rec *r = &sp->rec[sp->next];
    sp->next = (sp->next + 1) % SPIN_LOOPS;
    r->loop = r->pos = 0; /* the snapshot bytes need no clearing: snaplen says what holds */
    r->hash = 0;
    r->dirty = 0;
    r->snaplen = 0;
    return r;
}

/* The state's pieces laid end to end (a NULL piece is empty). */
static size_t state_len(const void *const *state, const size_t *sizes, unsigned n)
{
    size_t len = 0;
    for (unsigned i = 0; i < n; i++)
        len += state[i] ? sizes[i] : 0;
    return len;
}

static int state_equals(const unsigned char *snap, const void *const *state,
                        const size_t *sizes, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        if (!state[i])
            continue;
        if (memcmp(snap, state[i], sizes[i]) != 0)
            return 0;
        snap += sizes[i];
    }
    return 1;
}

static void state_copy(unsigned char *snap, const void *const *state, const size_t *sizes,
                       unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        if (state[i]) {
            memcpy(snap, state[i], sizes[i]);
            snap += sizes[i];
        }
}

/* Does the state repeat the loop's record?  A state that fits is kept as
 * a copy and compared exactly -- copying is cheaper than hashing, which a
 * loop pays on every iteration -- a larger one by its 64-bit hash. */
static int state_repeats(struct spin_rec *r, int seen, const void *const *state,
                         const size_t *sizes, unsigned n, const gpumc_thread *t)
{
    size_t len = state_len(state, sizes, n);
    int candidate = seen && !r->dirty && only_reads_since(t, r->pos);
    int same;
    if (len <= SPIN_SNAP) {
        same = candidate && r->snaplen == len && state_equals(r->snap, state, sizes, n);
        state_copy(r->snap, state, sizes, n);
        r->snaplen = (uint32_t)len;
    } else {
        uint64_t h = state_hash(state, sizes, n);
        same = candidate && r->snaplen == SPIN_SNAP_NONE && r->hash == h;
        r->hash = h;
        r->snaplen = SPIN_SNAP_NONE;
    }
    return same;
}

/* Loop iterations between two looks at the clock and the interrupt flag
 * (stop_poll): a thread whose accesses make no events (private memory,
 * plain accesses on shadow state) may run millions of iterations between
 * two events, where the explorer polls. */
#define STOP_POLL_ITERATIONS 0xffffu

static void count_iteration(gpumc_thread *t)
{
    struct gpumc_exec *x = t->x;
    if (++t->spins > event_budget(x) * CHECKER_SPIN_BUDGET)
        over_budget(t, "past its loop-iteration budget");
    /* A stop ends the thread where it is, as a block the explorer never
     * looks at (it stops at its next pick).  Not while it replays: its next
     * event is already in the graph, and a replay does not run long. */
    if ((t->spins & STOP_POLL_ITERATIONS) == 0 && t->pos == x->g->th[t->id].n && stop_poll(x))
        emit_final(t, &(label){.kind = EV_BLOCK});
}

void gpumc_iteration(gpumc_thread *t, unsigned src)
{
    t->last_src = src;
    count_iteration(t);
}

int gpumc_spin(gpumc_thread *t, unsigned loop_id, const void *const *state,
               const size_t *sizes, unsigned n, unsigned src)
{
    count_iteration(t);
    struct spin_rec *r = spin_rec_of(t, loop_id);
    int seen = r->loop == loop_id + 1;
    int shared = !seen || t->pos > r->pos;
    t->last_src = src;
    /* The iteration's writes are its events, as a wait sees them.  Those
     * count against the event budget as any other (a flush at the
     * thread's end may pass it): a loop that writes on every iteration
     * is stopped by that budget, not by the far larger one of iterations
     * after growing by an event per iteration. */
    t->sloops += t->swrote;
    t->swrote = 0;
    if (t->el && budget_used(t) >= event_budget(t->x))
        over_budget(t, "past its event budget");
    if (t->el)
        flush_waiting(t);
    int same = state_repeats(r, seen, state, sizes, n, t);
    if (same && t->el && t->elided != r->elided) {
        /* Reads without events are not in what a wait looks at: the next
         * iteration makes all of its accesses events (an inner loop's
         * repeats too) and is checked instead. */
        end_epoch(t);
        same = 0;
        t->exact_loop = loop_id + 1;
    } else if (t->exact_loop == loop_id + 1) {
        t->exact_loop = 0;
    }
    if (same) {
        label lab;
        label_clear(&lab);
        lab.kind = EV_BLOCK;
        lab.aux = FINDING_DEADLOCK; /* a spin: finish() decides if it is forever */
        lab.loc = r->pos;           /* where the repeated iteration began */
        lab.src = src;
        emit_final(t, &lab);
    }
    r->loop = loop_id + 1;
    r->pos = t->pos;
    r->elided = t->elided;
    r->dirty = 0;
    t->reading = 1;
    rt_spin *sp = t->spin;
    sp->n = n;
    for (unsigned i = 0; i < n && i < SPIN_RANGES; i++) {
        sp->lo[i] = state[i];
        sp->len[i] = sizes[i];
    }
    return shared;
}

/* The loop keeps its record (a fresh one would evict an enclosing loop's,
 * an inner loop being entered on every outer iteration); marking it dirty
 * makes the visit that follows record the state without comparing. */
void gpumc_spin_enter(gpumc_thread *t, unsigned loop_id)
{
    for (uint32_t i = 0; t->spin && i < SPIN_LOOPS; i++)
        if (t->spin->rec[i].loop == loop_id + 1)
            t->spin->rec[i].dirty = 1;
}

void gpumc_spin_scratch(gpumc_thread *t, const void *addr, size_t size)
{
    rt_spin *sp = spin_of(t);
    if (sp->n < SPIN_RANGES) {
        sp->lo[sp->n] = addr;
        sp->len[sp->n] = size;
        sp->n++;
    }
}

void gpumc_memory_error(gpumc_thread *t, const void *addr, unsigned src)
{
    memory_error(t, addr, src, "invalid memory access");
}

void gpumc_memory_error_what(gpumc_thread *t, const void *addr, unsigned size,
                             const void *buffer, const char *what, unsigned src)
{
    memory_error_in(t, addr, size, buffer, src, what);
}

int gpumc_spawn(gpumc_thread *t, int child, void *arg, unsigned src)
{
    struct gpumc_exec *x = t->x;
    if (child < 0 || (uint32_t)child >= x->nthreads || !x->threads[child].spawned ||
        (uint32_t)child == t->id)
        return -1;
    if (t->pos >= x->g->th[t->id].n && x->g->th[child].spawn != EID_NONE)
        return -1; /* already running in this execution */
    x->threads[child].arg = arg;
    label lab;
    label_clear(&lab);
    lab.kind = EV_SPAWN;
    lab.loc = (uint32_t)child;
    lab.src = src;
    emit(t, &lab);
    return 0;
}

/* A JOIN event names its first child (loc) and how many (aux). */
int gpumc_join_all(gpumc_thread *t, int first, int count, unsigned src)
{
    struct gpumc_exec *x = t->x;
    if (first < 0 || count < 1 || (uint64_t)first + (uint64_t)count > x->nthreads ||
        (t->id >= (uint32_t)first && t->id - (uint32_t)first < (uint32_t)count)) {
        label lab;
        label_clear(&lab);
        lab.kind = EV_ERROR;
        lab.aux = FINDING_DEADLOCK;
        lab.src = src;
        snprintf(lab.msg, sizeof lab.msg, "join of an unknown thread");
        emit_final(t, &lab);
    }
    label lab;
    label_clear(&lab);
    lab.kind = EV_JOIN;
    lab.loc = (uint32_t)first;
    lab.aux = (uint32_t)count;
    lab.src = src;
    return emit(t, &lab) ? 1 : 0;
}

int gpumc_join(gpumc_thread *t, int child, unsigned src)
{
    return gpumc_join_all(t, child, 1, src);
}

/* The joins gpumc_join_later put off, as one event. */
static void make_joins(gpumc_thread *t)
{
    uint32_t first = t->join_first, n = t->njoin;
    t->njoin = 0; /* (emit comes back here otherwise) */
    gpumc_join_all(t, (int)first, (int)n, t->join_src);
}

/* A program joining its threads in a loop joins each as soon as it ends,
 * and a revisit that removes a later child's events removes the joins
 * after it too: a join per child per execution, each joining every view
 * before it.  Nothing the parent does between the joins is visible, so
 * one event joining the run of children is the same execution. */
void gpumc_join_later(gpumc_thread *t, int child, unsigned src)
{
    if (t->njoin && child >= 0 && (uint32_t)child == t->join_first + t->njoin &&
        (uint32_t)child < t->x->nthreads && (uint32_t)child != t->id) {
        t->njoin++;
        t->join_src = src;
        return;
    }
    if (t->njoin)
        make_joins(t);
    if (child < 0 || (uint32_t)child >= t->x->nthreads || (uint32_t)child == t->id) {
        gpumc_join_all(t, child, 1, src); /* the error, at its line */
        return;
    }
    t->join_first = (uint32_t)child;
    t->njoin = 1;
    t->join_src = src;
}

int gpumc_self(const gpumc_thread *t) { return (int)t->id; }
const gpumc_coord *gpumc_where(const gpumc_thread *t) { return &t->where; }

/* ---- fibers and scheduling --------------------------------------------- */

static void thread_entry(void *p)
{
    gpumc_thread *t = p;
    t->fn(t, t->arg);
    label lab;
    label_clear(&lab);
    lab.kind = EV_END;
    lab.src = t->last_src;
    emit_final(t, &lab);
}

/* What the crash was, by signal and si_code (x86 raises the same fault
 * for a zero divisor and for INT_MIN / -1). */
static const char *crash_what(int sig, const siginfo_t *si, const gpumc_thread *t)
{
    switch (sig) {
    case SIGSEGV:
        return fiber_owns(&t->fib, si->si_addr) ? "stack overflow (unbounded recursion?)"
                                                : "segmentation fault (invalid memory access)";
    case SIGBUS:
        return "bus error (invalid memory access)";
    case SIGFPE:
        return si->si_code == FPE_INTDIV ? "integer division by zero (or INT_MIN / -1)"
             : si->si_code == FPE_INTOVF ? "integer overflow trap"
             : si->si_code == FPE_FLTDIV ? "floating-point division by zero"
             : "arithmetic exception";
    case SIGILL:
        return "illegal instruction";
    default:
        return "abort() called (failed assert?)";
    }
}

static void crash_handler(int sig, siginfo_t *si, void *uc)
{
    (void)uc;
    struct gpumc_exec *x = crash_ctx;
    if (x && !x->current && x->explorer_armed && (sig == SIGSEGV || sig == SIGBUS) &&
        fiber_owns(&x->explorer, si->si_addr)) {
        x->explorer_armed = 0;
        _longjmp(x->explorer_overflow, 1); /* its caller reports it */
    }
    if (!x || !x->current) {
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    gpumc_thread *t = x->current;
    label *lab = &t->pending;
    label_clear(lab);
    lab->kind = EV_ERROR;
    lab->src = t->last_src;
    /* only a memory fault has a data address (SIGFPE's is the instruction's) */
    lab->value = (uint64_t)(uintptr_t)(sig == SIGSEGV || sig == SIGBUS ? si->si_addr : NULL);
    lab->aux = sig == SIGABRT ? FINDING_ASSERT : FINDING_MEMORY;
    snprintf(lab->msg, sizeof lab->msg, "%s", crash_what(sig, si, t));
    _longjmp(x->crash, 1);
}

static int install_handlers(struct sigaction *old, stack_t *oldstack, void **altmem)
{
    static const int sigs[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
    size_t sz = 64 * 1024;
    *altmem = malloc(sz);
    if (!*altmem)
        return -1;
    stack_t ss = {.ss_sp = *altmem, .ss_size = sz, .ss_flags = 0};
    if (sigaltstack(&ss, oldstack) != 0)
        return -1;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = crash_handler;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    for (unsigned i = 0; i < 5; i++)
        sigaction(sigs[i], &sa, &old[i]);
    return 0;
}

static void restore_handlers(struct sigaction *old, stack_t *oldstack, void *altmem)
{
    static const int sigs[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
    for (unsigned i = 0; i < 5; i++)
        sigaction(sigs[i], &old[i], NULL);
    sigaltstack(oldstack, NULL);
    free(altmem);
}

/* ---- checkpoints ---------------------------------------------------------
 *
 * A thread whose later events a revisit removed restarts from its entry and
 * replays the events it keeps; a long prefix (main's setup and spawns, a
 * kernel's loop before its first atomic) is replayed in every execution.
 * A checkpoint is the fiber and its record saved at a park: restoring the
 * latest one that still holds resumes the thread there instead.  Sound
 * because the thread's state is its stack and its record (the harnesses
 * keep nothing else: every other access goes through this ABI, and with
 * gpumc_private_on_stack a write elsewhere is an error), and the events
 * before the checkpoint, hence the values it consumed, are the same. */
#define CKPT_SLOTS 6
#define CKPT_GAP 8 /* events: a shorter prefix is cheaper to replay than to save */

struct rt_ckpt {
    uint32_t pos;    /* events the fiber had consumed; parked with its next label */
    uint64_t ver;    /* version of event pos-1 then: the same now, the checkpoint holds */
    gpumc_thread th; /* the thread's record then */
    rt_spin spin;    /* and its loop records, if th.spin */
    elide_saved *el; /* and its epoch, if th.el (allocated when first needed) */
    fiber_snap snap;
};

/* A lazy pool's stacks are lent, not owned: a thread takes one when it
 * starts and gives it back when it finishes, and the next thread to start
 * takes the most recently given back.  A launch of a million threads, of
 * which a block or so is alive at once, then runs on a few thousand
 * stacks whose pages stay mapped -- rather than mapping a fresh stack, and
 * faulting its pages in, per thread and giving it back to the system at
 * its end (three system calls and as many page faults a thread, most of
 * the time such a launch took).  A checkpoint restores only on the stack
 * it was taken on (fiber_restore); a thread that gave its stack back
 * replays from its start instead.  An eager pool's stack i is thread i's. */
static int stack_take(gpumc_thread *t)
{
    struct gpumc_exec *x = t->x;
    if (!x->slot_owner || t->slot != NO_SLOT)
        return fiber_map(&t->fib);
    int fresh = x->nfree == 0;
    uint32_t s = fresh ? x->next_slot++ : x->free_slot[--x->nfree];
    fiber_pool_fiber(&x->stacks, s, &t->fib);
    t->fib.mapped = !fresh; /* a stack given back stays mapped */
    if (fiber_map(&t->fib) != 0) { /* (only a fresh one maps) */
        x->next_slot--;
        return -1;
    }
    x->slot_owner[s] = t->id;
    t->slot = s;
    return 0;
}

static void stack_give_back(gpumc_thread *t)
{
    struct gpumc_exec *x = t->x;
    if (!x->slot_owner || t->slot == NO_SLOT)
        return;
    x->slot_owner[t->slot] = NO_SLOT;
    x->free_slot[x->nfree++] = t->slot;
    t->slot = NO_SLOT;
    t->fib = (fiber){.lazy = 1}; /* unmapped: it cannot continue (fiber_valid) */
}

/* Keep the checkpoints that still hold: a prefix, since a thread's events
 * change only by losing a suffix. */
static void ckpt_prune(const struct gpumc_exec *x, gpumc_thread *t, uint32_t n)
{
    const gthread *th = &x->g->th[t->id];
    uint32_t k = 0;
    while (k < t->nckpt && t->ckpt[k].pos <= n &&
           (t->ckpt[k].pos == 0 || th->ev[t->ckpt[k].pos - 1].ver == t->ckpt[k].ver))
        k++;
    t->nckpt = k;
}

static int ckpt_restore(const struct gpumc_exec *x, gpumc_thread *t, uint32_t n)
{
    ckpt_prune(x, t, n);
    if (!t->nckpt)
        return 0;
    struct rt_ckpt *c = &t->ckpt[t->nckpt - 1], *all = t->ckpt;
    uint32_t nckpt = t->nckpt, replayed = t->replayed;
    if (stack_take(t) != 0 || fiber_restore(&t->fib, &c->snap) != 0)
        return 0;
    rt_spin *sp = t->spin; /* the thread keeps its own allocations */
    elide_table *el = t->el;
    if (c->th.spin && !sp && !(sp = malloc(sizeof *sp)))
        return 0;
    if (c->th.el && !el && !(el = malloc(sizeof *el))) {
        t->spin = sp;
        return 0;
    }
    *t = c->th;
    if (c->th.spin)
        *sp = c->spin;
    else if (sp)
        spin_reset(sp);
    t->spin = sp;
    if (c->th.el)
        elide_restore(el, c->el);
    else if (el)
        elide_next_epoch(el);
    t->el = el;
    t->ckpt = all;
    t->nckpt = nckpt;
    t->replayed = replayed;
    return 1;
}

/* Where the checkpoint after one at event count `last` goes: geometric
 * spacing bounds the copies per execution. */
static uint32_t ckpt_next(const struct gpumc_exec *x, uint32_t last)
{
    uint32_t gap = x->opt.checkpoint_gap ? x->opt.checkpoint_gap : CKPT_GAP;
    return last + (last / 2 > gap ? last / 2 : gap);
}

/* Save thread t, just parked with a new label, if it was replayed before
 * and is far enough past its latest checkpoint.  Best effort: without one
 * the thread replays. */
static void ckpt_take(const struct gpumc_exec *x, gpumc_thread *t)
{
    uint32_t n = x->g->th[t->id].n;
    int kind = t->pending.kind;
    if (!t->ckpt_at || t->pos < t->ckpt_at || t->state != TH_WAITING || t->pos != n ||
        kind == EV_END || kind == EV_ERROR || kind == EV_BLOCK)
        return;
    ckpt_prune(x, t, n);
    if (!t->ckpt && !(t->ckpt = calloc(CKPT_SLOTS, sizeof *t->ckpt)))
        return;
    if (t->nckpt == CKPT_SLOTS) { /* the oldest goes; its buffer is reused */
        struct rt_ckpt oldest = t->ckpt[0];
        memmove(t->ckpt, t->ckpt + 1, (CKPT_SLOTS - 1) * sizeof *t->ckpt);
        t->ckpt[CKPT_SLOTS - 1] = oldest;
        t->nckpt--;
    }
    struct rt_ckpt *c = &t->ckpt[t->nckpt];
    t->ckpt_at = ckpt_next(x, n); /* before the copy: a restore resumes with it */
    if (fiber_snapshot(&t->fib, &c->snap) != 0)
        return;
    if (t->el && !c->el && !(c->el = malloc(sizeof *c->el)))
        return;
    c->pos = n;
    c->ver = n ? x->g->th[t->id].ev[n - 1].ver : 0;
    c->th = *t;
    if (t->spin)
        c->spin = *t->spin;
    if (t->el)
        elide_save(t->el, c->el);
    t->nckpt++;
}

static void ckpt_free(gpumc_thread *t)
{
    for (uint32_t k = 0; t->ckpt && k < CKPT_SLOTS; k++) {
        fiber_snap_free(&t->ckpt[k].snap);
        free(t->ckpt[k].el);
    }
    free(t->ckpt);
    t->ckpt = NULL;
    t->nckpt = 0;
}

/* Repeated plain accesses need no events (elide.h) when what they leave
 * out cannot matter: the run ends at its first race (so a racy value is
 * never read on), every race is a finding (none tolerated as benign or
 * across blocks), lanes do not wait at each access, and the program does
 * not ask for a thread's access log (gpumc_accessed). */
static int may_elide(const struct gpumc_exec *x)
{
    const checker_options *o = &x->opt;
    return o->races == 1 && o->stop_on_error && !o->benign && !o->intra_group_races &&
           !o->warp_sync && !x->access_log;
}

/* Plain accesses go on shadow state in a run that elides, in one process
 * (parallel workers replay at once: their run tries it first in one,
 * shadow_trial), when not estimating (every walk replays), until given up
 * (rt_shadow_abandon).  GPUMC_SHADOW=0 turns it off, to compare. */
static int shadow_wanted(const struct gpumc_exec *x)
{
    const char *env = getenv("GPUMC_SHADOW");
    return x->elide && !x->shadow_off && ((x->opt.jobs <= 1 && !x->opt.dist) || x->shadow_trial) &&
           !x->opt.estimate && !(env && strcmp(env, "0") == 0);
}

void rt_shadow_trial(struct gpumc_exec *x, int on)
{
    x->shadow_trial = on;
    x->shadow = on && shadow_wanted(x);
    /* in one process, what reads of unwritten buffers learn holds */
    x->unwritten_reads = x->shadow;
    for (uint32_t i = 0; !on && i < x->nregions; i++)
        x->regions[i].unlogged = 0; /* no worker's write restarts for them */
}

int rt_prepare(struct gpumc_exec *x)
{
    x->elide = may_elide(x);
    /* not in parallel runs: their workers would each learn it apart */
    x->unwritten_reads = x->elide && x->opt.jobs <= 1 && !x->opt.dist;
    x->shadow = shadow_wanted(x);
    if (view_acc_init(&x->sview, x->nthreads, GRAPH_MAX_VIEWS) != 0)
        return -1;
    fiber_init_main(&x->main);
    int lazy = x->nthreads > EAGER_STACKS;
    if (fiber_pool_create(&x->stacks, x->nthreads, FIBER_STACK, lazy) != 0)
        return -1;
    if (lazy) {
        x->slot_owner = malloc(sizeof(uint32_t) * x->nthreads);
        x->free_slot = malloc(sizeof(uint32_t) * x->nthreads);
        if (!x->slot_owner || !x->free_slot)
            return -1;
        memset(x->slot_owner, 0xff, sizeof(uint32_t) * x->nthreads); /* NO_SLOT */
        x->nfree = x->next_slot = 0;
    }
    for (uint32_t i = 0; i < x->nthreads; i++) {
        gpumc_thread *t = &x->threads[i];
        if (lazy)
            memset(&t->fib, 0, sizeof t->fib);
        else
            fiber_pool_fiber(&x->stacks, i, &t->fib);
        t->fib.lazy = (unsigned char)lazy;
        t->slot = NO_SLOT;
        t->state = TH_DEAD;
    }
    if (install_handlers(x->saved_sa, &x->saved_stack, &x->saved_alt) != 0)
        return -1;
    crash_ctx = x;
    return 0;
}

void rt_teardown(struct gpumc_exec *x)
{
    if (crash_ctx == x)
        restore_handlers(x->saved_sa, &x->saved_stack, x->saved_alt);
    crash_ctx = NULL;
    for (uint32_t i = 0; i < x->nthreads; i++) {
        fiber_destroy(&x->threads[i].fib);
        ckpt_free(&x->threads[i]);
        free(x->threads[i].spin);
        free(x->threads[i].el);
    }
    for (uint32_t i = 0; i < x->nel_pool; i++)
        free(x->el_pool[i]);
    free(x->el_pool);
    fiber_pool_destroy(&x->stacks);
    free(x->slot_owner);
    free(x->free_slot);
    x->slot_owner = x->free_slot = NULL;
    for (uint32_t i = 0; i < x->nregions; i++) {
        munmap(x->regions[i].map, x->regions[i].maplen);
        free(x->regions[i].locmap);
        free(x->regions[i].cells);
        free(x->regions[i].pristine);
    }
    shadow_lists_free(&x->sreads);
    view_acc_free(&x->sview);
}

static int fiber_valid(const struct gpumc_exec *x, const gpumc_thread *t, uint32_t n)
{
    if (t->state == TH_FRESH)
        return 1;
    if (t->state != TH_WAITING || t->pos > n || !t->fib.mapped)
        return 0;
    return t->pos == 0 || x->g->th[t->id].ev[t->pos - 1].ver == t->lastver;
}

/* A fresh thread gets its stack when it first runs, not when it is reset:
 * in a lazy pool only the threads that have started and not finished hold
 * stack memory. */
static int start_fiber(struct gpumc_exec *x, gpumc_thread *t)
{
    if (stack_take(t) != 0) {
        rt_internal_error(x, "out of memory: the system refused a thread stack "
                             "(too many threads alive at once?)");
        return -1;
    }
    fiber_reset(&t->fib, thread_entry, t);
    return 0;
}

static int terminal_label(const label *lab)
{
    return lab->kind == EV_END || lab->kind == EV_ERROR || lab->kind == EV_BLOCK;
}

/* Has t stopped for good: crashed, parked at its last label, or replayed
 * up to one? */
static int finished(const struct gpumc_exec *x, const gpumc_thread *t)
{
    const gthread *th = &x->g->th[t->id];
    if (t->state == TH_DEAD || (t->state == TH_WAITING && t->pos == th->n &&
                                terminal_label(&t->pending)))
        return 1;
    if (t->pos == 0 || t->pos > th->n)
        return 0;
    uint8_t k = th->ev[t->pos - 1].kind;
    return k == EV_END || k == EV_ERROR || k == EV_BLOCK;
}

static void resume(struct gpumc_exec *x, gpumc_thread *t)
{
    if (t->state == TH_FRESH && start_fiber(x, t) != 0)
        return;
    x->current = t;
    if (_setjmp(x->crash) == 0) {
        fiber_switch(&x->main, &t->fib);
    } else {
        /* crashed: the handler filled t->pending; the fiber is garbage */
        t->state = TH_DEAD;
        t->pos = x->g->th[t->id].n;
    }
    x->current = NULL;
    if (finished(x, t) && t->fib.lazy) { /* it never continues from here */
        stack_give_back(t);
        free(t->spin);
        t->spin = NULL;
        elide_give_back(t);
    }
}

int rt_consumed(const struct gpumc_exec *x, uint32_t id, uint32_t k)
{
    const gpumc_thread *t = &x->threads[id];
    return k < t->pos && fiber_valid(x, t, x->g->th[id].n);
}

static void thread_restart(gpumc_thread *t)
{
    t->ckpt_at = t->replayed ? ckpt_next(t->x, 0) : 0;
    t->state = TH_FRESH; /* resume() sets the fiber up */
    t->pos = 0;
    t->lastver = 0;
    t->last_src = 0; /* a crash before any call has no location of this run's */
    memset(t->nbar, 0, sizeof t->nbar);
    t->ncountbar = 0;
    t->nmaskbar = 0;
    if (t->spin)
        spin_reset(t->spin);
    if (t->el)
        elide_next_epoch(t->el); /* what the old fiber kept is dropped with it */
    t->elided = 0;
    t->shadowed = 0;
    t->swrote = 0;
    t->sloops = 0;
    t->flushing = 0;
    t->exact_loop = 0;
    t->spins = 0;
    t->reading = 0;
    t->copying = 0;
    t->halving = 0;
    t->undef.pending = 0;
    t->njoin = 0;
    label_clear(&t->pending);
}

/* The exploration starts over: no thread has been replayed yet. */
void rt_restart_threads(struct gpumc_exec *x)
{
    shadow_reset(x);
    x->shadow = shadow_wanted(x);
    for (uint32_t i = 0; i < x->nthreads; i++) {
        x->threads[i].replayed = 0;
        x->threads[i].nckpt = 0;
        thread_restart(&x->threads[i]);
    }
}

const label *rt_next_label(struct gpumc_exec *x, uint32_t id)
{
    gpumc_thread *t = &x->threads[id];
    uint32_t n = x->g->th[id].n;
    if (t->state == TH_DEAD && t->pos == n && t->pending.kind == EV_ERROR &&
        (n == 0 || x->g->th[id].ev[n - 1].ver == t->lastver))
        return &t->pending; /* a crash at this very point, still current */
    if (!fiber_valid(x, t, n)) {
        /* Shadow state holds what the thread did past the point it goes
         * back to: start over with every access an event.  If no access
         * went on shadow state yet, none will (the run has more than one
         * execution). */
        if (t->pos > 0 || t->shadowed) {
            int used = x->shadow_used || x->shadow_trial;
            rt_shadow_abandon(x);
            if (used && !x->stop)
                x->stop = EXEC_RESTART; /* (a trial's: for the workers) */
            if (used)
                return NULL;
        }
        t->replayed |= t->pos > 0; /* a revisit took events it had consumed */
        if (!ckpt_restore(x, t, n))
            thread_restart(t);
    }
    if (t->state == TH_WAITING && t->pos == n)
        return &t->pending;
    resume(x, t);
    if (x->stop == CHECKER_FAILED)
        return NULL;
    ckpt_take(x, t);
    return &t->pending;
}
