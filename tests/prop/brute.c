/*
 * brute.c -- brute-force enumeration of consistent executions.
 * See brute.h for the contract.  Structure:
 *   bar_analyse   static barrier instances / divergence (straight-line
 *                 code: which barriers complete never depends on values)
 *   build_pevs    the potential events of every thread
 *   enumerate     odometer over rf choices; per choice: values, event set,
 *                 hb; then odometer over co permutations; per co: axioms
 * Everything is recomputed from scratch per candidate: slow but simple.
 */
#include "brute.h"

#include <stdlib.h>
#include <string.h>

#include "bitrel.h"
#include "canon.h"

/* Two events per RMW; one counted loop per thread adds its extra iterations. */
#define MAXP (PROG_MAX_THREADS * (PROG_MAX_INSTR + PROG_MAX_REPS - 1) * 2)
#define NINIT PROG_NLOCS /* exe indices 0..NINIT-1: initial write per loc */
_Static_assert(MAXP + NINIT <= BR_MAX, "an execution fits a bit relation");

enum { K_R, K_W, K_F };

/* A potential event: exists unless it is the write of a failed CAS. */
typedef struct pev {
    int thread, instr, iter, kind;
    int loc;
    int rmw;     /* part of an RMW / CAS */
    int partner; /* the other part, or -1 */
    const prog_instr *in;
} pev;

typedef struct barinfo {
    int stop[PROG_MAX_THREADS]; /* instructions the thread executes */
    int pos[PROG_MAX_THREADS][PROG_MAX_INSTR];  /* instr of its k-th CTA barrier */
    int done[2][PROG_MAX_INSTR];                /* CTA barrier instance (cta, k) passed */
    int arrive[PROG_MAX_THREADS][PROG_MAX_INSTR]; /* instr of its k-th arrival */
    int wait[PROG_MAX_THREADS][PROG_MAX_INSTR];   /* instr of its k-th wait, passed */
    int nwait[PROG_MAX_THREADS];                  /* waits passed */
    int round[2][PROG_MAX_INSTR];                 /* split round (cta, k) complete */
    int blocked;
    int ndiv;
    unsigned div[PROG_MAX_THREADS]; /* where blocked threads wait */
} barinfo;

/* One concrete execution candidate (event set fixed by the rf choice). */
typedef struct exe {
    int n;
    int pe[BR_MAX]; /* pev index, -1 for initial writes */
    int thread[BR_MAX], kind[BR_MAX], loc[BR_MAX];
    gpumc_order order[BR_MAX];
    int rfsrc[BR_MAX]; /* reads: exe index of the write read from */
    uint64_t R, W, F, atomic, sc;
    uint64_t rel, acq; /* order ⊒ rel, ⊒ acq */
    bitrel po, rf, rmw, bar, init, sloc, incl, hb;
} exe;

typedef struct bctx {
    const prog *p;
    checker_model m;
    outcome *out;
    barinfo bar;
    int np;
    pev ev[MAXP];
    int nreads;
    int reads[MAXP];
    int nch[MAXP];
    int ch[MAXP][MAXP + 1]; /* rf choices per read: pev index, -1 = init */
    int pick[MAXP];
    uint32_t val[MAXP];
    int exists[MAXP];
    int failed[PROG_MAX_THREADS]; /* read pev of the thread's failed await, or -1 */
    int nfailed;
    int nconsistent; /* consistent executions recorded */
} bctx;

/* ---- barriers ----------------------------------------------------- */

/* Run the threads' barriers to a fixpoint (straight-line code: which
 * instances complete never depends on values).  A thread moves past memory
 * operations and arrivals; past a wait once every thread of its CTA made
 * the arrival of that round; past its k-th CTA barrier once every thread
 * of its CTA waits at its k-th barrier, all with the same id.  Whoever is
 * left waiting waits forever: divergence (a barrier instance whose
 * threads disagree, or that a thread ends without reaching, or a round
 * too few threads arrive at). */
