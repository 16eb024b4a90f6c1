/*
 * race.c -- race detection and the findings list (SPEC 4.4).
 *
 * race_check(e) compares a freshly finalised memory event with every other
 * access to its location in the current (consistent) graph: conflicting,
 * not hb-ordered either way, and one of them non-atomic = data race; both
 * atomic but not scope-inclusive = heterogeneous race.  Every race of a
 * consistent execution shows up this way when the later of its two events
 * is added.  Findings are deduplicated by (kind, pair of statements): the
 * same statement reached through different call chains is one.
 */
#include "race.h"

#include "runtime.h"

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *kind_names[FINDING_KIND_COUNT] = {
    "Data race", "Heterogeneous race", "Barrier divergence", "Assertion violation",
    "Memory error", "Deadlock", "Loop bound reached", "Possible non-termination",
    "Warp-collective misuse"};

const char *finding_kind_name(finding_kind k)
{
    return k < FINDING_KIND_COUNT ? kind_names[k] : "Unknown";
}

const char *gpumc_order_name(gpumc_order o)
{
    static const char *n[] = {"na", "rlx", "acq", "rel", "acq_rel", "sc"};
    return o <= GPUMC_SC ? n[o] : "?";
}

const char *gpumc_scope_name(gpumc_scope s)
{
    /* past sys: the barrier levels (graph.h) */
    static const char *n[] = {"thread", "cta", "gpu", "sys", "warp", "pthread", "warp-part",
                                "converge", "pthread-wait"};
    return (unsigned)s < sizeof n / sizeof *n ? n[s] : "?";
}

const char *gpumc_scope_label(gpumc_scope s, int opencl)
{
    static const char *cl[] = {"work_item", "work_group", "device", "all_svm_devices"};
    return opencl && (unsigned)s <= GPUMC_SCOPE_SYS ? cl[s] : gpumc_scope_name(s);
}

/* A scope as the run's messages and traces name it. */
static const char *scope_text(const struct gpumc_exec *x, uint8_t s)
{
    return gpumc_scope_label((gpumc_scope)s, x->opt.opencl_names);
}

const char *gpumc_order_scope(gpumc_order o, gpumc_scope s, int opencl, const char *sep,
                              char *out, size_t n)
{
    if (o == GPUMC_NA && opencl)
        snprintf(out, n, "na");
    else
        snprintf(out, n, "%s%s%s", gpumc_order_name(o), sep, gpumc_scope_label(s, opencl));
    return out;
}

/* An event's order and scope as the run's traces show them. */
static const char *order_scope(const struct gpumc_exec *x, const event *ev, char *out,
                               size_t n)
{
    return gpumc_order_scope((gpumc_order)ev->order, (gpumc_scope)ev->scope,
                             x->opt.opencl_names, " ", out, n);
}

/* binary16 bits as the float of the same value (every half is one). */
static float half_value(uint16_t h)
{
    int e = (h >> 10) & 31, m = h & 1023;
    float v = e == 31 ? (m ? NAN : INFINITY)
            : e ? ldexpf((float)(m | 1024), e - 25) : ldexpf((float)m, -24);
    return h & 0x8000 ? -v : v;
}

/* The shortest %g that reads back as v (as a float when single). */
static void shortest(double v, int single, char *out, size_t n)
{
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(out, n, "%.*g", prec, v);
        if (single ? strtof(out, NULL) == (float)v : strtod(out, NULL) == v)
            break;
    }
    if (!strpbrk(out, ".en") && strlen(out) + 3 <= n)
        strcat(out, ".0"); /* 1.0, not 1: it is a float */
}

void gpumc_value_text(uint64_t bits, unsigned size, int value_kind, char *out, size_t n)
{
    if (value_kind == GPUMC_VALUE_BFLOAT16 && size == 2) {
        uint32_t w = (uint32_t)(bits & 0xFFFF) << 16;
        float f;
        memcpy(&f, &w, 4);
        shortest(f, 1, out, n);
        return;
    }
    if (value_kind == GPUMC_VALUE_FLOAT && (size == 2 || size == 4 || size == 8)) {
        if (size == 8) {
            double d;
            memcpy(&d, &bits, 8);
            shortest(d, isnan(d), out, n);
        } else {
            float f;
            uint32_t w = (uint32_t)bits;
            if (size == 2)
                f = half_value((uint16_t)bits);
            else
                memcpy(&f, &w, 4);
            shortest(f, 1, out, n);
        }
        return;
    }
    unsigned nbits = size >= 1 && size <= 8 ? 8 * size : 64;
    uint64_t v = nbits < 64 ? bits & ((UINT64_C(1) << nbits) - 1) : bits;
    if (!(v & UINT64_C(1) << (nbits - 1))) {
        snprintf(out, n, "%" PRIu64, v);
        return;
    }
    /* two's complement reading of a size-byte value */
    int64_t s = (int64_t)(v | (nbits < 64 ? ~((UINT64_C(1) << nbits) - 1) : 0));
    snprintf(out, n, "%" PRIu64 " (%" PRId64 ")", v, s);
}

/* A stored address as the buffer and offset it points at ("&in+16"),
 * "null", or "" for one in no buffer (the thread's stack, code): a raw
 * address would differ from run to run. */
