/* hb.c -- see hb.h. */
#include "hb.h"

#include <string.h>

int hb_incl(const hb_ctx *c, const graph *g, eid a, eid b)
{
    if (a == EID_INIT || b == EID_INIT)
        return 0; /* the initial write is non-atomic */
    const event *ea = graph_ev(g, a), *eb = graph_ev(g, b);
    if (!hb_atomic(ea) || !hb_atomic(eb))
        return 0;
    int lvl = topo_level(c->tp, EID_T(a), EID_T(b));
    return hb_scope(c, ea) >= lvl && hb_scope(c, eb) >= lvl;
}

static int is_release(const event *ev)
{
    return ev->order == GPUMC_REL || ev->order == GPUMC_ACQ_REL || ev->order == GPUMC_SC;
}
static int is_acquire(const event *ev)
{
    return ev->order == GPUMC_ACQ || ev->order == GPUMC_ACQ_REL || ev->order == GPUMC_SC;
}

/* The po-latest release head of write w in w's own thread usable by an
 * acquire event `acq`: a release fence po-before w, or a release write to
 * w's location po-before-or-equal w (prel; [W]; po|loc?), whose scope
 * includes acq's thread and is included by acq's scope.  Later heads see
 * more in hb, so the first one found going back is the only one needed. */
static eid own_head(const hb_ctx *c, const graph *g, eid w, eid acq)
{
    uint32_t t = EID_T(w);
    int lvl = topo_level(c->tp, t, EID_T(acq));
    if (hb_scope(c, graph_ev(g, acq)) < lvl)
        return EID_NONE;
    const event *ew = graph_ev(g, w);
    for (uint32_t j = EID_I(w) + 1; j-- > 0;) {
        const event *ev = &g->th[t].ev[j];
        int head = (ev->kind == EV_FENCE && is_release(ev)) ||
                   (ev->kind == EV_WRITE && ev->loc == ew->loc && is_release(ev));
        if (head && hb_scope(c, ev) >= lvl)
            return EID(t, j);
    }
    return EID_NONE;
}

/* What synchronising with h brings: its hb view and its per-space views. */
static void join_sync(const graph *g, eid h, view_acc *views)
{
    graph_join_hb(g, h, views);
    for (unsigned v = GRAPH_SPACE0; v < g->nviews; v++)
        graph_join_view(g, h, v, views);
}

/* One step back along the release sequence of the write *w read by acq:
 * the release head for *w (EID_NONE: none), with *w moved to the write
 * before it in the sequence (EID_INIT at its start), walking back through
 * RMWs whose reads are incl-related. */
static eid rseq_step(const hb_ctx *c, const graph *g, eid *w, eid acq)
{
    eid h = own_head(c, g, *w, acq), prev = EID_INIT;
    if (graph_ev(g, *w)->rmw) {
        eid r = *w - 1; /* the read part is the po-predecessor */
        prev = graph_ev(g, r)->rf;
        if (prev != EID_INIT && !hb_incl(c, g, prev, r))
            prev = EID_INIT;
    }
    *w = prev;
    return h;
}

/* Join into views what every release head h with (h, acq) in
 * prel; rseq; (incl & rf) brings, where w is the write read. */
static void join_heads(const hb_ctx *c, const graph *g, eid w, eid acq, view_acc *views)
{
    while (w != EID_INIT) {
        eid h = rseq_step(c, g, &w, acq);
        if (h != EID_NONE)
            join_sync(g, h, views);
    }
}

/* Views an event's own edge is compared with: a stored row, or views
 * being computed (neither: the empty view). */
typedef struct vsrc {
    const vrow *row;
    const view_acc *acc;
} vsrc;

static uint32_t vsrc_at(const vsrc *s, unsigned v, uint32_t u)
{
    if (s->row)
        return vrow_at(s->row, v, u);
    return s->acc ? s->acc->v[(size_t)v * s->acc->n + u] : 0;
}

/* x is in view v of src, the views of an event of thread t: an earlier
 * event of t, or one the views count. */
