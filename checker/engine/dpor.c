/*
 * dpor.c -- optimal exploration of all consistent executions (SPEC 4.5).
 *
 * The algorithm is TruSt's / GPUMC's (Algorithms 1-3) with explicit co:
 * visit() repeatedly asks the scheduler for the next event of the lowest
 * runnable thread (an RMW's write part first) and adds it:
 *  - a read branches over every write of its location (rf);
 *  - a write branches over every co position (forward), and may revisit
 *    each read r of its location outside its porf-prefix: the graph is cut
 *    to the events added before r plus w's porf-prefix, r reads from w, and
 *    w is placed at every co position.  A revisit is taken only if every
 *    deleted event and r itself were added "maximally" (reads from the
 *    co-latest write among those added before it or in porf(w), writes
 *    co-latest among those) -- the check that makes each execution appear
 *    exactly once;
 *  - other events (fences, barriers, spawn/join, thread end, errors) add no
 *    branching.
 * Forward branches mutate the current graph and cut it back afterwards;
 * revisits work on a copy (one per nesting depth, reused), so memory stays
 * polynomial and no set of visited executions is kept.
 */
#include "dpor.h"

#include "comm.h"
#include "race.h"
#include "runtime.h"
#include "stop.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void visit(struct gpumc_exec *x);

/* Parallel workers (par.c, through x->split) split the tree: each child
 * of a choice point at depth part.depth goes to the worker that claims it
 * first; shallower work is repeated by every worker, and only the lead
 * worker counts executions found up there. */
static int part_enter(struct gpumc_exec *x, int branching)
{
    if (branching && x->shadow_trial) { /* the workers take it from here (checker.c) */
        rt_shadow_abandon(x);
        if (!x->stop)
            x->stop = EXEC_RESTART;
        return 0;
    }
    if (!branching || !x->split)
        return 1;
    if (x->part.cur + 1 == x->part.depth && !x->split->claim(x, x->part.ctr++))
        return 0;
    x->part.cur++;
    return 1;
}

static void part_leave(struct gpumc_exec *x, int branching)
{
    if (branching && x->split)
        x->part.cur--;
}

static int terminal(uint8_t kind)
{
    return kind == EV_END || kind == EV_ERROR || kind == EV_BLOCK;
}

static const event *last_event(const graph *g, uint32_t t)
{
    const gthread *th = &g->th[t];
    return th->n ? &th->ev[th->n - 1] : NULL;
}

static int started(const struct gpumc_exec *x, const graph *g, uint32_t t)
{
    return !x->threads[t].spawned || g->th[t].spawn != EID_NONE;
}

static uint64_t count_barrier_arrivals(const graph *g, const event *eb)
{
    uint64_t arrived = 0;
    for (uint32_t u = 0; u < g->nthreads; u++)
        arrived += graph_instance_event(g, u, eb) != EID_NONE;
    return arrived;
}

/* A counted barrier's instance is complete once `count` threads reached it. */
static int count_barrier_state(const graph *g, const event *eb)
{
    return count_barrier_arrivals(g, eb) >= eb->value ? 1 : 0;
}

static int barrier_state(const struct gpumc_exec *x, const graph *g, eid b, eid *other);

/* Which of two convergence instances a stalled warp lets go first: the
 * one written earlier in the source (an earlier line, else the one the
 * compiled code reaches first, then the lower site, then the older
 * instance).  The lanes inside a branch then reach the point after it
 * before that point completes, as a GPU reconverges a warp after a
 * branch, while the two sides of an if/else each still run as a group. */
static int converge_first(const struct gpumc_exec *x, const event *a, const event *b)
{
    const gpumc_srcloc *sa = a->src < x->nsrcs ? &x->srcs[a->src] : NULL;
    const gpumc_srcloc *sb = b->src < x->nsrcs ? &x->srcs[b->src] : NULL;
    if (sa && sb && sa->line != sb->line)
        return sa->line < sb->line;
    /* On one line, a column says nothing of the order of evaluation (in
     * A[t] = A[t - 1] the store's column comes first): the order in which
     * the compiled code names its places -- source entries are numbered
     * as the instrumentation meets them -- does. */
    if (a->src != b->src)
        return a->src < b->src;
    return a->aux != b->aux ? a->aux < b->aux : a->loc < b->loc;
}

/* Has lane t gone on from the convergence instance l belongs to?  Then
 * that instance is complete, and a lane still at it is on its way. */
static int left_instance(const struct gpumc_exec *x, const graph *g, uint32_t t,
                         const event *l)
{
    const gthread *th = &g->th[t];
    for (uint32_t k = th->nbar[GRAPH_BAR_CONV]; k-- > 0;) { /* recent ones last */
        uint32_t i = th->bar[GRAPH_BAR_CONV][k];
        if (th->ev[i].aux == l->aux && th->ev[i].loc == l->loc)
            return i + 1 < th->n || rt_consumed(x, t, i);
    }
    return 0;
}

/* barrier_state of the instance b belongs to, remembered across the
 * members pick() meets one after the other (they are consecutive thread
 * ids): one scan per instance, not one per waiting member. */
typedef struct bar_memo {
    const topo_group *grp;
    uint32_t level, ordinal;
    uint64_t mask;
    int state;
} bar_memo;

/* Is m the memo of barrier event eb's instance (in group grp)? */
static int memo_holds(const bar_memo *m, const topo_group *grp, const event *eb)
{
    return grp && grp == m->grp && eb->scope == m->level && eb->loc == m->ordinal &&
           eb->value == m->mask;
}

static void memo_set(bar_memo *m, const topo_group *grp, const event *eb, int state)
{
    *m = (bar_memo){grp, eb->scope, eb->loc, eb->value, state};
}

/* barrier_state of lane u's barrier l, through memo m: the lanes of a
 * warp waiting at one block barrier share its state, so pick() scans the
 * block once for them all, not once per lane per convergence point. */
static int lane_barrier_state(const struct gpumc_exec *x, const graph *g, uint32_t u,
                              const event *l, bar_memo *m)
{
    if (l->scope >= GRAPH_BAR_COUNT) /* counted or partial: no fixed group */
        return barrier_state(x, g, EID(u, g->th[u].n - 1), NULL);
    const topo_group *grp = topo_barrier_group(&x->tp, u, l->scope);
    if (memo_holds(m, grp, l))
        return m->state;
    int st = barrier_state(x, g, EID(u, g->th[u].n - 1), NULL);
    memo_set(m, grp, l, st);
    return st;
}

/* A convergence point is complete (1) once every other lane of the warp
 * arrived at the same instance, ended, waits at a barrier not complete,
 * or waits at a convergence point that goes after this one -- one this
 * lane left is not such a point: that lane has yet to come (the source
 * order says nothing across a call, a callee above its caller).  Lanes
 * waiting at one block barrier share its state: one scan of the block
 * for them all, not one each. */
static int converge_state(const struct gpumc_exec *x, const graph *g, eid b, bar_memo *memo)
{
    const event *eb = graph_ev(g, b);
    bar_memo own = {NULL, 0, 0, 0, 0};
    if (!memo)
        memo = &own;
    const topo_group *warp = topo_barrier_group(&x->tp, EID_T(b), GRAPH_BAR_WARP);
    for (uint32_t m = 0; warp && m < warp->n; m++) {
        uint32_t u = warp->members[m];
        if (u == EID_T(b) || graph_instance_event(g, u, eb) != EID_NONE)
            continue;
        const event *l = started(x, g, u) ? last_event(g, u) : NULL;
        if (!l)
            return 0; /* on its way */
        if (terminal(l->kind))
            continue;
        if (l->kind == EV_BARRIER && l->scope == GRAPH_BAR_CONV) {
            if (converge_first(x, l, eb) || left_instance(x, g, EID_T(b), l))
                return 0;
            continue;
        }
        if (l->kind != EV_BARRIER || !graph_barrier_joins(l) || /* a split arrival runs on */
            lane_barrier_state(x, g, u, l, memo) == 1)
            return 0;
    }
    return 1;
}

/* The instance a lane arriving at convergence point `site` joins: one
 * past the latest there that some lane of the warp has gone on from (by
 * events in the graph or by its fiber running on), so a lane coming late
 * makes a new instance instead of joining one whose members left. */
static uint32_t converge_ordinal(const struct gpumc_exec *x, const graph *g, uint32_t t,
                                 uint32_t site)
{
    const topo_group *warp = topo_barrier_group(&x->tp, t, GRAPH_BAR_WARP);
    uint32_t next = 0;
    for (uint32_t m = 0; warp && m < warp->n; m++) {
        uint32_t u = warp->members[m];
        const gthread *th = &g->th[u];
        for (uint32_t k = th->nbar[GRAPH_BAR_CONV]; k-- > 0;) {
            uint32_t i = th->bar[GRAPH_BAR_CONV][k];
            if (th->ev[i].aux != site)
                continue;
            if (i + 1 < th->n || rt_consumed(x, u, i)) {
                if (th->ev[i].loc + 1 > next)
                    next = th->ev[i].loc + 1;
                break; /* a lane's instances at a site only grow */
            }
        }
    }
    return next;
}

/* After events were cut away: a convergence instance a lane still waits
 * at (its last event) is open again -- its other members may have gone
 * -- and a fiber that went on from it with the old mask must replay. */
static void converge_reopen(struct gpumc_exec *x, graph *g)
{
    if (!x->converging)
        return;
    for (uint32_t u = 0; u < g->nthreads; u++) {
        gthread *th = &g->th[u];
        event *l = th->n ? &th->ev[th->n - 1] : NULL;
        if (l && l->kind == EV_BARRIER && l->scope == GRAPH_BAR_CONV) {
            l->value = 0;
            l->ver = ++x->ver;
        }
    }
}