static void pointer_text(const struct gpumc_exec *x, uint64_t v, char *out, size_t n)
{
    snprintf(out, n, "%s", v ? "" : "null");
    for (uint32_t i = 0; i < x->nregions && v; i++) {
        const region *rg = &x->regions[i];
        if (v >= (uintptr_t)rg->base && v <= (uintptr_t)rg->base + rg->size)
            snprintf(out, n, "&%.40s+%" PRIu64, rg->name, v - (uintptr_t)rg->base);
    }
    for (uint32_t i = 0; i < x->naliases && v && !out[0]; i++) {
        const addr_alias *a = &x->aliases[i];
        if (v >= a->base && v <= a->base + a->size)
            snprintf(out, n, "&%.40s+%" PRIu64, a->name, v - a->base);
    }
}

/* Does v point into a buffer? */
static int in_a_region(const struct gpumc_exec *x, uint64_t v)
{
    for (uint32_t i = 0; i < x->nregions && v; i++)
        if (v >= (uintptr_t)x->regions[i].base &&
            v <= (uintptr_t)x->regions[i].base + x->regions[i].size)
            return 1;
    return 0;
}

/* How e's value reads: as its statement says, or -- when that says only
 * "integers" -- as its region declares values of e's size to be; an
 * 8-byte integer that points into a buffer is an address (C11 atomics on
 * pointers are integer accesses to the compiled code). */
static int access_value_kind(const struct gpumc_exec *x, const event *ev)
{
    int k = ev->src < x->nsrcs ? x->srcs[ev->src].value_kind : GPUMC_VALUE_INT;
    if (k != GPUMC_VALUE_INT || (ev->kind != EV_READ && ev->kind != EV_WRITE))
        return k;
    const region *rg = &x->regions[x->locs[ev->loc].region];
    if (rg->value_size && rg->value_size == ev->size)
        return rg->value_kind;
    return ev->size == 8 && in_a_region(x, ev->value) ? GPUMC_VALUE_POINTER : k;
}

/* The bytes of e that hold its value: fewer than its size when the
 * statement says so (a float a shuffle moves through an 8-byte slot). */
static unsigned access_value_size(const struct gpumc_exec *x, const event *ev)
{
    unsigned vs = ev->src < x->nsrcs ? x->srcs[ev->src].value_size : 0;
    return vs && vs < ev->size ? vs : ev->size;
}

/* A value as reports show it: pointers by what they point at. */
static void event_value_text(const struct gpumc_exec *x, uint64_t v, unsigned size, int kind,
                             char *out, size_t n)
{
    if (kind == GPUMC_VALUE_POINTER) {
        pointer_text(x, v, out, n);
        if (!out[0])
            snprintf(out, n, "an address outside the buffers");
        return;
    }
    gpumc_value_text(v, size, kind, out, n);
}

/* The region a memory error is about: the buffer the access was meant for
 * if the check knew it, else the one whose guard pages hold the address
 * (NULL if none). */
static const region *error_region(const struct gpumc_exec *x, const event *ev)
{
    uintptr_t addr = (uintptr_t)ev->value, meant = (uintptr_t)ev->expected;
    const region *found = NULL;
    if (ev->kind != EV_ERROR)
        return NULL;
    for (uint32_t i = 0; i < x->nregions && addr; i++) {
        const region *rg = &x->regions[i];
        uintptr_t lo = (uintptr_t)rg->map, hi = lo + rg->maplen;
        if (meant ? meant >= (uintptr_t)rg->base && meant < (uintptr_t)rg->base + rg->size
                  : addr >= lo && addr < hi) /* in it or in a guard around it */
            found = rg;
    }
    return found;
}

void rt_fill_finding_event(const struct gpumc_exec *x, const graph *g, eid e, finding_event *o)
{
    memset(o, 0, sizeof *o);
    if (e == EID_NONE || e == EID_INIT)
        return;
    const event *ev = graph_ev(g, e);
    o->valid = 1;
    o->thread = (int)EID_T(e);
    o->where = x->threads[EID_T(e)].where;
    o->kind = (event_kind)ev->kind;
    o->is_rmw = ev->rmw;
    o->order = (gpumc_order)ev->order;
    o->scope = (gpumc_scope)ev->scope;
    o->src = ev->src;
    o->value = ev->value;
    o->value_kind = access_value_kind(x, ev);
    o->volatile_access = ev->src < x->nsrcs && x->srcs[ev->src].volatile_access;
    if (o->value_kind == GPUMC_VALUE_POINTER && (ev->kind == EV_READ || ev->kind == EV_WRITE))
        pointer_text(x, ev->value, o->pointee, sizeof o->pointee);
    if (ev->kind == EV_READ || ev->kind == EV_WRITE) {
        const rt_loc *l = &x->locs[ev->loc];
        o->addr = l->addr;
        o->offset = l->offset;
        o->size = l->size;
        snprintf(o->region, sizeof o->region, "%.47s", x->regions[l->region].name);
    } else if (ev->kind == EV_ERROR) {
        o->addr = ev->value;
        o->size = ev->size; /* a memory error's access, if it was one */
        const region *rg = error_region(x, ev);
        if (rg) {
            snprintf(o->region, sizeof o->region, "%.47s", rg->name);
            o->region_size = rg->size;
            o->default_len = rg->hint[0] != '\0';
            if (o->addr >= (uintptr_t)rg->base)
                o->offset = o->addr - (uintptr_t)rg->base;
            else
                o->below = (uintptr_t)rg->base - o->addr;
        }
    }
}

