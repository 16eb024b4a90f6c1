/*
 * par.c -- parallel exploration with worker processes.
 *
 * Every worker runs the same deterministic search down to a fixed depth of
 * choice points; there, subtrees are numbered in search order and each is
 * explored by the first worker that claims it in a shared bitmap (dpor.c,
 * part_enter, through x->split) -- a dynamic split that balances uneven
 * trees.  Workers are forked after the program is set up, so each has its
 * own copy of the harness state and fibers; they share one page of
 * counters (progress, execution limits, a stop flag for a stop at the
 * first error or an interrupt) and send their results through a pipe when
 * done.  The parent merges counts and findings
 * (deduplicated like within one run).  No threads, no locks: the exploration
 * code is unchanged.
 *
 * Workers never outlive the parent: each asks the kernel for SIGKILL when
 * the parent dies (PR_SET_PDEATHSIG) and checks that its parent is still
 * the one that forked it when it starts and at every claim.  An interrupt
 * the parent sees (checker_options.interrupt) is relayed through the
 * shared page, so the workers stop and send what they found so far.
 *
 * A distributed run (checker_options.dist) is this in every rank, with one
 * more level above: a worker explores only the subtrees granted to its
 * rank (checker_rank.mine, filled by the dist hooks the parent pumps while
 * it waits), and counts an execution only within the rank's allowance when
 * there is an execution limit.  At the end the parent sends its merged
 * result in the same wire format, and rank 0 merges every rank's.
 */
#define _GNU_SOURCE
#include "par.h"

#include "dpor.h"
#include "race.h"
#include "runtime.h"
#include "stop.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define PAR_MAX 64
/* Choice points every worker walks before splitting: 20, and 2 more for
 * each doubling of the workers (of all ranks).  Deep enough for many small
 * subtrees, which balance: on two cores the locks of bench/dist.sh run
 * 1.4x faster with two workers at depth 14, 1.8-2.2x at 22-28, and slow
 * down again past 30 (every worker repeats the top of the tree). */
#define PAR_DEPTH_BASE 20
#define PAR_CLAIM_BITS CHECKER_DIST_SUBTREES

struct par_shared {
    pid_t parent;
    uint64_t taken; /* complete executions counted, against max_executions */
    volatile uint64_t count[PAR_MAX][2];
    uint64_t claimed[PAR_CLAIM_BITS / 64]; /* subtree i taken by some worker */
    /* stop and relayed signal; with dist also the rank's grants */
    checker_rank r;
};

static void orphan_check(const struct gpumc_exec *x)
{
    if (getppid() != x->shared->parent)
        _exit(1); /* orphaned: nobody is left to take the result */
}

static void nap(long ns)
{
    struct timespec ts = {0, ns};
    nanosleep(&ts, NULL);
}

static int rank_stopping(const checker_rank *r)
{
    return r->stop || r->interrupt;
}

/* Distributed: is subtree i granted to this rank?  Waits for the grant. */
static int rank_owns(struct gpumc_exec *x, uint64_t i)
{
    const checker_dist *d = x->opt.dist;
    checker_rank *r = &x->shared->r;
    if (i >= CHECKER_DIST_SUBTREES)
        return i % d->nranks == d->rank;
    uint64_t f = __atomic_load_n(&r->frontier, __ATOMIC_RELAXED);
    while (f < i + 1 && !__atomic_compare_exchange_n(&r->frontier, &f, i + 1, 1,
                                                      __ATOMIC_RELAXED, __ATOMIC_RELAXED))
        ;
    while (i >= __atomic_load_n(&r->granted_hi, __ATOMIC_ACQUIRE)) {
        if (rank_stopping(r) || stop_poll(x))
            return 0;
        orphan_check(x);
        nap(20000);
    }
    return (__atomic_load_n(&r->mine[i / 64], __ATOMIC_RELAXED) >> (i % 64)) & 1;
}

/* Subtree i at the split depth: the first worker to get there takes it,
 * so a worker stuck in a big subtree leaves the rest to the others. */
static int par_claim(struct gpumc_exec *x, uint64_t i)
{
    orphan_check(x);
    const checker_dist *d = x->opt.dist;
    if (d && !rank_owns(x, i))
        return 0;
    if (i >= PAR_CLAIM_BITS)
        return (d ? i / d->nranks : i) % x->part.n == x->part.k;
    uint64_t bit = 1ull << (i % 64);
    uint64_t old = __atomic_fetch_or(&x->shared->claimed[i / 64], bit, __ATOMIC_RELAXED);
    return !(old & bit);
}