/* Back to the graph as it was when the event of `stamp` was added: the
 * events added since are cut, and convergence instances reopen. */
static void cut_back(struct gpumc_exec *x, graph *g, uint32_t stamp)
{
    graph_cut_after(g, stamp);
    converge_reopen(x, g);
}

/* The lanes at b's (complete) convergence instance. */
static uint32_t converge_members(const struct gpumc_exec *x, const graph *g, eid b)
{
    const event *eb = graph_ev(g, b);
    const topo_group *warp = topo_barrier_group(&x->tp, EID_T(b), GRAPH_BAR_WARP);
    uint32_t mask = 0;
    for (uint32_t m = 0; warp && m < warp->n; m++)
        if (graph_instance_event(g, warp->members[m], eb) != EID_NONE)
            mask |= 1u << topo_lane(&x->tp, warp->members[m]);
    return mask;
}

/* Before a member of b's complete convergence instance goes on, record
 * the members' mask in their events: what the call returns.  Once one
 * member went on no lane joins the instance (runtime.c), so every member
 * gets the same mask; one recorded in a graph whose members were since
 * cut away (none of them went on in this one) is recorded anew. */
static void converge_settle(const struct gpumc_exec *x, graph *g, eid b)
{
    uint32_t mask = converge_members(x, g, b);
    if (graph_ev(g, b)->value == mask)
        return;
    const event *eb = graph_ev(g, b);
    const topo_group *warp = topo_barrier_group(&x->tp, EID_T(b), GRAPH_BAR_WARP);
    for (uint32_t m = 0; warp && m < warp->n; m++) {
        eid o = graph_instance_event(g, warp->members[m], eb);
        if (o != EID_NONE)
            g->th[EID_T(o)].ev[EID_I(o)].value = mask;
    }
}

/* A barrier that does not wait for a member that has finished: a warp
 * collective in CUDA (only the non-exited lanes its mask names must reach
 * it), a block's barrier with --exit-releases-barriers (PTX: exited
 * threads release the barriers that wait for them).  The member arrives
 * with nothing, so it orders nothing. */
static int exited_member(const struct gpumc_exec *x, const graph *g, const event *eb, uint32_t u)
{
    const event *l = last_event(g, u);
    if (!l || l->kind != EV_END)
        return 0;
    if (eb->scope == GRAPH_BAR_WARP || eb->scope == GRAPH_BAR_MASK)
        return x->opt.warp_exit_releases;
    return x->opt.exit_releases && eb->scope == GPUMC_SCOPE_CTA;
}

/* 1: every member of b's instance arrived at the same barrier; 0: some
 * are still on their way; -1: never (a member is at another barrier). */
static int barrier_state(const struct gpumc_exec *x, const graph *g, eid b, eid *other)
{
    const event *eb = graph_ev(g, b);
    if (eb->scope == GRAPH_BAR_COUNT || eb->scope == GRAPH_BAR_WAIT)
        return count_barrier_state(g, eb);
    if (eb->scope == GRAPH_BAR_CONV)
        return converge_state(x, g, b, NULL);
    int part = eb->scope == GRAPH_BAR_MASK;
    const topo_group *grp = topo_barrier_group(&x->tp, EID_T(b), part ? GRAPH_BAR_WARP : eb->scope);
    int waiting = 0;
    if (!grp)
        return 1;
    for (uint32_t m = 0; m < grp->n; m++) {
        uint32_t u = grp->members[m];
        if (part && !(eb->value >> topo_lane(&x->tp, u) & 1))
            continue; /* a lane the mask leaves out */
        eid ob = graph_instance_event(g, u, eb);
        if (ob == EID_NONE && exited_member(x, g, eb, u))
            continue;
        if (ob == EID_NONE) {
            waiting = 1;
            if (other && g->th[u].n && (*other == EID_NONE || graph_ev(g, *other)->kind != EV_END))
                *other = EID(u, g->th[u].n - 1); /* one that ended, if any */
            continue;
        }
        const event *eo = graph_ev(g, ob);
        if (eo->aux != eb->aux || eo->scope != eb->scope) {
            if (other)
                *other = ob;
            return -1;
        }
    }
    return waiting ? 0 : 1;
}

/* A child that finished, normally or stopped by an error. */
static int finished(const struct gpumc_exec *x, const graph *g, uint32_t child)
{
    if (child >= g->nthreads || !started(x, g, child))
        return 0;
    const event *l = last_event(g, child);
    return l && (l->kind == EV_END || l->kind == EV_ERROR);
}

/* Can thread t's join of its children [lab->loc, + lab->aux) happen?  The
 * prefix found finished stays so while pick()'s memo holds (only appends
 * since), so a host waiting for a launch is not rescanned from its start
 * every time one more thread ends. */
static int joinable(struct gpumc_exec *x, const graph *g, uint32_t t, const label *lab)
{
    uint32_t c = lab->loc, end = lab->loc + lab->aux;
    if (x->sched.join_t == t && x->sched.join_first == lab->loc)
        c = x->sched.join_done;
    while (c < end && finished(x, g, c))
        c++;
    x->sched.join_t = t;
    x->sched.join_first = lab->loc;
    x->sched.join_done = c;
    return c == end;
}

/* The state is also kept in pick()'s memo once it is final (complete, or
 * never): the members of a block leaving a barrier one by one are each
 * met by a pick() of their own, and a scan of the block for each would
 * make a barrier cost O(members^2). */
static int instance_state(struct gpumc_exec *x, const graph *g, eid b, bar_memo *m)
{
    const event *eb = graph_ev(g, b);
    if (eb->scope == GRAPH_BAR_CONV) /* members are not a fixed group */
        return converge_state(x, g, b, m);
    const topo_group *grp = topo_barrier_group(&x->tp, EID_T(b), eb->scope);
    if (memo_holds(m, grp, eb))
        return m->state;
    memo_set(m, grp, eb, 0);
    if (grp && x->sched.bar_grp == grp && x->sched.bar_level == eb->scope &&
        x->sched.bar_ordinal == eb->loc && x->sched.bar_mask == eb->value) {
        m->state = x->sched.bar_state;
        return m->state;
    }
    m->state = barrier_state(x, g, b, NULL);
    if (grp && m->state != 0) {
        x->sched.bar_grp = grp;
        x->sched.bar_level = eb->scope;
        x->sched.bar_ordinal = eb->loc;
        x->sched.bar_mask = eb->value;
        x->sched.bar_state = m->state;
    }
    return m->state;
}

/* A successful RMW read whose write part is still to come. */
static int rmw_pending(const graph *g, uint32_t t)
{
    const event *l = last_event(g, t);
    return l && l->kind == EV_READ && l->rmw;
}

/* The thread with an RMW half done (it must finish first), or -1. */
static int pending_rmw_thread(const struct gpumc_exec *x, const graph *g, int memo)
{
    if (memo)
        return rmw_pending(g, x->sched.last_t) ? (int)x->sched.last_t : -1;
    for (uint32_t t = 0; t < g->nthreads; t++)
        if (rmw_pending(g, t))
            return (int)t;
    return -1;
}

/* next_P: the thread whose event comes next (the lowest that can move),
 * or -1 when none can.  The scan starts where the last one found a
 * thread unless the graph changed otherwise than by appending since
 * (x->sched, kept by append()), so a long run of one thread is O(1) per
 * event rather than O(threads). */
static int pick(struct gpumc_exec *x, label *out)
{
    graph *g = x->g;
    bar_memo memo = {NULL, 0, 0, 0, 0};
    int valid = x->sched.g == g && x->sched.gen == graph_gen(g);
    uint32_t lo = valid ? x->sched.lo : 0;
    int t = pending_rmw_thread(x, g, valid);
    if (!valid) {
        x->sched.grp = NULL;
        x->sched.join_lo = UINT32_MAX;
        x->sched.join_t = UINT32_MAX;
        x->sched.bar_grp = NULL;
    }
    x->sched.g = g;
    x->sched.gen = graph_gen(g);
    x->sched.lo = lo;
    if (t >= 0) {
        const label *lab = rt_next_label(x, (uint32_t)t);
        if (!lab)
            return -1;
        label_copy(out, lab);
        return t;
    }
    for (uint32_t u = lo; u < g->nthreads; u++) {
        if (!started(x, g, u))
            continue;
        const event *l = last_event(g, u);
        if (l && terminal(l->kind))
            continue;
        if (l && l->kind == EV_BARRIER && graph_barrier_joins(l) &&
            instance_state(x, g, EID(u, g->th[u].n - 1), &memo) != 1)
            continue;
        if (l && l->kind == EV_BARRIER && l->scope == GRAPH_BAR_CONV)
            converge_settle(x, g, EID(u, g->th[u].n - 1));
        const label *lab = rt_next_label(x, u);
        if (!lab)
            return -1;
        if (lab->kind == EV_JOIN && !joinable(x, g, u, lab)) {
            if (u < x->sched.join_lo)
                x->sched.join_lo = u;
            continue;
        }
        x->sched.lo = u;
        label_copy(out, lab);
        return (int)u;
    }
    if (valid) { /* the end of an execution: make sure from scratch */
        x->sched.g = NULL;
        return pick(x, out);
    }
    return -1;
}

/* Has every member of e's barrier instance arrived, now that e has?
 * Counted along a run of appends (recounted when the run starts anew),
 * so a CTA arriving costs O(members), not O(members^2). */
