/*
 * graph.h -- the execution graph.
 *
 * Events live in per-thread arrays in program order; an event is named by
 * an eid packing (thread, index).  Every event has two vector clocks
 * ("views"): hb (happens-before) and porf ((po U rf)+ prefix), each an array
 * of nthreads counts -- view[u] = number of u's events in the prefix --
 * stored as a window of the threads with nonzero counts (vrow below).
 * Views are stored as rows in one pool per graph, shared by every event
 * whose views are the same: along po (an event whose views equal its
 * po-predecessor's on every other thread, e.g. a plain access after a
 * barrier, reading what the barrier already ordered) and across threads
 * (the members leaving one barrier instance, the first events of the
 * threads), so memory grows with synchronisation, not with events or
 * threads.  Rows are reference-counted by the events using them.  For an
 * event e of thread t, entry t of its row is not meaningful -- e's own count
 * is always EID_I(e) + 1, and the accessors below supply it -- but it is
 * exact for every other thread sharing the row: a row is made with entry
 * t = EID_I(e), the events of t before e.
 * Per location the graph keeps the coherence order (co) as an explicit
 * array of writes (the initial write is implicit at position 0; a write's
 * event stores its 1-based position) and the list of reads.
 *
 * Stamps record the order in which events were added (<exe of the
 * algorithm); they increase along po in every thread, so removing every
 * event added after a point, or every event outside a porf-prefix, only
 * ever cuts suffixes of threads.
 *
 * Ownership: a graph owns all its arrays; graph_copy reuses the capacity of
 * its destination so the explorer's revisit copies do not allocate once
 * warmed up.  Errors: allocation failure returns -1 (never aborts).
 */
#ifndef GPUMC_GRAPH_H
#define GPUMC_GRAPH_H

#include <stdint.h>
#include "gpumc/checker.h"

/* An event's name: its thread in the high half, its index in the low. */
typedef uint64_t eid;
#define EID_BITS 32
#define EID(t, i) (((uint64_t)(uint32_t)(t) << EID_BITS) | (uint32_t)(i))
#define EID_T(e) ((uint32_t)((e) >> EID_BITS))
#define EID_I(e) ((uint32_t)(e))
#define EID_INIT ((eid)UINT64_MAX - 1) /* the initial write of a location */
#define EID_NONE ((eid)UINT64_MAX)
#define GRAPH_MAX_THREADS GPUMC_MAX_ENGINE_THREADS /* far below EID_T(EID_INIT) */
#define GRAPH_MAX_EVENTS (UINT32_MAX - 2)

typedef struct event {
    uint8_t kind;     /* event_kind */
    uint8_t order;    /* gpumc_order (for RMW reads: depends on success) */
    uint8_t scope;    /* gpumc_scope as written */
    uint8_t size;     /* bytes, memory events */
    uint8_t rmw;      /* read: successful RMW read; write: RMW write part */
    uint8_t rkind;    /* read: RK_PLAIN, RK_FETCH (always writes), RK_CAS */
    uint8_t ord_ok;   /* RMW/CAS read: order of the read part on success */
    uint8_t ord_fail; /* CAS read: order on failure */
    uint32_t loc;     /* memory: location id; barrier: ordinal; spawn/join: thread */
    uint32_t src;     /* source-location id */
    uint32_t stamp;   /* addition order */
    uint32_t aux;     /* write: co position (1-based, 0 = unplaced);
                         barrier: statement id; error/block: finding kind */
    eid rf;           /* read: the write it reads from */
    uint8_t norev;    /* read: may no longer be revisited (it is in the porf-prefix
                         of a write that revisited an earlier read) */
    uint8_t comm;     /* both parts of a commuting blind RMW: its class
                         (comm.h), 0 for every other event */
    uint8_t nomem;    /* barrier: the memory spaces (gpumc_mem bits) it does
                         not order; 0 for a barrier that orders all */
    uint8_t split;    /* counted barrier: 1 = an arrival that does not wait
                         (gpumc_barrier_arrive; a GRAPH_BAR_WAIT waits) */
    uint8_t waits;    /* read, spin block: the spin iteration they belong to
                         waits for a newer write (dpor.c, "Awaits") */
    uint8_t relink;   /* read of a blind integer RMW of a commuting class: 1 + its
                         gpumc_rmw_op (its operand in `expected`); it takes no
                         porf edge from a class-mate it reads (graph_rf_porf) */
    uint64_t value;   /* value written or read; error: faulting address */
    uint64_t expected;/* CAS read: the expected value; memory error: the buffer
                         the access was meant for (0: the one it hit) */
    uint64_t ver;     /* unique per (event, rf choice): replay validity */
} event;

