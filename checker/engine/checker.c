/*
 * checker.c -- checker_run(): set up a run context from a harness, explore,
 * and fill the result; plus the read-only execution inspection calls.
 */
#include "exec.h"
#include "comm.h"
#include "dpor.h"
#include "par.h"
#include "runtime.h"
#include "stop.h"

#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void checker_options_default(checker_options *o)
{
    memset(o, 0, sizeof *o);
    o->model = MODEL_SRC11;
}

void checker_result_free(checker_result *r)
{
    for (unsigned i = 0; i < r->nfindings; i++) {
        free(r->findings[i].trace);
        free(r->findings[i].dot);
    }
    free(r->findings);
    r->findings = NULL;
    r->nfindings = r->capfindings = 0;
}

static int fail_with(checker_result *r, const char *msg, int code)
{
    r->status = -1;
    r->error_exit = code;
    snprintf(r->error, sizeof r->error, "%s", msg);
    return code;
}

/* The harness's setup is at fault. */
static int fail(checker_result *r, const char *msg)
{
    return fail_with(r, msg, 5);
}

static int fail_internal(checker_result *r, const char *msg)
{
    return fail_with(r, msg, 7);
}

static int build_program(struct gpumc_exec *x, checker_setup_fn setup, checker_result *r)
{
    gpumc_setup s = {x};
    int rc = setup(&s);
    if (x->setup_error[0])
        return fail(r, x->setup_error);
    if (rc != 0)
        return fail(r, "the harness setup function reported failure");
    if (x->nthreads == 0)
        return fail(r, "the harness declares no threads");
    gpumc_coord *where = malloc(sizeof(gpumc_coord) * x->nthreads);
    if (!where)
        return fail_internal(r, "out of memory");
    for (uint32_t i = 0; i < x->nthreads; i++)
        where[i] = x->threads[i].where;
    rc = topo_build(&x->tp, where, x->nthreads,
                    x->opt.warp_sync ? x->opt.warp_sync : x->warp_size);
    free(where);
    if (rc != 0)
        return fail_internal(r, "out of memory");
    return 0;
}

static int model_poll(void *ud)
{
    return stop_poll(ud) != 0;
}

/* Forget everything explored so far: the exploration starts over. */
/* Back to the empty graph, threads not yet started. */
static void back_to_root(struct gpumc_exec *x)
{
    x->stop = 0;
    x->limit_reached = 0;
    x->depth = 0;
    x->g = x->pool[0];
    graph_clear(x->g);
    rt_restart_threads(x);
}

static void restart(struct gpumc_exec *x)
{
    checker_result *r = x->res;
    checker_result_free(r);
    r->complete = r->blocked = 0;
    x->internal[0] = 0; /* what a restart said (RT_BYTEWISE) is applied */
    rt_forget_kinds(x);
    back_to_root(x);
    if (x->opt.on_restart)
        x->opt.on_restart(x->opt.ud);
}

#define EST_PROBE_SECONDS 0.5

/* After the walks: explore for EST_PROBE_SECONDS, to measure how fast the
 * exploration goes.  Its executions count as explored; if that was all of
 * them the run is simply explored (x->stop stays 0), if it ran out of time
 * the run is CHECKER_ESTIMATED. */
static void probe_speed(struct gpumc_exec *x, checker_estimate *e)
{
    double timeout = x->opt.timeout, t0 = stop_now();
    double end = t0 - x->t0 + EST_PROBE_SECONDS;
    x->opt.timeout = timeout > 0 && timeout < end ? timeout : end;
    unsigned walks = x->opt.estimate;
    x->opt.estimate = 0;
    dpor_explore(x);
    x->opt.estimate = walks;
    x->opt.timeout = timeout;
    double dt = stop_now() - t0;
    e->rate = dt > 0 ? (double)(x->res->complete + x->res->blocked) / dt : 0;
    if (x->stop == EXEC_RESTART || (x->stop == CHECKER_TIMEOUT && !(timeout > 0 && timeout < end)))
        x->stop = CHECKER_ESTIMATED; /* the probe's own end */
}

/* Knuth's estimator (checker_options.estimate): random walks from the
 * root, each weighing what it reached by 1 / the probability of the
 * choices it made (dpor.c est_choose); their mean is the number of
 * executions, in expectation.  A restart (comm.c learned something) makes
 * another tree: the walks start over.  An error met stops the walks as it
 * stops an exploration. */