static char *render_trace(const struct gpumc_exec *x, const graph *g, int whole);
static char *render_dot(const struct gpumc_exec *x, const graph *g, eid a, eid b);

static int same_statement(const struct gpumc_exec *x, unsigned s1, unsigned s2)
{
    if (s1 == s2)
        return 1;
    if (s1 >= x->nsrcs || s2 >= x->nsrcs)
        return 0;
    const gpumc_srcloc *a = &x->srcs[s1], *b = &x->srcs[s2];
    return a->line == b->line && a->col == b->col && a->file && b->file &&
           strcmp(a->file, b->file) == 0;
}

int race_same_finding(const struct gpumc_exec *x, const finding *f, finding_kind k,
                      unsigned sa, unsigned sb)
{
    unsigned fa = f->a.src, fb = f->b.valid ? f->b.src : ~0u;
    return f->kind == k && ((same_statement(x, fa, sa) && same_statement(x, fb, sb)) ||
                            (same_statement(x, fa, sb) && same_statement(x, fb, sa)));
}

/* Where in the search a finding was made, comparable across the workers
 * of a split search (dpor.c part_enter): subtree i at the split depth is
 * 2i + 1, the top of the tree between subtrees i and i + 1 is 2i + 2; the
 * low bits order a worker's own findings.  One process explores in this
 * order, so merged results sorted by it read as one process's. */
static uint64_t search_position(const struct gpumc_exec *x, unsigned nth)
{
    if (!x->split)
        return nth;
    int inside = x->part.cur >= x->part.depth;
    return ((2 * x->part.ctr - (uint64_t)inside) << 32) | nth;
}

/* A memory error's message, and the hint of the region it is about ("sized
 * by default ..."), if it has one. */
static void finding_message(const struct gpumc_exec *x, finding *f, const event *ev,
                            const char *msg)
{
    const region *rg = f->kind == FINDING_MEMORY ? error_region(x, ev) : NULL;
    char quoted[80];
    if (rg)
        snprintf(quoted, sizeof quoted, "'%s'", rg->name);
    /* a helper's parameter names the pointer (`c` for the kernel's `mu`):
     * the hint is about the buffer, so the message names it first */
    if (rg && rg->hint[0] && msg && !strstr(msg, quoted))
        snprintf(f->msg, sizeof f->msg, "%s, a pointer into %s; %s", msg, quoted, rg->hint);
    else if (rg && rg->hint[0])
        snprintf(f->msg, sizeof f->msg, "%s; %s", msg ? msg : "", rg->hint);
    else
        snprintf(f->msg, sizeof f->msg, "%s", msg ? msg : "");
}

void race_add_finding(struct gpumc_exec *x, finding_kind k, eid a, eid b, const char *msg)
{
    if (x->shadow_used) { /* found again with every access an event, to show them */
        rt_shadow_abandon(x);
        return;
    }
    checker_result *r = x->res;
    const graph *g = x->g;
    unsigned sa = graph_ev(g, a)->src, sb = b == EID_NONE ? ~0u : graph_ev(g, b)->src;
    if (b != EID_NONE && sb < sa) { /* one order per pair */
        eid te = a; a = b; b = te;
        unsigned ts = sa; sa = sb; sb = ts;
    }
    for (unsigned i = 0; i < r->nfindings; i++)
        if (race_same_finding(x, &r->findings[i], k, sa, sb))
            return;
    if (r->nfindings == r->capfindings) {
        unsigned c = r->capfindings ? r->capfindings * 2 : 8;
        finding *nf = realloc(r->findings, sizeof(finding) * c);
        if (!nf) {
            rt_internal_error(x, "out of memory");
            return;
        }
        r->findings = nf;
        r->capfindings = c;
    }
    finding *f = &r->findings[r->nfindings++];
    memset(f, 0, sizeof *f);
    f->kind = k;
    f->seq = search_position(x, r->nfindings - 1);
    rt_fill_finding_event(x, g, a, &f->a);
    rt_fill_finding_event(x, g, b, &f->b);
    finding_message(x, f, graph_ev(g, a), msg);
    if (x->opt.want_trace)
        f->trace = render_trace(x, g, x->opt.want_trace > 1);
    if (x->opt.want_dot)
        f->dot = render_dot(x, g, a, b);
    int is_race = k == FINDING_DATA_RACE || k == FINDING_HETERO_RACE;
    if (k != FINDING_LOOP_BOUND &&
        ((is_race && x->opt.races == 1) || x->opt.stop_on_error) && !x->stop)
        x->stop = CHECKER_STOPPED;
}

/* The view that orders accesses to e's location: hb, or -- when barriers
 * may order only some memory -- hb as seen by the location's space. */
static unsigned race_view(const struct gpumc_exec *x, const graph *g, eid e, int *shared)
{
    *shared = x->regions[x->locs[graph_ev(g, e)->loc].region].shared;
    return g->nviews > GRAPH_SPACE0 ? GRAPH_SPACE0 + (unsigned)*shared : GRAPH_HB;
}