static int in_row(const vsrc *src, unsigned v, eid x, uint32_t t)
{
    return x == EID_INIT || EID_T(x) == t || vsrc_at(src, v, EID_T(x)) > EID_I(x);
}

/* Are the release heads join_heads would join all in the hb row? (hb
 * views are hb-prefixes, so then what they bring is in it too.) */
static int heads_in(const hb_ctx *c, const graph *g, eid w, eid acq, const vsrc *src)
{
    while (w != EID_INIT) {
        eid h = rseq_step(c, g, &w, acq);
        if (h != EID_NONE && !in_row(src, GRAPH_HB, h, EID_T(acq)))
            return 0;
    }
    return 1;
}

/* sw into an acquire fence f: every atomic read po-before f (since the last
 * acquire fence at least as wide, which already covered the rest). */
static void fence_acquire(const hb_ctx *c, const graph *g, eid f, view_acc *views)
{
    uint32_t t = EID_T(f);
    const event *ef = graph_ev(g, f);
    for (uint32_t j = EID_I(f); j-- > 0;) {
        const event *ev = &g->th[t].ev[j];
        if (ev->kind == EV_FENCE && is_acquire(ev) && hb_scope(c, ev) >= hb_scope(c, ef))
            break;
        if (ev->kind != EV_READ || ev->rf == EID_INIT || !hb_atomic(ev))
            continue;
        if (hb_incl(c, g, ev->rf, EID(t, j)))
            join_heads(c, g, ev->rf, f, views);
    }
}

/* Everything before member event o (none: EID_NONE) is before the exit;
 * in the view of a space only when o's barrier orders that space: an
 * access is ordered with the other threads' accesses after the barrier
 * when its own thread's barrier orders its memory (GPUVerify's reading of
 * OpenCL's fence flags: the flags reset the arriving thread's accesses).
 * *joined is the row whose views (for the spaces o orders) are already in
 * views: then only o's own position is new. */
static void join_member(const graph *g, eid o, view_acc *views, uint32_t *joined)
{
    if (o == EID_NONE)
        return;
    uint32_t row = graph_row_id(g, o);
    unsigned spaces = ~(unsigned)graph_ev(g, o)->nomem;
    int known = row == *joined && (g->nviews == 2 || graph_ev(g, o)->nomem == 0);
    for (unsigned v = 0; v < g->nviews; v++) {
        if (v >= GRAPH_SPACE0 && !(spaces & (1u << (v - GRAPH_SPACE0))))
            continue;
        if (known)
            view_acc_raise(views, v, EID_T(o), EID_I(o) + 1);
        else
            graph_join_view(g, o, v, views);
    }
    if (g->nviews == 2 || graph_ev(g, o)->nomem == 0)
        *joined = row;
}

/* The end of member u, if it finished instead of arriving: an instance
 * left with members missing was released by their ends (dpor.c,
 * exited_member).  EID_NONE otherwise. */
static eid exited_end(const graph *g, uint32_t u)
{
    const gthread *th = &g->th[u];
    return th->n && th->ev[th->n - 1].kind == EV_END ? EID(u, th->n - 1) : EID_NONE;
}

/* Member u's arrival, or the end that released the barrier in its place:
 * that joins porf alone (it orders no memory, but a revisit that keeps
 * what follows the barrier must keep the end that let it go on). */
static void join_arrival(const graph *g, uint32_t u, eid o, view_acc *views, uint32_t *joined)
{
    eid end = o == EID_NONE ? exited_end(g, u) : EID_NONE;
    if (end != EID_NONE)
        graph_join_porf(g, end, views);
    else
        join_member(g, o, views, joined);
}

/* The members' rows repeat (all of a CTA that left the last barrier and
 * learned nothing since share one), so each distinct row is joined once
 * in a run of members. */
static void join_members(const graph *g, const topo_group *grp, const event *eb,
                         view_acc *views)
{
    uint32_t joined = GRAPH_NO_ROW;
    for (uint32_t m = 0; m < grp->n; m++) {
        uint32_t u = grp->members[m];
        join_arrival(g, u, graph_barrier(g, u, eb->scope, eb->loc), views, &joined);
    }
}

