/*
 * prog.c -- program IR: PRNG, hand building, random generation, printing.
 * See prog.h for the contract.
 */
#include "prog.h"

#include <string.h>

/* ---- PRNG ------------------------------------------------------------ */

void prog_rng_seed(prog_rng *r, uint64_t seed)
{
    /* splitmix64 scrambles small consecutive seeds into unrelated states;
     * xorshift must never start at 0. */
    uint64_t z = seed + 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    z ^= z >> 31;
    r->s = z ? z : 0x2545f4914f6cdd1dull;
}

uint64_t prog_rng_next(prog_rng *r)
{
    uint64_t x = r->s;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    r->s = x;
    return x * 0x2545f4914f6cdd1dull;
}

unsigned prog_rng_below(prog_rng *r, unsigned n)
{
    return (unsigned)((prog_rng_next(r) >> 32) % n);
}

/* ---- building -------------------------------------------------------- */

void prog_init(prog *p)
{
    memset(p, 0, sizeof *p);
}

int prog_thread_add(prog *p, int cta)
{
    if (p->nthreads >= PROG_MAX_THREADS)
        return -1;
    p->th[p->nthreads].cta = cta;
    p->th[p->nthreads].n = 0;
    return p->nthreads++;
}

unsigned prog_emit(prog *p, int t, prog_op op, gpumc_order o, gpumc_scope sc,
                   int loc, uint32_t value, uint32_t expected)
{
    prog_thread *th = &p->th[t];
    if (th->n >= PROG_MAX_INSTR)
        return (unsigned)-1;
    prog_instr *in = &th->ins[th->n++];
    memset(in, 0, sizeof *in);
    in->op = op;
    in->order = o;
    in->scope = sc;
    in->loc = loc;
    in->value = value;
    in->expected = expected;
    in->bar_id = op == OP_BARRIER ? value : 0;
    in->src = p->nsrc++;
    return in->src;
}

unsigned prog_ld(prog *p, int t, int loc, gpumc_order o, gpumc_scope sc)
{
    return prog_emit(p, t, OP_LOAD, o, sc, loc, 0, 0);
}

unsigned prog_st(prog *p, int t, int loc, uint32_t v, gpumc_order o,
                 gpumc_scope sc)
{
    return prog_emit(p, t, OP_STORE, o, sc, loc, v, 0);
}

unsigned prog_fadd(prog *p, int t, int loc, uint32_t v, gpumc_order o,
                   gpumc_scope sc)
{
    return prog_emit(p, t, OP_FADD, o, sc, loc, v, 0);
}

unsigned prog_xchg(prog *p, int t, int loc, uint32_t v, gpumc_order o,
                   gpumc_scope sc)
{
    return prog_emit(p, t, OP_XCHG, o, sc, loc, v, 0);
}

unsigned prog_cas(prog *p, int t, int loc, uint32_t expected,
                  uint32_t desired, gpumc_order o, gpumc_scope sc)
{
    return prog_emit(p, t, OP_CAS, o, sc, loc, desired, expected);
}

unsigned prog_fence(prog *p, int t, gpumc_order o, gpumc_scope sc)
{
    return prog_emit(p, t, OP_FENCE, o, sc, 0, 0, 0);
}

unsigned prog_bar(prog *p, int t, unsigned id)
{
    return prog_emit(p, t, OP_BARRIER, GPUMC_ACQ_REL, GPUMC_SCOPE_CTA, 0, id,
                     0);
}

unsigned prog_arrive(prog *p, int t)
{
    return prog_emit(p, t, OP_ARRIVE, GPUMC_ACQ_REL, GPUMC_SCOPE_CTA, 0, 0, 0);
}

unsigned prog_wait(prog *p, int t)
{
    return prog_emit(p, t, OP_WAIT, GPUMC_ACQ_REL, GPUMC_SCOPE_CTA, 0, 0, 0);
}

/* ---- semantics helpers ----------------------------------------------- */

