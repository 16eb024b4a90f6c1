/*
 * irharness.c -- IR programs as engine harnesses; executions and findings
 * back as canonical outcomes.  See irharness.h for the contract.
 */
#include "irharness.h"

#include <stdlib.h>
#include <string.h>

#include "canon.h"

typedef struct irh_ctx irh_ctx;

typedef struct irh_targ {
    irh_ctx *ctx;
    int thread;
} irh_targ;

/* What one run of a thread's loads returned, kept on the thread's own
 * stack while it runs (a checkpoint restores it with the fiber) and added
 * to the thread's runs at its end.  An execution does not always run every
 * thread to its end -- a graph restored from a copy may hold a thread's
 * events up to its end -- so on_exec takes the run whose loads agree with
 * the thread's read events: a thread is deterministic in the values it
 * reads, so that run's other loads (a repeated plain read that had no
 * event) are this execution's too. */
typedef struct irh_loads {
    int n;
    unsigned src[PROG_MAX_INSTR * PROG_MAX_REPS], iter[PROG_MAX_INSTR * PROG_MAX_REPS];
    uint32_t value[PROG_MAX_INSTR * PROG_MAX_REPS];
} irh_loads;

struct irh_ctx {
    struct irh_runs {
        irh_loads *v;
        int n, cap;
    } runs[PROG_MAX_THREADS]; /* each thread's distinct runs to its end */
    const prog *p;
    unsigned jobs;  /* > 1: parallel workers, no execution callbacks */
    int stop_first; /* the run stops at its first finding (irh_limits) */
    /* the locations, a region each ("x0", "x1", ...: what the engine
     * learns of one, such as being accessed atomically, holds for it
     * alone), set by the setup function */
    uint32_t *loc[PROG_NLOCS];
    gpumc_srcloc srcs[PROG_MAX_THREADS * PROG_MAX_INSTR];
    irh_targ targ[PROG_MAX_THREADS];
    outcome *out;
    uint64_t ncomplete, nblocked; /* on_execution calls */
};

/* checker_run takes `int (*)(gpumc_setup *)` with no user pointer, so the
 * program travels through this one static.  Only this test does this; it
 * is set and cleared around a single checker_run call. */
static irh_ctx *irh_current;

static void run_access(gpumc_thread *t, uint32_t *const *x, const prog_instr *in, irh_loads *l,
                       unsigned iter)
{
    uint32_t *a = x[in->loc];
    uint64_t e;
    switch (in->op) {
    case OP_LOAD:
        l->src[l->n] = in->src;
        l->iter[l->n] = iter;
        l->value[l->n++] = (uint32_t)gpumc_load(t, a, 4, in->order, in->scope, in->src);
        break;
    case OP_STORE:
        gpumc_store(t, a, 4, in->value, in->order, in->scope, in->src);
        break;
    case OP_FADD:
    case OP_XCHG:
        (void)gpumc_rmw(t, a, 4,
                        (gpumc_rmw_op)((in->op == OP_FADD ? GPUMC_RMW_ADD : GPUMC_RMW_XCHG) |
                                       (in->blind ? GPUMC_RMW_UNUSED : 0)),
                        in->value, in->order, in->scope, in->src);
        break;
    case OP_CAS:
        e = in->expected;
        (void)gpumc_cas(t, a, 4, &e, in->value, in->order,
                        prog_cas_fail_order(in->order), in->scope,
                        in->blind ? GPUMC_CAS_UNUSED : 0, in->src);
        break;
    case OP_FENCE:
        gpumc_fence(t, in->order, in->scope, in->src);
        break;
    case OP_ARRIVE: /* irh_thread: they need the thread's CTA and rounds */
    case OP_WAIT:
        break;
    case OP_BARRIER:
        gpumc_barrier(t, GPUMC_SCOPE_CTA, in->bar_id, in->src);
        break;
    case OP_AWAIT:
    case OP_AWAIT_RMW:
        /* As a compiled loop does: the spin check at the loop's head (no
         * private state), then the access. */
        for (;;) {
            (void)gpumc_spin(t, in->src, NULL, NULL, 0, in->src);
            uint64_t v = in->op == OP_AWAIT
                             ? gpumc_load(t, a, 4, in->order, in->scope, in->src)
                             : gpumc_rmw(t, a, 4, GPUMC_RMW_ADD, 0, in->order, in->scope,
                                         in->src);
            if ((uint32_t)v == in->value)
                break;
        }
        break;
    case OP_AWAIT_CAS:
        for (;;) {
            (void)gpumc_spin(t, in->src, NULL, NULL, 0, in->src);
            e = in->expected;
            if (gpumc_cas(t, a, 4, &e, in->value, in->order, prog_cas_fail_order(in->order),
                          in->scope, 0, in->src))
                break;
        }
        break;
    }
}