enum { RK_PLAIN = 0, RK_FETCH, RK_CAS };

/* Barrier levels: gpumc_scope CTA (1), GPU (2), SYS (3), warps, counted
 * barriers (pthread_barrier_t): their members are whichever threads wait
 * on the object, an event's aux is the object, loc its ordinal among the
 * thread's waits on that object, value the count; warp collectives
 * over part of a warp: members are the lanes of the warp named in value
 * (the mask), loc the ordinal among the thread's waits with that mask;
 * and convergence points (__activemask, coalesced_threads): members are
 * the lanes of the warp that reached the same one, aux its site, loc the
 * instance's ordinal at that site, value the members' lane mask once the
 * instance is complete (0 before).  A counted barrier's arrival may be
 * split from its wait (cuda::barrier's arrive() and wait(token)): the
 * arrival is a counted-barrier event marked `split`, after which its thread
 * goes on at once with nothing joined, and the wait a GRAPH_BAR_WAIT event
 * (aux the object, loc the round, value the count), complete once the
 * round's arrivals are; what follows it joins every arrival of the round.
 * A thread may wait for a round it did not arrive at. */
#define GRAPH_BAR_WARP 4
#define GRAPH_BAR_COUNT 5
#define GRAPH_BAR_MASK 6
#define GRAPH_BAR_CONV 7
#define GRAPH_BAR_WAIT 8
#define GRAPH_BAR_LEVELS 9

typedef struct gthread {
    event *ev;
    uint32_t n, cap;
    uint32_t *row;       /* per event: its view row (GRAPH_NO_ROW until set) */
    /* indices of this thread's barrier events, per barrier level (the
     * scope: CTA, GPU, SYS, or GRAPH_BAR_WARP) */
    uint32_t *bar[GRAPH_BAR_LEVELS];
    uint32_t nbar[GRAPH_BAR_LEVELS], capbar[GRAPH_BAR_LEVELS];
    eid spawn;           /* the SPAWN event that started it, EID_NONE if none */
} gthread;

/* Some of a location's events, in the order they were added (or placed). */
typedef struct evlist {
    eid *v;
    uint32_t n, cap;
} evlist;

/* A location's writes in co order and reads in addition order, and
 * subsets of them, so that a check that only concerns a few of many
 * accesses (n blind atomicAdds and a final read) costs those few.  The
 * unclassed subsets are kept only while some event of co or rd has a
 * commuting class (comm.h); until then they are co and rd themselves
 * (graph_unclassed_reads/writes), and cost nothing to copy. */
typedef struct gloc {
    eid *co;
    uint32_t nco, capco;
    eid *rd;
    uint32_t nrd, caprd;
    uint32_t nclassed; /* events of co and rd with a commuting class */
    evlist rx;         /* while nclassed: the reads of no class */
    evlist wx;         /* while nclassed: the writes of no class */
    evlist na;         /* non-atomic accesses */
    uint32_t top;      /* above the stamp of every event of co and rd (an upper
                          bound: removals leave it), 0 when none was added */
} gloc;

/* The views of a row: hb, porf, and -- when the program has barriers that
 * order only some memory spaces (an OpenCL barrier(CLK_LOCAL_MEM_FENCE)) --
 * hb as seen by each space: the same relation, except that a barrier
 * passes on a member's view only when the member's barrier orders that
 * space. */
