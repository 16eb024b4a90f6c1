/*
 * exec.h -- the checker's run context, shared by its modules.
 *
 * One struct gpumc_exec holds everything of one checker_run: the program
 * (threads with their fibers, regions, locations, source table), the model,
 * the current execution graph and the explorer's state, and the result
 * being built.  runtime.c implements the harness ABI on it (setup calls and
 * the in-thread calls, which replay the graph and hand new events to the
 * scheduler), dpor.c explores, race.c records findings, par.c splits the
 * exploration between worker processes, stop.c decides when to stop.  The
 * functions are declared in each module's own header.  Nothing here is
 * global except the pointer the crash signal handler needs (runtime.c).
 */
#ifndef GPUMC_EXEC_H
#define GPUMC_EXEC_H

#include <setjmp.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "gpumc/checker.h"
#include "fiber.h"
#include "elide.h"
#include "shadow.h"
#include "graph.h"
#include "hb.h"
#include "topo.h"
#include "../../models/model.h"

/* What a thread asks to do next. */
typedef struct label {
    uint8_t kind;    /* event_kind */
    uint8_t order, scope, size;
    uint8_t rkind;   /* reads: RK_* */
    uint8_t ord_ok, ord_fail;
    uint8_t rmw;     /* writes: RMW write part */
    uint8_t comm;    /* both parts of a commuting blind RMW: its class */
    uint8_t nomem;   /* barriers: the memory spaces they do not order */
    uint8_t split;   /* counted barriers: an arrival that does not wait */
    uint8_t await;   /* reads: in a spin iteration that so far only read (dpor.c) */
    uint8_t relink;  /* reads: event.relink */
    uint32_t loc, src, aux;
    uint64_t value;  /* store value; error: address */
    uint64_t expected;
    char msg[160];    /* errors: what went wrong (last: see label_clear) */
} label;

/* Labels are made and copied once per event: only errors carry msg, so the
 * other fields alone are cleared and copied (zeroing all 200 bytes was a
 * tenth of the time of a cheap program's exploration). */
#define LABEL_HEAD offsetof(label, msg)
static inline void label_clear(label *l)
{
    memset(l, 0, LABEL_HEAD);
    l->msg[0] = '\0';
}
static inline void label_copy(label *d, const label *s)
{
    memcpy(d, s, LABEL_HEAD);
    if (s->kind == EV_ERROR)
        memcpy(d->msg, s->msg, sizeof d->msg);
    else
        d->msg[0] = '\0';
}

enum { TH_FRESH = 0, TH_WAITING, TH_DEAD };
#define SPIN_RANGES 32
#define SPIN_LOOPS 8
#define SPIN_SNAP 256            /* bytes of loop state kept as a copy */
#define SPIN_SNAP_NONE 0xFFFFFFFFu
#define COUNT_BARRIERS 16 /* distinct pthread barriers a thread may wait on */
#define NO_SLOT UINT32_MAX /* gpumc_thread.slot: holds no stack */

/* gpumc_spin, per loop (the SPIN_LOOPS most recent; nested loops each
 * keep their own): loop id + 1, event count and local-state hash at the
 * loop's last call, and whether a private write outside the state happened
 * since.  Only threads that spin have one: a launch of a million threads
 * mostly does not. */
struct spin_rec {
    uint32_t loop, pos;
    uint32_t elided; /* the thread's elided reads then (gpumc_thread.elided) */
    uint64_t hash;
    int dirty;
    /* the state itself when it fits (SPIN_SNAP_NONE: only its hash) */
    uint32_t snaplen;
    unsigned char snap[SPIN_SNAP];
};
typedef struct rt_spin {
    struct spin_rec rec[SPIN_LOOPS];
    uint32_t next;           /* slot to reuse next */
    uint32_t n;              /* the last state's pieces (the first SPIN_RANGES) */
    const char *lo[SPIN_RANGES];
    size_t len[SPIN_RANGES];
} rt_spin;