/* A counted loop as a compiled one: the spin check at the head sees the
 * counter change, so the repeated access is not an await. */
static void run_instr(gpumc_thread *t, uint32_t *const *x, const prog_instr *in, irh_loads *l)
{
    if (prog_reps(in) == 1) {
        run_access(t, x, in, l, 0);
        return;
    }
    for (int k = 0; k < prog_reps(in); k++) {
        const void *state = &k;
        size_t size = sizeof k;
        (void)gpumc_spin(t, in->src, &state, &size, 1, in->src);
        run_access(t, x, in, l, (unsigned)k);
    }
}

static int same_loads(const irh_loads *a, const irh_loads *b)
{
    if (a->n != b->n)
        return 0;
    for (int i = 0; i < a->n; i++)
        if (a->src[i] != b->src[i] || a->iter[i] != b->iter[i] || a->value[i] != b->value[i])
            return 0;
    return 1;
}

static void add_run(struct irh_runs *r, const irh_loads *l)
{
    for (int i = 0; i < r->n; i++)
        if (same_loads(&r->v[i], l))
            return;
    if (r->n == r->cap) {
        r->cap = r->cap ? 2 * r->cap : 8;
        r->v = realloc(r->v, (size_t)r->cap * sizeof *r->v);
        if (!r->v)
            abort();
    }
    r->v[r->n++] = *l;
}

static void irh_thread(gpumc_thread *t, void *arg)
{
    const irh_targ *ta = arg;
    const prog *p = ta->ctx->p;
    const prog_thread *th = &p->th[ta->thread];
    unsigned id = PROG_SPLIT_ID + (unsigned)th->cta, count = (unsigned)prog_cta_size(p, th->cta);
    unsigned round = 0; /* the k-th wait waits for round k */
    irh_loads mine;
    mine.n = 0;
    for (int i = 0; i < th->n; i++) {
        const prog_instr *in = &th->ins[i];
        if (in->op == OP_ARRIVE)
            (void)gpumc_barrier_arrive(t, id, count, in->src);
        else if (in->op == OP_WAIT)
            gpumc_barrier_wait(t, id, round++, count, in->src);
        else
            run_instr(t, ta->ctx->loc, in, &mine);
    }
    add_run(&ta->ctx->runs[ta->thread], &mine);
}

static int irh_setup(gpumc_setup *s)
{
    irh_ctx *c = irh_current;
    const prog *p = c->p;
    if (gpumc_sources(s, c->srcs, p->nsrc) < 0)
        return -1;
    for (int l = 0; l < PROG_NLOCS; l++) {
        char name[16];
        snprintf(name, sizeof name, "x%d", l);
        if (!(c->loc[l] = gpumc_region(s, name, 4, NULL)))
            return -1;
    }
    int rank[2] = {0, 0};
    for (int t = 0; t < p->nthreads; t++) {
        gpumc_coord w;
        memset(&w, 0, sizeof w);
        w.cta[0] = p->th[t].cta;
        w.tid[0] = rank[p->th[t].cta]++;
        c->targ[t].ctx = c;
        c->targ[t].thread = t;
        if (gpumc_thread_add(s, irh_thread, &c->targ[t], &w) < 0)
            return -1;
    }
    return 0;
}

/* Location index of a memory event, or -1 if at none of them. */
static int loc_of(const irh_ctx *c, uint64_t addr)
{
    for (int l = 0; l < PROG_NLOCS; l++)
        if (addr == (uint64_t)(uintptr_t)c->loc[l])
            return l;
    return -1;
}

/* Does the event begin a run of its instruction (a read, or a write that
 * is not the second half of an RMW)? */
static int starts_instance(const gpumc_ev_info *ev)
{
    return ev->kind == EV_READ || (ev->kind == EV_WRITE && !ev->is_rmw);
}