enum { GRAPH_HB = 0, GRAPH_PORF = 1, GRAPH_SPACE0 = 2 };
#define GRAPH_SPACES 2 /* gpumc_mem bits: global, shared */
#define GRAPH_MAX_VIEWS (GRAPH_SPACE0 + GRAPH_SPACES)

/* A row: its views hold nonzero counts only for the threads [lo, lo+len),
 * a window -- the block a CTA-local event knows of -- so a row costs what
 * its events synchronised with, not the whole launch.  v holds nviews
 * windows one after the other; the buffer is kept when the row is freed. */
typedef struct vrow {
    uint32_t lo, len;
    uint32_t *v;
    uint32_t cap; /* entries of v */
} vrow;

/* Views being computed (hb.c): nviews dense arrays of n, zero outside
 * the threads [lo, hi).  view_acc_clear makes them all zero again in
 * O(hi - lo), which is what keeps a launch of many blocks linear. */
typedef struct view_acc {
    uint32_t *v;
    uint32_t n, nviews, lo, hi;
} view_acc;

typedef struct graph {
    uint32_t nthreads;
    uint32_t nviews;     /* 2, or GRAPH_MAX_VIEWS when spaces are tracked */
    view_acc scratch;    /* views being computed (hb.c) */
    gthread *th;
    gloc *loc;
    uint32_t nlocs, caplocs;
    uint32_t next_stamp;
    uint32_t *stamp_t;   /* per stamp < next_stamp: the thread it was given in */
    uint32_t capstamps;
    uint32_t gen;        /* bumped by every change but an append (graph_gen) */
    /* the row pool */
    vrow *rows;
    uint32_t *refs;      /* per row: the events using it (0: free) */
    uint32_t *freerows;  /* nfree free rows below nrows */
    uint32_t nrows, caprows, nfree;
    uint32_t zero_row;   /* a row of zeros in use, or GRAPH_NO_ROW */
} graph;
#define GRAPH_NO_ROW 0xFFFFFFFFu

int graph_init(graph *g, uint32_t nthreads);
/* Keep the per-space hb views too; only before any event has views. */
int graph_track_spaces(graph *g);
void graph_free(graph *g);
void graph_clear(graph *g);
int graph_copy(graph *dst, const graph *src);
/* The same with only the first keep[t] events of every thread (a
 * revisit's graph), without copying what goes. */
int graph_copy_keep(graph *dst, const graph *src, const uint32_t *keep);
/* Make sure location ids < n exist. */
int graph_ensure_locs(graph *g, uint32_t n);

static inline event *graph_ev(const graph *g, eid e)
{
    return &g->th[EID_T(e)].ev[EID_I(e)];
}
/* e's row: events with the same row have the same views but for their
 * own threads' entries. */
static inline uint32_t graph_row_id(const graph *g, eid e)
{
    return g->th[EID_T(e)].row[EID_I(e)];
}
static inline const vrow *graph_row(const graph *g, eid e)
{
    return &g->rows[graph_row_id(g, e)];
}
/* Entry u of view v of row r. */
static inline uint32_t vrow_at(const vrow *r, unsigned v, uint32_t u)
{
    uint32_t k = u - r->lo;
    return k < r->len ? r->v[(size_t)v * r->len + k] : 0;
}
/* Entry u of e's view v: exact for every thread but e's own (see above). */
static inline uint32_t graph_view_at(const graph *g, eid e, unsigned v, uint32_t u)
{
    return vrow_at(graph_row(g, e), v, u);
}
/* How many of thread u's events e's porf view holds. */
static inline uint32_t graph_porf_count(const graph *g, eid e, uint32_t u)
{
    return u == EID_T(e) ? EID_I(e) + 1 : graph_view_at(g, e, GRAPH_PORF, u);
}
/* a is before b in view v (reflexive; the initial write is before everything). */
static inline int graph_view_before(const graph *g, unsigned v, eid a, eid b)
{
    if (a == EID_INIT)
        return 1;
    if (EID_T(a) == EID_T(b))
        return EID_I(a) <= EID_I(b);
    return graph_view_at(g, b, v, EID_T(a)) > EID_I(a);
}
/* a hb b */
static inline int graph_hb_before(const graph *g, eid a, eid b)
{
    return graph_view_before(g, GRAPH_HB, a, b);
}
static inline int graph_porf_before(const graph *g, eid a, eid b)
{
    return graph_view_before(g, GRAPH_PORF, a, b);
}
/* e's whole view v, its own position included, as n dense entries. */
void graph_view_copy(const graph *g, eid e, unsigned v, uint32_t *dst);