int prog_is_mem(prog_op op)
{
    return op != OP_FENCE && !prog_is_barrier(op);
}

int prog_is_barrier(prog_op op)
{
    return op == OP_BARRIER || op == OP_ARRIVE || op == OP_WAIT;
}

int prog_cta_size(const prog *p, int cta)
{
    int n = 0;
    for (int t = 0; t < p->nthreads; t++)
        n += p->th[t].cta == cta;
    return n;
}

int prog_is_await(prog_op op)
{
    return op == OP_AWAIT || op == OP_AWAIT_RMW || op == OP_AWAIT_CAS;
}

int prog_reps(const prog_instr *in)
{
    return in->reps > 1 ? in->reps : 1;
}

int prog_order_ok(prog_op op, gpumc_order o)
{
    switch (op) {
    case OP_LOAD:
        return o == GPUMC_NA || o == GPUMC_RLX || o == GPUMC_ACQ ||
               o == GPUMC_SC;
    case OP_STORE:
        return o == GPUMC_NA || o == GPUMC_RLX || o == GPUMC_REL ||
               o == GPUMC_SC;
    case OP_AWAIT:
        return o == GPUMC_RLX || o == GPUMC_ACQ || o == GPUMC_SC;
    case OP_FADD:
    case OP_XCHG:
    case OP_CAS:
    case OP_AWAIT_RMW:
    case OP_AWAIT_CAS:
        return o != GPUMC_NA;
    case OP_FENCE:
        return o == GPUMC_ACQ || o == GPUMC_REL || o == GPUMC_ACQ_REL ||
               o == GPUMC_SC;
    case OP_BARRIER:
    case OP_ARRIVE:
    case OP_WAIT:
        return 1;
    }
    return 0;
}

gpumc_order prog_cas_fail_order(gpumc_order o)
{
    if (o == GPUMC_ACQ_REL)
        return GPUMC_ACQ;
    if (o == GPUMC_REL)
        return GPUMC_RLX;
    return o;
}

/* ---- generation -------------------------------------------------------- */

static const gpumc_order load_orders[] = {GPUMC_NA, GPUMC_RLX, GPUMC_ACQ,
                                          GPUMC_SC};
static const gpumc_order store_orders[] = {GPUMC_NA, GPUMC_RLX, GPUMC_REL,
                                           GPUMC_SC};
static const gpumc_order rmw_orders[] = {GPUMC_RLX, GPUMC_ACQ, GPUMC_REL,
                                         GPUMC_ACQ_REL, GPUMC_SC};
static const gpumc_order fence_orders[] = {GPUMC_ACQ, GPUMC_REL,
                                           GPUMC_ACQ_REL, GPUMC_SC};

#define PICK(r, arr) (arr[prog_rng_below((r), sizeof(arr) / sizeof(arr[0]))])

/* Program-wide flavour of the random choices.  A "synchronising"
 * program uses only atomics, mostly with release/acquire/sc orders, so
 * that scopes decide whether threads synchronise (the part of SRC11 that
 * plain random orders rarely reach). */
typedef struct gen_style {
    int nlocs;
    int with_barriers;
    int sync;
    int commute; /* half the instructions: blind relaxed RMWs on x0 */
    int awaits;  /* now and then an await loop (never with barriers) */
    int split;   /* an arrive/wait pair in (most) threads */
    int plain;   /* prog_gen_opts.plain */
} gen_style;

/* Weighted op choice; barriers only when the program sprinkles them. */
static prog_op gen_op(prog_rng *r, const gen_style *st)
{
    const struct {
        prog_op op;
        unsigned w;
    } tab[] = {{OP_LOAD, 30},          {OP_STORE, 25},
               {OP_FADD, 10},          {OP_XCHG, 7},
               {OP_CAS, 10},           {OP_FENCE, st->sync ? 30u : 10u},
               {OP_BARRIER, 8}};
    unsigned n = sizeof tab / sizeof tab[0] - (st->with_barriers ? 0 : 1);
    unsigned total = 0;
    for (unsigned i = 0; i < n; i++)
        total += tab[i].w;
    unsigned x = prog_rng_below(r, total);
    for (unsigned i = 0; i < n; i++) {
        if (x < tab[i].w)
            return tab[i].op;
        x -= tab[i].w;
    }
    return OP_LOAD;
}