/* The loop iteration of event (thread, index): how many runs of its
 * instruction began before it in the thread. */
static unsigned iteration_of(const gpumc_exec *x, int thread, int index,
                             const gpumc_ev_info *ev)
{
    unsigned n = 0;
    for (int i = 0; i < index; i++) {
        gpumc_ev_info e;
        gpumc_exec_event(x, thread, i, &e);
        n += e.src == ev->src && starts_instance(&e);
    }
    return starts_instance(ev) ? n : n - 1;
}

static canon_write write_of(const gpumc_exec *x, int thread, int index)
{
    canon_write w = {0, 0, 0, 0};
    if (thread < 0) {
        w.init = 1;
        return w;
    }
    gpumc_ev_info ev;
    gpumc_exec_event(x, thread, index, &ev);
    w.src = ev.src;
    w.iter = iteration_of(x, thread, index, &ev);
    w.rmw = ev.is_rmw;
    return w;
}

static void add_reads(const irh_ctx *c, const gpumc_exec *x, canon *cn)
{
    int nt = gpumc_exec_nthreads(x);
    for (int t = 0; t < nt; t++) {
        int ne = gpumc_exec_nevents(x, t);
        for (int i = 0; i < ne; i++) {
            gpumc_ev_info ev;
            gpumc_exec_event(x, t, i, &ev);
            if (ev.kind != EV_READ || loc_of(c, ev.addr) < 0)
                continue;
            canon_read(cn, ev.src, iteration_of(x, t, i, &ev),
                       write_of(x, ev.rf_thread, ev.rf_index));
        }
    }
}

static void add_co(const irh_ctx *c, const gpumc_exec *x, canon *cn)
{
    int th[CANON_MAX_CO], ix[CANON_MAX_CO];
    for (int l = 0; l < PROG_NLOCS; l++) {
        uint64_t a = (uint64_t)(uintptr_t)c->loc[l];
        int n = gpumc_exec_co(x, a, th, ix, CANON_MAX_CO);
        if (n > CANON_MAX_CO)
            n = CANON_MAX_CO; /* canon_co flags the overflow */
        for (int i = 0; i < n; i++)
            canon_co(cn, l, write_of(x, th[i], ix[i]));
    }
}

static int is_load(const irh_ctx *c, unsigned src)
{
    for (int t = 0; t < c->p->nthreads; t++)
        for (int i = 0; i < c->p->th[t].n; i++)
            if (c->p->th[t].ins[i].src == src)
                return c->p->th[t].ins[i].op == OP_LOAD;
    return 0;
}

/* Thread t's run whose loads include, in order, what its load events in
 * x read. */
static const irh_loads *run_of(const irh_ctx *c, const gpumc_exec *x, int t)
{
    const struct irh_runs *r = &c->runs[t];
    int ne = gpumc_exec_nevents(x, t);
    for (int k = 0; k < r->n; k++) {
        const irh_loads *run = &r->v[k];
        int j = 0, ok = 1;
        for (int i = 0; i < ne && ok; i++) {
            gpumc_ev_info ev;
            gpumc_exec_event(x, t, i, &ev);
            if (ev.kind != EV_READ || loc_of(c, ev.addr) < 0 || !is_load(c, ev.src))
                continue;
            while (j < run->n && !(run->src[j] == ev.src && run->value[j] == (uint32_t)ev.value))
                j++;
            ok = j++ < run->n;
        }
        if (ok)
            return run;
    }
    return NULL;
}

/* The engine starts over (it learned that an order of blind RMWs is
 * observable): what it reported so far does not count. */
static void on_restart(void *ud)
{
    irh_ctx *c = ud;
    outcome_clear_execs(c->out);
    c->ncomplete = c->nblocked = 0;
}