/* Accumulators: n threads x nviews, all zero (free with view_acc_free). */
int view_acc_init(view_acc *a, uint32_t n, uint32_t nviews);
void view_acc_free(view_acc *a);
void view_acc_clear(view_acc *a);
/* Entry u of view v rises to at least c. */
static inline void view_acc_raise(view_acc *a, unsigned v, uint32_t u, uint32_t c)
{
    uint32_t *p = &a->v[(size_t)v * a->n + u];
    if (*p < c) {
        *p = c;
        if (u < a->lo)
            a->lo = u;
        if (u + 1 > a->hi)
            a->hi = u + 1;
    }
}
/* View v of a joins view w of b (any windows). */
void view_acc_join(view_acc *a, unsigned v, const view_acc *b, unsigned w);
/* Join e's view v (its row and its own position) into view v of a. */
void graph_join_view(const graph *g, eid e, unsigned v, view_acc *a);
/* The entries of e's row as stored, e's own thread's included as it is
 * (what the row's other users know of that thread), without e itself. */
void graph_join_row(const graph *g, eid e, unsigned v, view_acc *a);
static inline void graph_join_hb(const graph *g, eid e, view_acc *a)
{
    graph_join_view(g, e, GRAPH_HB, a);
}
static inline void graph_join_porf(const graph *g, eid e, view_acc *a)
{
    graph_join_view(g, e, GRAPH_PORF, a);
}
/* Is read r's rf an edge of porf?  Not when r is a relinkable blind RMW
 * (event.relink) reading a write of its own class: its value goes
 * nowhere, and the class's order is the explorer's to choose (comm.h), so
 * nothing is ordered after that write through r. */
static inline int graph_rf_porf(const graph *g, const event *r)
{
    return r->rf != EID_INIT && r->rf != EID_NONE &&
           !(r->relink && graph_ev(g, r->rf)->comm == r->comm);
}
/* Give e -- the last event of its thread t -- the views of a (entry t =
 * EID_I(e)): the row of its po-predecessor when they agree on every other
 * thread, else a row of its own.  -1 when out of memory. */
int graph_set_views(graph *g, eid e, const view_acc *a);
/* The same, always in a new row (one that other threads will share). */
int graph_new_row(graph *g, eid e, const view_acc *a);
/* e (the last event of its thread) takes the row of event src, whose
 * views on every thread but e's are e's too (and src's row's entry for
 * src's own thread, when that is not e's, is e's as well). */
void graph_share_row(graph *g, eid e, eid src);
/* e (the last event of its thread) has empty views: a row of zeros, one
 * for all such events.  -1 when out of memory. */
int graph_share_zero_row(graph *g, eid e);
static inline uint32_t graph_copos(const graph *g, eid w)
{
    return w == EID_INIT ? 0 : graph_ev(g, w)->aux;
}
static inline int graph_contains(const graph *g, eid e)
{
    return e == EID_INIT ||
           (EID_T(e) < g->nthreads && EID_I(e) < g->th[EID_T(e)].n);
}

/* Append a zeroed event to thread t (stamp assigned); NULL on failure. */
event *graph_append(graph *g, uint32_t t);
/* Record that e (just appended) is a barrier event of its thread. */
int graph_note_barrier(graph *g, eid e);
/* Changes with every cut, restriction, copy and clear, not with appends:
 * what was true of the graph at one (gen, next_stamp) still is. */
static inline uint64_t graph_gen(const graph *g)
{
    return (uint64_t)g->gen << 32 | g->next_stamp;
}
/* Drop every event whose stamp is > stamp: O(events dropped). */
void graph_cut_after(graph *g, uint32_t stamp);