static void race_pair(struct gpumc_exec *x, eid e, eid o)
{
    const graph *g = x->g;
    int shared;
    unsigned v = race_view(x, g, e, &shared);
    if (x->opt.intra_group_races && topo_level(&x->tp, EID_T(e), EID_T(o)) > GPUMC_SCOPE_CTA)
        return; /* (first: the cheapest test) */
    if (o == e || graph_view_before(g, v, o, e) || graph_view_before(g, v, e, o))
        return;
    const event *ee = graph_ev(g, e), *eo = graph_ev(g, o);
    if (ee->kind != EV_WRITE && eo->kind != EV_WRITE)
        return;
    char msg[200];
    if ((ee->order == GPUMC_NA || eo->order == GPUMC_NA) && x->opt.benign &&
        ee->size == eo->size && ee->value == eo->value)
        return; /* benign: whichever comes first, every value stays the same */
    if (ee->order == GPUMC_NA || eo->order == GPUMC_NA) {
        if (v != GRAPH_HB && (graph_hb_before(g, o, e) || graph_hb_before(g, e, o)))
            snprintf(msg, sizeof msg, "conflicting accesses, at least one non-atomic, "
                     CHECKER_MSG_BARRIER_FLAGS " %s memory (its fence flags)",
                     shared ? "local (shared)" : "global");
        else
            snprintf(msg, sizeof msg, "conflicting accesses not ordered by happens-before, "
                     "at least one non-atomic");
        race_add_finding(x, FINDING_DATA_RACE, o, e, msg);
    } else if (v != GRAPH_HB && (graph_hb_before(g, o, e) || graph_hb_before(g, e, o))) {
        return; /* atomics: a barrier's fence flags do not matter to them */
    } else if (x->hbc.scoped && !hb_incl(&x->hbc, g, o, e)) {
        snprintf(msg, sizeof msg, "atomic accesses whose scopes do not include each other's "
                 "threads (%s scope of thread %u, %s scope of thread %u)",
                 scope_text(x, eo->scope), EID_T(o),
                 scope_text(x, ee->scope), EID_T(e));
        race_add_finding(x, FINDING_HETERO_RACE, o, e, msg);
    }
}

/* Is a (EID_INIT: nothing) before e in view v? */
static int view_before(const graph *g, unsigned v, eid a, eid e)
{
    return a == EID_INIT || EID_T(a) == EID_T(e) || graph_view_before(g, v, a, e);
}

/* While every write of e's location is hb-ordered with every other access
 * of it (rt_loc.unordered clear), the writes are a chain in co order, and
 * e races with nothing when the chain's end and the reads after it are
 * before e: each earlier access is before one of those.  A constant
 * number of tests in a loop's barrier-separated iterations, instead of
 * one per access the location ever had (quadratic in iterations).
 * (rd lists reads in addition order, and a read added before a write it
 * is ordered with is before it.)  0: look at everything. */
static int ordered_fast(const graph *g, unsigned v, eid e, const event *ev, const gloc *gl)
{
    eid last = EID_INIT;
    if (ev->kind == EV_WRITE) {
        if (gl->nco == 0 || gl->co[gl->nco - 1] != e)
            return 0; /* a write co-after e is not before it */
        if (gl->nco > 1)
            last = gl->co[gl->nco - 2];
    } else if (gl->nco > 0) {
        last = gl->co[gl->nco - 1];
    }
    if (!view_before(g, v, last, e))
        return 0;
    if (ev->kind != EV_WRITE)
        return 1;
    uint32_t from = graph_rd_after(g, ev->loc, last == EID_INIT ? 0 : graph_ev(g, last)->stamp);
    for (uint32_t i = from; i < gl->nrd; i++)
        if (gl->rd[i] != e && !view_before(g, v, gl->rd[i], e))
            return 0;
    return 1;
}

int race_ordered_loc(const struct gpumc_exec *x, uint32_t loc)
{
    const rt_loc *l = &x->locs[loc];
    return x->opt.races != 2 && !l->unordered && !l->first_atomic; /* (atomics skip the checks) */
}

void race_check(struct gpumc_exec *x, eid e)
{
    if (x->opt.races == 2)
        return;
    const graph *g = x->g;
    const event *ev = graph_ev(g, e);
    const rt_loc *l = &x->locs[ev->loc];
    if (!l->many_threads)
        return; /* one thread's accesses, all ordered by po */
    const gloc *gl = &g->loc[ev->loc];
    /* An atomic access races with an atomic one only if some scope of
     * the location is too narrow for its threads (rt_loc.min_scope); else it
     * is compared with the non-atomic accesses alone, and with nothing
     * when there are none (n blind atomicAdds cost n, not n^2). */
    if (ev->order != GPUMC_NA && (!x->hbc.scoped || l->min_scope >= l->atomic_span)) {
        for (uint32_t i = 0; i < gl->na.n && !x->stop; i++)
            if (ev->kind == EV_WRITE || graph_ev(g, gl->na.v[i])->kind == EV_WRITE)
                race_pair(x, e, gl->na.v[i]);
        return;
    }
    if (race_ordered_loc(x, ev->loc)) {
        int shared;
        if (ordered_fast(g, race_view(x, g, e, &shared), e, ev, gl))
            return;
        x->locs[ev->loc].unordered = 1;
    }
    for (uint32_t i = 0; i < gl->nco && !x->stop; i++)
        race_pair(x, e, gl->co[i]);
    if (ev->kind == EV_WRITE)
        for (uint32_t i = 0; i < gl->nrd && !x->stop; i++)
            race_pair(x, e, gl->rd[i]);
}

/* Long executions (a loop that never ends) show their start and end. */
#define TRACE_HEAD 20
#define TRACE_TAIL 100

