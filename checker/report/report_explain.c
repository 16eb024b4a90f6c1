/* report_explain.c -- see report_explain.h. */
#include "report_explain.h"

#include <stdio.h>
#include <string.h>

gpumc_scope report_scope_needed(const finding_event *a, const finding_event *b)
{
    const gpumc_coord *p = &a->where, *q = &b->where;
    if (a->thread == b->thread)
        return GPUMC_SCOPE_THREAD;
    if (p->host || q->host || p->gpu != q->gpu)
        return GPUMC_SCOPE_SYS;
    if (memcmp(p->cta, q->cta, sizeof p->cta) == 0)
        return GPUMC_SCOPE_CTA;
    return GPUMC_SCOPE_GPU;
}

/* Why a scope below `needed` misses the other thread, said of both. */
static const char *apart(const report_ctx *c, const finding_event *a,
                         const finding_event *b)
{
    switch (report_scope_needed(a, b)) {
    case GPUMC_SCOPE_THREAD: return "are the same thread";
    case GPUMC_SCOPE_CTA: return "are different threads";
    case GPUMC_SCOPE_GPU:
        return c->style == REPORT_STYLE_CUDA ? "are in different blocks"
                                             : "are in different work-groups";
    case GPUMC_SCOPE_SYS: break;
    }
    return a->where.host || b->where.host ? "are not both on the device"
                                          : "are on different GPUs";
}

/* "the write by (block 0, thread 0)" */
static void name_access(const report_ctx *c, const finding_event *e, char *out,
                        size_t n)
{
    char who[128];
    report_thread(c, e, who, sizeof who);
    snprintf(out, n, "the %s by %s", report_op(e), who);
}

/* "thread (block 1, thread 0)", "work-item (group 1, local 0)"; scoped
 * C's labels say "thread N" already. */
static void name_thread(const report_ctx *c, const finding_event *e, char *out,
                        size_t n)
{
    char who[128];
    report_thread(c, e, who, sizeof who);
    const char *what = who[0] != '(' ? ""
                     : c->style == REPORT_STYLE_OPENCL ? "work-item " : "thread ";
    snprintf(out, n, "%s%s", what, who);
}

static void explain_hetero(const report_ctx *c, const finding *x, char *out,
                           size_t n)
{
    const finding_event *a = &x->a, *b = &x->b;
    gpumc_scope need = report_scope_needed(a, b);
    int short_a = a->scope < need, short_b = b->scope < need;
    char ta[160], tb[160], acc[200];
    name_thread(c, a, ta, sizeof ta);
    name_thread(c, b, tb, sizeof tb);
    if (short_a && short_b && a->scope == b->scope)
        snprintf(out, n, "%s scope, which both accesses use, does not include "
                 "the other access's thread: %s and %s %s; both accesses need "
                 "%s scope, the narrowest that includes both threads.",
                 report_scope_word(c, a->scope), ta, tb, apart(c, a, b),
                 report_scope_word(c, need));
    else if (short_a || short_b) {
        const finding_event *e = short_a ? a : b;
        name_access(c, e, acc, sizeof acc);
        snprintf(out, n, "%s scope of %s does not include %s: they %s; it "
                 "needs %s scope, the narrowest that includes both threads.",
                 report_scope_word(c, e->scope), acc, short_a ? tb : ta,
                 apart(c, a, b), report_scope_word(c, need));
        if (short_a && short_b) /* different narrow scopes: both widen */
            snprintf(out + strlen(out) - 1, n - strlen(out) + 1, ", and so "
                     "does the other access (%s scope).",
                     report_scope_word(c, short_a ? b->scope : a->scope));
    } else
        snprintf(out, n, "The narrowest scope that includes both threads is "
                 "%s scope.", report_scope_word(c, need));
    if (out[0] >= 'a' && out[0] <= 'z') /* a sentence starts with a capital */
        out[0] = (char)(out[0] - 'a' + 'A');
}

static void explain_data(const report_ctx *c, const finding *x, char *out,
                         size_t n)
{
    char a[200], b[200];
    name_access(c, &x->a, a, sizeof a);
    name_access(c, &x->b, b, sizeof b);
    int na = x->a.order == GPUMC_NA, nb = x->b.order == GPUMC_NA;
    const char *flags = strstr(x->msg, CHECKER_MSG_BARRIER_FLAGS);
    if (flags)
        snprintf(out, n, "%s and %s are ordered only by a barrier whose fence flags leave "
                 "their memory out: give that barrier %s.", a, b,
                 strstr(flags, "local") ? "CLK_LOCAL_MEM_FENCE" : "CLK_GLOBAL_MEM_FENCE");
    else if (na && nb)
        snprintf(out, n, "Neither %s nor %s is atomic, and no release/acquire "
                 "synchronisation or barrier orders them.", a, b);
    else
        snprintf(out, n, "%s is not atomic, and no release/acquire "
                 "synchronisation or barrier orders it with %s.", na ? a : b,
                 na ? b : a);
    if (out[0] >= 'a' && out[0] <= 'z')
        out[0] = (char)(out[0] - 'a' + 'A');
    if ((na && x->a.volatile_access) || (nb && x->b.volatile_access)) {
        size_t l = strlen(out);
        snprintf(out + l, n - l, " %s", c->style == REPORT_STYLE_OPENCL
            ? "A volatile access is not atomic in OpenCL C (atomic_load/atomic_store are; "
              "--volatile=relaxed checks volatile accesses as relaxed atomics, as NVIDIA's "
              "compiler emits them)."
            : c->style == REPORT_STYLE_CUDA
            ? "A volatile access is not atomic in CUDA C++ (cuda::atomic_ref is; PTX makes "
              "the ld/st.volatile nvcc emits relaxed atomics: --volatile=relaxed checks "
              "them so)."
            : "A volatile access is not atomic in C (C11 atomics are).");
    }
}

void report_explain(const report_ctx *c, const finding *x, char *out, size_t n)
{
    if (n == 0)
        return;
    out[0] = '\0';
    if (!x->a.valid || !x->b.valid)
        return;
    if (x->kind == FINDING_HETERO_RACE)
        explain_hetero(c, x, out, n);
    else if (x->kind == FINDING_DATA_RACE)
        explain_data(c, x, out, n);
}