static gpumc_order gen_order(prog_rng *r, prog_op op, int sync)
{
    /* sync: skip the na/rlx entries at the front of the tables (rmw
     * tables start at rlx: skip it too). */
    unsigned skip = sync ? (op == OP_LOAD || op == OP_STORE ? 2 : 1) : 0;
    switch (op) {
    case OP_LOAD:
        return load_orders[skip + prog_rng_below(r, 4 - skip)];
    case OP_STORE:
        return store_orders[skip + prog_rng_below(r, 4 - skip)];
    case OP_FENCE:
        return PICK(r, fence_orders);
    case OP_BARRIER:
        return GPUMC_ACQ_REL;
    case OP_AWAIT: /* an atomic load order */
        return load_orders[1 + prog_rng_below(r, 3)];
    default:
        return rmw_orders[skip + prog_rng_below(r, 5 - skip)];
    }
}

/* A plain-style instruction: a plain load or store of any location but 0
 * (4/5), else an access of location 0 as gen_op draws it. */
static prog_op gen_plain_op(prog_rng *r, const gen_style *st, int *loc)
{
    if (prog_rng_below(r, 5)) {
        *loc = st->nlocs > 1 ? 1 + (int)prog_rng_below(r, (unsigned)st->nlocs - 1) : 0;
        return prog_rng_below(r, 2) ? OP_LOAD : OP_STORE;
    }
    *loc = 0;
    return gen_op(r, st);
}

/* Instruction skeleton; values are assigned once srcs are final. */
static prog_instr gen_instr(prog_rng *r, const gen_style *st)
{
    prog_instr in;
    memset(&in, 0, sizeof in);
    int plain_loc = -1;
    in.op = st->plain ? gen_plain_op(r, st, &plain_loc) : gen_op(r, st);
    if (st->awaits && prog_rng_below(r, 5) == 0)
        in.op = (prog_op[]){OP_AWAIT, OP_AWAIT, OP_AWAIT_RMW, OP_AWAIT_CAS}[prog_rng_below(r, 4)];
    in.order = gen_order(r, in.op, st->sync);
    in.scope = (gpumc_scope)(GPUMC_SCOPE_CTA + prog_rng_below(r, 3));
    in.loc = (int)prog_rng_below(r, (unsigned)st->nlocs);
    if (plain_loc > 0) {
        in.loc = plain_loc;
        in.order = GPUMC_NA;
        return in;
    }
    if (st->plain)
        in.loc = 0;
    if (st->commute && prog_rng_below(r, 2)) {
        /* The commuting reduction's case; now and then another scope, so
         * classes mix. */
        /* mostly fetch_adds (one family); now and then an exchange or a
         * CAS, whose order changes the value left: write-only then */
        unsigned k = prog_rng_below(r, 6);
        in.op = k < 4 ? OP_FADD : k == 4 ? OP_XCHG : OP_CAS;
        in.blind = 1;
        in.order = GPUMC_RLX;
        in.loc = 0;
        in.scope = prog_rng_below(r, 4) ? GPUMC_SCOPE_GPU : GPUMC_SCOPE_CTA;
    } else if ((in.op == OP_FADD || in.op == OP_XCHG || in.op == OP_CAS) &&
               prog_rng_below(r, 2)) {
        in.blind = 1; /* mostly relaxed: the commuting reduction's case */
        if (prog_rng_below(r, 4))
            in.order = GPUMC_RLX;
    }
    if (in.op == OP_BARRIER) {
        in.scope = GPUMC_SCOPE_CTA;
        /* Mostly id 0 so sprinkled barriers sometimes match up. */
        in.bar_id = prog_rng_below(r, 4) == 0 ? 1 : 0;
    }
    return in;
}

