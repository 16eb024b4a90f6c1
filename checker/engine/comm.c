/* comm.c -- see comm.h. */
#include "comm.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Float and double adds and subs not declared commuting: their class
 * holds while every order leaves the same sum (sums_agree), checked as
 * each is added. */
#define FAMILY_FEXACT 13

/* Operation families that commute with themselves: add and sub together,
 * and each bitwise and min/max operation alone.  Exchange and inc/dec
 * (they wrap) never; floating-point adds when the user says so
 * (checker_options.commute_float) -- rounding makes each order's sum its
 * own, so one order of them is one of the possible final values -- and
 * otherwise float and double adds while no order's sum differs. */
static unsigned family(const struct gpumc_exec *x, gpumc_rmw_op op, unsigned size)
{
    switch (op) {
    case GPUMC_RMW_FADD:
    case GPUMC_RMW_FSUB: return x->comm_float ? 9 : size == 4 || size == 8 ? FAMILY_FEXACT : 0;
    case GPUMC_RMW_HADD: return x->comm_float ? 11 : 0;
    case GPUMC_RMW_BFADD: return x->comm_float ? 12 : 0;
    case GPUMC_RMW_ADD:
    case GPUMC_RMW_SUB: return 1;
    case GPUMC_RMW_AND: return 2;
    case GPUMC_RMW_OR: return 3;
    case GPUMC_RMW_XOR: return 4;
    case GPUMC_RMW_MIN: return 5;
    case GPUMC_RMW_MAX: return 6;
    case GPUMC_RMW_UMIN: return 7;
    case GPUMC_RMW_UMAX: return 8;
    default: return 0;
    }
}

/* The write-only class's family (comm.h), and rt_loc.wo_family's value
 * for RMWs whose order changes the value they leave. */
#define FAMILY_WRITE_ONLY 10
#define COMM_MIXED 0xFF

/* Blind RMWs of no family identical to the location's first one (comm.h):
 * the same function of the value found, which commutes with itself. */
#define FAMILY_SAME 14

static unsigned same_family(rt_loc *l, gpumc_rmw_op op, unsigned size, uint64_t operand)
{
    if (!l->same_op) {
        l->same_op = (uint8_t)(op + 1);
        l->same_size = (uint8_t)size;
        l->same_operand = operand;
    }
    return l->same_op == op + 1 && l->same_size == size && l->same_operand == operand
               ? FAMILY_SAME : 0;
}

/* A location stops being write-only: its blind RMWs take their families'
 * classes from now on.  Executions explored with some of them in the
 * write-only class -- in one order a read may now tell from another --
 * are thrown away: the run starts over. */
static void end_write_only(struct gpumc_exec *x, rt_loc *l)
{
    if (l->wo_off)
        return;
    l->wo_off = 1;
    if (l->wo_seen && !x->stop)
        x->stop = EXEC_RESTART;
}

/* Does the family of a blind RMW just issued make the order of the
 * location's blind RMWs change the value they leave? */
static void note_family(rt_loc *l, unsigned f)
{
    if (!f || (l->wo_family && l->wo_family != f))
        l->wo_family = COMM_MIXED;
    else
        l->wo_family = (uint8_t)f;
}

static int relaxed(gpumc_order o)
{
    return o == GPUMC_RLX || o == GPUMC_NA;
}

/* Out of memory the reduction is given up everywhere -- every order is
 * explored, which is always sound -- and the run starts over if it was
 * used. */
static int give_up(struct gpumc_exec *x)
{
    x->comm_off = 1;
    if (x->comm_used && !x->stop)
        x->stop = EXEC_RESTART;
    return -1;
}

/* Remember loc among those with blind RMWs in one order. */
static int note_comm_loc(struct gpumc_exec *x, uint32_t loc)
{
    if (x->ncomm_locs == x->capcomm_locs) {
        uint32_t cap = x->capcomm_locs ? 2 * x->capcomm_locs : 16;
        uint32_t *v = realloc(x->comm_locs, cap * sizeof *v);
        if (!v)
            return give_up(x);
        x->comm_locs = v;
        x->capcomm_locs = cap;
    }
    x->comm_locs[x->ncomm_locs++] = loc;
    return 0;
}