static void bar_analyse(const prog *p, barinfo *b)
{
    int pc[PROG_MAX_THREADS] = {0}, nbar[PROG_MAX_THREADS] = {0}, narr[PROG_MAX_THREADS] = {0};
    int arrived[2][PROG_MAX_INSTR] = {{0}}, size[2] = {prog_cta_size(p, 0), prog_cta_size(p, 1)};
    memset(b, 0, sizeof *b);
    for (int moved = 1; moved;) {
        moved = 0;
        for (int t = 0; t < p->nthreads; t++) {
            const prog_thread *th = &p->th[t];
            for (; pc[t] < th->n; pc[t]++, moved = 1) {
                prog_op op = th->ins[pc[t]].op;
                if (op == OP_BARRIER)
                    break;
                if (op == OP_ARRIVE) {
                    b->arrive[t][narr[t]] = pc[t];
                    arrived[th->cta][narr[t]++]++;
                } else if (op == OP_WAIT) {
                    int k = b->nwait[t];
                    if (arrived[th->cta][k] < size[th->cta])
                        break;
                    b->round[th->cta][k] = 1;
                    b->wait[t][b->nwait[t]++] = pc[t];
                }
            }
        }
        for (int cta = 0; cta < 2; cta++) {
            int all = size[cta] > 0, id = -1;
            for (int t = 0; t < p->nthreads && all; t++) {
                const prog_thread *th = &p->th[t];
                if (th->cta != cta)
                    continue;
                all = pc[t] < th->n && th->ins[pc[t]].op == OP_BARRIER &&
                      (id < 0 || (unsigned)id == th->ins[pc[t]].bar_id);
                if (all)
                    id = (int)th->ins[pc[t]].bar_id;
            }
            for (int t = 0; t < p->nthreads && all; t++)
                if (p->th[t].cta == cta) {
                    b->done[cta][nbar[t]] = 1;
                    b->pos[t][nbar[t]++] = pc[t]++;
                    moved = 1;
                }
        }
    }
    for (int t = 0; t < p->nthreads; t++) {
        b->stop[t] = pc[t];
        if (pc[t] < p->th[t].n) {
            b->blocked = 1;
            b->div[b->ndiv++] = p->th[t].ins[pc[t]].src;
        }
    }
}

/* ---- potential events ------------------------------------------------ */

/* A CAS, whose write exists only if its read saw `expected`. */
static int is_cas(prog_op op)
{
    return op == OP_CAS || op == OP_AWAIT_CAS;
}

/* The value that ends an await loop. */
static uint32_t await_target(const prog_instr *in)
{
    return in->op == OP_AWAIT_CAS ? in->expected : in->value;
}

static int add_pev(bctx *c, int t, int i, int iter, int kind)
{
    pev *e = &c->ev[c->np];
    e->thread = t;
    e->instr = i;
    e->iter = iter;
    e->kind = kind;
    e->in = &c->p->th[t].ins[i];
    e->loc = e->in->loc;
    e->rmw = 0;
    e->partner = -1;
    return c->np++;
}

static void build_pevs(bctx *c)
{
    const prog *p = c->p;
    c->np = 0;
    for (int t = 0; t < p->nthreads; t++)
        for (int i = 0; i < c->bar.stop[t]; i++)
            for (int k = 0; k < prog_reps(&p->th[t].ins[i]); k++) {
                prog_op op = p->th[t].ins[i].op;
                if (op == OP_LOAD || op == OP_AWAIT) {
                    add_pev(c, t, i, k, K_R);
                } else if (op == OP_STORE) {
                    add_pev(c, t, i, k, K_W);
                } else if (op == OP_FENCE) {
                    add_pev(c, t, i, k, K_F);
                } else if (!prog_is_barrier(op)) { /* fetch_add, exchange, CAS */
                    int r = add_pev(c, t, i, k, K_R), w = add_pev(c, t, i, k, K_W);
                    c->ev[r].rmw = c->ev[w].rmw = 1;
                    c->ev[r].partner = w;
                    c->ev[w].partner = r;
                }
            }
}

/* rf candidates of each read: the initial write and every potential write
 * to the location, except po-later writes of the reading thread (and its
 * own RMW write): those always close a po ∪ rf cycle, so skipping them is
 * only a speed-up.  Potential events are numbered in program order per
 * thread, so po-later is a larger index. */