static void insert_at(prog_thread *th, int pos, const prog_instr *in)
{
    for (int i = th->n; i > pos; i--)
        th->ins[i] = th->ins[i - 1];
    th->ins[pos] = *in;
    th->n++;
}

/* Uniform barrier: every thread of a CTA gets barrier id 0 somewhere, so
 * the instance completes and orders the two phases. */
static void add_uniform_barriers(prog *p, prog_rng *r)
{
    prog_instr bar;
    memset(&bar, 0, sizeof bar);
    bar.op = OP_BARRIER;
    bar.order = GPUMC_ACQ_REL;
    bar.scope = GPUMC_SCOPE_CTA;
    for (int t = 0; t < p->nthreads; t++) {
        prog_thread *th = &p->th[t];
        insert_at(th, (int)prog_rng_below(r, (unsigned)th->n + 1), &bar);
    }
}

/* A split barrier: most threads arrive and later wait (one that does not
 * arrive leaves its CTA's waiters blocked). */
static void add_split_barriers(prog *p, prog_rng *r)
{
    prog_instr arrive, wait;
    memset(&arrive, 0, sizeof arrive);
    arrive.op = OP_ARRIVE;
    arrive.order = GPUMC_ACQ_REL;
    arrive.scope = GPUMC_SCOPE_CTA;
    wait = arrive;
    wait.op = OP_WAIT;
    for (int t = 0; t < p->nthreads; t++) {
        prog_thread *th = &p->th[t];
        unsigned pick = prog_rng_below(r, 8);
        if (pick == 0)
            continue; /* neither */
        int a = (int)prog_rng_below(r, (unsigned)th->n + 1);
        if (pick != 1) /* pick 1: a wait without an arrival */
            insert_at(th, a++, &arrive);
        if (pick != 2) /* pick 2: an arrival without a wait */
            insert_at(th, a + (int)prog_rng_below(r, (unsigned)(th->n - a) + 1), &wait);
    }
}

/* Now and then one memory access of a thread becomes a counted loop. */
static void add_counted_loops(prog *p, prog_rng *r)
{
    for (int t = 0; t < p->nthreads; t++) {
        prog_thread *th = &p->th[t];
        int i = (int)prog_rng_below(r, (unsigned)th->n);
        prog_op op = th->ins[i].op;
        if (prog_rng_below(r, 2) && prog_is_mem(op) && !prog_is_await(op))
            th->ins[i].reps = PROG_MAX_REPS;
    }
}

static void renumber(prog *p)
{
    p->nsrc = 0;
    for (int t = 0; t < p->nthreads; t++)
        for (int i = 0; i < p->th[t].n; i++)
            p->th[t].ins[i].src = p->nsrc++;
}

/* Values a CAS or an await on loc may meet: 0, what other writes to loc
 * store, and what a fetch_add on loc produces from 0 (its operand). */
static unsigned cas_candidates(const prog *p, const prog_instr *cas,
                               uint32_t *cand)
{
    unsigned nc = 0;
    cand[nc++] = 0;
    for (int t = 0; t < p->nthreads; t++)
        for (int i = 0; i < p->th[t].n; i++) {
            const prog_instr *in = &p->th[t].ins[i];
            if (in != cas && prog_is_mem(in->op) && in->op != OP_LOAD &&
                (!prog_is_await(in->op) || in->op == OP_AWAIT_CAS) && in->loc == cas->loc)
                cand[nc++] = in->value;
        }
    return nc;
}

/* Stores, exchanges and CAS write 1+src: distinct and >= 1; but a blind
 * relaxed exchange writes 1 or 2 (by src), so that some are identical --
 * a class of their own for the engine (comm.h).  fetch_add adds 1 or 2.
 * A CAS expects a value it can actually read, so both outcomes are
 * common. */