/* The class of a blind relaxed RMW of family f (0: none) on loc. */
static uint8_t blind_class(struct gpumc_exec *x, uint32_t loc, unsigned f, gpumc_scope sc)
{
    rt_loc *l = &x->locs[loc];
    if (x->comm_off || l->comm_off)
        return 0;
    if (!l->wo_off) {
        note_family(l, f == FAMILY_FEXACT ? 0 : f); /* (sums that may differ by order) */
        if (l->wo_family == COMM_MIXED && l->read_seen)
            end_write_only(x, l);
    }
    if (!l->wo_off) {
        l->wo_seen = 1;
        f = FAMILY_WRITE_ONLY;
    } else if (!f) {
        return 0;
    }
    if (!l->comm_seen && note_comm_loc(x, loc) != 0)
        return 0;
    l->comm_seen = 1;
    x->comm_used = 1;
    return (uint8_t)(f * 4 + (unsigned)sc); /* one scope per class: see comm_guard */
}

static int float_add(gpumc_rmw_op op)
{
    return op == GPUMC_RMW_FADD || op == GPUMC_RMW_FSUB || op == GPUMC_RMW_HADD ||
           op == GPUMC_RMW_BFADD;
}

uint8_t comm_class(struct gpumc_exec *x, uint32_t loc, gpumc_rmw_op op, unsigned size,
                   uint64_t operand, int unused, gpumc_order o, gpumc_scope sc)
{
    if (!unused || !relaxed(o))
        return 0;
    unsigned f = family(x, op, size);
    if (!f)
        f = same_family(&x->locs[loc], op, size, operand);
    uint8_t c = blind_class(x, loc, f, sc);
    if (!c && float_add(op) && !x->comm_off && !x->locs[loc].comm_off)
        x->res->float_orders = 1; /* a hint for a run cut short (verdict.c) */
    return c;
}

uint8_t comm_cas_class(struct gpumc_exec *x, uint32_t loc, int unused, gpumc_order succ,
                       gpumc_order fail, gpumc_scope sc)
{
    return unused && relaxed(succ) && relaxed(fail) ? blind_class(x, loc, 0, sc) : 0;
}

uint8_t comm_store_class(struct gpumc_exec *x, uint32_t loc, gpumc_order o, gpumc_scope sc)
{
    rt_loc *l = &x->locs[loc];
    /* After an atomic access: pinned co-latest, the store would never
     * precede an atomic store already there, whose co order counts. */
    if (o != GPUMC_NA || x->comm_off || l->comm_off || l->wo_off || l->first_atomic)
        return 0;
    note_family(l, 0); /* a store's order always changes the value left */
    if (l->read_seen) {
        end_write_only(x, l);
        return 0;
    }
    return (uint8_t)(FAMILY_WRITE_ONLY * 4 + (unsigned)sc);
}

void comm_store_pinned(struct gpumc_exec *x, uint32_t loc)
{
    x->locs[loc].wo_seen = 1;
    x->comm_used = 1;
}

void comm_read_issued(struct gpumc_exec *x, uint32_t loc)
{
    rt_loc *l = &x->locs[loc];
    if (l->read_seen)
        return;
    l->read_seen = 1;
    if (l->wo_family == COMM_MIXED)
        end_write_only(x, l);
}

static int restart(struct gpumc_exec *x, uint32_t loc)
{
    x->locs[loc].comm_off = 1;
    if (!x->stop)
        x->stop = EXEC_RESTART;
    return 1;
}

static int is_acquire(uint8_t order)
{
    return order == GPUMC_ACQ || order == GPUMC_ACQ_REL || order == GPUMC_SC;
}