static void build_choices(bctx *c)
{
    c->nreads = 0;
    for (int r = 0; r < c->np; r++) {
        if (c->ev[r].kind != K_R)
            continue;
        int k = c->nreads++;
        c->reads[k] = r;
        c->nch[k] = 0;
        c->ch[k][c->nch[k]++] = -1;
        for (int w = 0; w < c->np; w++) {
            const pev *W = &c->ev[w], *R = &c->ev[r];
            if (W->kind != K_W || W->loc != R->loc)
                continue;
            if (W->thread == R->thread && w > r)
                continue;
            c->ch[k][c->nch[k]++] = w;
        }
        c->pick[k] = 0;
    }
}

/* ---- values and existence for one rf choice ---------------------------- */

static int rf_of(const bctx *c, int r)
{
    for (int k = 0; k < c->nreads; k++)
        if (c->reads[k] == r)
            return c->ch[k][c->pick[k]];
    return -1;
}

/* One propagation step for event e; returns 1 if its value became known. */
static int eval_one(bctx *c, int e, int *known)
{
    const pev *E = &c->ev[e];
    if (E->kind == K_F) {
        known[e] = 1;
        return 1;
    }
    if (E->kind == K_R) {
        int w = rf_of(c, e);
        if (w >= 0 && !known[w])
            return 0;
        c->val[e] = w < 0 ? 0 : c->val[w];
        known[e] = 1;
        return 1;
    }
    if (!E->rmw || (E->in->op != OP_FADD && E->in->op != OP_AWAIT_RMW)) {
        /* store, exchange, CAS */
        c->val[e] = E->in->value;
        known[e] = 1;
        return 1;
    }
    if (!known[E->partner])
        return 0;
    /* 32-bit wrap; an await's fetch_add adds 0 */
    c->val[e] = c->val[E->partner] + (E->in->op == OP_FADD ? E->in->value : 0);
    known[e] = 1;
    return 1;
}

/* Values flow along rf and rmw only.  A value left unknown means an rf
 * cycle through RMWs, i.e. a po ∪ rf cycle: discarded.  Then, per thread
 * in program order: a CAS write exists iff its read saw `expected`; an
 * await that reads another value is the thread's last instruction (its
 * later events do not exist).  A read from a non-existent write is not an
 * execution; a read that does not exist takes only its first rf choice, so
 * that no execution is seen twice. */
static int eval_values(bctx *c)
{
    int known[MAXP] = {0};
    int progress = 1;
    while (progress) {
        progress = 0;
        for (int e = 0; e < c->np; e++)
            if (!known[e] && eval_one(c, e, known))
                progress = 1;
    }
    int stop[PROG_MAX_THREADS];
    for (int t = 0; t < PROG_MAX_THREADS; t++) {
        stop[t] = PROG_MAX_INSTR;
        c->failed[t] = -1;
    }
    c->nfailed = 0;
    for (int e = 0; e < c->np; e++) { /* pevs are in program order per thread */
        const pev *E = &c->ev[e];
        c->exists[e] = E->instr <= stop[E->thread];
        if (!c->exists[e])
            continue;
        if (!known[e])
            return 0;
        if (E->kind == K_W && is_cas(E->in->op) && c->val[E->partner] != E->in->expected)
            c->exists[e] = 0;
        if (E->kind == K_R && prog_is_await(E->in->op) && c->val[e] != await_target(E->in)) {
            stop[E->thread] = E->instr;
            c->failed[E->thread] = e;
            c->nfailed++;
        }
    }
    for (int k = 0; k < c->nreads; k++) {
        int w = c->ch[k][c->pick[k]];
        if (!c->exists[c->reads[k]] ? c->pick[k] != 0 : w >= 0 && !c->exists[w])
            return 0;
    }
    return 1;
}

/* ---- building the concrete execution ----------------------------------- */

static int ord_ge_rel(gpumc_order o)
{
    return o == GPUMC_REL || o == GPUMC_ACQ_REL || o == GPUMC_SC;
}

static int ord_ge_acq(gpumc_order o)
{
    return o == GPUMC_ACQ || o == GPUMC_ACQ_REL || o == GPUMC_SC;
}