static int par_interrupted(const struct gpumc_exec *x)
{
    return x->shared->r.interrupt;
}

/* Distributed: count within the rank's allowance, waiting for more of it
 * until rank 0 says the limit is reached. */
static int rank_take_execution(struct gpumc_exec *x)
{
    checker_rank *r = &x->shared->r;
    uint64_t t = __atomic_fetch_add(&r->tickets, 1, __ATOMIC_RELAXED);
    while (t >= __atomic_load_n(&r->allowance, __ATOMIC_ACQUIRE)) {
        if (__atomic_load_n(&r->budget_done, __ATOMIC_ACQUIRE))
            return t < __atomic_load_n(&r->allowance, __ATOMIC_ACQUIRE);
        if (rank_stopping(r) || stop_poll(x)) /* a timeout, too, ends the wait */
            return 0;
        orphan_check(x);
        nap(20000);
    }
    return 1;
}

static int par_take_execution(struct gpumc_exec *x)
{
    if (x->opt.dist)
        return rank_take_execution(x);
    uint64_t n = __atomic_fetch_add(&x->shared->taken, 1, __ATOMIC_RELAXED);
    return n < x->opt.max_executions;
}

/* Publish this worker's counts; returns the complete executions of all. */
static uint64_t par_publish(struct gpumc_exec *x)
{
    struct par_shared *sh = x->shared;
    sh->count[x->part.k][0] = x->res->complete;
    sh->count[x->part.k][1] = x->res->blocked;
    if (x->stop == CHECKER_STOPPED || x->stop == EXEC_RESTART)
        sh->r.stop = x->stop; /* every worker stops: the first error, or a restart */
    uint64_t total = 0;
    for (uint32_t k = 0; k < x->part.n; k++)
        total += sh->count[k][0];
    return total;
}

static int par_should_stop(const struct gpumc_exec *x)
{
    return x->shared->r.stop;
}

static const exec_split par_split = {par_claim, par_take_execution, par_publish,
                                     par_should_stop, par_interrupted};

/* ---- results on the wire: a head, then each finding with its strings ---- */

typedef struct wire_head {
    uint64_t complete, blocked;
    int float_orders;
    int stop, stop_signal, internal_exit;
    char internal[sizeof ((struct gpumc_exec *)0)->internal];
    uint32_t nfindings;
} wire_head;

typedef struct wire {
    char *buf;
    size_t len, cap;
    int bad; /* out of memory: the result is unusable */
} wire;

static void wire_put(wire *w, const void *p, size_t n)
{
    if (w->bad)
        return;
    if (w->cap - w->len < n) {
        size_t cap = w->cap ? w->cap : 4096;
        while (cap - w->len < n)
            cap *= 2;
        char *nb = realloc(w->buf, cap);
        if (!nb) {
            w->bad = 1;
            return;
        }
        w->buf = nb;
        w->cap = cap;
    }
    memcpy(w->buf + w->len, p, n);
    w->len += n;
}

static void wire_put_str(wire *w, const char *s)
{
    uint32_t n = s ? (uint32_t)strlen(s) : UINT32_MAX;
    wire_put(w, &n, sizeof n);
    if (s)
        wire_put(w, s, n);
}

/* x's result and stop, as a worker (or a rank) sends it. */
static void wire_encode(const struct gpumc_exec *x, wire *w)
{
    const checker_result *r = x->res;
    wire_head h;
    memset(&h, 0, sizeof h); /* padding too: it is sent */
    h.complete = r->complete;
    h.blocked = r->blocked;
    h.float_orders = r->float_orders;
    h.stop = x->stop;
    h.stop_signal = x->stop_signal;
    h.internal_exit = x->internal_exit;
    h.nfindings = r->nfindings;
    memcpy(h.internal, x->internal, sizeof h.internal);
    wire_put(w, &h, sizeof h);
    for (uint32_t i = 0; i < r->nfindings; i++) {
        finding f;
        memcpy(&f, &r->findings[i], sizeof f);
        f.trace = f.dot = NULL;
        wire_put(w, &f, sizeof f);
        wire_put_str(w, r->findings[i].trace);
        wire_put_str(w, r->findings[i].dot);
    }
}