static int is_release(uint8_t order)
{
    return order == GPUMC_REL || order == GPUMC_ACQ_REL || order == GPUMC_SC;
}

/* Must a and b be hb-ordered for the reduction to hold?  Two blind RMWs of
 * one class commute; every other pair with a blind RMW in it must be
 * ordered (a class differs by operation or by scope: with two scopes the
 * release sequences through the RMWs would depend on their order). */
static int must_order(const event *a, const event *b)
{
    if (!a->comm && !b->comm)
        return 0;
    return a->comm != b->comm;
}

static int ordered(const graph *g, eid a, eid b)
{
    return graph_hb_before(g, a, b) || graph_hb_before(g, b, a);
}

static int unordered_with(const graph *g, eid e, const eid *list, uint32_t n)
{
    const event *ev = graph_ev(g, e);
    for (uint32_t i = 0; i < n; i++)
        if (list[i] != e && must_order(ev, graph_ev(g, list[i])) && !ordered(g, list[i], e))
            return 1;
    return 0;
}

/* Is write w in the release sequence of some release head: is it, or a
 * write before it along its chain of RMWs, a release write, or after a
 * release fence or a release write to the location in its thread (RC11's
 * rs)?  Scopes are not looked at: a superset of what synchronises. */
static int may_carry_release(const graph *g, eid w)
{
    while (w != EID_INIT && w != EID_NONE) {
        const gthread *th = &g->th[EID_T(w)];
        const event *ew = graph_ev(g, w);
        for (uint32_t j = 0; j <= EID_I(w); j++) {
            const event *ev = &th->ev[j];
            if ((ev->kind == EV_FENCE || (ev->kind == EV_WRITE && ev->loc == ew->loc)) &&
                is_release(ev->order))
                return 1;
        }
        if (!ew->rmw)
            return 0;
        w = graph_ev(g, w - 1)->rf; /* the read part is the po-predecessor */
    }
    return 0;
}

/* An acquire fence synchronises with the release heads of the writes that
 * the atomic reads before it read (back to the previous acquire fence);
 * through a blind write, that depends on the RMWs' order -- when some
 * order puts a release head before the read.  In the order explored the
 * read may see no head at all: then it synchronises with nothing, the
 * fewest happens-before edges of any order (a blind RMW added later never
 * comes before it), and the order explored is the one to check. */
static int fence_observes(struct gpumc_exec *x, const graph *g, eid f)
{
    const gthread *th = &g->th[EID_T(f)];
    for (uint32_t j = EID_I(f); j-- > 0;) {
        const event *ev = &th->ev[j];
        if (ev->kind == EV_FENCE && is_acquire(ev->order))
            return 0;
        if (ev->kind == EV_READ && ev->rf != EID_INIT && ev->rf != EID_NONE &&
            graph_ev(g, ev->rf)->comm && !x->locs[ev->loc].comm_off &&
            may_carry_release(g, ev->rf))
            return restart(x, ev->loc);
    }
    return 0;
}

/* Is e reachable from r (po, rf, barriers, synchronisation)? */
static int after(const graph *g, eid r, eid e)
{
    return graph_porf_before(g, r, e) || graph_hb_before(g, r, e);
}

/* The threads of a class's blind writes that lie in w's prefix, and of
 * those after r: the first two distinct of each (UINT32_MAX: none).
 * `linked`: some read of the class takes a porf edge from a class-mate
 * (a CAS, a float add: not relinkable, graph_rf_porf). */
typedef struct class_threads {
    uint8_t comm, linked;
    uint32_t before[2], after[2];
} class_threads;

static void note_thread(uint32_t *two, uint32_t t)
{
    if (two[0] == UINT32_MAX)
        two[0] = t;
    else if (two[0] != t && two[1] == UINT32_MAX)
        two[1] = t;
}