/* Does the scope of event e include thread u?  A thread is always in its
 * own scopes; RC11 and SC treat every scope as sys. */
static int scope_has(const bctx *c, const exe *x, int e, int u)
{
    int t = x->thread[e];
    if (t == u || c->m != MODEL_SRC11)
        return 1;
    switch (c->ev[x->pe[e]].in->scope) {
    case GPUMC_SCOPE_THREAD:
        return 0;
    case GPUMC_SCOPE_CTA:
        return c->p->th[t].cta == c->p->th[u].cta;
    default: /* gpu (all threads are on GPU 0), sys */
        return 1;
    }
}

/* incl(a,b): both atomic and mutual scope inclusion; no location clause
 * (SC axiom edges join different locations, e.g. SB with sc accesses). */
static int incl(const bctx *c, const exe *x, int a, int b)
{
    if (!((x->atomic >> a) & 1) || !((x->atomic >> b) & 1))
        return 0;
    return scope_has(c, x, a, x->thread[b]) &&
           scope_has(c, x, b, x->thread[a]);
}

static void add_event(const bctx *c, exe *x, int pe, int *map)
{
    const pev *E = &c->ev[pe];
    int i = x->n++;
    map[pe] = i;
    x->pe[i] = pe;
    x->thread[i] = E->thread;
    x->kind[i] = E->kind;
    x->loc[i] = E->kind == K_F ? -1 : E->loc;
    gpumc_order o = E->in->order;
    /* A failed CAS is a plain read with the failure order. */
    if (E->kind == K_R && is_cas(E->in->op) && !c->exists[E->partner])
        o = prog_cas_fail_order(o);
    x->order[i] = o;
    uint64_t bit = 1ull << i;
    x->R |= E->kind == K_R ? bit : 0;
    x->W |= E->kind == K_W ? bit : 0;
    x->F |= E->kind == K_F ? bit : 0;
    x->atomic |= o != GPUMC_NA ? bit : 0;
    x->sc |= o == GPUMC_SC ? bit : 0;
    x->rel |= ord_ge_rel(o) ? bit : 0;
    x->acq |= ord_ge_acq(o) ? bit : 0;
}

static void add_inits(exe *x)
{
    for (int l = 0; l < NINIT; l++) {
        x->pe[l] = -1;
        x->thread[l] = -1;
        x->kind[l] = K_W;
        x->loc[l] = l;
        x->order[l] = GPUMC_NA;
        x->W |= 1ull << l;
    }
    x->n = NINIT;
}

/* Instance (cta, k) passed: before-barrier events of every member thread
 * happen before after-barrier events of every member thread.  A split
 * round (cta, k) complete: what precedes each member's k-th arrival
 * happens before what follows the k-th wait of each member that made it. */
static void add_bar_edges(const bctx *c, exe *x, int cta, int k, int split)
{
    const barinfo *b = &c->bar;
    for (int e = NINIT; e < x->n; e++)
        for (int f = NINIT; f < x->n; f++) {
            int t = x->thread[e], u = x->thread[f];
            if (c->p->th[t].cta != cta || c->p->th[u].cta != cta)
                continue;
            if (split && b->nwait[u] <= k)
                continue;
            int before = split ? b->arrive[t][k] : b->pos[t][k];
            int after = split ? b->wait[u][k] : b->pos[u][k];
            if (c->ev[x->pe[e]].instr < before && c->ev[x->pe[f]].instr > after)
                br_set(&x->bar, e, f);
        }
}

static void build_base_rels(const bctx *c, exe *x, const int *map)
{
    int n = x->n;
    for (int a = 0; a < n; a++)
        for (int b = 0; b < n; b++) {
            if (a >= NINIT && b >= NINIT && x->thread[a] == x->thread[b] &&
                a < b)
                br_set(&x->po, a, b); /* added in program order */
            if (a < NINIT && b >= NINIT)
                br_set(&x->init, a, b);
            if (x->loc[a] >= 0 && x->loc[a] == x->loc[b])
                br_set(&x->sloc, a, b);
            if (incl(c, x, a, b))
                br_set(&x->incl, a, b);
        }
    for (int e = NINIT; e < n; e++) {
        const pev *E = &c->ev[x->pe[e]];
        if (E->kind == K_R) {
            int w = rf_of(c, x->pe[e]);
            x->rfsrc[e] = w < 0 ? E->loc : map[w];
            br_set(&x->rf, x->rfsrc[e], e);
            if (E->rmw && c->exists[E->partner])
                br_set(&x->rmw, e, map[E->partner]);
        }
    }
    for (int cta = 0; cta < 2; cta++)
        for (int k = 0; k < PROG_MAX_INSTR; k++)
            for (int split = 0; split < 2; split++)
                if (split ? c->bar.round[cta][k] : c->bar.done[cta][k])
                    add_bar_edges(c, x, cta, k, split);
}