static void assign_values(prog *p, prog_rng *r)
{
    uint32_t cand[PROG_MAX_THREADS * PROG_MAX_INSTR + 1];
    for (int t = 0; t < p->nthreads; t++)
        for (int i = 0; i < p->th[t].n; i++) {
            prog_instr *in = &p->th[t].ins[i];
            if (in->op == OP_FADD)
                in->value = 1 + prog_rng_below(r, 2);
            else if (in->op == OP_XCHG && in->blind && in->order == GPUMC_RLX)
                in->value = 1 + in->src % 2;
            else if (in->op == OP_STORE || in->op == OP_XCHG ||
                     in->op == OP_CAS || in->op == OP_AWAIT_CAS)
                in->value = 1 + in->src;
        }
    for (int t = 0; t < p->nthreads; t++)
        for (int i = 0; i < p->th[t].n; i++) {
            prog_instr *in = &p->th[t].ins[i];
            if (in->op == OP_CAS || in->op == OP_AWAIT_CAS)
                in->expected = cand[prog_rng_below(
                    r, cas_candidates(p, in, cand))];
            else if (prog_is_await(in->op))
                in->value = cand[prog_rng_below(
                    r, cas_candidates(p, in, cand))];
        }
}

void prog_generate(prog *p, prog_rng *r, const prog_gen_opts *o)
{
    int tmax = o && o->threads_max >= 2 ? o->threads_max : PROG_MAX_THREADS;
    if (tmax > PROG_MAX_THREADS)
        tmax = PROG_MAX_THREADS;
    prog_init(p);
    p->nthreads = 2 + (int)prog_rng_below(r, (unsigned)(tmax - 1));
    gen_style st;
    st.nlocs = 1 + (int)prog_rng_below(r, PROG_NLOCS);
    /* Barriers: none (12/20), sprinkled so divergence is likely (3/20),
     * or uniform: every thread gets one (5/20). */
    unsigned mode = prog_rng_below(r, 20);
    int bar_mode = o && o->awaits ? 0 : mode < 12 ? 0 : mode < 15 ? 1 : 2;
    st.plain = o && o->plain;
    if (st.plain) /* barriers mostly in every thread: kernels' phases */
        bar_mode = mode < 4 ? 0 : mode < 8 ? 1 : 2;
    st.with_barriers = bar_mode == 1;
    st.sync = prog_rng_below(r, 3) == 0;
    st.commute = prog_rng_below(r, 4) == 0;
    st.split = bar_mode != 1 && !(o && (o->no_split || o->awaits)) && prog_rng_below(r, 5) == 0;
    st.awaits = (o && o->awaits) || (bar_mode == 0 && !st.split && prog_rng_below(r, 3) == 0);
    if ((o && o->no_awaits) || st.plain)
        st.awaits = 0;
    int nmax = PROG_MAX_INSTR - (bar_mode == 2) - 2 * st.split;
    for (int t = 0; t < p->nthreads; t++) {
        prog_thread *th = &p->th[t];
        th->cta = (int)prog_rng_below(r, 2);
        th->n = 1 + (int)prog_rng_below(r, (unsigned)nmax);
        for (int i = 0; i < th->n; i++)
            th->ins[i] = gen_instr(r, &st);
    }
    if (bar_mode == 2)
        add_uniform_barriers(p, r);
    if (st.split)
        add_split_barriers(p, r);
    renumber(p);
    assign_values(p, r);
    if (!(o && o->no_loops) && prog_rng_below(r, 4) == 0)
        add_counted_loops(p, r);
}

/* ---- printing -------------------------------------------------------- */

const char *prog_order_str(gpumc_order o)
{
    static const char *n[] = {"na", "rlx", "acq", "rel", "acq_rel", "sc"};
    return (unsigned)o < 6 ? n[o] : "?";
}

const char *prog_scope_str(gpumc_scope s)
{
    static const char *n[] = {"thread", "cta", "gpu", "sys"};
    return (unsigned)s < 4 ? n[s] : "?";
}

