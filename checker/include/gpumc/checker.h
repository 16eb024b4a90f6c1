/*
 * gpumc/checker.h -- the checker's programmatic interface.
 *
 * checker_run() takes a harness setup function and options, explores every
 * execution of the harness under the chosen memory model with optimal DPOR,
 * and fills a checker_result: counts of complete and blocked executions and
 * the list of findings.  The CLI, the tests and the benchmarks all go
 * through it.  A result owns its findings; free it with checker_result_free.
 *
 * An optional callback sees every complete (and blocked) execution through
 * the read-only inspection calls gpumc_exec_* below; the property test uses
 * it to compare executions with the brute-force enumerator.
 */
#ifndef GPUMC_CHECKER_H
#define GPUMC_CHECKER_H

#include <signal.h>
#include <stdint.h>
#include "gpumc/harness.h"
#include "gpumc/limits.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gpumc_exec gpumc_exec;

/* GPUMC_MAX_THREADS (gpumc/limits.h): the engine refuses a harness declaring
 * more than GPUMC_MAX_ENGINE_THREADS (exit 5); the CLI refuses a launch with
 * more than GPUMC_MAX_THREADS (exit 17). */
#define CHECKER_DEFAULT_EVENT_BUDGET 100000
#define CHECKER_SPIN_BUDGET 1000 /* loop iterations per event of the budget */

typedef enum checker_model { MODEL_SRC11 = 0, MODEL_RC11, MODEL_SC } checker_model;

typedef enum finding_kind {
    FINDING_DATA_RACE = 0,
    FINDING_HETERO_RACE,
    FINDING_DIVERGENCE,
    FINDING_ASSERT,
    FINDING_MEMORY,
    FINDING_DEADLOCK,
    FINDING_LOOP_BOUND, /* warning: the unroll bound cut an execution */
    FINDING_NONTERMINATION, /* a thread ran past its budget without finishing */
    FINDING_WARP_MISUSE, /* a lane a warp collective's mask names does not take part */
    FINDING_KIND_COUNT
} finding_kind;

typedef enum event_kind {
    EV_READ = 0, EV_WRITE, EV_FENCE, EV_BARRIER, EV_SPAWN, EV_JOIN,
    EV_END,   /* thread finished */
    EV_BLOCK, /* failed assume / loop bound: thread blocked forever */
    EV_ERROR  /* assertion or memory error: thread stopped */
} event_kind;

/* One side of a finding: a complete description of an event. */
/* The scope field of a warp barrier, a counted (pthread) barrier, a
 * warp collective over part of a warp and a convergence point. */
#define CHECKER_BAR_WARP 4
#define CHECKER_BAR_COUNTED 5
#define CHECKER_BAR_WARP_PART 6
#define CHECKER_BAR_CONVERGE 7
#define CHECKER_BAR_WAIT 8 /* the wait of a split arrival (cuda::barrier::wait) */

typedef struct finding_event {
    int valid;
    int thread;
    gpumc_coord where;
    event_kind kind;
    int is_rmw;      /* read or write part of an RMW */
    gpumc_order order;
    gpumc_scope scope; /* a barrier's: its scope, or CHECKER_BAR_WARP/_COUNTED */
    uint64_t addr;   /* address (region base + offset) */
    char region[48]; /* region name */
    uint64_t offset; /* offset in region */
    uint64_t below;  /* an error's address this many bytes before the region
                        (in the guard below it; offset is then 0) */
    uint64_t region_size; /* an error's: the bytes of the region it is about */
    int default_len; /* an error's region is a buffer left at its default length
                        (it has a gpumc_region_hint) */
    unsigned size;   /* bytes: an access's, or a memory error's access (0: none) */
    uint64_t value;
    int value_kind;  /* GPUMC_VALUE_*: its source location's, or its region's
                        (gpumc_region_values) when that says only integers */
    int volatile_access; /* its source location's accesses are volatile */
    char pointee[64]; /* GPUMC_VALUE_POINTER: "&in+16", "null", or "" (another address) */
    unsigned src;    /* index into the harness's source table */
} finding_event;

/* The message of a data race whose accesses only a barrier orders, and
 * that barrier's fence flags leave their memory out (OpenCL); the
 * explanation recognises it by this text. */