static void build_exe(const bctx *c, exe *x)
{
    int map[MAXP];
    memset(x, 0, sizeof *x);
    add_inits(x);
    for (int e = 0; e < c->np; e++) {
        map[e] = -1;
        if (c->exists[e])
            add_event(c, x, e, map);
    }
    build_base_rels(c, x, map);
}

/* ---- hb ------------------------------------------------------------- */

/* sw = prel; rseq; (incl ∩ rf); pacq, with
 *   rseq = [W]; po|loc?; [W ⊒ rlx]; ((incl ∩ rf); rmw)*
 *   prel = [E ⊒ rel]; ([F]; po)?     pacq = (po; [F])?; [E ⊒ acq]
 * hb = (po ∪ (incl ∩ sw) ∪ barrier edges ∪ init edges)+ */
static void compute_hb(exe *x)
{
    int n = x->n;
    uint64_t all = n == 64 ? ~0ull : (1ull << n) - 1;
    bitrel id, t, u, inclrf, rseq, prel, pacq, sw;

    br_ident(&id, all, n);
    br_inter(&inclrf, &x->incl, &x->rf, n);

    br_inter(&t, &x->po, &x->sloc, n); /* po|loc */
    br_union(&t, &t, &id, n);
    br_restrict(&t, &t, x->W, x->W & x->atomic, n);
    br_compose(&u, &inclrf, &x->rmw, n);
    br_closure(&u, n);
    br_union(&u, &u, &id, n);
    br_compose(&rseq, &t, &u, n);

    br_restrict(&t, &x->po, x->F & x->rel, all, n);
    br_ident(&u, x->rel, n);
    br_union(&prel, &t, &u, n);

    br_restrict(&t, &x->po, all, x->F & x->acq, n);
    br_ident(&u, x->acq, n);
    br_union(&pacq, &t, &u, n);

    br_compose(&t, &prel, &rseq, n);
    br_compose(&u, &t, &inclrf, n);
    br_compose(&sw, &u, &pacq, n);

    br_inter(&sw, &sw, &x->incl, n);
    br_union(&x->hb, &x->po, &sw, n);
    br_union(&x->hb, &x->hb, &x->bar, n);
    br_union(&x->hb, &x->hb, &x->init, n);
    br_closure(&x->hb, n);
}

/* ---- axioms for one co -------------------------------------------------- */

/* Parts of psc that do not depend on co, computed once per rf choice. */
typedef struct pscfix {
    bitrel scb;   /* po ∪ (po≠loc; hb; po≠loc) ∪ hb|loc */
    bitrel left;  /* [E_sc] ∪ [F_sc]; hb? */
    bitrel right; /* [E_sc] ∪ hb?; [F_sc] */
} pscfix;

static void psc_prepare(const exe *x, pscfix *f)
{
    int n = x->n;
    uint64_t all = n == 64 ? ~0ull : (1ull << n) - 1;
    uint64_t fsc = x->F & x->sc;
    bitrel ponl, t, u, hbq, esc;

    for (int i = 0; i < n; i++)
        ponl.r[i] = x->po.r[i] & ~x->sloc.r[i];
    br_compose(&t, &ponl, &x->hb, n);
    br_compose(&u, &t, &ponl, n);
    br_union(&f->scb, &x->po, &u, n);
    br_inter(&t, &x->hb, &x->sloc, n);
    br_union(&f->scb, &f->scb, &t, n);

    hbq = x->hb;
    br_reflexive(&hbq, n);
    br_ident(&esc, x->sc, n);
    br_restrict(&t, &hbq, fsc, all, n);
    br_union(&f->left, &esc, &t, n);
    br_restrict(&t, &hbq, all, fsc, n);
    br_union(&f->right, &esc, &t, n);
}