static void print_instr(const prog_instr *in, FILE *f)
{
    const char *o = prog_order_str(in->order);
    const char *s = prog_scope_str(in->scope);
    fprintf(f, "    #%-2u ", in->src);
    if (prog_reps(in) > 1)
        fprintf(f, "%d times: ", prog_reps(in));
    switch (in->op) {
    case OP_LOAD:
        fprintf(f, "load x%d %s %s\n", in->loc, o, s);
        break;
    case OP_STORE:
        fprintf(f, "store x%d := %u %s %s\n", in->loc, in->value, o, s);
        break;
    case OP_FADD:
        fprintf(f, "fetch_add x%d += %u %s %s%s\n", in->loc, in->value, o, s,
                in->blind ? " (result unused)" : "");
        break;
    case OP_XCHG:
        fprintf(f, "exchange x%d := %u %s %s%s\n", in->loc, in->value, o, s,
                in->blind ? " (result unused)" : "");
        break;
    case OP_CAS:
        fprintf(f, "cas x%d %u -> %u %s (fail %s) %s%s\n", in->loc,
                in->expected, in->value, o,
                prog_order_str(prog_cas_fail_order(in->order)), s,
                in->blind ? " (result unused)" : "");
        break;
    case OP_FENCE:
        fprintf(f, "fence %s %s\n", o, s);
        break;
    case OP_BARRIER:
        fprintf(f, "barrier id %u (cta)\n", in->bar_id);
        break;
    case OP_ARRIVE:
        fprintf(f, "arrive (the cta's split barrier)\n");
        break;
    case OP_WAIT:
        fprintf(f, "wait (the cta's split barrier, next round)\n");
        break;
    case OP_AWAIT:
    case OP_AWAIT_RMW:
        fprintf(f, "await x%d == %u by %s %s %s\n", in->loc, in->value,
                in->op == OP_AWAIT ? "load" : "fetch_add 0", o, s);
        break;
    case OP_AWAIT_CAS:
        fprintf(f, "await cas x%d %u -> %u %s (fail %s) %s\n", in->loc, in->expected,
                in->value, o, prog_order_str(prog_cas_fail_order(in->order)), s);
        break;
    }
}

void prog_print(const prog *p, FILE *f)
{
    fprintf(f, "program: %d threads, x0..x%d = 0\n", p->nthreads,
            PROG_NLOCS - 1);
    for (int t = 0; t < p->nthreads; t++) {
        fprintf(f, "  T%d (gpu 0, cta %d):\n", t, p->th[t].cta);
        for (int i = 0; i < p->th[t].n; i++)
            print_instr(&p->th[t].ins[i], f);
    }
}

static const char *c_order(gpumc_order o)
{
    static const char *n[] = {"GPUMC_NA", "GPUMC_RLX", "GPUMC_ACQ",
                              "GPUMC_REL", "GPUMC_ACQ_REL", "GPUMC_SC"};
    return (unsigned)o < 6 ? n[o] : "?";
}

static const char *c_scope(gpumc_scope s)
{
    static const char *n[] = {"GPUMC_SCOPE_THREAD", "GPUMC_SCOPE_CTA",
                              "GPUMC_SCOPE_GPU", "GPUMC_SCOPE_SYS"};
    return (unsigned)s < 4 ? n[s] : "?";
}