static uint64_t instance_key(const graph *g, const topo_group *grp, const event *eb)
{
    uint64_t h = 1469598103934665603ull;
    for (uint32_t m = 0; m < grp->n; m++) {
        eid o = graph_barrier(g, grp->members[m], eb->scope, eb->loc);
        if (o == EID_NONE)
            o = exited_end(g, grp->members[m]);
        h = (h ^ (o == EID_NONE ? 0 : graph_ev(g, o)->ver)) * 1099511628211ull;
    }
    return h;
}

/* A counted barrier's members: every thread with an event of its instance. */
static void join_count_members(const graph *g, const event *eb, view_acc *views)
{
    uint32_t joined = GRAPH_NO_ROW;
    for (uint32_t u = 0; u < g->nthreads; u++)
        join_member(g, graph_instance_event(g, u, eb), views, &joined);
}

/* A partial-mask warp collective's members: the lanes its mask names. */
static void join_mask_members(const hb_ctx *c, const graph *g, eid b, view_acc *views)
{
    const event *eb = graph_ev(g, b);
    const topo_group *warp = topo_barrier_group(c->tp, EID_T(b), GRAPH_BAR_WARP);
    uint32_t joined = GRAPH_NO_ROW;
    for (uint32_t m = 0; warp && m < warp->n; m++) {
        uint32_t u = warp->members[m];
        if (eb->value >> topo_lane(c->tp, u) & 1)
            join_arrival(g, u, graph_instance_event(g, u, eb), views, &joined);
    }
}

static void join_all(const graph *g, eid e, view_acc *views)
{
    for (unsigned v = 0; v < g->nviews; v++)
        graph_join_view(g, e, v, views);
}

/* A convergence point orders no memory, but the members went on only
 * once all had arrived: their arrivals join porf alone, so a revisit that
 * keeps one member's continuation keeps every member's arrival.  In
 * lockstep warps (--warp-sync) it orders memory too: the lanes finished
 * the access before it together. */
static void join_converge_members(const hb_ctx *c, const graph *g, eid b, view_acc *views)
{
    const event *eb = graph_ev(g, b);
    const topo_group *warp = topo_barrier_group(c->tp, EID_T(b), GRAPH_BAR_WARP);
    for (uint32_t m = 0; warp && m < warp->n; m++) {
        eid o = graph_instance_event(g, warp->members[m], eb);
        if (o == EID_NONE)
            continue;
        if (c->lockstep)
            join_all(g, o, views);
        else
            graph_join_view(g, o, GRAPH_PORF, views);
    }
}

/* The exit of barrier b: the members' views (cached per instance). */
static void join_barrier(const hb_ctx *c, graph *g, eid b, view_acc *views)
{
    const event *eb = graph_ev(g, b);
    if (eb->scope == GRAPH_BAR_CONV) {
        join_converge_members(c, g, b, views);
        return;
    }
    if (eb->scope == GRAPH_BAR_COUNT || eb->scope == GRAPH_BAR_WAIT) {
        join_count_members(g, eb, views); /* a wait's: the round's arrivals */
        return;
    }
    if (eb->scope == GRAPH_BAR_MASK) {
        join_mask_members(c, g, b, views);
        return;
    }
    const topo_group *grp = topo_barrier_group(c->tp, EID_T(b), eb->scope);
    hb_barcache *bc = c->bar;
    if (!grp)
        return;
    if (!bc || grp->n < 8 || bc->acc.n != g->nthreads) {
        join_members(g, grp, eb, views);
        return;
    }
    uint64_t key = instance_key(g, grp, eb);
    if (!bc->valid || bc->grp != grp || bc->level != eb->scope || bc->ordinal != eb->loc ||
        bc->key != key) {
        bc->acc.nviews = g->nviews;
        view_acc_clear(&bc->acc);
        join_members(g, grp, eb, &bc->acc);
        bc->valid = 1;
        bc->grp = grp;
        bc->level = eb->scope;
        bc->ordinal = eb->loc;
        bc->key = key;
    }
    for (unsigned v = 0; v < g->nviews; v++)
        view_acc_join(views, v, &bc->acc, v);
}