/* psc = psc_base ∪ psc_F; SC axiom: incl ∩ psc acyclic. */
static int sc_axiom(const exe *x, const pscfix *f, const bitrel *co,
                    const bitrel *fr, const bitrel *eco)
{
    int n = x->n;
    uint64_t fsc = x->F & x->sc;
    bitrel scb, t, u, psc;

    br_union(&scb, &f->scb, co, n);
    br_union(&scb, &scb, fr, n);
    br_compose(&t, &f->left, &scb, n);
    br_compose(&psc, &t, &f->right, n);

    br_compose(&t, &x->hb, eco, n);
    br_compose(&u, &t, &x->hb, n);
    br_union(&u, &u, &x->hb, n);
    br_restrict(&u, &u, fsc, fsc, n);
    br_union(&psc, &psc, &u, n);

    br_inter(&psc, &psc, &x->incl, n);
    return br_acyclic(&psc, n);
}

static int consistent(const bctx *c, const exe *x, const pscfix *f,
                      const bitrel *co)
{
    int n = x->n;
    bitrel rfinv, fr, t, eco;

    br_inverse(&rfinv, &x->rf, n);
    br_compose(&fr, &rfinv, co, n);

    br_compose(&t, &fr, co, n); /* atomicity: rmw ∩ (fr; co) = ∅ */
    br_inter(&t, &t, &x->rmw, n);
    if (!br_empty(&t, n))
        return 0;

    br_union(&eco, &x->rf, co, n);
    br_union(&eco, &eco, &fr, n);
    if (c->m == MODEL_SC) {
        br_union(&t, &eco, &x->po, n);
        br_union(&t, &t, &x->bar, n);
        br_union(&t, &t, &x->init, n);
        return br_acyclic(&t, n);
    }
    br_closure(&eco, n);
    br_compose(&t, &x->hb, &eco, n); /* coherence (hb itself: checked) */
    if (!br_irreflexive(&t, n))
        return 0;
    return sc_axiom(x, f, co, &fr, &eco);
}

/* ---- recording ---------------------------------------------------------- */

static canon_write canon_w(const bctx *c, const exe *x, int w)
{
    canon_write cw = {0, 0, 0, 0};
    if (w < NINIT) {
        cw.init = 1;
        return cw;
    }
    cw.src = c->ev[x->pe[w]].in->src;
    cw.iter = (unsigned)c->ev[x->pe[w]].iter;
    cw.rmw = c->ev[x->pe[w]].rmw;
    return cw;
}

typedef struct coperm {
    int nw[NINIT];
    int w[NINIT][MAXP]; /* exe indices of each location's writes, co order */
} coperm;

static int exe_index(const exe *x, int pe)
{
    for (int i = NINIT; i < x->n; i++)
        if (x->pe[i] == pe)
            return i;
    abort(); /* only asked for events that exist */
}

/* Is w (an exe index) the co-latest write of its location? */
static int co_last(const exe *x, const coperm *cp, int w)
{
    int l = x->loc[w];
    return cp->nw[l] == 0 ? w < NINIT : cp->w[l][cp->nw[l] - 1] == w;
}

/* The write a failed await's read stands on: what it read, or for a
 * fetch_add await what it wrote (a failed CAS writes nothing). */
static int await_source(const bctx *c, const exe *x, int r)
{
    const pev *R = &c->ev[r];
    return R->in->op == OP_AWAIT_RMW ? exe_index(x, R->partner) : x->rfsrc[exe_index(x, r)];
}

/* Some failed await read a value a newer write replaced: the thread would
 * have read again, so no execution of the program ends like this (the one
 * in which it read the newer write is enumerated on its own). */
static int stale_await(const bctx *c, const exe *x, const coperm *cp)
{
    for (int t = 0; t < c->p->nthreads; t++)
        if (c->failed[t] >= 0 && !co_last(x, cp, await_source(c, x, c->failed[t])))
            return 1;
    return 0;
}