static int instance_complete(struct gpumc_exec *x, const graph *g, eid e,
                             const topo_group *grp)
{
    const event *ev = graph_ev(g, e);
    if (x->sched.grp == grp && x->sched.level == ev->scope && x->sched.ordinal == ev->loc) {
        x->sched.arrived++;
    } else {
        x->sched.grp = grp;
        x->sched.level = ev->scope;
        x->sched.ordinal = ev->loc;
        x->sched.arrived = 0;
        for (uint32_t m = 0; m < grp->n; m++) /* e is not noted as a barrier yet */
            x->sched.arrived += grp->members[m] == EID_T(e) ||
                                graph_barrier(g, grp->members[m], ev->scope, ev->loc) != EID_NONE ||
                                exited_member(x, g, ev, grp->members[m]);
    }
    return x->sched.arrived >= grp->n;
}

/* Lane t finished: the warp collective its warp waits at may be complete
 * without it now (exited_member). */
static void warp_exit_rescan(struct gpumc_exec *x, uint32_t t)
{
    const topo_group *w = topo_barrier_group(&x->tp, t, GRAPH_BAR_WARP);
    if (w && w->n && w->members[0] < x->sched.lo)
        x->sched.lo = w->members[0];
    x->sched.grp = x->sched.bar_grp = NULL; /* counts and states made without it */
}

/* Keep pick()'s memo through an append of e by the thread it picked: a
 * barrier arrival either leaves its thread waiting (the scan moves past
 * it) or completes the instance and frees its members; an end may free
 * a join, a spawn starts a thread. */
static void sched_appended(struct gpumc_exec *x, uint64_t gen_before, eid e)
{
    const graph *g = x->g;
    if (x->sched.g != g || x->sched.gen != gen_before) {
        x->sched.g = NULL;
        return;
    }
    x->sched.gen = graph_gen(g);
    x->sched.last_t = EID_T(e);
    const event *ev = graph_ev(g, e);
    if (x->opt.exit_releases && (ev->kind == EV_BARRIER || ev->kind == EV_END)) {
        x->sched.lo = 0; /* an instance may complete short of its group: rescan */
        x->sched.grp = x->sched.bar_grp = NULL;
    } else if (ev->kind == EV_BARRIER) {
        const topo_group *grp = ev->scope >= GRAPH_BAR_COUNT
                                    ? NULL /* rescan: members are not a fixed group */
                                    : topo_barrier_group(&x->tp, EID_T(e), ev->scope);
        if (!grp || !grp->n)
            x->sched.lo = 0;
        else if (instance_complete(x, g, e, grp))
            x->sched.lo = grp->members[0] < x->sched.lo ? grp->members[0] : x->sched.lo;
        else if (x->sched.lo == EID_T(e))
            x->sched.lo = EID_T(e) + 1; /* it waits; those before it could not move */
    } else if (ev->kind == EV_END || ev->kind == EV_ERROR) {
        if (x->sched.join_lo < x->sched.lo) /* it may free a join */
            x->sched.lo = x->sched.join_lo;
        if (ev->kind == EV_END && x->opt.warp_exit_releases)
            warp_exit_rescan(x, EID_T(e));
    } else if (ev->kind == EV_SPAWN) {
        if (ev->loc < x->sched.lo) /* the child may move now */
            x->sched.lo = ev->loc;
    }
}

static event *append(struct gpumc_exec *x, uint32_t t, const label *lab, eid *id)
{
    uint64_t gen = graph_gen(x->g);
    event *ev = graph_append(x->g, t);
    if (!ev) {
        rt_internal_error(x, "out of memory");
        return NULL;
    }
    ev->kind = lab->kind;
    ev->order = lab->order;
    ev->scope = lab->scope;
    ev->size = lab->size;
    ev->rmw = lab->rmw;
    ev->comm = lab->comm;
    ev->relink = lab->relink;
    ev->nomem = lab->nomem;
    ev->split = lab->split;
    ev->rkind = lab->rkind;
    ev->ord_ok = lab->ord_ok;
    ev->ord_fail = lab->ord_fail;
    ev->loc = lab->loc;
    ev->src = lab->src;
    ev->aux = lab->kind == EV_WRITE ? 0 : lab->aux;
    ev->value = lab->value;
    if (lab->kind == EV_JOIN) /* what gpumc_join returns: did a child stop at an error? */
        for (uint32_t c = lab->loc; c < lab->loc + lab->aux && !ev->value; c++)
            ev->value = last_event(x->g, c)->kind == EV_ERROR;
    ev->expected = lab->expected;
    ev->ver = ++x->ver;
    *id = EID(t, x->g->th[t].n - 1);
    sched_appended(x, gen, *id);
    return ev;
}

static void set_rf(struct gpumc_exec *x, graph *g, eid r, eid w)
{
    event *ev = graph_ev(g, r);
    ev->rf = w;
    ev->value = w == EID_INIT ? rt_init_value(x, ev->loc) : graph_ev(g, w)->value;
    if (ev->rkind == RK_FETCH) {
        ev->rmw = 1;
        ev->order = ev->ord_ok;
    } else if (ev->rkind == RK_CAS) {
        ev->rmw = ev->value == ev->expected;
        ev->order = ev->rmw ? ev->ord_ok : ev->ord_fail;
    }
    ev->ver = ++x->ver;
    if (hb_compute(&x->hbc, g, r) != 0)
        rt_internal_error(x, "out of memory");
}

static int consistent(struct gpumc_exec *x, const eid *fresh, int n)
{
    return x->model->consistent(&x->hbc, x->g, fresh, n);
}

/* The graph revisits and wakes at nesting depth d work on (reused). */
static graph *pool_at(struct gpumc_exec *x, uint32_t d)
{
    if (d >= x->npool) {
        uint32_t n = d + 8;
        graph **p = realloc(x->pool, sizeof(graph *) * n);
        if (!p)
            return NULL;
        x->pool = p;
        for (uint32_t i = x->npool; i < n; i++) {
            p[i] = calloc(1, sizeof(graph));
            if (!p[i] || graph_init(p[i], x->nthreads) != 0 ||
                (x->spaces && graph_track_spaces(p[i]) != 0) ||
                graph_ensure_locs(p[i], x->nlocs) != 0) {
                x->npool = i;
                return NULL;
            }
        }
        x->npool = n;
    }
    return x->pool[d];
}

/* Awaits.  A spin iteration of plain reads that blocked having read the
 * co-latest write of everything it read waits: only a newer write can
 * change what it reads, and nothing depends on it (it wrote nothing, and
 * its thread does nothing after it).  Such an iteration is treated as not
 * yet run -- as if the scheduler had passed its thread over until a write
 * could let it out (TruSt for a scheduler that skips waiting threads):
 *  - its reads take no other source (explore_read stops after the co-latest
 *    one, which is tried first) and are never revisited (revisitable);
 *  - a write placed co-latest at a location the iteration read wakes the
 *    thread: the exploration goes on in a copy of the graph without the
 *    iteration, where the thread runs it anew and its reads branch as any
 *    read does (place_at).
 *  - when nothing but waiting threads can move, the lowest runs its
 *    iteration for real (wake_last): as the scheduler would, having
 *    nothing else to run.
 * The reads must have chosen their sources themselves: one a revisit made
 * read a newer write is the iteration run (a revisit's choice stands).
 * No branch then keeps a spin blocked on a value a newer write replaced
 * (such an execution is not one of the program: the loop would read
 * again), and a write wakes the spin instead of revisiting it -- which
 * would cut and rebuild everything added since.  Not for estimation walks,
 * which do not take the co-latest source first.  Parallel workers do not
 * split the tree at reads of an iteration that may wait (explore_read),
 * so that every worker that explores a read's other sources saw the
 * co-latest one's iteration not wait. */

/* Mark blk's iteration (events [blk.loc, blk)) as waiting if it is one
 * and some other thread can go on (else the scheduler has nothing but
 * waiting threads to choose from, and runs this one for real). */
static void mark_waiting(struct gpumc_exec *x, graph *g, eid blk)
{
    uint32_t t = EID_T(blk), from = graph_ev(g, blk)->loc;
    gthread *th = &g->th[t];
    label next;
    if (x->opt.estimate || from >= EID_I(blk))
        return;
    for (uint32_t i = from; i < EID_I(blk); i++) {
        const event *r = &th->ev[i];
        if (r->kind != EV_READ || r->rmw || graph_co_next(g, r->loc, r->rf) != EID_NONE ||
            (r->rf != EID_INIT && graph_ev(g, r->rf)->stamp > r->stamp))
            return; /* (a revisit chose what it read: the iteration has run) */
    }
    if (pick(x, &next) < 0)
        return;
    for (uint32_t i = from; i <= EID_I(blk); i++)
        th->ev[i].waits = 1;
    for (uint32_t i = from; i < EID_I(blk); i++)
        x->locs[th->ev[i].loc].awaited = 1;
}

/* The block of t's waiting iteration, or NULL if t does not wait. */
static const event *waiting_block(const graph *g, uint32_t t)
{
    const event *blk = last_event(g, t);
    return blk && blk->kind == EV_BLOCK && blk->waits ? blk : NULL;
}

/* Does t wait in an iteration that read loc? */
static int waits_on(const graph *g, uint32_t t, uint32_t loc)
{
    const gthread *th = &g->th[t];
    const event *blk = waiting_block(g, t);
    if (!blk)
        return 0;
    for (uint32_t i = blk->loc; i + 1 < th->n; i++)
        if (th->ev[i].loc == loc)
            return 1;
    return 0;
}

/* w was just placed: if it is co-latest, the threads waiting on a read of
 * its location wake.  Returns how many; x->keep then holds the events each
 * thread keeps (a woken one: those before its iteration). */
