/* report_fmt.c -- see report_fmt.h. */
#include "report_fmt.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>


static const char *const ids[FINDING_KIND_COUNT] = {
    [FINDING_DATA_RACE] = "data_race",
    [FINDING_HETERO_RACE] = "heterogeneous_race",
    [FINDING_DIVERGENCE] = "barrier_divergence",
    [FINDING_ASSERT] = "assertion_violation",
    [FINDING_MEMORY] = "memory_error",
    [FINDING_DEADLOCK] = "deadlock",
    [FINDING_LOOP_BOUND] = "loop_bound_exceeded",
    [FINDING_NONTERMINATION] = "non_termination",
    [FINDING_WARP_MISUSE] = "warp_collective_misuse",
};

const char *report_kind_id(finding_kind k)
{
    return (unsigned)k < FINDING_KIND_COUNT ? ids[k] : "unknown";
}

int report_is_error(finding_kind k)
{
    return k != FINDING_LOOP_BOUND;
}

int report_is_race(finding_kind k)
{
    return k == FINDING_DATA_RACE || k == FINDING_HETERO_RACE;
}

const finding *report_first_error(const checker_result *r)
{
    for (unsigned i = 0; i < r->nfindings; i++)
        if (report_is_error(r->findings[i].kind))
            return &r->findings[i];
    return NULL;
}

/* How many of x,y,z to show: the launch's dimensions, or more if used. */
static int dims_needed(int base, const int v[3])
{
    int d = v[2] ? 3 : v[1] ? 2 : 1;
    return d > base ? d : base;
}

static void fmt_dims(const int v[3], int d, char *out, size_t n)
{
    if (d >= 3)
        snprintf(out, n, "%d,%d,%d", v[0], v[1], v[2]);
    else if (d == 2)
        snprintf(out, n, "%d,%d", v[0], v[1]);
    else
        snprintf(out, n, "%d", v[0]);
}

void report_thread(const report_ctx *c, const finding_event *e, char *out,
                   size_t n)
{
    const gpumc_coord *w = &e->where;
    if (w->host && c->style != REPORT_STYLE_SCOPED_C) { /* a postcondition's checker */
        snprintf(out, n, "the host");
        return;
    }
    if (w->host || c->style == REPORT_STYLE_SCOPED_C) {
        snprintf(out, n, "%sthread %d", w->host ? "host " : "", e->thread);
        return;
    }
    char cta[40], tid[40], gpu[24] = "";
    int d = dims_needed(dims_needed(c->dims, w->cta), w->tid);
    fmt_dims(w->cta, d, cta, sizeof cta);
    fmt_dims(w->tid, d, tid, sizeof tid);
    if (c->ngpus > 1 || w->gpu != 0)
        snprintf(gpu, sizeof gpu, "gpu %d, ", w->gpu);
    int cuda = c->style == REPORT_STYLE_CUDA;
    snprintf(out, n, "(%s%s %s, %s %s)", gpu, cuda ? "block" : "group", cta,
             cuda ? "thread" : "local", tid);
}

const char *report_op(const finding_event *e)
{
    switch (e->kind) {
    case EV_READ: return e->is_rmw ? "rmw-read" : "read";
    case EV_WRITE: return e->is_rmw ? "rmw-write" : "write";
    case EV_FENCE: return "fence";
    case EV_BARRIER: return "barrier";
    case EV_SPAWN: return "spawn";
    case EV_JOIN: return "join";
    case EV_END: return "end";
    case EV_BLOCK: return "blocked";
    case EV_ERROR: return "error";
    }
    return "event";
}

static int opencl(const report_ctx *c)
{
    return c && c->language && !strcmp(c->language, "opencl");
}

const char *report_order_scope(const report_ctx *c, const finding_event *e, char *out, size_t n)
{
    return gpumc_order_scope(e->order, e->scope, opencl(c), ", ", out, n);
}

const char *report_barrier_kind(const report_ctx *c, const finding_event *e)
{
    switch ((int)e->scope) {
    case CHECKER_BAR_WARP: return "warp";
    case CHECKER_BAR_COUNTED: return "pthread";
    case CHECKER_BAR_WARP_PART: return "warp (partial mask)";
    case CHECKER_BAR_CONVERGE: return "warp convergence";
    case CHECKER_BAR_WAIT: return "pthread wait";
    default: return gpumc_scope_label(e->scope, opencl(c));
    }
}

int report_is_memory(const finding_event *e)
{
    return e->kind == EV_READ || e->kind == EV_WRITE;
}

void report_location(const finding_event *e, char *out, size_t n)
{
    if (e->region[0] && e->below)
        snprintf(out, n, "%s-%" PRIu64, e->region, e->below);
    else if (e->region[0])
        snprintf(out, n, "%s+%" PRIu64, e->region, e->offset);
    else /* a raw address differs run to run: it says nothing to the user */
        snprintf(out, n, "an address outside the buffers");
}

void report_value(const finding_event *e, char *out, size_t n)
{
    if (e->value_kind == GPUMC_VALUE_POINTER) /* a raw address differs run to run */
        snprintf(out, n, "%s", e->pointee[0] ? e->pointee : "an address outside the buffers");
    else
        gpumc_value_text(e->value, e->size, e->value_kind, out, n);
}

const char *report_scope_short(gpumc_scope s)
{
    switch (s) {
    case GPUMC_SCOPE_THREAD: return "WI";
    case GPUMC_SCOPE_CTA: return "WG";
    case GPUMC_SCOPE_GPU: return "DV";
    case GPUMC_SCOPE_SYS: return "SYS";
    }
    return "SYS";
}