/* Some b2 in `before` and b1 in `after` of different threads? */
static int pair_apart(const class_threads *c)
{
    if (c->before[0] == UINT32_MAX || c->after[0] == UINT32_MAX)
        return 0;
    return c->before[1] != UINT32_MAX || c->after[1] != UINT32_MAX ||
           c->before[0] != c->after[0];
}

/* Does w's prefix hold a blind RMW of loc's class c, and r come before
 * another thread's blind RMW of c?  One pass over loc's coherence order
 * and its reads -- an ignored CAS that failed in the order explored wrote
 * nothing, but in another order it succeeds -- classes kept apart in a
 * short table. */
static int loc_order_fixed(const graph *g, const vrow *row, eid w, eid r, uint32_t loc)
{
    class_threads cls[8];
    unsigned ncls = 0;
    const gloc *gl = &g->loc[loc];
    for (uint32_t i = 0; i < gl->nco + gl->nrd; i++) {
        eid b = i < gl->nco ? gl->co[i] : gl->rd[i - gl->nco];
        const event *ev = graph_ev(g, b);
        if (!ev->comm)
            continue;
        unsigned k = 0;
        while (k < ncls && cls[k].comm != ev->comm)
            k++;
        if (k == ncls) {
            if (ncls == sizeof cls / sizeof cls[0])
                return 1; /* more classes than kept: take the order as fixed */
            cls[ncls++] = (class_threads){ev->comm, 0, {UINT32_MAX, UINT32_MAX},
                                          {UINT32_MAX, UINT32_MAX}};
        }
        cls[k].linked |= i >= gl->nco && !ev->relink;
        uint32_t u = EID_T(b);
        uint32_t hb = vrow_at(row, GRAPH_HB, u), porf = vrow_at(row, GRAPH_PORF, u);
        uint32_t n = u == EID_T(w) ? EID_I(w) : hb > porf ? hb : porf;
        if (EID_I(b) < n)
            note_thread(cls[k].before, u);
        if (after(g, r, b))
            note_thread(cls[k].after, u);
    }
    for (unsigned k = 0; k < ncls; k++)
        if (cls[k].linked && pair_apart(&cls[k]))
            return 1;
    return 0;
}

/* Another thread's read r may read w (now, or by a revisit).  The order of
 * two blind RMWs of one class is then fixed when one of them, b2, is
 * before w and the other, b1, after r (by po, rf, barriers or
 * synchronisation): b2 -> w -rf-> r -> b1 is
 * acyclic only with b2 first.  Having put b1 first, the explorer would
 * keep b1 (now in w's prefix through b2 reading it) and never let r read
 * w -- unless b2's read takes no porf edge from b1 (relinkable RMWs,
 * graph_rf_porf: the revisit drops b1 and re-points b2).  Classes with a
 * read that does (`linked`) are explored in every order from then on; 1
 * if one was found.  (A read just added has nothing after it: this fires for reads
 * already in the graph, which is why explore_write asks before placing w,
 * when the graph where r reads w may not be consistent yet.)  A read
 * hb-before w never reads it, in any order of the blind RMWs -- hb runs
 * through none of their writes (an acquire reading one restarts,
 * comm_guard) -- so path_after_blind skips it: a store after barriers
 * every blind RMW reached.  A read merely porf-before w may be so only
 * through the order chosen (b2 read by w's thread), and is checked. */
static int fixed_at(struct gpumc_exec *x, const graph *g, eid w, eid r, uint32_t loc)
{
    if (x->locs[loc].comm_off || loc >= g->nlocs ||
        !loc_order_fixed(g, graph_row(g, w), w, r, loc))
        return 0;
    restart(x, loc);
    return 1;
}

static int order_fixed_through(struct gpumc_exec *x, const graph *g, eid w, eid r)
{
    int found = 0;
    for (uint32_t i = 0; i < x->ncomm_locs; i++)
        found |= fixed_at(x, g, w, r, x->comm_locs[i]);
    return found;
}