/* What the execution's loads returned: their rf's values. */
static char *loads_str(const bctx *c, const exe *x)
{
    canon_loads l;
    canon_loads_init(&l);
    for (int e = NINIT; e < x->n; e++) {
        const pev *E = &c->ev[x->pe[e]];
        if (x->kind[e] == K_R && E->in->op == OP_LOAD)
            canon_load(&l, E->in->src, (unsigned)E->iter, c->val[x->pe[e]]);
    }
    return canon_loads_str(&l);
}

static void record(bctx *c, const exe *x, const coperm *cp)
{
    canon cn;
    canon_init(&cn);
    for (int e = NINIT; e < x->n; e++)
        if (x->kind[e] == K_R) {
            const pev *E = &c->ev[x->pe[e]];
            canon_read(&cn, E->in->src, (unsigned)E->iter, canon_w(c, x, x->rfsrc[e]));
        }
    for (int l = 0; l < NINIT; l++)
        for (int i = 0; i < cp->nw[l]; i++)
            canon_co(&cn, l, canon_w(c, x, cp->w[l][i]));
    if (stale_await(c, x, cp))
        return;
    int blocked = c->bar.blocked || c->nfailed;
    execset_add_owned(blocked ? &c->out->blocked : &c->out->complete, canon_str(&cn));
    if (!blocked)
        execset_add_owned(&c->out->loads, loads_str(c, x));
    c->nconsistent++;
}

/* Data race: same location, a write, an na access, hb-unordered.
 * Heterogeneous race (SRC11 only): the same with both atomic, not incl. */
static void record_races(bctx *c, const exe *x)
{
    for (int a = NINIT; a < x->n; a++)
        for (int b = a + 1; b < x->n; b++) {
            if (x->loc[a] < 0 || x->loc[a] != x->loc[b])
                continue;
            if (!(((x->W >> a) | (x->W >> b)) & 1))
                continue;
            if (br_has(&x->hb, a, b) || br_has(&x->hb, b, a))
                continue;
            unsigned sa = c->ev[x->pe[a]].in->src, sb = c->ev[x->pe[b]].in->src;
            int na = !((x->atomic >> a) & 1) || !((x->atomic >> b) & 1);
            if (na)
                findset_add(&c->out->findings, FINDING_DATA_RACE, sa, sb);
            else if (c->m == MODEL_SRC11 && !br_has(&x->incl, a, b))
                findset_add(&c->out->findings, FINDING_HETERO_RACE, sa, sb);
        }
}

/* ---- co enumeration -------------------------------------------------- */

/* Lexicographic next permutation; returns 0 (and leaves the array sorted
 * ascending again) after the last one. */
static int next_perm(int *a, int n)
{
    int i = n - 2;
    while (i >= 0 && a[i] >= a[i + 1])
        i--;
    if (i < 0) {
        for (int l = 0, r = n - 1; l < r; l++, r--) {
            int t = a[l];
            a[l] = a[r];
            a[r] = t;
        }
        return 0;
    }
    int j = n - 1;
    while (a[j] <= a[i])
        j--;
    int t = a[i];
    a[i] = a[j];
    a[j] = t;
    for (int l = i + 1, r = n - 1; l < r; l++, r--) {
        t = a[l];
        a[l] = a[r];
        a[r] = t;
    }
    return 1;
}

static void co_rel(const exe *x, const coperm *cp, bitrel *co)
{
    br_clear(co, x->n);
    for (int l = 0; l < NINIT; l++)
        for (int i = 0; i < cp->nw[l]; i++) {
            br_set(co, l, cp->w[l][i]); /* initial write first */
            for (int j = i + 1; j < cp->nw[l]; j++)
                br_set(co, cp->w[l][i], cp->w[l][j]);
        }
}

/* The await of every blocked thread read the co-latest write (an RMW
 * await: wrote it), so none can ever read another value: a liveness error
 * at the first such thread's await. */
static void record_liveness(bctx *c, const exe *x, const coperm *cp)
{
    if (!c->nfailed || stale_await(c, x, cp))
        return;
    int first = -1;
    for (int t = 0; t < c->p->nthreads && first < 0; t++)
        if (c->failed[t] >= 0)
            first = c->failed[t];
    findset_add(&c->out->findings, FINDING_DEADLOCK, c->ev[first].in->src, OUTCOME_NOSRC);
}