typedef struct stamped {
    uint32_t stamp;
    eid e;
} stamped;

static int by_stamp(const void *a, const void *b)
{
    uint32_t x = ((const stamped *)a)->stamp, y = ((const stamped *)b)->stamp;
    return x < y ? -1 : x > y;
}

/* Is e an access to a collective's exchange buffer (gpumc_region_exchange)? */
static int exchange_access(const struct gpumc_exec *x, const event *ev)
{
    return (ev->kind == EV_READ || ev->kind == EV_WRITE) &&
           x->regions[x->locs[ev->loc].region].exchange;
}

/* End a trace line of n characters with its source location and a newline;
 * returns its length. */
static int end_trace_line(const struct gpumc_exec *x, uint32_t src, char *line, int n, size_t cap)
{
    if (src < x->nsrcs && x->srcs[src].file && x->srcs[src].line > 0)
        n += snprintf(line + n, cap - n, "  @ %s:%d:%d", x->srcs[src].file, x->srcs[src].line,
                      x->srcs[src].col);
    if (n > (int)cap - 2)
        n = (int)cap - 2;
    line[n++] = '\n';
    line[n] = 0;
    return n;
}

static int trace_line(const struct gpumc_exec *x, const graph *g, eid e, char *line, size_t cap)
{
    static const char *kinds[] = {"R", "W", "F", "BAR", "SPAWN", "JOIN", "END", "BLOCK", "ERROR"};
    const event *ev = graph_ev(g, e);
    int n = snprintf(line, cap, "  T%u.%u %s", EID_T(e), EID_I(e),
                     exchange_access(x, ev) ? "collective:"
                     : ev->kind <= EV_ERROR ? kinds[ev->kind] : "?");
    if (exchange_access(x, ev)) {
        char val[64];
        event_value_text(x, ev->value, access_value_size(x, ev), access_value_kind(x, ev), val,
                         sizeof val);
        n += snprintf(line + n, cap - n, " %s %s", ev->kind == EV_WRITE ? "gives" : "takes", val);
        if (ev->kind == EV_READ && ev->rf != EID_INIT && ev->rf != EID_NONE)
            n += snprintf(line + n, cap - n, " (from T%u.%u)", EID_T(ev->rf), EID_I(ev->rf));
    } else if (ev->kind == EV_READ || ev->kind == EV_WRITE) {
        const rt_loc *l = &x->locs[ev->loc];
        char val[64];
        event_value_text(x, ev->value, ev->size, access_value_kind(x, ev), val, sizeof val);
        char os[48];
        n += snprintf(line + n, cap - n, "%s %s+%u %s = %s", ev->rmw ? "(rmw)" : "",
                      x->regions[l->region].name, l->offset, order_scope(x, ev, os, sizeof os),
                      val);
        if (ev->kind == EV_READ && ev->rf == EID_INIT)
            n += snprintf(line + n, cap - n, " (from init)");
        else if (ev->kind == EV_READ)
            n += snprintf(line + n, cap - n, " (from T%u.%u)", EID_T(ev->rf), EID_I(ev->rf));
    } else if (ev->kind == EV_FENCE) {
        n += snprintf(line + n, cap - n, " %s %s", gpumc_order_name((gpumc_order)ev->order),
                      scope_text(x, ev->scope));
    } else if (ev->kind == EV_BARRIER) {
        /* the kind and the thread's ordinal; the statement is the @ line */
        n += snprintf(line + n, cap - n, " %s #%u", scope_text(x, ev->scope),
                      ev->loc);
    } else if (ev->kind == EV_JOIN && ev->aux > 1) {
        n += snprintf(line + n, cap - n, " of %u threads (T%u-%u)", ev->aux, ev->loc,
                      ev->loc + ev->aux - 1);
    }
    return end_trace_line(x, ev->src, line, n, cap);
}

static int append(char **s, size_t *len, size_t *cap, const char *line, size_t n)
{
    if (*len + n + 1 > *cap) {
        size_t c = (*cap + n) * 2;
        char *ns = realloc(*s, c);
        if (!ns)
            return -1;
        *s = ns;
        *cap = c;
    }
    memcpy(*s + *len, line, n + 1);
    *len += n;
    return 0;
}

/* The events of g in the order they were added, one per line (unless
 * `whole`, the first TRACE_HEAD and last TRACE_TAIL of a long execution). */
/* How many events from all[i] on are joins made one after the other by one
 * thread (a host thread waiting for a whole kernel: one line, not 1,024). */
static size_t join_run(const graph *g, const stamped *all, size_t total, size_t i)
{
    size_t j = i;
    while (j < total && graph_ev(g, all[j].e)->kind == EV_JOIN &&
           EID_T(all[j].e) == EID_T(all[i].e))
        j++;
    return j - i;
}

/* Can event b continue a's run of byte accesses: a plain byte access of
 * a split region (a struct or vector copied bytewise), the next event of
 * its thread, same kind, statement, order and region, the next byte? */