static int write_all(int fd, const void *p, size_t n)
{
    const char *c = p;
    while (n) {
        ssize_t w = write(fd, c, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        c += w;
        n -= (size_t)w;
    }
    return 0;
}

static uint32_t split_depth(uint32_t workers)
{
    uint32_t depth = PAR_DEPTH_BASE;
    for (uint32_t w = 1; w < workers && depth < 40; w *= 2)
        depth += 2;
    return depth;
}

/* In the worker: explore its share, send the result, exit. */
static void worker(struct gpumc_exec *x, uint32_t k, uint32_t n, int fd)
{
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != x->shared->parent)
        _exit(1); /* the parent may have died before the request */
    const checker_dist *d = x->opt.dist;
    x->part.k = k;
    x->part.n = n;
    x->part.lead = k == 0 && (!d || d->rank == 0);
    x->part.depth = x->opt.split_depth ? x->opt.split_depth
                                       : split_depth(n * (d ? d->nranks : 1));
    x->split = &par_split;
    dpor_explore(x);
    par_publish(x);
    wire w = {0};
    wire_encode(x, &w);
    int bad = w.bad || write_all(fd, w.buf, w.len);
    close(fd);
    _exit(bad ? 1 : 0);
}

typedef struct inbox {
    char *buf;
    size_t len, cap;
    int fd;
} inbox;

static int inbox_read(inbox *b)
{
    if (b->cap - b->len < 65536) {
        size_t cap = b->cap ? b->cap * 2 : 131072;
        char *nb = realloc(b->buf, cap);
        if (!nb)
            return -1;
        b->buf = nb;
        b->cap = cap;
    }
    ssize_t n = read(b->fd, b->buf + b->len, b->cap - b->len);
    if (n < 0 && errno == EINTR)
        return 1;
    if (n <= 0)
        return n == 0 ? 0 : -1;
    b->len += (size_t)n;
    return 1;
}

/* The rank's counts into r; the progress line from every rank's. */
static void progress(struct gpumc_exec *x, uint32_t n)
{
    checker_rank *r = &x->shared->r;
    uint64_t c = 0, b = 0;
    for (uint32_t k = 0; k < n; k++) {
        c += x->shared->count[k][0];
        b += x->shared->count[k][1];
    }
    r->complete = c;
    r->blocked = b;
    if (x->opt.dist) {
        x->opt.dist->pump(x->opt.dist->ud, r);
        c = r->all_complete;
        b = r->all_blocked;
    }
    if (x->opt.on_progress)
        x->opt.on_progress(x->opt.ud, c, b, 0);
}

/* Pass an interrupt the parent saw on to the workers. */
static void relay_interrupt(struct gpumc_exec *x)
{
    if (x->opt.interrupt && *x->opt.interrupt && !x->shared->r.interrupt)
        x->shared->r.interrupt = *x->opt.interrupt;
}

/* Does a worker of this rank wait for a grant? */
static int rank_starved(const checker_rank *r, const struct gpumc_exec *x)
{
    return r->frontier > r->granted_hi ||
           (x->opt.max_executions && r->tickets >= r->allowance && !r->budget_done);
}

/* How long the parent may wait for its workers' bytes: a distributed rank
 * pumps its hooks every millisecond -- rank 0, which answers every rank's
 * requests, five times as often -- and more often while one of its
 * workers waits for a grant.  (Pumping costs the workers a little CPU:
 * not more often than that.) */
static long pump_period_ns(const struct gpumc_exec *x)
{
    const checker_dist *d = x->opt.dist;
    if (!d)
        return 250000000;
    if (rank_starved(&x->shared->r, x))
        return 50000;
    return d->rank == 0 && d->nranks > 1 ? 200000 : 1000000;
}