#define CHECKER_MSG_BARRIER_FLAGS "ordered only by a barrier that does not order"

typedef struct finding {
    finding_kind kind;
    finding_event a, b; /* b.valid == 0 for one-event findings */
    char msg[256];      /* short explanation */
    char *trace;        /* the execution leading there (text, owned), or NULL */
    char *dot;          /* that execution as a Graphviz graph (owned), or NULL */
    uint64_t seq;       /* where in the search it was found: a parallel run
                           keeps the earliest of equal findings and sorts by it */
} finding;

/* ---- distributed exploration ----------------------------------------------
 * Several processes (ranks, e.g. MPI's) run the same checker_run on the
 * same program and split its tree: every rank walks the same deterministic
 * top of the tree, and the subtrees below it, numbered in search order, go
 * to ranks in chunks a coordinator grants on request (par.c, dist.c).  The
 * engine knows nothing of the transport: it shares one checker_rank per
 * rank with the hooks of a checker_dist. */
#define CHECKER_DIST_SUBTREES (1u << 22) /* beyond: subtree i is rank i % nranks's */

typedef struct checker_rank {
    /* written by the rank's workers */
    volatile uint64_t frontier;   /* 1 + the highest subtree number reached */
    volatile uint64_t tickets;    /* executions they asked to count */
    volatile uint64_t complete, blocked; /* the rank's counts so far */
    /* written by the hooks */
    volatile uint64_t granted_hi; /* subtrees below this are decided ... */
    uint64_t mine[CHECKER_DIST_SUBTREES / 64]; /* ... bit i: subtree i is ours */
    volatile uint64_t allowance;  /* executions the rank may count */
    volatile int budget_done;     /* no more allowance will come */
    volatile uint64_t all_complete, all_blocked; /* rank 0: every rank's */
    /* either side: a stop (CHECKER_* or the engine's restart) or a signal
     * of any rank stops every rank */
    volatile int stop;
    volatile sig_atomic_t interrupt;
} checker_rank;

typedef struct checker_dist {
    unsigned rank, nranks;
    void *ud;
    /* An exploration (or, after a restart, the next) begins. */
    void (*begin)(void *ud, checker_rank *r);
    /* Called every 100 us or so while the rank's workers explore: grant
     * subtrees and allowance, relay stops and counts. */
    void (*pump)(void *ud, checker_rank *r);
    /* The rank's workers ended; wire (n bytes) is its result.  Rank 0
     * hands every other rank's result to merge; the others send theirs.
     * Returns how many ranks were lost (their results are missing). */
    unsigned (*gather)(void *ud, checker_rank *r, const void *wire, size_t n,
                       int (*merge)(void *mud, const void *wire, size_t n), void *mud);
    /* After gather: rank 0 announces the run's stop, the others return it. */
    int (*conclude)(void *ud, int stop);
} checker_dist;