static uint32_t waiters_woken(struct gpumc_exec *x, const graph *g, eid w)
{
    uint32_t loc = graph_ev(g, w)->loc, n = 0;
    if (!x->locs[loc].awaited || graph_co_next(g, loc, w) != EID_NONE)
        return 0;
    for (uint32_t t = 0; t < g->nthreads; t++) {
        int wakes = waits_on(g, t, loc);
        x->keep[t] = wakes ? g->th[t].ev[g->th[t].n - 1].loc : g->th[t].n;
        n += (uint32_t)wakes;
    }
    return n;
}

/* Go on in a copy of the graph keeping x->keep (waiters_woken). */
static void wake_and_visit(struct gpumc_exec *x)
{
    graph *g = x->g, *g2 = pool_at(x, x->depth + 1);
    if (!g2 || graph_copy_keep(g2, g, x->keep) != 0) {
        rt_internal_error(x, "out of memory");
        return;
    }
    converge_reopen(x, g2);
    x->g = g2;
    x->depth++;
    visit(x);
    x->depth--;
    x->g = g;
}

/* Nothing but waiting threads is left: the lowest runs its iteration for
 * real (its reads then take every source).  Returns 0 if none waits. */
static int wake_last(struct gpumc_exec *x)
{
    const graph *g = x->g;
    uint32_t woken = UINT32_MAX;
    for (uint32_t t = 0; t < g->nthreads; t++) {
        const event *blk = woken == UINT32_MAX ? waiting_block(g, t) : NULL;
        x->keep[t] = blk ? blk->loc : g->th[t].n;
        if (blk)
            woken = t;
    }
    if (woken == UINT32_MAX)
        return 0;
    wake_and_visit(x);
    return 1;
}

/* The co position below which no write can be read by r, whatever r
 * reads: that of the co-latest write to r's location already before r
 * (po-before it or hb-before its po-predecessor).  Reading an earlier
 * write would contradict coherence (hb; eco irreflexive), which every
 * model checks, so those candidates need not even be tried -- a thread
 * re-reading a location it wrote many times tries one write, not all. */
static uint32_t rf_floor(const graph *g, eid r)
{
    const gloc *l = &g->loc[graph_ev(g, r)->loc];
    uint32_t t = EID_T(r);
    for (uint32_t p = l->nco; p > 0; p--) {
        eid w = l->co[p - 1];
        if (EID_T(w) == t || (EID_I(r) > 0 && graph_hb_before(g, w, r - 1)))
            return p;
    }
    return 0;
}

/* Estimation (checker_options.estimate): each walk takes one child of
 * every choice point and weighs what it reaches by 1 / the probability of
 * its choices (importance sampling: the mean weight stays unbiased for any
 * probabilities that reach every child).  The children are the consistent
 * choices, counted first: most candidate sources of a read are not.  7/8
 * of the probability goes to the favoured children -- a read's co-latest
 * source, a write's co-latest slot, the revisits of spin loops that wait --
 * because the others mostly end in pruned spin iterations: uniform walks
 * through a lock almost never reach an execution. */
#define EST_FAVOUR_NUM 7 /* the favoured children's share: 7/8 */
#define EST_FAVOUR_DEN 8

static uint32_t est_uniform(struct gpumc_exec *x, uint32_t k)
{
    uint64_t s = x->est.rng;
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    x->est.rng = s;
    return (uint32_t)(((s * 2685821657736338717ull) >> 32) % k);
}

/* One of n children, m of them favoured: returns its index among the
 * favoured ones (*fav = 1) or among the others. */
static uint32_t est_choose(struct gpumc_exec *x, uint32_t n, uint32_t m, int *fav)
{
    if (m == 0 || m == n) {
        *fav = m == n;
        x->est.weight *= n;
        return est_uniform(x, n);
    }
    *fav = est_uniform(x, EST_FAVOUR_DEN) < EST_FAVOUR_NUM;
    uint32_t k = *fav ? m : n - m;
    x->est.weight *= (double)k * EST_FAVOUR_DEN /
                     (*fav ? EST_FAVOUR_NUM : EST_FAVOUR_DEN - EST_FAVOUR_NUM);
    return est_uniform(x, k);
}

/* Let r read from the p-th write of its location's co (0: the initial
 * one); is that consistent? */
static int rf_consistent(struct gpumc_exec *x, eid r, uint32_t p)
{
    graph *g = x->g;
    const gloc *l = &g->loc[graph_ev(g, r)->loc];
    set_rf(x, g, r, p ? l->co[p - 1] : EID_INIT);
    return consistent(x, &r, 1);
}

/* r reads from co position p, and the exploration goes on below if that
 * is consistent.  Returns 0 when it is not, -1 when the exploration
 * restarts (comm.c), else 1 -- or TAIL when `tail` (the caller has
 * nothing left to try after this choice): then it does not go on below
 * itself but lets the caller's visit() loop go on, and the cut that would
 * follow is left to the nearest choice point above, which cuts everything
 * after its own event anyway.  That keeps the explorer's recursion to the
 * choice points: a single-execution kernel's millions of events no longer
 * each take a stack frame. */
#define TAIL 2

/* Blocking values.  A thread is deterministic between its events: its
 * state before event i is a function of what its events 0..i-1 returned.
 * A read R whose thread, having read value v, went straight to the block
 * of a spin iteration -- R the iteration's last read, only fences
 * between, no other thread's event in between -- does so again whenever
 * it reads v in that state, whichever write v comes from: nothing else the
 * thread sees is different, and R's addition lets no lower thread move
 * (pick), so its thread goes on at once.  From a source that is not
 * co-latest that block is stale for good (spin_stale_for_good) and its
 * execution pruned right there; so such a source is checked (consistency,
 * races: what read_from does before going on) but not run.  A CAS lock's
 * failed CAS reads every taken lock's 1, a ticket lock's spin every old
 * owner: each value is now run once per state, not once per source and
 * execution.  The table is a cache: a value it lost is run again. */
#define BLOCKING_SLOTS 4096
#define STATE_WALK 256 /* longer prefixes: the state is the last event's ver */
struct blocking_value {
    uint64_t state; /* thread_state */
    uint64_t value; /* what R read */
    uint32_t t;     /* the thread (1 + id; 0: slot empty) */
};

/* A name for r's thread's state before r: a hash of what its events
 * returned (even), or for a long prefix the ver of the event before r
 * (odd), which names that run of it alone. */
static uint64_t thread_state(const graph *g, eid r)
{
    uint32_t n = EID_I(r);
    if (n > STATE_WALK)
        return graph_ev(g, r - 1)->ver << 1 | 1;
    const event *ev = g->th[EID_T(r)].ev;
    uint64_t h = 0x243f6a8885a308d3ull;
    for (uint32_t i = 0; i < n; i++) {
        h = (h ^ ((uint64_t)ev[i].kind << 32 | ev[i].loc)) * 0x100000001b3ull;
        h = (h ^ ev[i].value) * 0x9e3779b97f4a7c15ull;
    }
    return h << 1;
}

static struct blocking_value *blocking_slot(struct gpumc_exec *x, uint32_t t, uint64_t state,
                                            uint64_t value)
{
    uint64_t h = (state ^ t) * 0x9e3779b97f4a7c15ull ^ value * 0xc2b2ae3d27d4eb4full;
    return &x->blocking[(h ^ h >> 29) % BLOCKING_SLOTS];
}

/* Is r the probe, and does its thread go straight to a spin block after
 * reading what it reads now? */
static int probe_blocks(struct gpumc_exec *x, const graph *g, eid r)
{
    if (r != x->probe.r || x->depth != x->probe.depth || !x->blocking)
        return 0;
    uint64_t v = graph_ev(g, r)->value;
    const struct blocking_value *b = blocking_slot(x, EID_T(r), x->probe.state, v);
    return b->t == EID_T(r) + 1 && b->state == x->probe.state && b->value == v;
}

/* A spin block b was just added: if it ends the iteration of the probe
 * right after it, remember the value. */
static void note_probe_block(struct gpumc_exec *x, const graph *g, eid b)
{
    eid r = x->probe.r;
    if (r == EID_NONE || x->depth != x->probe.depth || EID_T(r) != EID_T(b) ||
        EID_I(r) < graph_ev(g, b)->loc)
        return;
    for (eid e = b; e > r; e--) {
        const event *pe = graph_ev(g, e - 1);
        if (pe->stamp + 1 != graph_ev(g, e)->stamp || (e - 1 != r && pe->kind != EV_FENCE))
            return;
    }
    if (!x->blocking && !(x->blocking = calloc(BLOCKING_SLOTS, sizeof *x->blocking)))
        return; /* (only a reduction lost) */
    uint64_t v = graph_ev(g, r)->value;
    *blocking_slot(x, EID_T(r), x->probe.state, v) =
        (struct blocking_value){x->probe.state, v, EID_T(r) + 1};
}

static int read_from(struct gpumc_exec *x, eid r, uint32_t p, int branching, uint32_t stamp,
                     int tail)
{
    graph *g = x->g;
    if (!rf_consistent(x, r, p))
        return 0;
    if (comm_guard(x, r))
        return -1;
    race_check(x, r);
    int stale_block = p < g->loc[graph_ev(g, r)->loc].nco && probe_blocks(x, g, r);
    if (tail && !stale_block)
        return TAIL;
    if (part_enter(x, branching)) {
        if (!stale_block)
            visit(x);
        part_leave(x, branching);
        cut_back(x, g, stamp);
    }
    return 1;
}

/* The candidates of a choice point, for estimation: a read's sources by
 * co position, a write's co slots; ok() says whether one is consistent. */
typedef struct est_options {
    int (*ok)(struct gpumc_exec *x, const struct est_options *o, uint32_t i);
    eid e;            /* the read or the write */
    const eid *fresh; /* slots: what the model must check */
    int nfresh;
} est_options;

