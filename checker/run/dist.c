/*
 * dist.c -- see dist.h.
 *
 * Every rank runs the same deterministic top of the tree, so subtree i
 * (search order, par.c) names the same subtree everywhere.  Rank 0 keeps
 * `next`, the first subtree nobody has, and answers a rank's NEED with the
 * chunk [next, next + n): chunks go out in increasing order, so a rank that
 * receives [lo, hi) knows that every subtree below lo it did not get is
 * someone else's.  Chunks are small (one subtree per worker): a large one
 * holds back subtrees that another rank could take at the end; they grow
 * only while a rank's workers finish subtrees faster than grants come.  A
 * rank asks for the next chunk once its workers reach the current one, so
 * a grant is usually there before it is needed.  An execution limit is
 * split the same way: allowances of executions, asked for ahead of need;
 * when none is left, rank 0 declares the limit reached only once every
 * rank still exploring has used all of its own -- so the count stops
 * exactly at the limit, as in one process.
 *
 * Messages are byte arrays of uint64 words, the first one the epoch (a
 * restart of the exploration, checker.c, begins another): NEED, GRANT,
 * STOP (a rank's first error or signal, to rank 0), HALT (rank 0's order
 * to stop, to all), COUNT (progress), RESULT (the rank's wire, par.c) and
 * DONE (the run's stop, from rank 0 after gathering).  Rank 0 talks to
 * itself by calling its own handler.  MPI keeps messages between two
 * ranks in order, so a rank's COUNTs and NEEDs arrive before its RESULT.
 *
 * A rank that dies takes its share with it: rank 0 counts it lost (the run
 * is then incomplete) once a signal asks rank 0 to stop -- mpirun sends
 * one when a rank dies -- or when a rank that was exploring has been
 * silent for DIST_SILENCE seconds.
 */
#define _GNU_SOURCE
#include "dist.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if GPUMC_HAVE_MPI

#include <fcntl.h>
#include <mpi.h>
#include <sched.h>
#include <time.h>
#include <unistd.h>

#define DIST_BUDGET 1024    /* executions granted at a time */
#define DIST_SILENCE 30.0   /* seconds an exploring rank may be silent */
#define DIST_GRACE 0.2      /* seconds to wait for results after a signal */

enum { TAG_NEED = 1, TAG_GRANT, TAG_STOP, TAG_HALT, TAG_COUNT, TAG_RESULT, TAG_DONE };

typedef struct peer { /* rank 0's view of one rank */
    int finished, lost;
    int budget_wait;        /* used up its allowance, and none was left */
    uint64_t given;         /* allowance handed to it this epoch */
    uint64_t complete, blocked;
    double heard;           /* when it last sent something; 0: never this epoch */
    char *wire;             /* its result (RESULT) */
    size_t nwire;
} peer;

struct dist_ctx {
    checker_dist hooks;
    unsigned rank, nranks;
    uint64_t epoch;
    uint64_t max_exec;
    const volatile sig_atomic_t *interrupt;
    checker_rank *r;        /* the rank state of the current epoch */
    /* as a rank */
    unsigned chunk;         /* subtrees asked for at a time ... */
    unsigned chunk_min, chunk_max; /* ... between these */
    int starved;            /* a worker waited since the last request */
    int asked, budget_asked, stop_sent;
    int budget_refused;     /* asked ahead, none was left: ask again only when out */
    double counted_at;
    int done_stop, have_done;
    /* rank 0: the coordinator */
    uint64_t next, given;
    int halted;
    int lost_any;           /* some rank was given up on: do not wait for it at the end */
    peer *peers;
};

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void nap(long ns)
{
    struct timespec ts = {0, ns};
    nanosleep(&ts, NULL);
}

static void dispatch(dist_ctx *c, unsigned from, int tag, const uint64_t *w, size_t nw,
                     const char *bytes, size_t nbytes);