static void on_exec(void *ud, const struct gpumc_exec *x, int blocked)
{
    irh_ctx *c = ud;
    canon cn;
    canon_init(&cn);
    add_reads(c, x, &cn);
    add_co(c, x, &cn);
    execset_add_owned(blocked ? &c->out->blocked : &c->out->complete,
                      canon_str(&cn));
    if (blocked) {
        c->nblocked++;
        return;
    }
    c->ncomplete++;
    canon_loads l;
    canon_loads_init(&l);
    for (int t = 0; t < c->p->nthreads; t++) {
        const irh_loads *run = run_of(c, x, t);
        if (!run) {
            c->out->error = 1;
            snprintf(c->out->msg, sizeof c->out->msg,
                     "no run of thread %d to its end read what its events read", t);
            return;
        }
        for (int i = 0; i < run->n; i++)
            canon_load(&l, run->src[i], run->iter[i], run->value[i]);
    }
    execset_add_owned(&c->out->loads, canon_loads_str(&l));
}

/* Divergence: one key per barrier the finding names (either side). */
static void add_divergence(findset *f, const finding *fd)
{
    int named = 0;
    const finding_event *e[2] = {&fd->a, &fd->b};
    for (int i = 0; i < 2; i++)
        if (e[i]->valid && e[i]->kind == EV_BARRIER) {
            findset_add(f, FINDING_DIVERGENCE, e[i]->src, e[i]->src);
            named = 1;
        }
    if (!named)
        findset_add(f, FINDING_DIVERGENCE, OUTCOME_NOSRC, OUTCOME_NOSRC);
}

static void add_findings(outcome *out, const checker_result *r)
{
    for (unsigned i = 0; i < r->nfindings; i++) {
        const finding *fd = &r->findings[i];
        if (fd->kind == FINDING_DIVERGENCE) {
            add_divergence(&out->findings, fd);
            continue;
        }
        unsigned b = fd->b.valid ? fd->b.src : OUTCOME_NOSRC;
        findset_add(&out->findings, (int)fd->kind, fd->a.src, b);
    }
}

static void check_counts(irh_ctx *c, const checker_result *r)
{
    outcome *out = c->out;
    if (r->status != 0 && !(c->stop_first && r->status == CHECKER_STOPPED)) {
        out->error = 1;
        snprintf(out->msg, sizeof out->msg, "engine status %d: %.400s",
                 r->status, r->error);
    } else if (r->complete != c->ncomplete || r->blocked != c->nblocked) {
        if (c->jobs > 1)
            return; /* workers make no callbacks */
        out->error = 1;
        snprintf(out->msg, sizeof out->msg,
                 "engine counts %llu/%llu but %llu/%llu callbacks",
                 (unsigned long long)r->complete,
                 (unsigned long long)r->blocked,
                 (unsigned long long)c->ncomplete,
                 (unsigned long long)c->nblocked);
    }
}

static void fill_srcs(irh_ctx *c)
{
    for (unsigned i = 0; i < c->p->nsrc; i++) {
        c->srcs[i].file = "prop";
        c->srcs[i].line = (int)i + 1;
        c->srcs[i].col = 1;
        c->srcs[i].text = NULL;
    }
}

int irh_run(const prog *p, checker_model m, const irh_limits *lim,
            outcome *out)
{
    irh_ctx *c = calloc(1, sizeof *c);
    if (!c)
        abort();
    c->p = p;
    c->out = out;
    fill_srcs(c);

    checker_options o;
    checker_options_default(&o);
    o.model = m;
    o.races = 0;
    o.divergence = 0;
    o.stop_on_error = 0;
    o.max_executions = lim ? lim->max_execs : 0;
    o.timeout = lim ? lim->timeout : 0;
    o.checkpoint_gap = 1; /* the programs are short: save threads densely */
    o.on_execution = on_exec;
    o.on_restart = on_restart;
    o.ud = c;
    if (lim) {
        o.jobs = lim->jobs;
        o.split_depth = lim->split_depth;
        o.no_commute = lim->no_commute;
        c->jobs = lim->jobs;
        if (lim->stop_first) {
            o.races = 1;
            o.stop_on_error = 1;
            c->stop_first = 1;
        }
    }

    checker_result r;
    memset(&r, 0, sizeof r);
    irh_current = c;
    checker_run(irh_setup, &o, &r);
    irh_current = NULL;

    check_counts(c, &r);
    out->ecomplete = r.complete;
    out->eblocked = r.blocked;
    add_findings(out, &r);
    checker_result_free(&r);
    outcome_sort(out);
    for (int t = 0; t < PROG_MAX_THREADS; t++)
        free(c->runs[t].v);
    free(c);
    return out->error ? -1 : 0;
}