static int path_after_blind(struct gpumc_exec *x, const graph *g, eid e, const event *ev)
{
    if (ev->kind == EV_READ) {
        eid w = ev->rf;
        if (w == EID_INIT || w == EID_NONE || EID_T(w) == EID_T(e) || graph_ev(g, w)->comm)
            return 0;
        /* e was just given w (appended, or revisited: what followed it is
         * gone), so nothing lies after it but itself: only its own class,
         * if it is a blind RMW's read, can have its order fixed through
         * it -- not every location's (a plain read of a bin that another
         * thread cleared cost a scan of every commuting location). */
        return ev->comm ? fixed_at(x, g, w, e, ev->loc) : 0;
    }
    if (ev->comm)
        return 0;
    const gloc *gl = &g->loc[ev->loc];
    int found = 0;
    for (uint32_t i = 0; i < gl->nrd; i++)
        if (EID_T(gl->rd[i]) != EID_T(e) && !graph_hb_before(g, gl->rd[i], e))
            found |= order_fixed_through(x, g, e, gl->rd[i]);
    return found;
}

/* A float (size 4) or double at bits, as a double. */
static double float_value(uint64_t bits, unsigned size)
{
    if (size == 4) {
        float f;
        uint32_t w = (uint32_t)bits;
        memcpy(&f, &w, 4);
        return f;
    }
    double d;
    memcpy(&d, &bits, 8);
    return d;
}

/* The exponent of d's lowest set bit (d finite, not 0). */
static int low_bit(double d)
{
    int e;
    double f = frexp(fabs(d), &e); /* d = f * 2^e, 0.5 <= f < 1 */
    uint64_t m = (uint64_t)ldexp(f, 53);
    return e - 53 + __builtin_ctzll(m);
}

/* The run of float adds ending at write w (see sums_agree): w and the adds
 * of its class before it, each reading the one before, down to the base.
 * Walked back to the run's last add already summed (x->fsum), so a run
 * growing by one add costs O(1), not its length. */
static void run_of(struct gpumc_exec *x, const graph *g, eid w, struct fsum_run *s)
{
    const event *ew = graph_ev(g, w);
    struct fsum_run *c = &x->fsum[ew->loc % FSUM_CACHE];
    *s = (struct fsum_run){ew->loc, w, ew->ver, 0, INT32_MAX, 1, 0, 0, 0};
    for (eid e = w; e != EID_INIT && e != EID_NONE && graph_ev(g, e)->comm == ew->comm;) {
        if (e != w && c->loc == ew->loc && c->w == e && c->ver == graph_ev(g, e)->ver) {
            s->n += c->n;
            s->lo = c->lo < s->lo ? c->lo : s->lo;
            s->finite &= c->finite;
            s->nan |= c->nan;
            s->abs += c->abs;
            s->base = c->base;
            break;
        }
        const event *rd = graph_ev(g, e - 1); /* the read part: the operand, signed */
        double v = float_value(rd->expected, ew->size);
        s->n++;
        s->finite &= isfinite(v) != 0;
        s->nan |= isnan(v) != 0;
        if (isfinite(v) && v != 0 && low_bit(v) < s->lo)
            s->lo = low_bit(v);
        s->abs += fabs(v);
        s->base = float_value(rd->value, ew->size); /* the earliest read is the base */
        e = rd->rf;
    }
    *c = *s;
}

/* w is the write of a float add of class FAMILY_FEXACT, just added after
 * the co-latest write.  Its run -- w and the adds of its class before it,
 * each reading the one before, down to the base (the first other write,
 * or the initial value) -- leaves the same sum in every order when
 *   - every partial sum in any order is exact: the base and the operands
 *     are all multiples of 2^k and their magnitudes add up below 2^(k+p),
 *     p the precision (24, 53) -- integers, halves, the same few bits; or
 *   - the base is zero and the run is two adds, not NaNs: 0+a+b = a+b = b+a.
 * (An exact sum is zero only as +0 unless every term is -0, in any order.)
 * Checked as each add joins, the run at its end is checked whole.  The
 * magnitudes add up exactly in a double while the first condition holds
 * (multiples of 2^k below 2^(k+53)); once it fails, the run is done with. */