struct gpumc_thread {
    struct gpumc_exec *x;
    uint32_t id;
    gpumc_thread_fn fn;
    void *arg;
    int spawned;      /* started by gpumc_spawn, not with the kernel */
    gpumc_coord where;
    fiber fib;
    uint32_t slot;    /* its stack in a lazy pool (runtime.c), NO_SLOT: none */
    int state;        /* TH_* */
    uint32_t pos;     /* events whose value the fiber has consumed */
    uint64_t lastver; /* ver of event pos-1 when consumed */
    uint32_t last_src;
    uint32_t nbar[GRAPH_BAR_LEVELS]; /* barriers passed since its start, per level */
    /* counted barriers: waits per object since its start */
    struct count_rec {
        uint32_t id, n;
    } countbar[COUNT_BARRIERS];
    uint32_t ncountbar;
    /* partial-mask warp collectives: waits per mask since its start */
    struct count_rec maskbar[COUNT_BARRIERS];
    uint32_t nmaskbar;
    rt_spin *spin;    /* allocated by its first gpumc_spin (NULL: none yet) */
    label pending;
    uint64_t spins;   /* loop iterations (gpumc_spin calls) since its start */
    uint8_t reading;  /* since its last gpumc_spin it only issued reads that may
                         fail to write (a spin iteration that may wait) */
    uint8_t copying;  /* gpumc_copying: its reads are a byte copy's */
    /* its first read of undefined memory (gpumc_region_undefined) in this
     * execution, reported when the execution ends without another error
     * (a missing barrier makes the same read race: that is what it shows) */
    struct {
        uint8_t pending, size;
        unsigned src;
        uint64_t addr;
        const struct region *region;
    } undef;
    /* a plain read split into pieces (a bytewise region) counts them and
     * those that read undefined memory: only all of them is an error (a
     * struct's field and its padding read as one word is a copy) */
    uint8_t halving;
    uint32_t pieces, undef_pieces;
    const struct region *undef_region;
    /* runtime.c: the fiber saved at some of its parks, by increasing pos,
     * restored instead of replaying from the start; taken only once the
     * thread was restarted with events to replay (replayed) */
    struct rt_ckpt *ckpt;
    uint32_t nckpt;
    uint8_t replayed;
    uint32_t ckpt_at; /* the next checkpoint at a park at or past this many
                         events (0: none wanted) */
    /* repeated plain accesses (elide.h): the epoch's table, allocated by
     * the first plain access when the run elides (x->elide); reads
     * elided since the thread's start; set while waiting writes become
     * events (they may pass the event budget: the thread is ending) */
    elide_table *el;
    uint32_t elided;
    uint8_t flushing;
    uint32_t exact_loop; /* loop id + 1: its iteration under way makes every
                            access an event (gpumc_spin), 0 none */
    uint8_t shadowed; /* it made a plain access on shadow state since its start */
    uint8_t swrote;   /* it wrote on shadow state since its last gpumc_spin */
    uint32_t sloops;  /* gpumc_spin iterations that did: part of its event budget */
    /* joins asked for one child at a time (gpumc_join_later) and not made
     * yet: children join_first .. join_first+njoin-1, the last asked at
     * join_src; made as one event before the thread's next operation */
    uint32_t join_first, njoin, join_src;
};

typedef struct region {
    char name[64];
    char *base;       /* first byte of the region */
    size_t size;
    char *map;        /* mmap base (guard page first) */
    size_t maplen;
    int32_t *locmap;  /* byte offset -> location id, lazily allocated */
    uint8_t shared;   /* gpumc_region_shared: CTA memory, else global */
    uint8_t readonly; /* gpumc_region_readonly: read natively, never written */
    uint8_t exchange; /* gpumc_region_exchange: a collective's values in transit */
    uint8_t undefined; /* gpumc_region_undefined: reading what no write made is an error */
    uint8_t value_kind, value_size; /* gpumc_region_values (size 0: none declared) */
    uint8_t bytewise; /* accessed with two sizes at one place: every plain access
                         is split into bytes (one location per byte) */
    uint8_t written;  /* some thread wrote it (in any execution so far) */
    uint8_t unlogged; /* a plain read of it had no event while it was unwritten
                         (runtime.c, unwritten_read): its first write restarts */
    /* plain accesses without events (shadow.h, runtime.c shadow_access):
     * a family is a region and, for a CTA's __shared__ array, its copies
     * in the other CTAs (the first copy is its head, which holds the
     * family's choices: accessed atomically, so every access an event;
     * the size of its cells) */
    uint32_t family;   /* the head's index */
    uint8_t eventful;  /* head: plain accesses are events */
    uint8_t sgran;     /* head: bytes per cell (0: none accessed yet) */
    uint8_t shadowed;  /* head: some access of the family went on shadow state */
    uint8_t dirty;     /* memory written since the run began (pristine holds it,
                          or it was all zeros: zeroed) */
    uint8_t zeroed;    /* its initial contents are all zeros (known once dirty) */
    shadow_cell *cells;/* one per the head's sgran bytes, allocated by the first
                          access */
    char *pristine;    /* the initial contents, saved before the first write */
    char hint[128];   /* gpumc_region_hint: added to memory errors on it, or "" */
} region;