static void print_c_instr(const prog *p, int t, const prog_instr *in, FILE *f)
{
    int cta = p->th[t].cta;
    const char *o = c_order(in->order);
    const char *s = c_scope(in->scope);
    switch (in->op) {
    case OP_LOAD:
        fprintf(f, "    (void)gpumc_load(t, &x[%d], 4, %s, %s, %u);\n", in->loc,
                o, s, in->src);
        break;
    case OP_STORE:
        fprintf(f, "    gpumc_store(t, &x[%d], 4, %u, %s, %s, %u);\n", in->loc,
                in->value, o, s, in->src);
        break;
    case OP_FADD:
    case OP_XCHG:
        fprintf(f, "    (void)gpumc_rmw(t, &x[%d], 4, %s%s, %u, %s, %s, %u);\n",
                in->loc, in->op == OP_FADD ? "GPUMC_RMW_ADD" : "GPUMC_RMW_XCHG",
                in->blind ? " | GPUMC_RMW_UNUSED" : "", in->value, o, s, in->src);
        break;
    case OP_CAS:
        fprintf(f,
                "    e = %u; (void)gpumc_cas(t, &x[%d], 4, &e, %u, %s, %s, %s,"
                " %s, %u);\n",
                in->expected, in->loc, in->value, o,
                c_order(prog_cas_fail_order(in->order)), s,
                in->blind ? "GPUMC_CAS_UNUSED" : "0", in->src);
        break;
    case OP_FENCE:
        fprintf(f, "    gpumc_fence(t, %s, %s, %u);\n", o, s, in->src);
        break;
    case OP_BARRIER:
        fprintf(f, "    gpumc_barrier(t, GPUMC_SCOPE_CTA, %u, %u);\n",
                in->bar_id, in->src);
        break;
    case OP_ARRIVE:
        fprintf(f, "    (void)gpumc_barrier_arrive(t, %d, %d, %u);\n", PROG_SPLIT_ID + cta,
                prog_cta_size(p, cta), in->src);
        break;
    case OP_WAIT:
        fprintf(f, "    gpumc_barrier_wait(t, %d, round++, %d, %u);\n", PROG_SPLIT_ID + cta,
                prog_cta_size(p, cta), in->src);
        break;
    case OP_AWAIT:
    case OP_AWAIT_RMW:
        fprintf(f, "    do gpumc_spin(t, %u, NULL, NULL, 0, %u);\n", in->src, in->src);
        if (in->op == OP_AWAIT)
            fprintf(f, "    while ((uint32_t)gpumc_load(t, &x[%d], 4, %s, %s, %u) != %u);\n",
                    in->loc, o, s, in->src, in->value);
        else
            fprintf(f, "    while ((uint32_t)gpumc_rmw(t, &x[%d], 4, GPUMC_RMW_ADD, 0, %s, %s, %u)"
                    " != %u);\n", in->loc, o, s, in->src, in->value);
        break;
    case OP_AWAIT_CAS:
        fprintf(f, "    do { gpumc_spin(t, %u, NULL, NULL, 0, %u); e = %u; }\n", in->src,
                in->src, in->expected);
        fprintf(f, "    while (!gpumc_cas(t, &x[%d], 4, &e, %u, %s, %s, %s, 0, %u));\n", in->loc,
                in->value, o, c_order(prog_cas_fail_order(in->order)), s, in->src);
        break;
    }
}

void prog_print_c(const prog *p, FILE *f)
{
    fprintf(f, "/* uint32_t *x: one region of %d ints, zero-initialised;"
               " %u source ids */\n",
            PROG_NLOCS, p->nsrc);
    for (int t = 0; t < p->nthreads; t++) {
        fprintf(f, "/* coord: gpu 0, cta {%d,0,0} */\n", p->th[t].cta);
        fprintf(f, "static void t%d(gpumc_thread *t, void *arg)\n{\n", t);
        fprintf(f, "    uint64_t e;\n    int k;\n    unsigned round = 0;\n"
                   "    const void *st = &k;\n    size_t sz = sizeof k;\n"
                   "    (void)arg; (void)e; (void)st; (void)sz; (void)round;\n");
        for (int i = 0; i < p->th[t].n; i++) {
            const prog_instr *in = &p->th[t].ins[i];
            if (prog_reps(in) > 1)
                fprintf(f, "    for (k = 0; k < %d; k++) { /* the counter is the loop state */\n"
                           "    gpumc_spin(t, %u, &st, &sz, 1, %u);\n",
                        prog_reps(in), in->src, in->src);
            print_c_instr(p, t, in, f);
            if (prog_reps(in) > 1)
                fprintf(f, "    }\n");
        }
        fprintf(f, "}\n");
    }
}