static int next_byte(const struct gpumc_exec *x, const graph *g, eid a, eid b, uint32_t k)
{
    const event *ea = graph_ev(g, a), *eb = graph_ev(g, b);
    if (EID_T(a) != EID_T(b) || EID_I(b) != EID_I(a) + k || eb->kind != ea->kind ||
        (ea->kind != EV_READ && ea->kind != EV_WRITE) || ea->size != 1 || eb->size != 1 ||
        ea->rmw || eb->rmw || eb->src != ea->src || eb->order != ea->order ||
        exchange_access(x, ea) || exchange_access(x, eb))
        return 0;
    const rt_loc *la = &x->locs[ea->loc], *lb = &x->locs[eb->loc];
    return lb->region == la->region && lb->offset == la->offset + k;
}

/* Events all[i..] that are one thread's bytes of one access, up to 8. */
static size_t byte_run(const struct gpumc_exec *x, const graph *g, const stamped *all,
                       size_t total, size_t i)
{
    size_t j = i + 1;
    while (j < total && j - i < 8 && next_byte(x, g, all[i].e, all[j].e, (uint32_t)(j - i)))
        j++;
    return j - i;
}

/* One line for the n byte events from all[i]: "T0.3-10 W s+8..15 na sys =
 * 0x4045000000000000 (8 bytes)", the bytes in memory order (little-endian). */
static int byte_run_line(const struct gpumc_exec *x, const graph *g, const stamped *all, size_t i,
                         size_t n, char *line, size_t cap)
{
    const event *e0 = graph_ev(g, all[i].e);
    const rt_loc *l = &x->locs[e0->loc];
    uint64_t v = 0;
    int init = 1, one_writer = 1;
    for (size_t k = 0; k < n; k++) {
        const event *ev = graph_ev(g, all[i + k].e);
        v |= (ev->value & 0xffu) << (8 * k);
        init &= ev->rf == EID_INIT;
        one_writer &= ev->rf != EID_INIT && e0->rf != EID_INIT && EID_T(ev->rf) == EID_T(e0->rf) &&
                      EID_I(ev->rf) == EID_I(e0->rf) + k;
    }
    char os[48];
    int m = snprintf(line, cap, "  T%u.%u-%u %s %s+%u..%u %s = 0x%0*llx (%zu bytes)",
                     EID_T(all[i].e), EID_I(all[i].e), EID_I(all[i + n - 1].e),
                     e0->kind == EV_WRITE ? "W" : "R", x->regions[l->region].name, l->offset,
                     l->offset + (uint32_t)n - 1, order_scope(x, e0, os, sizeof os),
                     (int)(2 * n), (unsigned long long)v, n);
    if (e0->kind == EV_READ && init)
        m += snprintf(line + m, cap - m, " (from init)");
    else if (e0->kind == EV_READ && one_writer)
        m += snprintf(line + m, cap - m, " (from T%u.%u-%u)", EID_T(e0->rf), EID_I(e0->rf),
                      EID_I(e0->rf) + (uint32_t)n - 1);
    else if (e0->kind == EV_READ)
        m += snprintf(line + m, cap - m, " (from several writes)");
    return end_trace_line(x, e0->src, line, m, cap);
}

static char *render_trace(const struct gpumc_exec *x, const graph *g, int whole)
{
    size_t total = 0, cap = 4096, len = 0;
    for (uint32_t t = 0; t < g->nthreads; t++)
        total += g->th[t].n;
    stamped *all = malloc(sizeof *all * (total ? total : 1));
    char *s = malloc(cap);
    if (!all || !s) {
        free(all);
        free(s);
        return NULL;
    }
    s[0] = 0;
    size_t k = 0;
    for (uint32_t t = 0; t < g->nthreads; t++)
        for (uint32_t i = 0; i < g->th[t].n; i++)
            all[k++] = (stamped){g->th[t].ev[i].stamp, EID(t, i)};
    qsort(all, total, sizeof *all, by_stamp);
    char line[256];
    for (size_t i = 0; i < total; i++) {
        if (!whole && total > TRACE_HEAD + TRACE_TAIL + 1 && i == TRACE_HEAD) {
            int n = snprintf(line, sizeof line, "  ... %zu more events ...\n",
                             total - TRACE_HEAD - TRACE_TAIL);
            if (append(&s, &len, &cap, line, (size_t)n))
                break;
            i = total - TRACE_TAIL;
        }
        size_t joins = join_run(g, all, total, i), bytes = byte_run(x, g, all, total, i);
        int n;
        if (joins >= 3) {
            n = snprintf(line, sizeof line, "  T%u.%u-%u JOIN of %zu threads\n", EID_T(all[i].e),
                         EID_I(all[i].e), EID_I(all[i + joins - 1].e), joins);
            i += joins - 1;
        } else if (bytes >= 2) {
            n = byte_run_line(x, g, all, i, bytes, line, sizeof line);
            i += bytes - 1;
        } else {
            n = trace_line(x, g, all[i].e, line, sizeof line);
        }
        if (append(&s, &len, &cap, line, (size_t)n))
            break;
    }
    free(all);
    return s;
}

/* ---- DOT --------------------------------------------------------------- */

typedef struct sbuf {
    char *s;
    size_t len, cap;
    int oom;
} sbuf;