/* gpumc_region_alias: addresses that stand for a variable without being
 * memory (a __shared__ variable's one address for every CTA). */
typedef struct addr_alias {
    char name[64];
    uintptr_t base;
    size_t size;
} addr_alias;

#define RT_KIND_OTHER 0xFF /* rt_loc.kind_first: not a commuting blind RMW */
/* A thread's blind writes to loc: the lowest index of one (comm.c). */
typedef struct comm_mark {
    uint32_t loc, first;
} comm_mark;
typedef struct comm_marks {
    comm_mark *m;
    uint32_t n, cap;
} comm_marks;

typedef struct rt_loc {
    uint64_t addr;
    uint32_t region, offset;
    uint8_t size;
    /* the first thread to access it atomically (+1; 0: none ever did), the
     * narrowest scope of its atomic accesses, and the widest level between
     * that thread and any other that did: an atomic scope leaves out a
     * thread accessing it atomically iff min_scope < atomic_span */
    uint32_t first_atomic;
    uint8_t min_scope, atomic_span;
    uint8_t comm_seen; /* some commuting blind RMW was issued on it */
    /* the first access's kind (its commuting class, or RT_KIND_OTHER) and
     * whether an access of another kind was ever issued: while not, every
     * pair of its events commutes or none involves a blind RMW */
    uint8_t kind_first, kind_mixed;
    /* the commuting class of its first classed access (0: none yet) and
     * whether an access of another class was ever issued: while not, only
     * its unclassed accesses (gloc.rx, gloc.wx) can need ordering with,
     * or be revisited by, an access of that class */
    uint8_t class_first, classes_mixed;
    /* the first thread to access it (+1; 0: none yet) and whether another
     * one ever did: while not, no two of its events can race, and no write
     * has another thread's read to revisit */
    uint32_t first_thread;
    uint8_t many_threads;
    /* some write of it was found unordered by hb with another access of it
     * (a race, atomics, commuting RMWs): race checks scan all its accesses
     * (race.c); while not, its writes are totally ordered by hb and every
     * other access is ordered with each */
    uint8_t unordered;
    uint8_t comm_off;  /* its blind RMWs are explored in every order */
    /* some blind write of it has an SC fence hb-before it (sc_pre), some
     * one hb-after it (sc_post): both, and its order shows (comm.c) */
    uint8_t sc_pre, sc_post;
    uint8_t awaited;   /* some spin iteration waited on a read of it (dpor.c) */
    /* write-only (comm.c): read_seen, a read that uses its value was
     * issued; wo_family, the family of its blind RMWs so far (0: none,
     * COMM_MIXED: their order changes the value left); wo_off, its blind
     * RMWs are in their families' classes; wo_seen, one was in the
     * write-only class in this run */
    uint8_t read_seen, wo_family, wo_off, wo_seen;
    /* the first blind RMW of no family issued on it (an exchange, inc/dec,
     * a 16-bit float add): its operation (+1; 0: none yet), size and
     * operand.  Blind RMWs identical to it are a class (comm.c) */
    uint8_t same_op, same_size;
    uint64_t same_operand;
    uint64_t init;
} rt_loc;

struct gpumc_setup {
    struct gpumc_exec *x;
};

/* How a parallel worker shares the exploration with the others (par.c
 * installs it; NULL when exploring alone).  The explorer and the stop
 * checks call through it, so they do not depend on par.c. */