/* The candidate in [lo, hi) a walk takes among the consistent ones -- the
 * last, co-latest one favoured -- or UINT32_MAX when none is. */
static uint32_t est_take(struct gpumc_exec *x, const est_options *o, uint32_t lo, uint32_t hi)
{
    uint32_t n = 0, latest = 0;
    for (uint32_t i = lo; i < hi; i++)
        if (o->ok(x, o, i)) {
            n++;
            latest = i;
        }
    if (n == 0)
        return UINT32_MAX;
    int fav;
    uint32_t j = est_choose(x, n, 1, &fav);
    for (uint32_t i = lo; i < hi; i++)
        if ((fav ? i == latest : i != latest) && o->ok(x, o, i) && j-- == 0)
            return i;
    return UINT32_MAX;
}

static int est_source_ok(struct gpumc_exec *x, const est_options *o, uint32_t p)
{
    return rf_consistent(x, o->e, p);
}

/* Estimation: r reads from one of the writes in co positions [floor, top)
 * it may read from consistently. */
static void estimate_read(struct gpumc_exec *x, eid r, uint32_t floor, uint32_t top,
                          uint32_t stamp)
{
    est_options o = {est_source_ok, r, NULL, 0};
    uint32_t p = est_take(x, &o, floor, top);
    if (p != UINT32_MAX)
        read_from(x, r, p, 1, stamp, 0);
}

/* May the last choice of a choice point go on in its caller's visit()
 * loop (read_from's TAIL)?  Not where parallel workers count the choice
 * points they pass (part_enter). */
static int may_tail(const struct gpumc_exec *x, int branching)
{
    return !branching || !x->split;
}

/* Twins.  With benign races tolerated (checker_options.benign), non-atomic
 * writes of one value to one location are interchangeable: which of them a
 * read reads, and how they are ordered among themselves, changes no value
 * and -- plain writes synchronising nothing -- no happens-before edge.  One
 * choice is explored (docs/model.md, "Benign races"): a read takes the
 * co-latest twin it can read, a write just added is never placed right
 * before a twin, only right after it, and a write never revisits a read of
 * its twin.  Threads storing the same flag value then cost one order, not
 * all of them; counts are of executions up to these choices. */

/* Are a and b, writes of location loc, twins?  EID_INIT stands for the
 * initial value: a plain write too, synchronising nothing. */
static int twins(const struct gpumc_exec *x, const graph *g, uint32_t loc, eid a, eid b)
{
    if (!x->opt.benign || a == b) /* (a == b: also both the initial value) */
        return 0;
    const event *ea = a == EID_INIT ? NULL : graph_ev(g, a);
    const event *eb = b == EID_INIT ? NULL : graph_ev(g, b);
    if ((ea && (ea->order != GPUMC_NA || ea->rmw)) || (eb && (eb->order != GPUMC_NA || eb->rmw)) ||
        (ea && eb && ea->size != eb->size))
        return 0;
    uint64_t va = ea ? ea->value : rt_init_value(x, loc);
    uint64_t vb = eb ? eb->value : rt_init_value(x, loc);
    return va == vb;
}

/* Is co slot s of w's location right before a twin of w? */
static int before_twin(const struct gpumc_exec *x, const graph *g, eid w, uint32_t s)
{
    uint32_t loc = graph_ev(g, w)->loc;
    return s < g->loc[loc].nco && twins(x, g, loc, w, g->loc[loc].co[s]);
}

/* Is source w a twin of one of taken[0..n), the sources a read already
 * read consistently? */
#define TWIN_MEMORY 64
static int twin_taken(const struct gpumc_exec *x, const graph *g, uint32_t loc, eid w,
                      const eid *taken, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        if (twins(x, g, loc, w, taken[i]))
            return 1;
    return 0;
}

/* Returns TAIL when the exploration goes on in the caller's loop. */
static int explore_read(struct gpumc_exec *x, uint32_t t, const label *lab)
{
    graph *g = x->g;
    eid r;
    event *ev = append(x, t, lab, &r);
    if (!ev)
        return 0;
    uint32_t stamp = ev->stamp, loc = ev->loc;
    ev->rf = EID_INIT;
    if (graph_rd_add(g, r) != 0) {
        rt_internal_error(x, "out of memory");
        return 0;
    }
    /* A commuting blind RMW reads the co-latest write it can: one order
     * of its class stands for all (comm.h). */
    int one = ev->comm != 0;
    /* Parallel workers do not split at a read that may turn out to belong
     * to a waiting iteration: each must see whether it waits (Awaits). */
    int branching = !one && g->loc[loc].nco > 0 && !(x->split && lab->await);
    uint32_t floor = rf_floor(g, r), top = g->loc[loc].nco + 1;
    if (x->opt.estimate && branching) {
        estimate_read(x, r, floor, top, stamp);
        return 0;
    }
    eid taken[TWIN_MEMORY]; /* with benign races tolerated: the sources read so far */
    unsigned ntaken = 0;
    int await = branching && lab->await; /* (lab is gone once the thread runs on) */
    /* r is the probe for all its sources (Blocking values); a nested read
     * puts it back when done */
    struct read_probe outer = x->probe;
    x->probe.r = await ? r : EID_NONE;
    x->probe.depth = x->depth;
    x->probe.state = await ? thread_state(g, r) : 0;
    int out = 0;
    for (uint32_t p = top; p-- > floor && !x->stop;) {
        int last = one || p == floor;
        eid src = p ? g->loc[loc].co[p - 1] : EID_INIT;
        if (x->opt.benign && twin_taken(x, g, loc, src, taken, ntaken))
            continue;
        /* (the lowest source of an await read goes on below too: its block
         * is then seen, and the value remembered) */
        int tail = last && may_tail(x, branching) && (!await || p == top - 1);
        int st = read_from(x, r, p, branching, stamp, tail);
        if (x->opt.benign && st > 0 && ntaken < TWIN_MEMORY)
            taken[ntaken++] = src;
        if (st == TAIL) {
            out = TAIL;
            break;
        }
        if (st < 0 || (st > 0 && one))
            break;
        if (st > 0 && graph_ev(g, r)->waits)
            break; /* its iteration waits: the thread has not run it yet (Awaits) */
    }
    x->probe = outer;
    return out;
}

/* w at co slot s, and on below if consistent; -1 when the exploration
 * restarts (comm.c), TAIL when `tail` and consistent (as read_from's:
 * w stays placed for the caller's loop), else 0. */
static int place_at(struct gpumc_exec *x, eid w, uint32_t s, const eid *fresh, int nfresh,
                    int *raced, int branching, uint32_t stamp, int tail)
{
    graph *g = x->g;
    if (graph_co_insert(g, w, s) != 0) {
        rt_internal_error(x, "out of memory");
        return -1;
    }
    if (consistent(x, fresh, nfresh)) {
        /* w alone was guarded by explore_write before any placement
         * (the guard reads no co position); a revisit changed r too */
        for (int k = 0; nfresh > 1 && k < nfresh; k++)
            if (comm_guard(x, fresh[k]))
                return -1;
        for (int k = 0; k < nfresh; k++)
            if (fresh[k] != w || !*raced)
                race_check(x, fresh[k]);
        *raced = 1;
        int woken = waiters_woken(x, g, w);
        if (tail && !woken)
            return TAIL;
        if (part_enter(x, branching)) {
            if (woken)
                wake_and_visit(x);
            else
                visit(x);
            part_leave(x, branching);
            if (!woken)
                cut_back(x, g, stamp);
        }
    }
    graph_co_remove(g, w);
    return 0;
}

/* The co slots w may take: right after what its read part read for an
 * RMW (atomicity), else from the model's lowest on. */
static void co_slots(struct gpumc_exec *x, eid w, uint32_t *lo, uint32_t *hi)
{
    const graph *g = x->g;
    const event *ew = graph_ev(g, w);
    *lo = 0;
    *hi = g->loc[ew->loc].nco;
    if (ew->rmw)
        *lo = *hi = graph_copos(g, graph_ev(g, w - 1)->rf);
    else if (x->model->co_min_slot)
        *lo = x->model->co_min_slot(&x->hbc, g, w);
    if (ew->comm && !ew->rmw && *lo < *hi) { /* a store at a write-only location */
        comm_store_pinned(x, ew->loc);
        *lo = *hi;
    }
}

static int slot_consistent(struct gpumc_exec *x, eid w, uint32_t s, const eid *fresh,
                           int nfresh)
{
    if (graph_co_insert(x->g, w, s) != 0)
        return 0;
    int ok = consistent(x, fresh, nfresh);
    graph_co_remove(x->g, w);
    return ok;
}

static int est_slot_ok(struct gpumc_exec *x, const est_options *o, uint32_t s)
{
    return slot_consistent(x, o->e, s, o->fresh, o->nfresh);
}

/* Estimation: w at one of the co slots [lo, hi] consistent for it. */
static void estimate_place(struct gpumc_exec *x, eid w, uint32_t lo, uint32_t hi,
                           const eid *fresh, int nfresh, int *raced, uint32_t stamp)
{
    est_options o = {est_slot_ok, w, fresh, nfresh};
    uint32_t s = est_take(x, &o, lo, hi + 1);
    if (s != UINT32_MAX)
        place_at(x, w, s, fresh, nfresh, raced, 1, stamp, 0);
}

/* Place w at every allowed co slot of the current graph and explore each
 * consistent one.  `fresh` lists what the model must check; `siblings`
 * counts the other children of this choice point (w's revisits).  With
 * `unread` (nothing reads w yet, so nothing can force it before a write
 * already there) a slot right before a twin is skipped: right after it is
 * the same execution (twins()).  Returns TAIL when the exploration goes
 * on in the caller's loop (only if `tail`: the caller has nothing to do
 * afterwards). */