/* Returns 1 if some co order makes the execution consistent. */
static int enum_co(bctx *c, const exe *x, const pscfix *f)
{
    coperm cp;
    memset(&cp, 0, sizeof cp);
    for (int e = NINIT; e < x->n; e++)
        if (x->kind[e] == K_W)
            cp.w[x->loc[e]][cp.nw[x->loc[e]]++] = e;
    int any = 0;
    for (;;) {
        bitrel co;
        co_rel(x, &cp, &co);
        if (consistent(c, x, f, &co)) {
            record(c, x, &cp);
            record_liveness(c, x, &cp);
            any = 1;
        }
        int l = 0;
        while (l < NINIT && !next_perm(cp.w[l], cp.nw[l]))
            l++;
        if (l == NINIT)
            return any;
    }
}

/* ---- rf enumeration ----------------------------------------------------- */

static void try_rf(bctx *c)
{
    exe x;
    pscfix f;
    bitrel porf;

    if (!eval_values(c))
        return;
    build_exe(c, &x);
    /* no-thin-air (implied by SC too).  Barrier edges count as porf:
     * in GPUMC's encoding (SPEC §4.2) a barrier is an acq_rel RMW on an
     * auxiliary location plus an await, so its edges are po;rf chains. */
    br_union(&porf, &x.po, &x.rf, x.n);
    br_union(&porf, &porf, &x.bar, x.n);
    if (!br_acyclic(&porf, x.n))
        return;
    compute_hb(&x);
    /* hb irreflexive is part of coherence; under SC, hb is only used for
     * races and cannot be cyclic in an SC-consistent execution. */
    if (c->m != MODEL_SC && !br_irreflexive(&x.hb, x.n))
        return;
    if (c->m != MODEL_SC)
        psc_prepare(&x, &f);
    if (enum_co(c, &x, &f))
        record_races(c, &x);
}

static int next_rf(bctx *c)
{
    for (int k = 0; k < c->nreads; k++) {
        if (++c->pick[k] < c->nch[k])
            return 1;
        c->pick[k] = 0;
    }
    return 0;
}

static void record_divergence(bctx *c)
{
    if (!c->bar.blocked || !c->nconsistent)
        return;
    for (int i = 0; i < c->bar.ndiv; i++)
        findset_add(&c->out->findings, FINDING_DIVERGENCE, c->bar.div[i],
                    c->bar.div[i]);
}

static void setup(bctx *c, const prog *p, checker_model m, outcome *out)
{
    memset(c, 0, sizeof *c);
    c->p = p;
    c->m = m;
    c->out = out;
    bar_analyse(p, &c->bar);
    build_pevs(c);
    build_choices(c);
}

int brute_run(const prog *p, checker_model m, outcome *out)
{
    bctx *c = malloc(sizeof *c);
    if (!c)
        abort();
    setup(c, p, m, out);
    if (c->np + NINIT > BR_MAX) {
        out->error = 1;
        snprintf(out->msg, sizeof out->msg, "brute: %d events > %d",
                 c->np + NINIT, BR_MAX);
        free(c);
        return -1;
    }
    do
        try_rf(c);
    while (next_rf(c));
    record_divergence(c);
    outcome_sort(out);
    free(c);
    return 0;
}

static double factorial(int n)
{
    double f = 1;
    for (int i = 2; i <= n; i++)
        f *= i;
    return f;
}

double brute_estimate(const prog *p)
{
    bctx *c = malloc(sizeof *c);
    if (!c)
        abort();
    outcome dummy;
    setup(c, p, MODEL_SRC11, &dummy);
    double est = 1;
    for (int k = 0; k < c->nreads; k++)
        est *= c->nch[k];
    int nw[NINIT] = {0};
    for (int e = 0; e < c->np; e++)
        if (c->ev[e].kind == K_W)
            nw[c->ev[e].loc]++;
    for (int l = 0; l < NINIT; l++)
        est *= factorial(nw[l]);
    free(c);
    return est;
}