/* A join of the children [first, first+count): their last events' views.
 * Children of one block mostly end on one row (the exit of their last
 * barrier), joined once. */
static void join_children(const graph *g, uint32_t first, uint32_t count, view_acc *views)
{
    uint32_t joined = GRAPH_NO_ROW;
    for (uint32_t c = first; c < first + count && c < g->nthreads; c++) {
        if (!g->th[c].n)
            continue;
        eid last = EID(c, g->th[c].n - 1);
        uint32_t row = graph_row_id(g, last);
        for (unsigned v = 0; v < g->nviews; v++) {
            if (row == joined)
                view_acc_raise(views, v, c, EID_I(last) + 1);
            else
                graph_join_view(g, last, v, views);
        }
        joined = row;
    }
}

/* Does e's own edge bring nothing beyond the views of what precedes it?
 * Then those are e's views.  Views are prefixes of their relation, so a
 * source inside one brings nothing new.  Acquire fences and joins gather
 * from many events: they are computed. */
static int adds_nothing(const hb_ctx *c, const graph *g, eid e, const vsrc *src)
{
    const event *ev = graph_ev(g, e);
    switch (ev->kind) {
    case EV_READ:
        if (!graph_rf_porf(g, ev))
            return 1; /* (relaxed: no hb edge either) */
        if (!in_row(src, GRAPH_PORF, ev->rf, EID_T(e)))
            return 0;
        if (!is_acquire(ev) || !hb_incl(c, g, ev->rf, e))
            return 1;
        /* a head also brings its per-space views, which hb does not bound */
        return g->nviews == 2 && heads_in(c, g, ev->rf, e, src);
    case EV_FENCE:
        return !is_acquire(ev);
    case EV_JOIN:
        return 0;
    default:
        return 1;
    }
}

/* The event whose row is the exit of barrier event b's instance (see
 * hb_barcache), EID_NONE when there is none to share. */
static eid exit_owner(const hb_ctx *c, const graph *g, eid b)
{
    const hb_barcache *bc = c->bar;
    const event *eb = graph_ev(g, b);
    if (!bc || bc->exit_owner == EID_NONE || eb->scope >= GRAPH_BAR_COUNT ||
        bc->exit_level != eb->scope || bc->exit_ordinal != eb->loc ||
        bc->exit_grp != topo_barrier_group(c->tp, EID_T(b), eb->scope) ||
        !graph_contains(g, bc->exit_owner) || graph_ev(g, bc->exit_owner)->ver != bc->exit_ver)
        return EID_NONE;
    return bc->exit_owner;
}

/* e -- its views computed as far as the exit of barrier b it follows --
 * makes the row the instance's other members will share. */
static int make_exit_row(const hb_ctx *c, graph *g, eid e, eid b, const view_acc *views)
{
    if (graph_new_row(g, e, views) != 0)
        return -1;
    hb_barcache *bc = c->bar;
    const event *eb = graph_ev(g, b);
    bc->exit_grp = topo_barrier_group(c->tp, EID_T(b), eb->scope);
    bc->exit_level = eb->scope;
    bc->exit_ordinal = eb->loc;
    bc->exit_owner = e;
    bc->exit_ver = graph_ev(g, e)->ver;
    return 0;
}

/* Can e take a row that exists (its po-predecessor's, its barrier
 * instance's exit, the row of zeros) because nothing new reaches it?
 * 1: it did, 0: its views must be computed, -1: out of memory.  This is
 * what keeps a long run of plain accesses, and a whole CTA leaving a
 * barrier, O(1) per event rather than O(threads). */