static void sb_printf(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_printf(sbuf *b, const char *fmt, ...)
{
    va_list ap;
    for (;;) {
        if (b->oom)
            return;
        size_t room = b->cap - b->len;
        va_start(ap, fmt);
        int n = vsnprintf(b->s ? b->s + b->len : NULL, b->s ? room : 0, fmt, ap);
        va_end(ap);
        if (n < 0)
            return;
        if ((size_t)n < room && b->s) {
            b->len += (size_t)n;
            return;
        }
        size_t cap = (b->cap + (size_t)n + 1) * 2;
        char *ns = realloc(b->s, cap);
        if (!ns) {
            b->oom = 1;
            return;
        }
        b->s = ns;
        b->cap = cap;
    }
}

/* Text for a DOT label: quotes and backslashes escaped, at most n bytes. */
static void dot_text(sbuf *b, const char *t, size_t n)
{
    for (size_t i = 0; t[i] && i < n; i++) {
        if (t[i] == '"' || t[i] == '\\')
            sb_printf(b, "\\%c", t[i]);
        else if (t[i] != '\n' && t[i] != '\r')
            sb_printf(b, "%c", t[i]);
    }
}

static void dot_node(sbuf *b, const struct gpumc_exec *x, const graph *g, eid e, int hot,
                     int outside)
{
    static const char *kinds[] = {"R", "W", "F", "BAR", "SPAWN", "JOIN", "END", "BLOCK", "ERROR"};
    const event *ev = graph_ev(g, e);
    sb_printf(b, "    e%u_%u [label=\"", EID_T(e), EID_I(e));
    if (outside)
        sb_printf(b, "thread %u: ", EID_T(e));
    sb_printf(b, "%s", exchange_access(x, ev) ? "collective" : ev->kind <= EV_ERROR
                                                                 ? kinds[ev->kind] : "?");
    if (exchange_access(x, ev)) {
        char val[64];
        event_value_text(x, ev->value, access_value_size(x, ev), access_value_kind(x, ev), val,
                         sizeof val);
        sb_printf(b, " %s %s", ev->kind == EV_WRITE ? "gives" : "takes", val);
    } else if (ev->kind == EV_READ || ev->kind == EV_WRITE) {
        const rt_loc *l = &x->locs[ev->loc];
        char os[48];
        sb_printf(b, "%s %s %.40s+%u = %llu", ev->rmw ? " (rmw)" : "",
                  order_scope(x, ev, os, sizeof os), x->regions[l->region].name, l->offset,
                  (unsigned long long)ev->value);
    } else if (ev->kind == EV_FENCE) {
        sb_printf(b, " %s %s", gpumc_order_name((gpumc_order)ev->order),
                  scope_text(x, ev->scope));
    } else if (ev->kind == EV_BARRIER) {
        sb_printf(b, " #%u", ev->aux);
    }
    const gpumc_srcloc *src = ev->src < x->nsrcs ? &x->srcs[ev->src] : NULL;
    if (src && src->file) {
        const char *base = strrchr(src->file, '/');
        sb_printf(b, "\\n");
        dot_text(b, base ? base + 1 : src->file, 80);
        sb_printf(b, ":%d:%d", src->line, src->col);
        if (src->text && *src->text) {
            sb_printf(b, "\\n");
            dot_text(b, src->text, 48);
        }
    }
    sb_printf(b, "\"%s%s];\n", hot ? ", color=red, penwidth=2" : "",
              outside ? ", style=dashed" : "");
}

/* Does event ev synchronise: a barrier, a fence, an acquire or release? */
static int syncs(const event *ev)
{
    return ev->kind == EV_BARRIER || ev->kind == EV_FENCE ||
           ((ev->kind == EV_READ || ev->kind == EV_WRITE) && ev->order >= GPUMC_ACQ);
}

/* What the error graph shows: per thread, the events from its last
 * synchronisation before the error's event up to it (the error's
 * threads only), plus the writes those events read from elsewhere. */
typedef struct dot_view {
    uint8_t **shown;  /* [thread][index]: 1 in a window, 2 an rf source */
    int init_used;    /* some shown read reads an initial value */
} dot_view;

static int dot_view_build(dot_view *v, const graph *g, eid a, eid b)
{
    v->init_used = 0;
    v->shown = calloc(g->nthreads, sizeof *v->shown);
    if (!v->shown)
        return -1;
    for (uint32_t t = 0; t < g->nthreads; t++)
        if (g->th[t].n && !(v->shown[t] = calloc(g->th[t].n, 1)))
            return -1;
    eid focus[2] = {a, b};
    for (int k = 0; k < 2; k++) {
        if (focus[k] == EID_NONE)
            continue;
        uint32_t t = EID_T(focus[k]), i = EID_I(focus[k]);
        for (;; i--) {
            v->shown[t][i] = 1;
            if (i == 0 || (syncs(&g->th[t].ev[i]) && i != EID_I(focus[k])))
                break;
        }
    }
    for (uint32_t t = 0; t < g->nthreads; t++)
        for (uint32_t i = 0; i < g->th[t].n; i++) {
            const event *ev = &g->th[t].ev[i];
            if (v->shown[t][i] != 1 || ev->kind != EV_READ)
                continue;
            if (ev->rf == EID_INIT)
                v->init_used = 1;
            else if (!v->shown[EID_T(ev->rf)][EID_I(ev->rf)])
                v->shown[EID_T(ev->rf)][EID_I(ev->rf)] = 2;
        }
    return 0;
}

static void dot_view_free(dot_view *v, const graph *g)
{
    for (uint32_t t = 0; v->shown && t < g->nthreads; t++)
        free(v->shown[t]);
    free(v->shown);
}

static int is_shown(const dot_view *v, eid e)
{
    return e != EID_INIT && e != EID_NONE && v->shown[EID_T(e)][EID_I(e)];
}

/* The synchronising edges into e from shown events: rf sources (or, for an
 * acquire fence, the rf sources of earlier reads) that became hb-before e
 * through it. */
static void dot_sw(sbuf *b, const dot_view *v, const graph *g, eid e)
{
    const event *ev = graph_ev(g, e);
    uint32_t t = EID_T(e);
    if (ev->kind == EV_READ && is_shown(v, ev->rf) && EID_T(ev->rf) != t &&
        graph_hb_before(g, ev->rf, e))
        sb_printf(b, "  e%u_%u -> e%u_%u [label=sw, color=blue, style=dashed];\n",
                  EID_T(ev->rf), EID_I(ev->rf), t, EID_I(e));
    if (ev->kind != EV_FENCE)
        return;
    for (uint32_t j = EID_I(e); j-- > 0;) {
        const event *r = &g->th[t].ev[j];
        if (r->kind != EV_READ || !is_shown(v, r->rf) || EID_T(r->rf) == t)
            continue;
        if (graph_hb_before(g, r->rf, e) && !graph_hb_before(g, r->rf, EID(t, j)))
            sb_printf(b, "  e%u_%u -> e%u_%u [label=sw, color=blue, style=dashed];\n",
                      EID_T(r->rf), EID_I(r->rf), t, EID_I(e));
    }
}

static void dot_threads(sbuf *s, const struct gpumc_exec *x, const graph *g, const dot_view *v,
                        eid a, eid b)
{
    for (uint32_t t = 0; t < g->nthreads; t++) {
        int any = 0;
        for (uint32_t i = 0; i < g->th[t].n; i++)
            any |= v->shown[t][i] == 1;
        if (!any)
            continue;
        const gpumc_coord *w = &x->threads[t].where;
        sb_printf(s, "  subgraph cluster_t%u {\n    label=\"thread %u", t, t);
        if (w->host)
            sb_printf(s, " (host)");
        else
            sb_printf(s, ": gpu %d, cta (%d,%d,%d), tid (%d,%d,%d)", w->gpu, w->cta[0],
                      w->cta[1], w->cta[2], w->tid[0], w->tid[1], w->tid[2]);
        sb_printf(s, "\";\n");
        int prev = -1;
        for (uint32_t i = 0; i < g->th[t].n; i++) {
            if (v->shown[t][i] != 1)
                continue;
            dot_node(s, x, g, EID(t, i), EID(t, i) == a || EID(t, i) == b, 0);
            if (prev >= 0)
                sb_printf(s, "    e%u_%d -> e%u_%u [label=po];\n", t, prev, t, i);
            prev = (int)i;
        }
        sb_printf(s, "  }\n");
    }
    for (uint32_t t = 0; t < g->nthreads; t++)
        for (uint32_t i = 0; i < g->th[t].n; i++)
            if (v->shown[t][i] == 2)
                dot_node(s, x, g, EID(t, i), 0, 1);
}

static void dot_edges(sbuf *s, const graph *g, const dot_view *v, eid a, eid b)
{
    for (uint32_t t = 0; t < g->nthreads; t++) {
        for (uint32_t i = 0; i < g->th[t].n; i++) {
            const event *ev = &g->th[t].ev[i];
            if (v->shown[t][i] != 1)
                continue;
            if (ev->kind == EV_READ && ev->rf == EID_INIT)
                sb_printf(s, "  init -> e%u_%u [label=rf, color=darkgreen];\n", t, i);
            else if (ev->kind == EV_READ)
                sb_printf(s, "  e%u_%u -> e%u_%u [label=rf, color=darkgreen];\n",
                          EID_T(ev->rf), EID_I(ev->rf), t, i);
            dot_sw(s, v, g, EID(t, i));
        }
    }
    /* co among the shown writes of the error's locations */
    for (uint32_t l = 0; l < g->nlocs; l++) {
        const gloc *gl = &g->loc[l];
        int racing = (a != EID_NONE && graph_ev(g, a)->loc == l && graph_ev(g, a)->kind <= EV_WRITE) ||
                     (b != EID_NONE && graph_ev(g, b)->loc == l && graph_ev(g, b)->kind <= EV_WRITE);
        eid last = EID_NONE;
        for (uint32_t i = 0; racing && i < gl->nco; i++) {
            if (!is_shown(v, gl->co[i]))
                continue;
            if (last != EID_NONE)
                sb_printf(s, "  e%u_%u -> e%u_%u [label=co, color=orange];\n", EID_T(last),
                          EID_I(last), EID_T(gl->co[i]), EID_I(gl->co[i]));
            last = gl->co[i];
        }
    }
}

static char *render_dot(const struct gpumc_exec *x, const graph *g, eid a, eid b)
{
    sbuf s = {0};
    dot_view v;
    if (dot_view_build(&v, g, a, b) != 0) {
        dot_view_free(&v, g);
        return NULL;
    }
    sb_printf(&s, "digraph execution {\n  node [shape=box, fontname=monospace];\n");
    if (v.init_used)
        sb_printf(&s, "  init [label=\"initial values\"];\n");
    dot_threads(&s, x, g, &v, a, b);
    dot_edges(&s, g, &v, a, b);
    dot_view_free(&v, g);
    sb_printf(&s, "}\n");
    if (s.oom) {
        free(s.s);
        return NULL;
    }
    return s.s;
}