typedef struct checker_options {
    checker_model model;
    int opencl_names;     /* messages and traces name scopes as OpenCL does
                             (gpumc_scope_label): the kernel is OpenCL C */
    int races;            /* 0 report (collect all), 1 stop at first, 2 ignore */
    int divergence;       /* 0 report, 1 ignore */
    int exit_releases;    /* a CTA barrier waits only for the threads that have not
                             finished (PTX's exit): one that returned early counts as
                             arrived, ordering nothing (--exit-releases-barriers) */
    int warp_exit_releases; /* the same for a warp collective (__syncwarp, the
                             *_sync shuffles and votes): CUDA asks only the non-exited
                             lanes its mask names to reach it (set for CUDA input;
                             OpenCL's sub-group functions need every work-item) */
    /* 0 report, 1 ignore: an execution whose spin loops can never exit (every
     * spinning thread read the latest values) is then only a blocked one, as
     * in GenMC without -check-liveness. */
    int liveness;
    /* 1: a read of memory whose initial contents are undefined
     * (gpumc_region_undefined) that no write came before is a memory
     * error; 0: it reads the region's initial contents */
    int uninit;
    unsigned warp_sync;   /* > 0: warps of this many threads run in lockstep: each
                             shared access is a point where the lanes of a warp
                             that reach it wait for each other, ordering memory
                             (the harness's warp size is replaced) */
    int benign;           /* 1: a data race whose two accesses have the same
                             value (both write it, or one reads what the other
                             writes) is not a finding */
    int intra_group_races; /* 1: accesses of threads in different CTAs never
                             race (GPUVerify's --only-intra-group) */
    int stop_on_error;    /* stop at first error finding of any kind */
    int no_commute;       /* explore commuting blind RMWs in every order */
    int commute_float;    /* blind float/double adds commute too (their rounding does
                             not: one order of them is explored) */
    uint64_t max_executions; /* stop after this many complete executions (0: no limit) */
    /* A thread that emits more events than this, or runs more loop
     * iterations than CHECKER_SPIN_BUDGET times it, in one execution is a
     * possible non-termination (0: CHECKER_DEFAULT_EVENT_BUDGET). */
    uint64_t max_events_per_thread;
    double timeout;       /* seconds, 0: none */
    /* Stop when this process's resident memory passes this many MiB (0:
     * no limit; a parallel run's worker processes share it equally).  A
     * program whose loops run on (a retry loop that two threads can keep
     * failing) makes ever longer executions, and the exploration keeps
     * each open one: without a limit it grows until the machine has none. */
    uint64_t max_memory_mb;
    int want_trace;       /* record the event trace of each finding: 1 its
                             first and last events, 2 all of them (repair
                             reads the atomics in the middle too) */
    int want_dot;         /* record each finding's execution graph as DOT */
    unsigned jobs;        /* > 1: explore with that many worker processes
                             (on_execution is then not called) */
    /* > 0: do not explore; estimate how many executions there are from
     * this many random walks down the exploration tree (Knuth's estimator:
     * each walk takes one child of every choice point, chosen uniformly,
     * and weighs its execution by the product of the choices' widths; the
     * mean weight is an unbiased estimate), then explore for a moment to
     * measure the speed.  The result's status is then CHECKER_ESTIMATED
     * (CHECKER_EXPLORED when that moment explored everything); findings met
     * on the way are real. */
    unsigned estimate;
    uint64_t estimate_seed;
    /* A thread replayed after a revisit is saved (its fiber's stack) at
     * parks spaced geometrically, at least this many events apart, and
     * resumed from the latest save still valid instead of from its start
     * (0: 8; tests use 1 to save at nearly every event). */
    unsigned checkpoint_gap;
    unsigned split_depth; /* choice points walked by every worker before the
                             tree splits (0: par.c's default; tests use
                             small ones to split small trees) */
    /* Non-NULL: this run is one rank of a distributed exploration (jobs
     * worker processes in this rank; on_execution is not called). */
    const checker_dist *dist;
    /* Non-NULL: the run stops soon (between events, inside long model
     * checks) once *interrupt is nonzero -- a signal handler sets it to the
     * signal's number; the result is then CHECKER_INTERRUPTED. */
    const volatile sig_atomic_t *interrupt;
    /* Called for every complete (blocked != 0: blocked) execution. */
    void (*on_execution)(void *ud, const gpumc_exec *x, int blocked);
    /* The exploration starts over (it learned that the order of commuting
     * blind RMWs is observable somewhere): forget what on_execution saw.
     * May be NULL. */
    void (*on_restart)(void *ud);
    void *ud;
    /* Called now and then with the running counts (progress line). */
    void (*on_progress)(void *ud, uint64_t complete, uint64_t blocked,
                        unsigned graph_size);
} checker_options;

/* checker_result.status: how the exploration ended.  Only
 * CHECKER_EXPLORED means every execution was explored to its end. */
enum {
    CHECKER_FAILED = -1,     /* setup or internal error (r->error) */
    CHECKER_EXPLORED = 0,    /* every execution explored */
    CHECKER_STOPPED = 1,     /* stopped at the first error (races/stop_on_error) */
    CHECKER_LIMIT = 2,       /* max_executions reached */
    CHECKER_TIMEOUT = 3,     /* timeout reached */
    CHECKER_INTERRUPTED = 4, /* *interrupt was set (signal in .signal) */
    CHECKER_LOST = 5,        /* ranks of a distributed run were lost (.lost_ranks) */
    CHECKER_ESTIMATED = 6,   /* options.estimate: nothing explored, .estimate says how much there is */
    CHECKER_MEMORY = 7       /* max_memory_mb reached */
};