static int share_row(const hb_ctx *c, graph *g, eid e)
{
    uint32_t i = EID_I(e);
    if (i == 0) {
        vsrc none = {NULL, NULL};
        if (g->th[EID_T(e)].spawn != EID_NONE || !adds_nothing(c, g, e, &none))
            return 0;
        return graph_share_zero_row(g, e) == 0 ? 1 : -1;
    }
    eid src = e - 1;
    if (graph_ev(g, src)->kind == EV_BARRIER && graph_barrier_joins(graph_ev(g, src)) &&
        (src = exit_owner(c, g, e - 1)) == EID_NONE)
        return 0;
    vsrc before = {graph_row(g, src), NULL};
    if (!adds_nothing(c, g, e, &before))
        return 0;
    graph_share_row(g, e, src);
    return 1;
}

/* How the members of barrier b's instance leave it: 0, each with views
 * of its own; 1, alike but for their own entries, the views the first of
 * them computes being the exit; 2, alike, but with per-space views the
 * exit must be built without the first one's own past (exit_views).
 * A member leaving a barrier that does not order a space keeps its own
 * view of that space, so with per-space views the exits are alike only if
 * every member's barrier orders every space, or all of them arrived with
 * one row (a block that left its last barrier together and learned
 * nothing since: OpenCL's barrier(CLK_LOCAL_MEM_FENCE) loops). */
static int exit_row_maker(const hb_ctx *c, const graph *g, eid b)
{
    const event *eb = graph_ev(g, b); /* counted, partial-mask: no fixed group */
    const topo_group *grp = eb->scope < GRAPH_BAR_COUNT
                                ? topo_barrier_group(c->tp, EID_T(b), eb->scope) : NULL;
    if (!c->bar || !grp)
        return 0;
    if (g->nviews == 2)
        return 1;
    hb_barcache *bc = c->bar;
    if (bc->alike_g == g && bc->alike_gen == g->gen && bc->alike_grp == grp &&
        bc->alike_level == eb->scope && bc->alike_ordinal == eb->loc)
        return bc->alike;
    int all_spaces = 1, one_row = 1;
    for (uint32_t m = 0; m < grp->n; m++) {
        eid o = graph_barrier(g, grp->members[m], eb->scope, eb->loc);
        if (o == EID_NONE)
            return 0; /* (not all there yet: not remembered) */
        all_spaces &= graph_ev(g, o)->nomem == 0;
        one_row &= graph_row_id(g, o) == graph_row_id(g, b);
    }
    bc->alike_g = g;
    bc->alike_gen = g->gen;
    bc->alike_grp = grp;
    bc->alike_level = eb->scope;
    bc->alike_ordinal = eb->loc;
    bc->alike = all_spaces ? 1 : one_row ? 2 : 0;
    return bc->alike;
}

/* The exit of b's instance as every member sees it but for its own entry:
 * the row they arrived with, as stored, and what the barrier passes on. */
static void exit_views(const hb_ctx *c, graph *g, eid b, view_acc *views)
{
    view_acc_clear(views);
    for (unsigned v = 0; v < g->nviews; v++)
        graph_join_row(g, b, v, views);
    join_barrier(c, g, b, views);
}

/* Thread t's arrival at barrier event eb's instance (u's), when every
 * member waits for all the others there: the CTA, GPU, system and warp
 * levels and partial-mask collectives -- not counted barriers, whose
 * arrivals may go on at once.  EID_NONE otherwise. */
static eid waiting_member_event(const hb_ctx *c, const graph *g, uint32_t u, const event *eb,
                                uint32_t t)
{
    if (eb->scope == GRAPH_BAR_MASK)
        return topo_barrier_group(c->tp, t, GRAPH_BAR_WARP) ==
                       topo_barrier_group(c->tp, u, GRAPH_BAR_WARP)
                   ? graph_instance_event(g, t, eb) : EID_NONE;
    if (eb->scope >= GRAPH_BAR_COUNT ||
        topo_barrier_group(c->tp, t, eb->scope) != topo_barrier_group(c->tp, u, eb->scope))
        return EID_NONE;
    return graph_barrier(g, t, eb->scope, eb->loc);
}