static int place_and_visit(struct gpumc_exec *x, eid w, const eid *fresh, int nfresh,
                           int *raced, uint32_t siblings, int unread, int tail)
{
    graph *g = x->g;
    uint32_t stamp = graph_ev(g, w)->stamp, lo, hi;
    co_slots(x, w, &lo, &hi);
    uint32_t first = lo; /* the last slot tried */
    while (unread && first < hi && before_twin(x, g, w, first))
        first++;
    int branching = hi - first + siblings > 0;
    if (x->opt.estimate) {
        estimate_place(x, w, lo, hi, fresh, nfresh, raced, stamp);
        return 0;
    }
    for (uint32_t s = hi + 1; s-- > first && !x->stop;) {
        if (unread && before_twin(x, g, w, s))
            continue; /* right before a twin: as right after it */
        int st = place_at(x, w, s, fresh, nfresh, raced, branching, stamp,
                          tail && s == first && may_tail(x, branching));
        if (st == TAIL)
            return TAIL;
        if (st < 0)
            return 0;
    }
    return 0;
}

/* Is e in the prefix described by view v? */
static int view_has(const uint32_t *v, eid e)
{
    return e == EID_INIT || v[EID_T(e)] > EID_I(e);
}

/* w's whole porf view, its own thread included, in x->pw (overwritten by
 * the next call: use it before recursing). */
static const uint32_t *porf_view(struct gpumc_exec *x, const graph *g, eid w)
{
    graph_view_copy(g, w, GRAPH_PORF, x->pw);
    return x->pw;
}

/* Was e added maximally with respect to the revisit of some read by w?
 * (reads: from the co-latest write among those added before e or in
 * porf(w); writes: co-latest among those.)  For e of a commuting class,
 * classed writes added after it do not count: they go co-latest as they
 * come (blind RMWs never revisit each other, write-only stores are
 * pinned), so no graph where e comes after such a write exists to take
 * the revisit instead.  (Two classes unordered at a location restart the
 * run unless both are write-only stores, whose order nothing reads.) */
static int maximal(const graph *g, eid e, eid w, const uint32_t *pw)
{
    const event *ev = graph_ev(g, e);
    eid ep = e;
    if (ev->kind == EV_READ) {
        ep = ev->rf;
        if (ep != EID_INIT && graph_ev(g, ep)->stamp > ev->stamp && !view_has(pw, ep))
            return 0;
    } else if (ev->kind != EV_WRITE) {
        return 1;
    }
    const gloc *l = &g->loc[ev->loc];
    for (uint32_t p = graph_copos(g, ep); p < l->nco; p++) {
        eid o = l->co[p];
        const event *eo = graph_ev(g, o);
        if (o != w && (eo->stamp < ev->stamp ||
                       (view_has(pw, o) && !(ev->comm && eo->comm))))
            return 0;
    }
    return 1;
}

static int revisit_optimal(struct gpumc_exec *x, const graph *g, eid r, eid w)
{
    const uint32_t *pw = porf_view(x, g, w);
    uint32_t sr = graph_ev(g, r)->stamp;
    if (!maximal(g, r, w, pw))
        return 0;
    for (uint32_t u = 0; u < g->nthreads; u++) {
        const gthread *th = &g->th[u];
        for (uint32_t j = th->n; j-- > pw[u];) {
            if (th->ev[j].stamp <= sr)
                break;
            eid e = EID(u, j);
            if (e != w && !maximal(g, e, w, pw))
                return 0;
        }
    }
    return 1;
}

/* A revisit may drop a write that a kept blind RMW of its class read: no
 * porf edge kept it (graph_rf_porf).  The class's kept writes keep their
 * co order -- nothing kept is porf-after the revisited read, the one new
 * edge's end -- so each relinkable RMW reads its co-predecessor again and
 * writes what its operation makes of that; the program never used what
 * they read. */
static void relink_classes(struct gpumc_exec *x, graph *g)
{
    for (uint32_t i = 0; i < x->ncomm_locs; i++) {
        uint32_t loc = x->comm_locs[i];
        if (loc >= g->nlocs)
            continue;
        const gloc *gl = &g->loc[loc];
        eid prev = EID_INIT;
        uint64_t val = rt_init_value(x, loc);
        for (uint32_t p = 0; p < gl->nco; p++) {
            eid w = gl->co[p];
            event *ew = graph_ev(g, w);
            event *er = ew->rmw ? ew - 1 : NULL; /* (an RMW's read is right before it) */
            if (er && er->relink && (er->rf != prev || er->value != val)) {
                er->rf = prev;
                er->value = val;
                er->ver = ++x->ver;
                ew->value = rt_apply_op((gpumc_rmw_op)(er->relink - 1), val, er->expected,
                                        ew->size);
                ew->ver = ++x->ver;
            }
            prev = w;
            val = ew->value;
        }
    }
}

static void do_revisit(struct gpumc_exec *x, eid r, eid w, int *raced)
{

    graph *g = x->g, *g2 = pool_at(x, x->depth + 1);
    const uint32_t *pw = porf_view(x, g, w);
    uint32_t sr = graph_ev(g, r)->stamp;
    uint32_t *keep = x->keep;
    for (uint32_t u = 0; u < g->nthreads; u++) {
        uint32_t k = g->th[u].n;
        while (k > 0 && g->th[u].ev[k - 1].stamp > sr)
            k--;
        keep[u] = k > pw[u] ? k : pw[u];
    }
    if (!g2 || graph_copy_keep(g2, g, keep) != 0) {
        rt_internal_error(x, "out of memory");
        return;
    }
    converge_reopen(x, g2);
    relink_classes(x, g2);
    /* Reads in w's porf-prefix stay as they are from now on: revisiting one
     * would cut w's source away from under r (GPUMC's reversible flag). */
    for (uint32_t u = 0; u < g2->nthreads; u++)
        for (uint32_t j = 0; j < pw[u]; j++)
            if (g2->th[u].ev[j].kind == EV_READ)
                g2->th[u].ev[j].norev = 1;
    x->g = g2;
    x->depth++;
    set_rf(x, g2, r, w);
    eid fresh[2] = {r, w};
    place_and_visit(x, w, fresh, 2, raced, 0, 0, 0);
    x->depth--;
    x->g = g;
}

/* Blind RMWs of one class are explored in one order: a blind write never
 * revisits a blind read of its class (comm.h). */
static int same_class(const graph *g, eid r, eid w)
{
    uint8_t c = graph_ev(g, w)->comm;
    return c && graph_ev(g, r)->comm == c;
}

/* May w revisit r (delete what follows r and make r read from w)? */
static int revisitable(struct gpumc_exec *x, const graph *g, eid r, eid w)
{
    return !graph_ev(g, r)->norev && !graph_ev(g, r)->waits && !same_class(g, r, w) &&
           !twins(x, g, graph_ev(g, w)->loc, graph_ev(g, r)->rf, w) &&
           !graph_porf_before(g, r, w) &&
           revisit_optimal(x, g, r, w); /* cheapest tests first */
}

/* The first read of loc (in rd, addition order) that w might revisit.
 * While the race checks find every write of loc ordered with every other
 * access of it (race.c, rt_loc.unordered), a read added before the latest
 * write is before that write, and so in w's porf prefix when that write
 * is: a loop's barrier-separated iterations then cost w the reads since
 * the last write, not all the reads the location ever had. */
static uint32_t first_revisitable(const struct gpumc_exec *x, const graph *g, uint32_t loc,
                                  eid w)
{
    const gloc *gl = &g->loc[loc];
    if (!race_ordered_loc(x, loc) || gl->nco == 0)
        return 0;
    eid last = gl->co[gl->nco - 1];
    if (last == w || !graph_porf_before(g, last, w))
        return 0;
    return graph_rd_after(g, loc, graph_ev(g, last)->stamp);
}

/* The reads w may revisit: loc's unclassed ones when w is a blind RMW and
 * every classed access of loc has its class (same_class excludes the
 * others), else all.  n blind adds then cost n, not n^2 revisit tests. */
static const eid *revisit_pool(const struct gpumc_exec *x, const graph *g, eid w, uint32_t *n)
{
    const event *ev = graph_ev(g, w);
    const rt_loc *l = &x->locs[ev->loc];
    if (ev->comm && !l->classes_mixed && l->class_first == ev->comm)
        return graph_unclassed_reads(g, ev->loc, n);
    *n = g->loc[ev->loc].nrd;
    return g->loc[ev->loc].rd;
}

static void revisits(struct gpumc_exec *x, eid w, int *raced)
{
    graph *g = x->g;
    uint32_t loc = graph_ev(g, w)->loc;
    if (!x->locs[loc].many_threads)
        return; /* every read of it is w's own thread's, before w */
    uint32_t n;
    const eid *pool = revisit_pool(x, g, w, &n);
    /* (do_revisit works on a copy: g, and so pool, stay as they are) */
    uint32_t i = pool == g->loc[loc].rd ? first_revisitable(x, g, loc, w) : 0;
    for (; i < n && !x->stop; i++) {
        eid r = pool[i];
        if (!revisitable(x, g, r, w) || !part_enter(x, 1))
            continue;
        do_revisit(x, r, w, raced);
        part_leave(x, 1);
    }
}

/* Does r's thread wait in a spin loop (blocked: only a revisit of one of
 * its reads can let it go on)? */
static int spin_waits(const graph *g, eid r)
{
    const gthread *th = &g->th[EID_T(r)];
    const event *l = th->n ? &th->ev[th->n - 1] : NULL;
    return l && l->kind == EV_BLOCK && l->aux == FINDING_DEADLOCK;
}