static void estimate(struct gpumc_exec *x)
{
    double sum[2] = {0, 0}, sumsq[2] = {0, 0};
    uint64_t walks = 0, ended[2] = {0, 0};
    double t0 = stop_now();
    x->est.rng = x->opt.estimate_seed ? x->opt.estimate_seed : 0x9e3779b97f4a7c15ull;
    while (walks < x->opt.estimate) {
        x->est.weight = 1;
        x->est.end = 0;
        dpor_explore(x);
        if (x->stop == EXEC_RESTART) {
            restart(x);
            walks = ended[0] = ended[1] = 0;
            sum[0] = sum[1] = sumsq[0] = sumsq[1] = 0;
            continue;
        }
        if (x->stop)
            break;
        walks++;
        if (x->est.end) {
            int k = x->est.end - 1;
            ended[k]++;
            sum[k] += x->est.weight;
            sumsq[k] += x->est.weight * x->est.weight;
        }
        back_to_root(x);
    }
    checker_estimate *e = &x->res->estimate;
    e->walks = walks;
    e->walks_complete = ended[0];
    e->walks_blocked = ended[1];
    e->seconds = stop_now() - t0;
    if (walks) {
        double n = (double)walks, v;
        e->complete = sum[0] / n;
        e->blocked = sum[1] / n;
        v = sumsq[0] / n - e->complete * e->complete;
        e->complete_se = v > 0 ? sqrt(v / n) : 0;
        v = sumsq[1] / n - e->blocked * e->blocked;
        e->blocked_se = v > 0 ? sqrt(v / n) : 0;
    }
    if (!x->stop && walks)
        probe_speed(x, e);
    else if (!x->stop)
        x->stop = CHECKER_ESTIMATED;
}

/* Parallel workers replay from the root, which shadow state cannot
 * follow (runtime.c), so their run first explores in one process on it: a
 * kernel of one execution is done there without events for its plain
 * accesses, and the first choice point with more than one option -- where
 * the workers would begin to split -- ends the trial (EXEC_RESTART with
 * shadow_off; dpor.c part_enter).  1: done in the trial.
 * (Not across machines: each would run the trial.) */
static int shadow_trial(struct gpumc_exec *x)
{
    int done = 0;
    rt_shadow_trial(x, 1);
    while (x->shadow) {
        dpor_explore(x);
        if (x->stop != EXEC_RESTART) {
            done = 1;
            break;
        }
        restart(x); /* learned something, or the trial ends (shadow_off) */
    }
    rt_shadow_trial(x, 0);
    return done;
}

/* Explore; a restart (comm.c learned that an order of blind RMWs is
 * observable, or runtime.c that a region is accessed with two sizes, or
 * that plain accesses need events) explores again with what it learned.
 * Each restart switches a reduction off somewhere for good or makes a
 * region bytewise, so this ends.  Parallel workers learn in separate processes: there a restart
 * names the bytewise region (x->internal), else switches the reduction off
 * everywhere. */
static void explore_until_settled(struct gpumc_exec *x)
{
    int par = x->opt.jobs > 1 || x->opt.dist;
    if (x->opt.jobs > 1 && !x->opt.dist && shadow_trial(x))
        return;
    for (;;) {
        if (par)
            par_explore(x, x->opt.jobs);
        else
            dpor_explore(x);
        if (x->stop != EXEC_RESTART)
            return;
        if (par && rt_names_bytewise(x->internal, NULL))
            rt_make_bytewise(x, x->internal);
        else if (par)
            x->comm_off = 1;
        restart(x);
    }
}

static void destroy(struct gpumc_exec *x)
{
    rt_teardown(x);
    for (uint32_t i = 0; i < x->npool; i++) {
        graph_free(x->pool[i]);
        free(x->pool[i]);
    }
    free(x->pool);
    free(x->keep);
    free(x->pw);
    free(x->blocking);
    view_acc_free(&x->barcache.acc);
    free(x->locs);
    comm_free(x);
    free(x->regions);
    free(x->aliases);
    free(x->by_addr);
    free(x->threads);
    topo_free(&x->tp);
}