/* co: insert write w at 0-based slot pos of loc's co array (0 = right
 * after the initial write).  Removing takes it out again. */
int graph_co_insert(graph *g, eid w, uint32_t pos);
void graph_co_remove(graph *g, eid w);
int graph_rd_add(graph *g, eid r);
void graph_rd_remove(graph *g, eid r);
/* The index in loc's reads of the first one added after stamp (the list
 * is in addition order: reads are appended, cuts and prefix copies keep
 * the order); nrd if none. */
uint32_t graph_rd_after(const graph *g, uint32_t loc, uint32_t stamp);

/* loc's reads (writes) of no commuting class, in addition order. */
static inline const eid *graph_unclassed_reads(const graph *g, uint32_t loc, uint32_t *n)
{
    const gloc *l = &g->loc[loc];
    *n = l->nclassed ? l->rx.n : l->nrd;
    return l->nclassed ? l->rx.v : l->rd;
}
static inline const eid *graph_unclassed_writes(const graph *g, uint32_t loc, uint32_t *n)
{
    const gloc *l = &g->loc[loc];
    *n = l->nclassed ? l->wx.n : l->nco;
    return l->nclassed ? l->wx.v : l->co;
}

/* The write immediately co-after w (EID_NONE if w is co-last). */
static inline eid graph_co_next(const graph *g, uint32_t loc, eid w)
{
    const gloc *l = &g->loc[loc];
    uint32_t p = graph_copos(g, w);
    return p < l->nco ? l->co[p] : EID_NONE;
}

/* Thread t's k-th barrier event of a level, EID_NONE if not reached. */
static inline eid graph_barrier(const graph *g, uint32_t t, uint32_t level, uint32_t k)
{
    return k < g->th[t].nbar[level] ? EID(t, g->th[t].bar[level][k]) : EID_NONE;
}

/* Thread t's event of the barrier instance eb belongs to, or EID_NONE.
 * For a wait (GRAPH_BAR_WAIT): t's arrival at the round it waits for. */
static inline eid graph_instance_event(const graph *g, uint32_t t, const event *eb)
{
    if (eb->scope < GRAPH_BAR_COUNT)
        return graph_barrier(g, t, eb->scope, eb->loc);
    uint32_t level = eb->scope == GRAPH_BAR_WAIT ? GRAPH_BAR_COUNT : eb->scope;
    const gthread *th = &g->th[t];
    if (level == GRAPH_BAR_CONV) { /* recent ones last; a lane's instances at a
                                      site only grow: a long history is not scanned */
        for (uint32_t k = th->nbar[level]; k-- > 0;) {
            const event *e = &th->ev[th->bar[level][k]];
            if (e->aux == eb->aux && e->loc <= eb->loc)
                return e->loc == eb->loc ? EID(t, th->bar[level][k]) : EID_NONE;
        }
        return EID_NONE;
    }
    for (uint32_t k = 0; k < th->nbar[level]; k++) {
        const event *e = &th->ev[th->bar[level][k]];
        if (e->loc == eb->loc && (level == GRAPH_BAR_MASK ? e->value == eb->value
                                                          : e->aux == eb->aux))
            return EID(t, th->bar[level][k]);
    }
    return EID_NONE;
}

/* Thread t's wait (GRAPH_BAR_WAIT) for the round of counted barrier
 * event eb, or EID_NONE. */
static inline eid graph_round_wait(const graph *g, uint32_t t, const event *eb)
{
    const gthread *th = &g->th[t];
    for (uint32_t k = 0; k < th->nbar[GRAPH_BAR_WAIT]; k++) {
        const event *e = &th->ev[th->bar[GRAPH_BAR_WAIT][k]];
        if (e->loc == eb->loc && e->aux == eb->aux)
            return EID(t, th->bar[GRAPH_BAR_WAIT][k]);
    }
    return EID_NONE;
}

/* Does the event after barrier event eb take in other threads' views?
 * Not after an arrival that does not wait. */
static inline int graph_barrier_joins(const event *eb)
{
    return !(eb->scope == GRAPH_BAR_COUNT && eb->split);
}

#endif