/* Estimation: w's children are its placements and, for each read it may
 * revisit, that revisit's placements.  The walk takes "no revisit" (when
 * some slot is consistent for w: an RMW's may be taken) or one revisit --
 * those of spin loops that wait favoured -- then one placement
 * (place_and_visit): a tree with an extra level, and the same executions. */
static void estimate_write(struct gpumc_exec *x, eid w, int *raced)
{
    graph *g = x->g;
    uint32_t lo, hi, stay = 0; /* children: no revisit (if w has a slot), each revisit */
    co_slots(x, w, &lo, &hi);
    for (uint32_t s = lo; s <= hi && !stay; s++)
        stay = slot_consistent(x, w, s, &w, 1);
    uint32_t npool;
    const eid *pool = revisit_pool(x, g, w, &npool);
    uint32_t n = stay, m = 0;
    for (uint32_t i = 0; i < npool; i++)
        if (revisitable(x, g, pool[i], w)) {
            n++;
            m += spin_waits(g, pool[i]);
        }
    if (n == 0)
        return;
    int fav;
    uint32_t j = est_choose(x, n, m, &fav);
    if (stay && !fav && m < n && j-- == 0) {
        place_and_visit(x, w, &w, 1, raced, 0, 1, 0);
        return;
    }
    for (uint32_t i = 0; i < npool; i++) {
        eid r = pool[i];
        if (revisitable(x, g, r, w) && (m == n || fav == spin_waits(g, r)) && j-- == 0) {
            do_revisit(x, r, w, raced);
            return;
        }
    }
}

/* Returns TAIL when the exploration goes on in the caller's loop: w had
 * one co slot and no read to revisit (none of its location yet, or only
 * its own thread's, which are in its prefix). */
static int explore_write(struct gpumc_exec *x, uint32_t t, const label *lab)
{
    eid w;
    if (!append(x, t, lab, &w))
        return 0;
    if (hb_compute(&x->hbc, x->g, w) != 0) {
        rt_internal_error(x, "out of memory");
        return 0;
    }
    /* Before any placement, once for every co slot: a graph that would
     * show a blind order observed (a read of another thread revisited by
     * w) may be inconsistent in the one order explored. */
    if (comm_guard(x, w))
        return 0;
    int raced = 0;
    if (x->opt.estimate) {
        estimate_write(x, w, &raced);
        return 0;
    }
    uint32_t loc = graph_ev(x->g, w)->loc, nrd = x->g->loc[loc].nrd;
    int no_revisit = nrd == 0 || !x->locs[loc].many_threads;
    if (place_and_visit(x, w, &w, 1, &raced, nrd, 1, no_revisit) == TAIL)
        return TAIL;
    if (!x->stop)
        revisits(x, w, &raced);
    return 0;
}

/* A spin iteration that blocked reading a stale value stays so in every
 * execution below this point: its last read R read a write that a write
 * added before R follows in co.  Such an R is not maximal, so no revisit
 * may change its rf or delete it (nor, hence, any earlier event of its
 * thread); the iteration has no writes after R, so nothing can depend on
 * it.  Every leaf below is therefore a blocked execution whose spin a
 * newer value ends -- one another branch explores (R reading the co-latest
 * write): nothing is lost by not building them. */
static int spin_stale_for_good(const graph *g, eid blk)
{
    uint32_t t = EID_T(blk);
    const gthread *th = &g->th[t];
    for (uint32_t i = EID_I(blk); i-- > graph_ev(g, blk)->loc;) {
        const event *r = &th->ev[i];
        if (r->kind == EV_WRITE)
            return 0;
        if (r->kind != EV_READ)
            continue;
        const gloc *l = &g->loc[r->loc];
        for (uint32_t p = graph_copos(g, r->rf); p < l->nco; p++)
            if (graph_ev(g, l->co[p])->stamp < r->stamp)
                return 1;
        return 0;
    }
    return 0;
}

/* Fences, barriers, spawn/join, end, block, error: no choice to make. */
static int add_other(struct gpumc_exec *x, uint32_t t, const label *lab)
{
    eid e;
    event *ev = append(x, t, lab, &e);
    if (!ev)
        return 0;
    graph *g = x->g;
    switch (lab->kind) {
    case EV_BARRIER:
        if (ev->scope == GRAPH_BAR_CONV)
            ev->loc = converge_ordinal(x, g, t, ev->aux);
        if (graph_note_barrier(g, e) != 0) {
            rt_internal_error(x, "out of memory");
            return 0;
        }
        /* pthreads would split such a crowd into rounds by arrival order */
        if (ev->scope == GRAPH_BAR_COUNT && count_barrier_arrivals(g, ev) > ev->value) {
            rt_input_error(x, "unsupported: more threads wait on a pthread barrier in one round "
                              "than its count (rounds formed by arrival order are not modelled)");
            return 0;
        }
        break;
    case EV_SPAWN:
        g->th[lab->loc].spawn = e;
        break;
    default:
        break;
    }
    if (hb_compute(&x->hbc, g, e) != 0) {
        rt_internal_error(x, "out of memory");
        return 0;
    }
    if (lab->kind == EV_FENCE && lab->order == GPUMC_SC && comm_sc_fence(x, e))
        return 0;
    if (lab->kind == EV_FENCE && (!consistent(x, &e, 1) || comm_guard(x, e)))
        return 0;
    if (lab->kind == EV_ERROR)
        race_add_finding(x, (finding_kind)lab->aux, e, EID_NONE, lab->msg);
    if (lab->kind == EV_BLOCK && lab->aux == FINDING_DEADLOCK) {
        note_probe_block(x, g, e);
        if (spin_stale_for_good(g, e))
            return 0;
        mark_waiting(x, g, e);
    }
    if (lab->kind == EV_BLOCK && lab->aux == FINDING_LOOP_BOUND)
        race_add_finding(x, FINDING_LOOP_BOUND, e, EID_NONE,
                         "loop bound reached: executions past it were not explored");
    return 1;
}

/* A thread waiting at a warp collective whose instance can never complete:
 * a lane its mask names reached another barrier (or collective) instead. */
static int report_warp_misuse(struct gpumc_exec *x, eid b)
{
    const graph *g = x->g;
    eid other = EID_NONE;
    int st = barrier_state(x, g, b, &other);
    if (st == -1 || (st == 0 && other != EID_NONE && graph_ev(g, other)->kind == EV_BARRIER)) {
        race_add_finding(x, FINDING_WARP_MISUSE, b, other,
                         "lanes of one warp wait at different collectives: a lane this "
                         "one waits for reached another instead");
        return 1;
    }
    if (st == 0 && other != EID_NONE && graph_ev(g, other)->kind == EV_END) {
        race_add_finding(x, FINDING_WARP_MISUSE, b, other,
                         "a lane this warp collective waits for finished without reaching "
                         "it");
        return 1;
    }
    return 0;
}

static int warp_level(const event *b)
{
    return b->scope == GRAPH_BAR_WARP || b->scope == GRAPH_BAR_MASK || b->scope == GRAPH_BAR_CONV;
}

/* A thread waiting at barrier b whose instance can never complete. */
static int report_divergence(struct gpumc_exec *x, eid b)
{
    const graph *g = x->g;
    if (warp_level(graph_ev(g, b)))
        return report_warp_misuse(x, b);
    eid other = EID_NONE;
    int st = barrier_state(x, g, b, &other);
    if (st == -1) {
        race_add_finding(x, FINDING_DIVERGENCE, b, other,
                         "threads of one barrier instance wait at different barriers");
        return 1;
    }
    if (st == 0 && other != EID_NONE && graph_ev(g, other)->kind == EV_END) {
        race_add_finding(x, FINDING_DIVERGENCE, b, other,
                         graph_ev(g, b)->scope == GPUMC_SCOPE_CTA
                             ? "a thread finished without reaching a barrier others wait at "
                               "(CUDA C++ and OpenCL forbid it; on NVIDIA GPUs a thread that "
                               "exited releases the barrier: --exit-releases-barriers)"
                             : "a thread finished without reaching a barrier others wait at");
        return 1;
    }
    if (st == 0 && other != EID_NONE && graph_ev(g, other)->kind == EV_BARRIER) {
        race_add_finding(x, FINDING_DIVERGENCE, b, other,
                         "threads of one barrier instance wait at different barriers");
        return 1;
    }
    return 0;
}

/* Threads wait at a round of a counted barrier that too few threads reach:
 * the GPU reading of a barrier its group does not all reach. */
static void report_short_barrier(struct gpumc_exec *x, eid b)
{
    const event *eb = graph_ev(x->g, b);
    char msg[160];
    snprintf(msg, sizeof msg, "a counted barrier (pthread_barrier_t, cuda::barrier) of count "
             "%llu is reached by only %llu thread(s)", (unsigned long long)eb->value,
             (unsigned long long)count_barrier_arrivals(x->g, eb));
    race_add_finding(x, FINDING_DIVERGENCE, b, EID_NONE, msg);
}

/* A thread blocked by gpumc_spin loops forever when no write can ever
 * change what its last iteration read: every read of the iteration reads
 * the co-latest write (an RMW: wrote it).  Otherwise another execution
 * lets it read the newer value, and this one is merely pruned. */
static int spins_forever(const graph *g, uint32_t t)
{
    const gthread *th = &g->th[t];
    const event *b = &th->ev[th->n - 1];
    for (uint32_t i = b->loc; i + 1 < th->n; i++) {
        const event *e = &th->ev[i];
        if (e->kind != EV_READ)
            continue;
        eid w = e->rmw ? EID(t, i + 1) : e->rf;
        if (graph_co_next(g, e->loc, w) != EID_NONE)
            return 0;
    }
    return 1;
}