/* Gather every worker's bytes; 0 when all pipes reached EOF. */
static int collect(struct gpumc_exec *x, inbox *in, uint32_t n)
{
    struct pollfd pf[PAR_MAX];
    uint32_t open = n;
    while (open) {
        for (uint32_t k = 0; k < n; k++) {
            pf[k].fd = in[k].fd;
            pf[k].events = POLLIN;
            pf[k].revents = 0;
        }
        relay_interrupt(x);
        struct timespec ts = {0, pump_period_ns(x)};
        int rc = ppoll(pf, n, &ts, NULL);
        if (rc < 0 && errno != EINTR)
            return -1;
        for (uint32_t k = 0; k < n; k++) {
            if (in[k].fd < 0 || !(pf[k].revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            int st = inbox_read(&in[k]);
            if (st < 0)
                return -1;
            if (st == 0) {
                close(in[k].fd);
                in[k].fd = -1;
                open--;
            }
        }
        progress(x, n);
    }
    return 0;
}

typedef struct reader {
    const char *buf;
    size_t len, at;
} reader;

static int take(reader *b, void *out, size_t n)
{
    if (b->at + n > b->len)
        return -1;
    memcpy(out, b->buf + b->at, n);
    b->at += n;
    return 0;
}

static int take_str(reader *b, char **out)
{
    uint32_t n;
    *out = NULL;
    if (take(b, &n, sizeof n) != 0)
        return -1;
    if (n == UINT32_MAX)
        return 0;
    if (b->at + n > b->len || !(*out = malloc((size_t)n + 1)))
        return -1;
    memcpy(*out, b->buf + b->at, n);
    (*out)[n] = 0;
    b->at += n;
    return 0;
}

/* f joins r's findings; of two equal ones the one found first in search
 * order stays (its trace is the one a single process shows). */
static int add_merged(const struct gpumc_exec *x, checker_result *r, finding *f)
{
    for (unsigned i = 0; i < r->nfindings; i++) {
        finding *g = &r->findings[i];
        if (race_same_finding(x, g, f->kind, f->a.src, f->b.valid ? f->b.src : ~0u)) {
            finding drop = *f;
            if (f->seq < g->seq) {
                drop = *g;
                *g = *f;
            }
            free(drop.trace);
            free(drop.dot);
            return 0;
        }
    }
    if (r->nfindings == r->capfindings) {
        unsigned c = r->capfindings ? r->capfindings * 2 : 8;
        finding *nf = realloc(r->findings, sizeof(finding) * c);
        if (!nf)
            return -1;
        r->findings = nf;
        r->capfindings = c;
    }
    r->findings[r->nfindings++] = *f;
    return 0;
}

/* Worst outcome first: internal error, error stop, interrupt, timeout,
 * limit. */
static int stop_rank(int stop)
{
    switch (stop) {
    case CHECKER_FAILED: return 6;
    case EXEC_RESTART: return 5;
    case CHECKER_STOPPED: return 4;
    case CHECKER_INTERRUPTED: return 3;
    case CHECKER_TIMEOUT:
    case CHECKER_MEMORY: return 2;
    case CHECKER_LIMIT: return 1;
    default: return 0;
    }
}

/* Another rank's addresses are its own: point an event at this process's
 * copy of its region (the offset is what reports show). */
static void rebase(const struct gpumc_exec *x, finding_event *e)
{
    if (!e->valid)
        return;
    for (uint32_t i = 0; i < x->nregions; i++) {
        if (strncmp(x->regions[i].name, e->region, sizeof e->region) == 0) {
            e->addr = (uint64_t)(uintptr_t)x->regions[i].base + e->offset;
            return;
        }
    }
}

/* Of two restarts, the one that names a region to make bytewise: the
 * others may be workers that stopped because it did (runtime.c). */
static int names_bytewise_first(const wire_head *h, const struct gpumc_exec *x)
{
    return h->stop == EXEC_RESTART && x->stop == EXEC_RESTART &&
           rt_names_bytewise(h->internal, NULL) && !rt_names_bytewise(x->internal, NULL);
}

static int merge(struct gpumc_exec *x, const char *buf, size_t len, int remote)
{
    reader b = {buf, len, 0};
    wire_head h;
    if (take(&b, &h, sizeof h) != 0)
        return -1;
    x->res->complete += h.complete;
    x->res->blocked += h.blocked;
    x->res->float_orders |= h.float_orders;
    if (stop_rank(h.stop) > stop_rank(x->stop) || names_bytewise_first(&h, x)) {
        x->stop = h.stop;
        x->stop_signal = h.stop_signal;
        x->internal_exit = h.internal_exit;
        memcpy(x->internal, h.internal, sizeof x->internal);
        x->internal[sizeof x->internal - 1] = 0;
    }
    for (uint32_t i = 0; i < h.nfindings; i++) {
        finding f;
        if (take(&b, &f, sizeof f) != 0 || take_str(&b, &f.trace) != 0 ||
            take_str(&b, &f.dot) != 0)
            return -1;
        if (remote) {
            rebase(x, &f.a);
            rebase(x, &f.b);
        }
        if (add_merged(x, x->res, &f) != 0)
            return -1;
    }
    return 0;
}

static int merge_rank(void *ud, const void *buf, size_t len)
{
    return merge(ud, buf, len, 1);
}

/* Rank 0's stop to every rank.  A restart that makes a region bytewise
 * travels as PAR_STOP_BYTEWISE + the region, so that every rank makes the
 * same region bytewise: the ranks' trees must stay the same. */
#define PAR_STOP_BYTEWISE 0x10000
static int conclude(struct gpumc_exec *x, const checker_dist *d)
{
    int stop = x->stop;
    unsigned region;
    if (stop == EXEC_RESTART && rt_names_bytewise(x->internal, &region))
        stop = PAR_STOP_BYTEWISE + (int)region;
    stop = d->conclude(d->ud, stop);
    if (stop < PAR_STOP_BYTEWISE) {
        if (stop == EXEC_RESTART)
            x->internal[0] = 0; /* rank 0's reason, not this rank's own */
        return stop;
    }
    snprintf(x->internal, sizeof x->internal, "%s%d", RT_BYTEWISE, stop - PAR_STOP_BYTEWISE);
    return EXEC_RESTART;
}

/* Distributed: this rank's result to rank 0 (there, every rank's into
 * x->res), and the run's stop back to every rank. */
static void exchange(struct gpumc_exec *x)
{
    const checker_dist *d = x->opt.dist;
    wire w = {0};
    wire_encode(x, &w);
    if (w.bad) { /* the others must not count on our share */
        rt_internal_error(x, "out of memory for this rank's result");
        w.len = 0;
    }
    x->shared->r.complete = x->res->complete; /* what it counted, allowance used */
    x->shared->r.blocked = x->res->blocked;
    unsigned lost = d->gather(d->ud, &x->shared->r, w.buf, w.len, merge_rank, x);
    free(w.buf);
    x->stop = conclude(x, d);
    if (lost) {
        x->res->lost_ranks = lost;
        x->res->nranks = d->nranks;
        if (x->stop != CHECKER_FAILED)
            x->stop = CHECKER_LOST;
    }
}

static int by_search_order(const void *a, const void *b)
{
    uint64_t sa = ((const finding *)a)->seq, sb = ((const finding *)b)->seq;
    return sa < sb ? -1 : sa > sb;
}

int par_explore(struct gpumc_exec *x, unsigned jobs)
{
    uint32_t n = jobs > PAR_MAX ? PAR_MAX : jobs ? jobs : 1;
    const checker_dist *d = x->opt.dist;
    struct par_shared *sh = mmap(NULL, sizeof *sh, PROT_READ | PROT_WRITE,
                                 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (sh == MAP_FAILED && !d) {
        dpor_explore(x); /* no shared page: explore alone */
        return 0;
    }
    if (sh == MAP_FAILED) { /* the other ranks wait for this one: fail, but take part */
        static struct par_shared none;
        sh = &none;
        n = 0;
        rt_internal_error(x, "out of memory for the distributed exploration");
    }
    memset((void *)sh, 0, sizeof *sh);
    sh->parent = getpid();
    x->shared = sh;
    if (d)
        d->begin(d->ud, &sh->r);
    inbox in[PAR_MAX];
    pid_t pid[PAR_MAX];
    memset(in, 0, sizeof in);
    uint32_t started = 0;
    int failed = 0;
    fflush(NULL);
    for (; started < n; started++) {
        int fd[2];
        if (pipe(fd) != 0) {
            failed = 1;
            break;
        }
        pid[started] = fork();
        if (pid[started] == 0) {
            close(fd[0]);
            for (uint32_t k = 0; k < started; k++)
                close(in[k].fd);
            worker(x, started, n, fd[1]);
        }
        close(fd[1]);
        if (pid[started] < 0) {
            close(fd[0]);
            failed = 1;
            break;
        }
        in[started].fd = fd[0];
    }
    if (failed)
        sh->r.stop = CHECKER_STOPPED; /* let the started ones end quickly */
    if (collect(x, in, started) != 0)
        failed = 1;
    for (uint32_t k = 0; k < started; k++) {
        int st = 0;
        waitpid(pid[k], &st, 0);
        if (!WIFEXITED(st) || WEXITSTATUS(st) != 0 || merge(x, in[k].buf, in[k].len, 0) != 0)
            failed = 1;
        free(in[k].buf);
    }
    if (failed)
        rt_internal_error(x, "a parallel exploration worker failed");
    if (d)
        exchange(x);
    if (x->res->nfindings > 1)
        qsort(x->res->findings, x->res->nfindings, sizeof(finding), by_search_order);
    if (n)
        munmap((void *)sh, sizeof *sh);
    x->shared = NULL;
    return failed || !n ? -1 : 0;
}