typedef struct exec_split {
    /* May this worker explore subtree number `subtree`?  First claim wins. */
    int (*claim)(struct gpumc_exec *x, uint64_t subtree);
    /* Count one more complete execution against max_executions across all
     * workers: 0 when the limit was already reached (do not count it). */
    int (*take_execution)(struct gpumc_exec *x);
    /* Publish this worker's counts; returns all workers' complete count. */
    uint64_t (*publish)(struct gpumc_exec *x);
    /* 0, or the CHECKER_* another worker stopped with. */
    int (*should_stop)(const struct gpumc_exec *x);
    /* The signal the parent relayed to the workers, or 0. */
    int (*interrupted)(const struct gpumc_exec *x);
} exec_split;

struct gpumc_exec {
    /* program */
    gpumc_thread *threads;
    uint32_t nthreads, capthreads;
    region *regions;
    uint32_t nregions, capregions;
    addr_alias *aliases;
    uint32_t naliases, capaliases;
    /* find_region's hints: by 64 KiB block of address, the region found
     * there last (an index -- the array may move -- and only a hint) */
#define REGION_HINTS 64
    uint32_t region_hint[REGION_HINTS];
    /* comm.c's runs of float adds: what a run up to write w (of version
     * ver) adds up to, by location, so an add joining a run costs O(1) */
#define FSUM_CACHE 64
    struct fsum_run {
        uint32_t loc;
        eid w;
        uint64_t ver;
        uint32_t n;     /* adds in the run */
        int lo;         /* the lowest set bit's exponent among them */
        int finite, nan;
        double base;    /* the value the first read */
        double abs;     /* the sum of their magnitudes */
    } fsum[FSUM_CACHE];
    uint32_t *by_addr;    /* region indices by address (the first nsorted) */
    uint32_t nsorted;
    rt_loc *locs;
    uint32_t nlocs, caplocs;
    uint32_t *comm_locs;  /* the locations with comm_seen, in the order seen (comm.c) */
    uint32_t ncomm_locs, capcomm_locs;
    /* Per thread, over every execution of the run (comm.c, SC fences):
     * 1 + the index of its first SC fence (0: none), and the locations of
     * its blind writes with the lowest index of one; NULL until needed */
    uint32_t *scf_first;
    comm_marks *blind_marks;
    uint32_t nblind_marks; /* its length (threads) */
    const gpumc_srcloc *srcs;
    uint32_t nsrcs;
    topo tp;
    char setup_error[512];
    /* model and exploration */
    const model_ops *model;
    hb_ctx hbc;
    hb_barcache barcache; /* hbc.bar points here */
    checker_options opt;
    graph *g;          /* the graph being explored */
    graph **pool;      /* revisit copies by depth */
    uint32_t npool, depth;
    uint64_t nvisits;  /* events the explorer added: paces progress calls */
    uint32_t *keep;    /* nthreads scratch counts for revisits */
    uint32_t *pw;      /* nthreads: a porf view being looked at (dpor.c) */
    uint64_t ver;
    int converging;  /* a convergence point was reached: cuts reopen them (dpor.c) */
    /* The read whose sources explore_read is trying (r EID_NONE: none),
     * the depth of its graph (a revisit's copy is deeper) and its thread's
     * state before it; and the values after which a thread in a given
     * state goes straight to a spin block (dpor.c, "Blocking values";
     * NULL until one is seen). */
    struct read_probe {
        eid r;
        uint32_t depth;
        uint64_t state;
    } probe;
    struct blocking_value *blocking;
    /* pick()'s memo, true while the graph is sched.g at sched.gen (only
     * appends since): no thread below lo can move, and only last_t -- the
     * thread of the latest event -- can have an RMW half done; `arrived`
     * members of barrier instance (grp, level, ordinal) are there;
     * join_lo is the lowest thread seen waiting to join one that had not
     * finished (UINT32_MAX: none), the only kind an end can free; thread
     * join_t's join of the children from join_first on found those below
     * join_done finished (join_t UINT32_MAX: none). */
    struct {
        const graph *g;
        uint64_t gen;
        uint32_t lo, last_t, join_lo;
        uint32_t join_t, join_first, join_done;
        /* a barrier instance known complete (1) or never (-1): states
         * appends cannot change (bar_grp NULL: none) */
        const void *bar_grp;
        uint32_t bar_level, bar_ordinal;
        uint64_t bar_mask;
        int bar_state;
        const topo_group *grp;
        uint32_t level, ordinal, arrived;
    } sched;
    fiber_pool stacks; /* the threads' stacks */
    /* A lazy pool's stacks are lent (runtime.c): slot_owner[s] is the
     * thread holding stack s (NO_SLOT: none), free_slot[0..nfree) the ones
     * given back, most recent last; slots from next_slot on were never used. */
    uint32_t *slot_owner, *free_slot;
    uint32_t nfree, next_slot;
    fiber main;        /* the explorer's context while a thread runs */
    fiber boot, explorer; /* checker_run's caller / the explorer's own stack */
    jmp_buf crash;
    /* where the explorer's stack overflowing lands (dpor.c), while
     * explorer_armed: the crash handler jumps here */
    jmp_buf explorer_overflow;
    int explorer_armed;
    gpumc_thread *current;
    struct sigaction saved_sa[5]; /* handlers replaced during the run */
    stack_t saved_stack;
    void *saved_alt;
    int private_on_stack; /* gpumc_private_on_stack: other addresses are errors */
    uint32_t warp_size;   /* gpumc_warp_size, 0: TOPO_WARP_SIZE */
    int spaces; /* gpumc_track_spaces: graphs keep per-space hb views */
    int access_log; /* gpumc_log_accesses: every access is an event */
    int unwritten_reads; /* plain reads of unwritten regions need no events
                            (runtime.c, unwritten_read): elide, one process */
    int shared_written; /* some CTA-shared region was written (runtime.c,
                           unwritten_read: then every one may be) */
    /* epoch tables given back by finished threads of a lazy pool, for the
     * next threads to start (a table carries on its own epoch count, so a
     * reused one needs no clearing) */
    elide_table **el_pool;
    uint32_t nel_pool, capel_pool;
    int elide;  /* repeated plain accesses need no events (elide.h): the run
                   stops at its first race, and nothing reads the access log */
    /* plain accesses without events (runtime.c, shadow_access): on in a
     * run that elides, in one process, until something needs what they
     * leave out -- a replay, a finding, a race (shadow_off: never again);
     * shadow_used: some access went on shadow state since the threads
     * last started; shadow_trial: a run of parallel workers first
     * explores in one process on shadow state, until the first replay
     * (checker.c) */
    int shadow, shadow_off, shadow_used, shadow_trial;
    shadow_lists sreads;
    view_acc sview; /* hb_point_sees' scratch */
    int stop;          /* 0 running, else why it stops: CHECKER_*, EXEC_RESTART */
    int stop_signal;   /* stop == CHECKER_INTERRUPTED: the signal */
    int limit_reached; /* max_executions counted: the next execution stops the run */
    int comm_off;      /* no commuting-RMW reduction anywhere (comm.c) */
    int comm_float;    /* blind floating-point adds count as commuting (comm.c) */
    int comm_used;     /* some blind RMW was explored in one order only */
    char internal[1024]; /* an unsupported call's reason is long */
    int internal_exit; /* 5 or 7, see rt_input_error */
    double t0;
    double mem_next;   /* stop_poll: when to look at the resident memory again */
    checker_result *res;
    /* parallel exploration (par.c): worker k of this process's n,
     * partition depth; the lead worker (k 0 of rank 0) also counts the
     * executions found above the split */
    struct {
        uint32_t k, n, depth, cur;
        uint64_t ctr;
        int lead;
    } part;
    /* estimation (opt.estimate): the walk's weight so far, the sums of the
     * walks' weights and squares per kind of ending (dpor.c, checker.c) */
    struct {
        uint64_t rng;
        double weight;
        int end; /* how the walk ended: 0 nowhere (pruned), 1 complete, 2 blocked */
    } est;
    struct par_shared *shared; /* counters shared by the workers, or NULL */
    const exec_split *split;   /* set with shared */
};

/* x->stop: the exploration learned something that invalidates what it
 * explored so far (comm.c) and starts over; never a run's final status. */
#define EXEC_RESTART 100

#endif