int checker_run(checker_setup_fn setup, const checker_options *o, checker_result *r)
{
    memset(r, 0, sizeof *r);
    struct gpumc_exec *x = calloc(1, sizeof *x);
    if (!x)
        return fail_internal(r, "out of memory");
    x->opt = *o;
    x->res = r;
    x->model = model_get(o->model);
    x->hbc.tp = &x->tp;
    x->hbc.scoped = x->model->scoped;
    x->hbc.lockstep = x->opt.warp_sync != 0;
    x->hbc.poll = model_poll;
    x->hbc.poll_ud = x;
    /* Under SC every order of two writes is visible through other
     * locations: nothing commutes unobserved. */
    x->comm_off = o->no_commute || x->model == &model_sc;
    x->comm_float = o->commute_float;
    /* the setup phase needs a graph for location bookkeeping */
    graph *base = NULL;
    int rc = -1;
    x->pool = calloc(1, sizeof(graph *));
    if (!x->pool || !(x->pool[0] = calloc(1, sizeof(graph))) || graph_init(x->pool[0], 0) != 0) {
        fail_internal(r, "out of memory");
        goto out;
    }
    x->npool = 1;
    x->g = x->pool[0];
    if (build_program(x, setup, r) != 0)
        goto out;
    r->srcs = x->srcs;
    r->nsrcs = x->nsrcs;
    base = x->pool[0];
    graph_free(base);
    x->keep = calloc(x->nthreads, sizeof(uint32_t));
    x->pw = calloc(x->nthreads, sizeof(uint32_t));
    x->barcache.exit_owner = EID_NONE;
    x->probe.r = EID_NONE;
    if (view_acc_init(&x->barcache.acc, x->nthreads, GRAPH_MAX_VIEWS) == 0) {
        /* else: joins without the cache */
        x->hbc.bar = &x->barcache;
    }
    if (!x->keep || !x->pw || graph_init(base, x->nthreads) != 0 ||
        (x->spaces && graph_track_spaces(base) != 0) || graph_ensure_locs(base, x->nlocs) != 0 ||
        rt_prepare(x) != 0) {
        fail_internal(r, "out of memory or cannot set up fibers");
        goto out;
    }
    x->g = base;
    x->t0 = stop_now();
    if (x->opt.estimate)
        estimate(x);
    else
        explore_until_settled(x);
    r->seconds = stop_now() - x->t0;
    if (x->stop == CHECKER_FAILED)
        fail_with(r, x->internal, x->internal_exit);
    else
        r->status = x->stop; /* 0 (CHECKER_EXPLORED) when nothing stopped it */
    if (r->status == CHECKER_INTERRUPTED)
        r->signal = x->stop_signal;
    rc = r->status < 0 ? r->error_exit : 0;
out:
    destroy(x);
    free(x);
    return rc;
}

/* ---- inspection ----------------------------------------------------------- */

int gpumc_exec_nthreads(const gpumc_exec *x)
{
    return (int)x->g->nthreads;
}

int gpumc_exec_nevents(const gpumc_exec *x, int thread)
{
    if (thread < 0 || (uint32_t)thread >= x->g->nthreads)
        return 0;
    return (int)x->g->th[thread].n;
}

void gpumc_exec_event(const gpumc_exec *x, int thread, int index, gpumc_ev_info *out)
{
    memset(out, 0, sizeof *out);
    out->rf_thread = out->rf_index = -1;
    if (index < 0 || index >= gpumc_exec_nevents(x, thread))
        return;
    const event *ev = &x->g->th[thread].ev[index];
    out->kind = (event_kind)ev->kind;
    out->is_rmw = ev->rmw;
    out->order = (gpumc_order)ev->order;
    out->scope = (gpumc_scope)ev->scope;
    out->src = ev->src;
    out->value = ev->value;
    if (ev->kind == EV_READ || ev->kind == EV_WRITE) {
        out->addr = x->locs[ev->loc].addr;
        out->size = ev->size;
    }
    if (ev->kind == EV_BARRIER)
        out->barrier_id = ev->aux;
    if (ev->kind == EV_READ && ev->rf != EID_INIT && ev->rf != EID_NONE) {
        out->rf_thread = (int)EID_T(ev->rf);
        out->rf_index = (int)EID_I(ev->rf);
    }
}

int gpumc_exec_co(const gpumc_exec *x, uint64_t addr, int *threads, int *indices, int max)
{
    for (uint32_t l = 0; l < x->nlocs; l++) {
        if (x->locs[l].addr != addr)
            continue;
        const gloc *gl = &x->g->loc[l];
        for (uint32_t i = 0; i < gl->nco && (int)i < max; i++) {
            threads[i] = (int)EID_T(gl->co[i]);
            indices[i] = (int)EID_I(gl->co[i]);
        }
        return (int)gl->nco;
    }
    return 0;
}