static int sums_agree(struct gpumc_exec *x, const graph *g, eid w)
{
    struct fsum_run s;
    run_of(x, g, w, &s);
    if (s.n <= 1 || (s.n == 2 && s.base == 0 && !s.nan))
        return 1;
    if (!s.finite || !isfinite(s.base))
        return 0;
    int lo = s.base != 0 && low_bit(s.base) < s.lo ? low_bit(s.base) : s.lo;
    if (lo == INT32_MAX) /* all zeros */
        return 1;
    return fabs(s.base) + s.abs < ldexp(1.0, lo + (graph_ev(g, w)->size == 4 ? 24 : 53));
}

/* ---- SC fences ----------------------------------------------------
 * Swapping two adjacent blind writes a, b of a class (b read a, nothing
 * else did) changes co, rf and fr between a and b alone.  RC11's psc sees
 * such an edge only as [F_sc];hb;a -> b;hb;[F_sc]: from an SC fence
 * hb-before one of them to an SC fence hb-after the other (blind RMWs are
 * relaxed, so never SC themselves, and an SC access's psc edges start or
 * end at itself).  So a location keeps one order while its blind writes
 * have SC fences only hb-before them (sc_pre) or only hb-after them
 * (sc_post).  Each is learned when the later of the two events is added,
 * whose hb view is final then (a fence is never revisited; a blind read
 * is relaxed, so a revisit leaves its view as it was).  The per-thread
 * marks span every execution of the run: a superset of this one's. */

static int sc_both(struct gpumc_exec *x, uint32_t loc)
{
    const rt_loc *l = &x->locs[loc];
    return l->sc_pre && l->sc_post && !l->comm_off ? restart(x, loc) : 0;
}

/* Thread t's blind writes include one to loc at index i. */
static int mark_blind(struct gpumc_exec *x, const graph *g, uint32_t t, uint32_t loc,
                      uint32_t i)
{
    if (!x->blind_marks) {
        x->blind_marks = calloc(g->nthreads, sizeof *x->blind_marks);
        if (!x->blind_marks)
            return give_up(x);
        x->nblind_marks = g->nthreads;
    }
    comm_marks *ms = &x->blind_marks[t];
    for (uint32_t k = ms->n; k-- > 0;) /* the latest first: loops hit it */
        if (ms->m[k].loc == loc) {
            if (i < ms->m[k].first)
                ms->m[k].first = i;
            return 0;
        }
    if (ms->n == ms->cap) {
        uint32_t cap = ms->cap ? 2 * ms->cap : 4;
        comm_mark *m = realloc(ms->m, cap * sizeof *m);
        if (!m)
            return give_up(x);
        ms->m = m;
        ms->cap = cap;
    }
    ms->m[ms->n++] = (comm_mark){loc, i};
    return 0;
}

/* Is an SC fence (of any execution of the run) hb-before e? */
static int sc_fence_before(const struct gpumc_exec *x, const graph *g, eid e)
{
    uint32_t t = EID_T(e);
    if (x->scf_first[t] && x->scf_first[t] - 1 < EID_I(e))
        return 1;
    const vrow *row = graph_row(g, e);
    for (uint32_t u = row->lo; u < row->lo + row->len; u++)
        if (u != t && x->scf_first[u] && x->scf_first[u] - 1 < vrow_at(row, GRAPH_HB, u))
            return 1;
    return 0;
}

/* w is a blind write just added: note it, and whether an SC fence is
 * hb-before it. */
static int sc_blind_write(struct gpumc_exec *x, const graph *g, eid w, uint32_t loc)
{
    rt_loc *l = &x->locs[loc];
    if (l->comm_off)
        return 0;
    if (!l->sc_post && mark_blind(x, g, EID_T(w), loc, EID_I(w)) != 0)
        return 1;
    if (!l->sc_pre && x->scf_first && sc_fence_before(x, g, w))
        l->sc_pre = 1;
    return sc_both(x, loc);
}