int hb_point_sees(const hb_ctx *c, graph *g, uint32_t u, uint32_t n, unsigned v, uint32_t t,
                  uint32_t p, view_acc *scratch)
{
    uint32_t need = p + 1; /* t's event p, the first after the point */
    if (n == 0) {
        eid s = g->th[u].spawn;
        return s != EID_NONE &&
               (EID_T(s) == t ? EID_I(s) + 1 : graph_view_at(g, s, v, t)) >= need;
    }
    eid last = EID(u, n - 1);
    if (graph_view_at(g, last, v, t) >= need)
        return 1;
    const event *eb = graph_ev(g, last);
    if (eb->kind != EV_BARRIER || !graph_barrier_joins(eb) ||
        (eb->scope == GRAPH_BAR_CONV && !c->lockstep)) /* (that joins porf alone) */
        return 0;
    /* What follows a barrier also sees its exit (join_before).  A member
     * that arrived and waited is in the exit up to its arrival and no
     * further: the others arrived before it left. */
    eid o = waiting_member_event(c, g, u, eb, t);
    if (o != EID_NONE &&
        (v < GRAPH_SPACE0 || !(graph_ev(g, o)->nomem >> (v - GRAPH_SPACE0) & 1)))
        return EID_I(o) + 1 >= need;
    view_acc_clear(scratch);
    join_barrier(c, g, last, scratch);
    return scratch->v[(size_t)v * scratch->n + t] >= need;
}

/* The new row's views before e's own edge: its po-predecessor's (and
 * the exit of the barrier it follows), or its spawn's. */
static void join_before(const hb_ctx *c, graph *g, eid e, view_acc *views)
{
    uint32_t t = EID_T(e), i = EID_I(e);
    if (i > 0) {
        join_all(g, e - 1, views);
        if (graph_ev(g, e - 1)->kind == EV_BARRIER && graph_barrier_joins(graph_ev(g, e - 1)))
            join_barrier(c, g, e - 1, views);
    } else if (g->th[t].spawn != EID_NONE) {
        join_all(g, g->th[t].spawn, views);
    }
    for (unsigned v = 0; v < g->nviews; v++)
        view_acc_raise(views, v, t, i); /* see graph.h: the row's own entry */
}

int hb_compute(const hb_ctx *c, graph *g, eid e)
{
    int shared = share_row(c, g, e);
    if (shared != 0)
        return shared < 0 ? -1 : 0;
    uint32_t i = EID_I(e);
    view_acc *views = &g->scratch;
    view_acc_clear(views);
    join_before(c, g, e, views);
    vsrc computed = {NULL, views};
    int exit = i > 0 && graph_ev(g, e - 1)->kind == EV_BARRIER ? exit_row_maker(c, g, e - 1) : 0;
    if (exit == 2)
        exit_views(c, g, e - 1, views);
    if (exit && adds_nothing(c, g, e, &computed))
        return make_exit_row(c, g, e, e - 1, views);
    if (exit == 2) { /* e's own edge brings more: its views are its own */
        view_acc_clear(views);
        join_before(c, g, e, views);
    }
    const event *ev = graph_ev(g, e);
    switch (ev->kind) {
    case EV_READ:
        if (!graph_rf_porf(g, ev))
            break;
        graph_join_porf(g, ev->rf, views);
        if (is_acquire(ev) && hb_incl(c, g, ev->rf, e))
            join_heads(c, g, ev->rf, e, views);
        break;
    case EV_FENCE:
        if (is_acquire(ev))
            fence_acquire(c, g, e, views);
        break;
    case EV_JOIN:
        join_children(g, ev->loc, ev->aux, views);
        break;
    default:
        break;
    }
    /* hb is contained in porf: keep that invariant explicit so prefix
     * restriction by porf never cuts an hb predecessor. */
    view_acc_join(views, GRAPH_PORF, views, GRAPH_HB);
    return graph_set_views(g, e, views);
}