/* What checker_options.estimate found. */
typedef struct checker_estimate {
    uint64_t walks;            /* random walks made */
    uint64_t walks_complete, walks_blocked; /* ... that ended in such an execution */
    double complete, blocked;  /* estimated executions: the walks' mean weights */
    double complete_se, blocked_se; /* standard errors of those means */
    double seconds;            /* spent walking */
    double rate;               /* executions per second a short exploration
                                  made after the walks (0: none was made) */
} checker_estimate;

typedef struct checker_result {
    int status;           /* CHECKER_* above */
    int signal;           /* CHECKER_INTERRUPTED: the signal's number */
    unsigned lost_ranks, nranks; /* CHECKER_LOST: ranks whose results are missing */
    checker_estimate estimate;   /* CHECKER_ESTIMATED */
    char error[1024];     /* for status -1 */
    int error_exit;       /* for status -1: 5 the harness/input is at fault,
                             7 the checker's own failure (out of memory...),
                             17 the launch breaks a gpumc_precondition */
    uint64_t complete, blocked;
    int float_orders;     /* blind floating-point atomic adds had every order explored
                             (something reads their sum; --commute-float runs one) */
    double seconds;
    finding *findings;
    unsigned nfindings, capfindings;
    const gpumc_srcloc *srcs; /* the harness's table (owned by the harness) */
    unsigned nsrcs;
} checker_result;

typedef int (*checker_setup_fn)(gpumc_setup *s);

void checker_options_default(checker_options *o);
/* Returns 0, or r->error_exit (5, 7 or 17) when r->status is -1. */
int checker_run(checker_setup_fn setup, const checker_options *o,
                checker_result *r);
void checker_result_free(checker_result *r);
const char *finding_kind_name(finding_kind k);
const char *gpumc_order_name(gpumc_order o);
const char *gpumc_scope_name(gpumc_scope s);
/* A memory scope as the kernel's language names it: CUDA's "cta", "gpu",
 * "sys", or with `opencl` OpenCL's "work_group", "device", "all_svm_devices"
 * (both "thread" for the narrowest); barrier levels as gpumc_scope_name. */
const char *gpumc_scope_label(gpumc_scope s, int opencl);
/* An access's order and scope joined by sep ("rlx cta", "rlx, cta"); an
 * OpenCL non-atomic access has no scope: "na".  Returns out. */
const char *gpumc_order_scope(gpumc_order o, gpumc_scope s, int opencl, const char *sep,
                              char *out, size_t n);
/* The value `bits` of a size-byte access as reports print it: an integer
 * ("4294967295 (-1)" when its top bit is set) or, for GPUMC_VALUE_FLOAT, the
 * shortest decimal that reads back as the same float ("1.0", "-0.1"). */
void gpumc_value_text(uint64_t bits, unsigned size, int value_kind, char *out, size_t n);

/* ---- inspecting an execution (valid only inside on_execution) ------- */

typedef struct gpumc_ev_info {
    event_kind kind;
    int is_rmw;        /* read/write part of a successful RMW */
    gpumc_order order;
    gpumc_scope scope;
    uint64_t addr;     /* memory events */
    unsigned size;
    uint64_t value;    /* value written, or value read */
    unsigned src;
    unsigned barrier_id;
    int rf_thread, rf_index; /* reads: source event, -1/-1 = initial write */
} gpumc_ev_info;

int gpumc_exec_nthreads(const gpumc_exec *x);
int gpumc_exec_nevents(const gpumc_exec *x, int thread);
void gpumc_exec_event(const gpumc_exec *x, int thread, int index,
                      gpumc_ev_info *out);
/* Writes to addr in coherence order (initial write excluded): fills up to
 * max (thread, index) pairs, returns how many there are. */
int gpumc_exec_co(const gpumc_exec *x, uint64_t addr, int *threads,
                  int *indices, int max);

#ifdef __cplusplus
}
#endif
#endif