/* Thread u's blind writes before its n-th event are hb-before SC fence f. */
static int sc_after_marks(struct gpumc_exec *x, uint32_t u, uint32_t n)
{
    int found = 0;
    const comm_marks *ms = &x->blind_marks[u];
    for (uint32_t k = 0; k < ms->n; k++) {
        rt_loc *l = &x->locs[ms->m[k].loc];
        if (ms->m[k].first < n && !l->sc_post) {
            l->sc_post = 1;
            found |= sc_both(x, ms->m[k].loc);
        }
    }
    return found;
}

int comm_sc_fence(struct gpumc_exec *x, eid f)
{
    const graph *g = x->g;
    uint32_t t = EID_T(f);
    if (x->comm_off)
        return 0;
    if (!x->scf_first) {
        x->scf_first = calloc(g->nthreads, sizeof *x->scf_first);
        if (!x->scf_first) {
            give_up(x);
            return x->comm_used; /* a restart if the reduction was in use */
        }
    }
    if (!x->scf_first[t] || EID_I(f) + 1 < x->scf_first[t])
        x->scf_first[t] = EID_I(f) + 1;
    if (!x->blind_marks)
        return 0;
    int found = sc_after_marks(x, t, EID_I(f));
    const vrow *row = graph_row(g, f);
    for (uint32_t u = row->lo; u < row->lo + row->len; u++)
        if (u != t && vrow_at(row, GRAPH_HB, u))
            found |= sc_after_marks(x, u, vrow_at(row, GRAPH_HB, u));
    return found;
}

int comm_guard(struct gpumc_exec *x, eid e)
{
    const graph *g = x->g;
    const event *ev = graph_ev(g, e);
    if (!x->comm_used)
        return 0;
    if (ev->kind == EV_FENCE)
        return is_acquire(ev->order) && fence_observes(x, g, e);
    if (ev->kind == EV_WRITE && ev->comm && sc_blind_write(x, g, e, ev->loc))
        return 1;
    if (ev->kind != EV_READ && ev->kind != EV_WRITE)
        return 0;
    if (ev->kind == EV_WRITE && ev->comm / 4 == FAMILY_FEXACT && !sums_agree(x, g, e)) {
        x->res->float_orders = 1; /* --commute-float would keep one order */
        return restart(x, ev->loc);
    }
    if (path_after_blind(x, g, e, ev))
        return 1;
    const rt_loc *l = &x->locs[ev->loc];
    if (!l->comm_seen || l->comm_off)
        return 0;
    if (ev->kind == EV_READ && is_acquire(ev->order) && ev->rf != EID_INIT &&
        ev->rf != EID_NONE && graph_ev(g, ev->rf)->comm)
        return restart(x, ev->loc);
    const gloc *gl = &g->loc[ev->loc];
    if (!l->kind_mixed) /* one kind of access only: no pair must be ordered */
        return 0;
    /* e of the location's only class must be ordered with its unclassed
     * accesses alone (n blind adds after an initialising store cost n) */
    uint32_t nw = gl->nco, nr = gl->nrd;
    const eid *ws = gl->co, *rs = gl->rd;
    if (ev->comm && !l->classes_mixed && l->class_first == ev->comm) {
        ws = graph_unclassed_writes(g, ev->loc, &nw);
        rs = graph_unclassed_reads(g, ev->loc, &nr);
    }
    if (unordered_with(g, e, ws, nw) || unordered_with(g, e, rs, nr))
        return restart(x, ev->loc);
    return 0;
}

void comm_free(struct gpumc_exec *x)
{
    for (uint32_t t = 0; t < x->nblind_marks; t++)
        free(x->blind_marks[t].m);
    free(x->blind_marks);
    free(x->scf_first);
    free(x->comm_locs);
}