const gpumc_srcloc *report_src(const checker_result *r, const finding_event *e)
{
    if (!r->srcs || e->src >= r->nsrcs)
        return NULL;
    return &r->srcs[e->src];
}

const report_fix *report_fixes_of(const report_ctx *c, unsigned i, unsigned *n)
{
    /* Fixes are grouped by finding; a run has few, so a scan is enough. */
    unsigned first = c->nfixes, k = 0;
    for (unsigned j = 0; j < c->nfixes; j++)
        if (c->fixes[j].finding == i) {
            if (first == c->nfixes)
                first = j;
            k++;
        }
    *n = k;
    return k ? &c->fixes[first] : NULL;
}

const char *report_scope_word(const report_ctx *c, gpumc_scope s)
{
    static const char *const cuda[] = {"thread", "block", "device", "system"};
    static const char *const ocl[] = {"work-item", "work-group", "device",
                                      "all-svm-devices"};
    static const char *const scoped_c[] = {"thread", "work-group", "device",
                                           "system"};
    unsigned i = (unsigned)s <= GPUMC_SCOPE_SYS ? (unsigned)s : GPUMC_SCOPE_SYS;
    if (c->style == REPORT_STYLE_OPENCL)
        return ocl[i];
    if (c->style == REPORT_STYLE_SCOPED_C)
        return scoped_c[i];
    return cuda[i];
}

/* ---- fingerprints -------------------------------------------------------- */

/* FNV-1a, 64 bits: stable across runs, machines and gpumc versions. */
static uint64_t fnv(uint64_t h, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * UINT64_C(1099511628211);
    return h;
}

static uint64_t fnv_str(uint64_t h, const char *s)
{
    h = fnv(h, s ? s : "", s ? strlen(s) : 0);
    return fnv(h, "\x1f", 1); /* field separator */
}

/* The source line of s with its blanks squeezed: re-indenting or
 * re-spacing a line keeps its findings known. */
static uint64_t fnv_line(uint64_t h, const report_ctx *c, const gpumc_srcloc *s)
{
    const char *t;
    size_t len;
    if (c && c->src && srccache_line(c->src, s->file, s->line, &t, &len) == 0) {
        int blank = 1;
        for (size_t i = 0; i < len; i++) {
            int sp = t[i] == ' ' || t[i] == '\t' || t[i] == '\r';
            if (sp && !blank)
                h = fnv(h, " ", 1);
            else if (!sp)
                h = fnv(h, &t[i], 1);
            blank = sp;
        }
    }
    return fnv(h, "\x1f", 1);
}

static uint64_t fnv_event(uint64_t h, const report_ctx *c, const checker_result *r,
                          const finding_event *e)
{
    const gpumc_srcloc *s = e->valid ? report_src(r, e) : NULL;
    if (!s || !s->file)
        return fnv_str(h, "-");
    h = fnv_str(h, s->file);
    h = fnv_str(h, s->func);
    return fnv_line(h, c, s);
}

static uint64_t fingerprint_base(const report_ctx *c, const checker_result *r,
                                 const finding *f)
{
    uint64_t h = fnv_str(UINT64_C(1469598103934665603), report_kind_id(f->kind));
    h = fnv_event(h, c, r, &f->a);
    return fnv_event(h, c, r, &f->b);
}

void report_fingerprint(const report_ctx *c, const checker_result *r, unsigned i,
                        char *out, size_t n)
{
    uint64_t base = fingerprint_base(c, r, &r->findings[i]);
    unsigned occurrence = 0;
    for (unsigned j = 0; j < i; j++)
        occurrence += fingerprint_base(c, r, &r->findings[j]) == base;
    char k[16];
    int kl = snprintf(k, sizeof k, "%u", occurrence);
    snprintf(out, n, "%016" PRIx64, fnv(base, k, (size_t)kl));
}

void report_count(double v, char *out, size_t n)
{
    char d[32];
    int k = snprintf(d, sizeof d, v >= 1e7 ? "%.3g" : "%.0f", v);
    size_t o = 0;
    for (int i = 0; i < k && o + 1 < n; i++) {
        out[o++] = d[i];
        if (v < 1e7 && i + 1 < k && (k - i - 1) % 3 == 0 && o + 1 < n)
            out[o++] = ',';
    }
    if (n)
        out[o < n ? o : n - 1] = '\0';
}

int report_estimate_reliable(const checker_result *r, char *why, size_t n)
{
    const checker_estimate *e = &r->estimate;
    uint64_t pruned = e->walks - e->walks_complete - e->walks_blocked;
    double total = e->complete + e->blocked, seen = (double)(r->complete + r->blocked);
    double se = sqrt(e->complete_se * e->complete_se + e->blocked_se * e->blocked_se);
    char a[32], b[32];
    if (e->walks == 0) {
        snprintf(why, n, "no random walk was made");
    } else if (seen > total && r->status != CHECKER_EXPLORED) {
        report_count(seen, a, sizeof a);
        report_count(total, b, sizeof b);
        snprintf(why, n, "the exploration after the walks already saw %s executions, more "
                 "than the %s estimated", a, b);
    } else if (pruned * 10 > e->walks) {
        snprintf(why, n, "%.0f%% of the walks ended in a branch the exploration prunes (a "
                 "spin iteration that is not an execution, a revisit another branch makes), "
                 "and such walks count for nothing: the true count is usually far higher",
                 100.0 * (double)pruned / (double)e->walks);
    } else if (total <= 0 || se > 0.25 * total) {
        snprintf(why, n, "the walks disagree too much (standard error %.0f%%): give more "
                 "walks (--estimate=N)", total > 0 ? 100.0 * se / total : 100.0);
    } else {
        return 1;
    }
    return 0;
}