/* Why spin block b never ends.  Its iteration began at event loc of its
 * thread: none since means it read no shared memory at all, a loop of the
 * thread's own (a condition that stays true, a NaN that never converges). */
static const char *spin_forever_why(const graph *g, eid b)
{
    if (graph_ev(g, b)->loc == EID_I(b))
        return "a loop never exits: an iteration ended in the state it began in without "
               "reading shared memory, so every later one does the same";
    return "a spin loop never exits: its last iteration read the latest value of everything "
           "it reads, and no thread is left to change one";
}

/* Does some thread end blocked in a spin that a newer write can end? */
static int stale_spin_left(const struct gpumc_exec *x, const graph *g)
{
    for (uint32_t t = 0; t < g->nthreads; t++) {
        const event *l = started(x, g, t) ? last_event(g, t) : NULL;
        if (l && l->kind == EV_BLOCK && l->aux == FINDING_DEADLOCK && !spins_forever(g, t))
            return 1;
    }
    return 0;
}

static void report_progress(struct gpumc_exec *x)
{
    if (!x->opt.on_progress)
        return;
    unsigned size = 0;
    for (uint32_t t = 0; t < x->g->nthreads; t++)
        size += x->g->th[t].n;
    x->opt.on_progress(x->opt.ud, x->res->complete, x->res->blocked, size);
}

/* An execution that ends with no error found, in which a thread that
 * finished read undefined memory: that read is the error, in place of the
 * thread's end (its last event).  Reported only now, since the same read
 * is a race when nothing orders a write before it, and the write that
 * shows the race comes later. */
static void report_undefined_read(struct gpumc_exec *x)
{
    graph *g = x->g;
    if (!x->opt.uninit || x->opt.estimate || x->res->nfindings)
        return; /* (the scan is the threads': not paid by every execution) */
    for (uint32_t t = 0; t < g->nthreads; t++) {
        gthread *th = &g->th[t];
        char msg[sizeof ((label *)0)->msg];
        if (th->n && th->ev[th->n - 1].kind == EV_END &&
            rt_undefined_read(x, t, &th->ev[th->n - 1], msg, sizeof msg)) {
            race_add_finding(x, FINDING_MEMORY, EID(t, th->n - 1), EID_NONE, msg);
            return;
        }
    }
}

static void finish(struct gpumc_exec *x)
{
    /* --max-executions stops the run at the first execution past the limit,
     * uncounted: a run whose last execution reaches it was explored whole. */
    if (x->limit_reached) {
        x->stop = CHECKER_LIMIT;
        return;
    }
    if (wake_last(x))
        return;
    const graph *g = x->g;
    int blocked = 0, assumed = 0, diverged = 0, at_barrier = 0;
    eid stuck = EID_NONE, spinner = EID_NONE, short_barrier = EID_NONE;
    /* A spin that read an old value would have read again: no execution of
     * the program ends like this, and one where it read the newer write is
     * explored on its own (spin_stale_for_good prunes most such early). */
    if (stale_spin_left(x, g))
        return;
    report_undefined_read(x);
    for (uint32_t t = 0; t < g->nthreads; t++) {
        if (!started(x, g, t))
            continue;
        const event *l = last_event(g, t);
        if (l && (l->kind == EV_END || l->kind == EV_ERROR))
            continue;
        blocked = 1;
        at_barrier |= l && l->kind == EV_BARRIER;
        if (l && l->kind == EV_BLOCK) {
            if (l->aux == FINDING_DEADLOCK) {
                if (spinner == EID_NONE)
                    spinner = EID(t, g->th[t].n - 1);
            } else {
                assumed = 1; /* an assume or the loop bound */
            }
            continue;
        }
        if (l && l->kind == EV_BARRIER &&
            (l->scope == GRAPH_BAR_COUNT || l->scope == GRAPH_BAR_WAIT)) {
            if (short_barrier == EID_NONE)
                short_barrier = EID(t, g->th[t].n - 1);
            continue;
        }
        if (l && stuck == EID_NONE)
            stuck = EID(t, g->th[t].n - 1);
        if (l && l->kind == EV_BARRIER && x->opt.divergence == 0)
            diverged |= report_divergence(x, EID(t, g->th[t].n - 1));
    }
    if (spinner != EID_NONE && !assumed && !diverged && x->opt.liveness == 0)
        race_add_finding(x, FINDING_DEADLOCK, spinner, EID_NONE, spin_forever_why(g, spinner));
    else if (blocked && !assumed && !diverged && spinner == EID_NONE &&
             short_barrier != EID_NONE && x->opt.divergence == 0)
        report_short_barrier(x, short_barrier);
    /* With --divergence=ignore a barrier that never fills blocks the
     * execution, whoever else waits on its threads (a join, say). */
    else if (blocked && !assumed && !diverged && spinner == EID_NONE && stuck != EID_NONE &&
             graph_ev(g, stuck)->kind != EV_BARRIER && !(at_barrier && x->opt.divergence))
        race_add_finding(x, FINDING_DEADLOCK, stuck, EID_NONE,
                         "all live threads are blocked (join never completes)");
    if (x->opt.estimate) { /* a walk: checker.c weighs it */
        x->est.end = blocked ? 2 : 1;
        return;
    }
    if (x->split && !x->part.lead && x->part.cur < x->part.depth)
        return; /* the lead worker counts what every worker sees */
    if (!blocked && x->split && x->opt.max_executions && !x->split->take_execution(x)) {
        if (!x->stop) /* (a timeout may have ended the wait for allowance) */
            x->stop = CHECKER_LIMIT; /* another worker counted the last one */
        return;
    }
    if (blocked)
        x->res->blocked++;
    else
        x->res->complete++;
    if (x->opt.on_execution)
        x->opt.on_execution(x->opt.ud, x, blocked);
    uint64_t total = x->res->complete + x->res->blocked, complete = x->res->complete;
    if (x->split)
        complete = x->split->publish(x);
    if (x->opt.max_executions && complete >= x->opt.max_executions)
        x->limit_reached = 1;
    if ((total & 63) == 0) /* the callback throttles redrawing */
        report_progress(x);
}

/* Every event is a stop point (stop_poll: interrupt, timeout), so a long
 * single execution stops too; another worker's stop is one more.  A long
 * execution also reports its progress (the graph's size) now and then. */
static void visit(struct gpumc_exec *x)
{
    if (x->split && !x->stop)
        x->stop = x->split->should_stop(x);
    while (!stop_poll(x)) {
        if ((++x->nvisits & 0xffff) == 0)
            report_progress(x);
        label lab;
        int t = pick(x, &lab);
        if (x->stop)
            return;
        if (t < 0) {
            finish(x);
            return;
        }
        switch (lab.kind) {
        case EV_READ:
            if (explore_read(x, (uint32_t)t, &lab) != TAIL)
                return;
            break;
        case EV_WRITE:
            if (explore_write(x, (uint32_t)t, &lab) != TAIL)
                return;
            break;
        default:
            if (!add_other(x, (uint32_t)t, &lab))
                return;
        }
    }
}

/* The explorer recurses at every choice point of an execution (some 700
 * bytes a level; a choice's last option goes on in the caller's loop), so
 * it runs on a large lazily-committed stack of its own rather than the
 * caller's: 8 GiB of address space, about 12 million choice points in one
 * execution, or less where the system will not reserve that much.
 * GPUMC_EXPLORER_STACK_MB sets another size (the tests use a small one). */
#if defined(__SANITIZE_ADDRESS__) || defined(GPUMC_ASAN)
/* ASan unpoisons a fiber's whole stack at every reset: keep it at 1 GiB */
#define EXPLORER_STACK ((size_t)1 << 30)
#else
#define EXPLORER_STACK ((size_t)8 << 30)
#endif

static void explorer_entry(void *p)
{
    struct gpumc_exec *x = p;
    visit(x);
    fiber_switch(&x->explorer, &x->boot);
}

static int explorer_stack(fiber *f)
{
    const char *mb = getenv("GPUMC_EXPLORER_STACK_MB");
    if (mb && atol(mb) > 0)
        return fiber_create(f, (size_t)atol(mb) << 20);
    /* under a memory limit (ulimit -v), the most it will reserve */
    for (size_t size = EXPLORER_STACK; size >= ((size_t)64 << 20); size /= 8)
        if (fiber_create(f, size) == 0)
            return 0;
    return -1;
}

/* The explorer's stack overflowed (the crash handler jumped back here): an
 * execution too long for gpumc, said plainly rather than a dead process. */
static void explorer_overflowed(struct gpumc_exec *x)
{
    uint64_t events = 0;
    for (uint32_t t = 0; t < x->g->nthreads; t++)
        events += x->g->th[t].n;
    char msg[256];
    snprintf(msg, sizeof msg, "the exploration ran out of stack at %llu events in one "
             "execution (gpumc's limit, not a finding): check a smaller launch or fewer "
             "iterations",
             (unsigned long long)events);
    rt_internal_error(x, msg);
}

void dpor_explore(struct gpumc_exec *x)
{
    fiber_init_main(&x->boot);
    if (explorer_stack(&x->explorer) != 0) {
        visit(x); /* fall back to the caller's stack */
        return;
    }
    fiber_reset(&x->explorer, explorer_entry, x);
    x->explorer_armed = 1;
    if (_setjmp(x->explorer_overflow) == 0)
        fiber_switch(&x->boot, &x->explorer);
    else
        explorer_overflowed(x);
    x->explorer_armed = 0;
    fiber_destroy(&x->explorer);
}