/* Send words (and bytes after them) to rank `to`; to ourselves: handle. */
static void post(dist_ctx *c, unsigned to, int tag, const uint64_t *w, size_t nw,
                 const void *bytes, size_t nbytes)
{
    if (to == c->rank) {
        dispatch(c, to, tag, w, nw, bytes, nbytes);
        return;
    }
    size_t n = nw * sizeof *w + nbytes;
    char stackbuf[256], *buf = n <= sizeof stackbuf ? stackbuf : malloc(n);
    if (!buf)
        MPI_Abort(MPI_COMM_WORLD, 7); /* the others would wait for it forever */
    memcpy(buf, w, nw * sizeof *w);
    if (nbytes)
        memcpy(buf + nw * sizeof *w, bytes, nbytes);
    MPI_Send(buf, (int)n, MPI_BYTE, (int)to, tag, MPI_COMM_WORLD);
    if (buf != stackbuf)
        free(buf);
}

/* Receive everything that is waiting; 1 if anything came. */
static int drain(dist_ctx *c)
{
    int any = 0;
    for (;;) {
        int flag = 0;
        MPI_Status st;
        MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
        if (!flag)
            return any;
        int n = 0;
        MPI_Get_count(&st, MPI_BYTE, &n);
        char *buf = malloc(n > 0 ? (size_t)n : 1);
        if (!buf)
            MPI_Abort(MPI_COMM_WORLD, 7);
        MPI_Recv(buf, n, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        size_t nw = (size_t)n / sizeof(uint64_t);
        uint64_t w[8] = {0};
        memcpy(w, buf, (nw < 8 ? nw : 8) * sizeof *w);
        if (c->rank == 0 && st.MPI_SOURCE >= 0 && (unsigned)st.MPI_SOURCE < c->nranks)
            c->peers[st.MPI_SOURCE].heard = now();
        /* a RESULT's bytes follow its two words */
        dispatch(c, (unsigned)st.MPI_SOURCE, st.MPI_TAG, w, nw,
                 buf + 2 * sizeof(uint64_t), (size_t)n > 2 * sizeof(uint64_t)
                 ? (size_t)n - 2 * sizeof(uint64_t) : 0);
        free(buf);
        any = 1;
        if (c->have_done) /* what follows belongs to the next epoch: leave it queued */
            return any;
    }
}

/* ---- rank 0: the coordinator --------------------------------------------- */

static void send_grant(dist_ctx *c, unsigned to, uint64_t lo, uint64_t hi, uint64_t add,
                       uint64_t done)
{
    uint64_t w[5] = {c->epoch, lo, hi, add, done};
    post(c, to, TAG_GRANT, w, 5, NULL, 0);
}

static uint64_t take_allowance(dist_ctx *c, unsigned to)
{
    uint64_t left = c->max_exec - c->given, add = left < DIST_BUDGET ? left : DIST_BUDGET;
    c->given += add;
    c->peers[to].given += add;
    return add;
}

/* Allowance came back, or a rank finished: serve the ranks that wait for
 * allowance; when none is left and every rank still exploring waits, the
 * limit is reached. */
static void settle_budget(dist_ctx *c)
{
    if (!c->max_exec)
        return;
    int all_wait = 1;
    for (unsigned k = 0; k < c->nranks; k++) {
        peer *p = &c->peers[k];
        if (p->finished || p->lost)
            continue;
        if (p->budget_wait && c->given < c->max_exec) {
            p->budget_wait = 0;
            send_grant(c, k, c->next, c->next, take_allowance(c, k), 0);
        }
        if (!p->budget_wait)
            all_wait = 0;
    }
    if (!all_wait)
        return;
    for (unsigned k = 0; k < c->nranks; k++) {
        if (c->peers[k].budget_wait && !c->peers[k].finished && !c->peers[k].lost) {
            c->peers[k].budget_wait = 0;
            send_grant(c, k, c->next, c->next, 0, 1);
        }
    }
}

/* w: epoch, subtrees wanted, allowance wanted (1: ahead of need, 2: the
 * rank has used all of its own).  A rank that asks ahead and finds none
 * left is told so (add 0); only one that is out of allowance waits --
 * the limit is reached when every rank still exploring is out. */
static void on_need(dist_ctx *c, unsigned from, const uint64_t *w)
{
    uint64_t n = w[1], want_budget = w[2];
    uint64_t lo = c->next, add = 0;
    c->next += n;
    if (want_budget && c->given < c->max_exec)
        add = take_allowance(c, from);
    else if (want_budget == 2)
        c->peers[from].budget_wait = 1;
    if (n || add || want_budget != 2) /* else the answer comes with the verdict */
        send_grant(c, from, lo, lo + n, add, 0);
    settle_budget(c);
}

static void on_stop(dist_ctx *c, const uint64_t *w)
{
    if (c->halted)
        return;
    c->halted = 1;
    uint64_t h[3] = {c->epoch, w[1], w[2]};
    for (unsigned k = 0; k < c->nranks; k++)
        if (!c->peers[k].finished)
            post(c, k, TAG_HALT, h, 3, NULL, 0);
}

static void on_count(dist_ctx *c, unsigned from, const uint64_t *w)
{
    c->peers[from].complete = w[1];
    c->peers[from].blocked = w[2];
    uint64_t all_c = 0, all_b = 0;
    for (unsigned k = 0; k < c->nranks; k++) {
        all_c += c->peers[k].complete;
        all_b += c->peers[k].blocked;
    }
    if (c->r) {
        c->r->all_complete = all_c;
        c->r->all_blocked = all_b;
    }
}

/* A rank's result: keep it for gather; the allowance it did not use goes
 * back to the others. */
static void on_result(dist_ctx *c, unsigned from, const uint64_t *w, const char *bytes,
                      size_t n)
{
    peer *p = &c->peers[from];
    uint64_t counted = w[1];
    if (p->finished)
        return;
    p->finished = 1;
    p->budget_wait = 0;
    if (from != 0) {
        p->wire = malloc(n ? n : 1);
        if (p->wire) {
            memcpy(p->wire, bytes, n);
            p->nwire = n;
        } else {
            p->lost = 1;
        }
    }
    if (p->given > counted) {
        c->given -= p->given - counted;
        p->given = counted;
    }
    settle_budget(c);
}

/* ---- a rank --------------------------------------------------------------- */

static void on_grant(dist_ctx *c, const uint64_t *w)
{
    checker_rank *r = c->r;
    uint64_t lo = w[1], hi = w[2], add = w[3], done = w[4];
    c->asked = 0;
    for (uint64_t i = lo; i < hi && i < CHECKER_DIST_SUBTREES; i++) /* workers read on */
        __atomic_fetch_or(&r->mine[i / 64], 1ull << (i % 64), __ATOMIC_RELAXED);
    if (hi > r->granted_hi)
        __atomic_store_n(&r->granted_hi, hi, __ATOMIC_RELEASE);
    if (add) {
        __atomic_store_n(&r->allowance, r->allowance + add, __ATOMIC_RELEASE);
        c->budget_asked = c->budget_refused = 0;
    } else if (done) {
        __atomic_store_n(&r->budget_done, 1, __ATOMIC_RELEASE);
        c->budget_asked = 0;
    } else if (c->budget_asked == 1) { /* asked ahead: none left for now */
        c->budget_asked = 0;
        c->budget_refused = 1;
    }
}

static void on_halt(dist_ctx *c, const uint64_t *w)
{
    checker_rank *r = c->r;
    c->stop_sent = 1;
    if (w[1] == CHECKER_INTERRUPTED) {
        if (!r->interrupt)
            r->interrupt = (sig_atomic_t)w[2];
    } else if (!r->stop) {
        r->stop = (int)w[1];
    }
}

static void dispatch(dist_ctx *c, unsigned from, int tag, const uint64_t *w, size_t nw,
                     const char *bytes, size_t nbytes)
{
    if (nw < 2 || w[0] != c->epoch || (tag != TAG_RESULT && nw < 3))
        return; /* an earlier exploration's, or not ours */
    switch (tag) {
    case TAG_NEED: if (c->rank == 0) on_need(c, from, w); break;
    case TAG_STOP: if (c->rank == 0) on_stop(c, w); break;
    case TAG_COUNT: if (c->rank == 0) on_count(c, from, w); break;
    case TAG_RESULT: if (c->rank == 0) on_result(c, from, w, bytes, nbytes); break;
    case TAG_GRANT: if (nw >= 5 && c->r) on_grant(c, w); break;
    case TAG_HALT: if (c->r) on_halt(c, w); break;
    case TAG_DONE:
        c->have_done = 1;
        c->done_stop = (int)(int64_t)w[1];
        break;
    }
}

static void hook_begin(void *ud, checker_rank *r)
{
    dist_ctx *c = ud;
    c->epoch++;
    c->r = r;
    c->asked = c->budget_asked = c->budget_refused = c->stop_sent = c->have_done = 0;
    c->counted_at = 0;
    if (c->rank != 0)
        return;
    c->next = c->given = 0;
    c->halted = 0;
    for (unsigned k = 0; k < c->nranks; k++) {
        free(c->peers[k].wire);
        memset(&c->peers[k], 0, sizeof c->peers[k]);
    }
}

/* Tiny subtrees outrun the grants: a rank whose workers had to wait asks
 * for twice as many next time, and for half as many when they did not. */
static void adapt_chunk(dist_ctx *c)
{
    if (c->starved && c->chunk < c->chunk_max)
        c->chunk *= 2;
    else if (!c->starved && c->chunk > c->chunk_min)
        c->chunk /= 2;
    c->starved = 0;
}

/* A stop our workers raised goes to rank 0, and the next subtrees or
 * allowance are asked for before the workers run out. */
static void hook_pump(void *ud, checker_rank *r)
{
    dist_ctx *c = ud;
    drain(c);
    if ((r->stop || r->interrupt) && !c->stop_sent) {
        c->stop_sent = 1;
        uint64_t w[3] = {c->epoch, r->interrupt ? (uint64_t)CHECKER_INTERRUPTED
                                                 : (uint64_t)(int64_t)r->stop,
                         (uint64_t)r->interrupt};
        post(c, 0, TAG_STOP, w, 3, NULL, 0);
    }
    c->starved |= r->frontier > r->granted_hi;
    int want_sub = r->frontier + c->chunk > r->granted_hi;
    /* allowance: ahead of need (1), or because it is used up (2) */
    int out = r->tickets >= r->allowance;
    int want_budget = !c->max_exec || r->budget_done || c->budget_asked ? 0
                    : out ? 2
                    : !c->budget_refused && r->tickets + DIST_BUDGET / 2 >= r->allowance ? 1 : 0;
    if (!c->asked && (want_sub || want_budget)) {
        if (want_sub)
            adapt_chunk(c);
        c->asked = want_sub || want_budget == 1; /* a wait for allowance is answered later */
        c->budget_asked = want_budget;
        uint64_t w[3] = {c->epoch, want_sub ? c->chunk : 0, (uint64_t)want_budget};
        post(c, 0, TAG_NEED, w, 3, NULL, 0);
    }
    double t = now();
    if (t - c->counted_at > 0.25) {
        c->counted_at = t;
        uint64_t w[3] = {c->epoch, r->complete, r->blocked};
        post(c, 0, TAG_COUNT, w, 3, NULL, 0);
    }
}

/* Rank 0: has every rank sent its result, or given up on? */
static int gathered(dist_ctx *c, double waited_since)
{
    double t = now();
    int interrupted = c->interrupt && *c->interrupt;
    int all = 1, lost = 0;
    for (unsigned k = 0; k < c->nranks; k++) {
        peer *p = &c->peers[k];
        if (p->finished || p->lost)
            continue;
        if ((interrupted && t - waited_since > DIST_GRACE) ||
            (p->heard > 0 && t - p->heard > DIST_SILENCE))
            p->lost = lost = 1;
        else
            all = 0;
    }
    if (lost) /* ranks waiting for allowance must not wait for a lost one */
        settle_budget(c);
    return all;
}

static unsigned hook_gather(void *ud, checker_rank *r, const void *wire, size_t n,
                            int (*merge)(void *mud, const void *wire, size_t n), void *mud)
{
    dist_ctx *c = ud;
    uint64_t w[2] = {c->epoch, r->complete};
    post(c, 0, TAG_RESULT, w, 2, wire, n);
    if (c->rank != 0)
        return 0;
    double since = now();
    for (unsigned k = 0; k < c->nranks; k++)
        if (!c->peers[k].finished)
            c->peers[k].heard = c->peers[k].heard ? since : 0; /* silence counts from here */
    while (!gathered(c, since)) {
        if (!drain(c))
            nap(100000);
    }
    unsigned lost = 0;
    for (unsigned k = 1; k < c->nranks; k++) { /* in rank order: the same report each run */
        peer *p = &c->peers[k];
        if (p->lost || !p->wire || merge(mud, p->wire, p->nwire) != 0)
            lost++;
        c->lost_any |= p->lost;
        free(p->wire);
        p->wire = NULL;
    }
    return lost;
}

static int hook_conclude(void *ud, int stop)
{
    dist_ctx *c = ud;
    if (c->rank == 0) {
        uint64_t w[3] = {c->epoch, (uint64_t)(int64_t)stop, 0};
        for (unsigned k = 1; k < c->nranks; k++)
            if (!c->peers[k].lost)
                post(c, k, TAG_DONE, w, 3, NULL, 0);
        c->r = NULL;
        return stop;
    }
    while (!c->have_done) {
        if (!drain(c))
            nap(100000);
    }
    c->r = NULL;
    return c->done_stop;
}

dist_ctx *dist_start(int *argc, char ***argv, unsigned jobs, uint64_t max_executions,
                     const volatile sig_atomic_t *interrupt, char *err, size_t errsz)
{
    /* gpumc forks (the frontend, the compiler, the workers); the children
     * never use MPI, which Open MPI cannot know */
    setenv("OMPI_MCA_mpi_warn_on_fork", "0", 0);
    if (MPI_Init(argc, argv) != MPI_SUCCESS) {
        snprintf(err, errsz, "--distributed: MPI could not start");
        return NULL;
    }
    int rank = 0, size = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    dist_ctx *c = calloc(1, sizeof *c);
    if (c)
        c->peers = calloc((size_t)size, sizeof *c->peers);
    if (!c || !c->peers) {
        free(c);
        MPI_Finalize();
        snprintf(err, errsz, "out of memory");
        return NULL;
    }
    c->rank = (unsigned)rank;
    c->nranks = (unsigned)size;
    c->max_exec = max_executions;
    c->interrupt = interrupt;
    c->chunk_min = c->chunk = jobs ? jobs : 1;
    c->chunk_max = 32 * c->chunk_min;
    c->hooks = (checker_dist){c->rank, c->nranks, c, hook_begin, hook_pump, hook_gather,
                              hook_conclude};
    cpu_set_t cpus;
    if (rank == 0 && jobs > 1 && sched_getaffinity(0, sizeof cpus, &cpus) == 0 &&
        (unsigned)CPU_COUNT(&cpus) < jobs)
        fprintf(stderr, "gpumc: warning: this rank may run on %d CPU%s only, fewer than "
                "--threads=%u: its workers share them (mpirun binds ranks to cores; "
                "run mpirun --bind-to none, or give each rank more)\n",
                CPU_COUNT(&cpus), CPU_COUNT(&cpus) == 1 ? "" : "s", jobs);
    if (rank != 0) { /* rank 0 speaks for all */
        int fd = open("/dev/null", O_WRONLY);
        if (fd >= 0) {
            fflush(NULL);
            dup2(fd, 1);
            dup2(fd, 2);
            close(fd);
        }
    }
    return c;
}

const checker_dist *dist_hooks(const dist_ctx *c)
{
    return &c->hooks;
}

unsigned dist_rank(const dist_ctx *c)
{
    return c->rank;
}

void dist_end(dist_ctx *c, int exit_code)
{
    if (!c)
        return;
    int lost = c->lost_any;
    for (unsigned k = 0; k < c->nranks; k++)
        free(c->peers[k].wire);
    free(c->peers);
    free(c);
    fflush(NULL);
    if (lost) /* MPI_Finalize would wait for a rank that may never come */
        MPI_Abort(MPI_COMM_WORLD, exit_code);
    MPI_Finalize();
}

#else /* no MPI */

dist_ctx *dist_start(int *argc, char ***argv, unsigned jobs, uint64_t max_executions,
                     const volatile sig_atomic_t *interrupt, char *err, size_t errsz)
{
    (void)argc, (void)argv, (void)jobs, (void)max_executions, (void)interrupt;
    snprintf(err, errsz, "--distributed: this gpumc was built without MPI (install "
             "libopenmpi-dev and rebuild)");
    return NULL;
}

const checker_dist *dist_hooks(const dist_ctx *c)
{
    (void)c;
    return NULL;
}

unsigned dist_rank(const dist_ctx *c)
{
    (void)c;
    return 0;
}

void dist_end(dist_ctx *c, int exit_code)
{
    (void)c, (void)exit_code;
}

#endif
