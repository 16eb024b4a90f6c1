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
 */
#define _GNU_SOURCE
#include "par.h"

#include "dpor.h"
#include "race.h"
#include "runtime.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#define PAR_MAX 64
#define PAR_DEPTH 12 /* choice points every worker walks before splitting */
#define PAR_CLAIM_BITS (1u << 22)

struct par_shared {
    volatile int stop;
    volatile sig_atomic_t interrupt; /* a signal relayed by the parent */
    pid_t parent;
    uint64_t taken; /* complete executions counted, against max_executions */
    volatile uint64_t count[PAR_MAX][2];
    uint64_t claimed[PAR_CLAIM_BITS / 64]; /* subtree i taken by some worker */
};

/* Subtree i at the split depth: the first worker to get there takes it,
 * so a worker stuck in a big subtree leaves the rest to the others. */
static int par_claim(struct gpumc_exec *x, uint64_t i)
{
    if (getppid() != x->shared->parent)
        _exit(1); /* orphaned: nobody is left to take the result */
    if (i >= PAR_CLAIM_BITS)
        return i % x->part.n == x->part.k;
    uint64_t bit = 1ull << (i % 64);
    uint64_t old = __atomic_fetch_or(&x->shared->claimed[i / 64], bit, __ATOMIC_RELAXED);
    return !(old & bit);
}

static int par_interrupted(const struct gpumc_exec *x)
{
    return x->shared->interrupt;
}

static int par_take_execution(struct gpumc_exec *x)
{
    uint64_t n = __atomic_fetch_add(&x->shared->taken, 1, __ATOMIC_RELAXED);
    return n < x->opt.max_executions;
}

typedef struct wire_head {
    uint64_t complete, blocked;
    int stop, stop_signal, internal_exit;
    char internal[256];
    uint32_t nfindings;
} wire_head;

/* Publish this worker's counts; returns the complete executions of all. */
static uint64_t par_publish(struct gpumc_exec *x)
{
    struct par_shared *sh = x->shared;
    sh->count[x->part.k][0] = x->res->complete;
    sh->count[x->part.k][1] = x->res->blocked;
    if (x->stop == CHECKER_STOPPED || x->stop == EXEC_RESTART)
        sh->stop = x->stop; /* every worker stops: the first error, or a restart */
    uint64_t total = 0;
    for (uint32_t k = 0; k < x->part.n; k++)
        total += sh->count[k][0];
    return total;
}

static int par_should_stop(const struct gpumc_exec *x)
{
    return x->shared->stop;
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

static int write_str(int fd, const char *s)
{
    uint32_t n = s ? (uint32_t)strlen(s) : UINT32_MAX;
    return write_all(fd, &n, sizeof n) || (s && write_all(fd, s, n));
}

static const exec_split par_split = {par_claim, par_take_execution, par_publish,
                                     par_should_stop, par_interrupted};

/* In the worker: explore its share, send the result, exit. */
static void worker(struct gpumc_exec *x, uint32_t k, uint32_t n, int fd)
{
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != x->shared->parent)
        _exit(1); /* the parent may have died before the request */
    x->part.k = k;
    x->part.n = n;
    x->part.depth = PAR_DEPTH;
    x->split = &par_split;
    dpor_explore(x);
    par_publish(x);
    checker_result *r = x->res;
    wire_head h;
    memset(&h, 0, sizeof h); /* padding too: it goes down the pipe */
    h.complete = r->complete;
    h.blocked = r->blocked;
    h.stop = x->stop;
    h.stop_signal = x->stop_signal;
    h.internal_exit = x->internal_exit;
    h.nfindings = r->nfindings;
    memcpy(h.internal, x->internal, sizeof h.internal);
    int bad = write_all(fd, &h, sizeof h);
    for (uint32_t i = 0; i < r->nfindings && !bad; i++) {
        finding f;
        memcpy(&f, &r->findings[i], sizeof f);
        f.trace = f.dot = NULL;
        bad = write_all(fd, &f, sizeof f) || write_str(fd, r->findings[i].trace) ||
              write_str(fd, r->findings[i].dot);
    }
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

static void progress(struct gpumc_exec *x, uint32_t n)
{
    if (!x->opt.on_progress)
        return;
    uint64_t c = 0, b = 0;
    for (uint32_t k = 0; k < n; k++) {
        c += x->shared->count[k][0];
        b += x->shared->count[k][1];
    }
    x->opt.on_progress(x->opt.ud, c, b, 0);
}

/* Pass an interrupt the parent saw on to the workers. */
static void relay_interrupt(struct gpumc_exec *x)
{
    if (x->opt.interrupt && *x->opt.interrupt && !x->shared->interrupt)
        x->shared->interrupt = *x->opt.interrupt;
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
        int rc = poll(pf, n, 250);
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

static int take(const inbox *b, size_t *at, void *out, size_t n)
{
    if (*at + n > b->len)
        return -1;
    memcpy(out, b->buf + *at, n);
    *at += n;
    return 0;
}

static int take_str(const inbox *b, size_t *at, char **out)
{
    uint32_t n;
    *out = NULL;
    if (take(b, at, &n, sizeof n) != 0)
        return -1;
    if (n == UINT32_MAX)
        return 0;
    if (*at + n > b->len || !(*out = malloc((size_t)n + 1)))
        return -1;
    memcpy(*out, b->buf + *at, n);
    (*out)[n] = 0;
    *at += n;
    return 0;
}

static int add_merged(const struct gpumc_exec *x, checker_result *r, finding *f)
{
    for (unsigned i = 0; i < r->nfindings; i++) {
        if (race_same_finding(x, &r->findings[i], f->kind, f->a.src,
                              f->b.valid ? f->b.src : ~0u)) {
            free(f->trace);
            free(f->dot);
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
    case CHECKER_TIMEOUT: return 2;
    case CHECKER_LIMIT: return 1;
    default: return 0;
    }
}

static int merge(struct gpumc_exec *x, const inbox *b)
{
    size_t at = 0;
    wire_head h;
    if (take(b, &at, &h, sizeof h) != 0)
        return -1;
    x->res->complete += h.complete;
    x->res->blocked += h.blocked;
    if (stop_rank(h.stop) > stop_rank(x->stop)) {
        x->stop = h.stop;
        x->stop_signal = h.stop_signal;
        x->internal_exit = h.internal_exit;
        memcpy(x->internal, h.internal, sizeof x->internal);
        x->internal[sizeof x->internal - 1] = 0;
    }
    for (uint32_t i = 0; i < h.nfindings; i++) {
        finding f;
        if (take(b, &at, &f, sizeof f) != 0 || take_str(b, &at, &f.trace) != 0 ||
            take_str(b, &at, &f.dot) != 0 || add_merged(x, x->res, &f) != 0)
            return -1;
    }
    return 0;
}

int par_explore(struct gpumc_exec *x, unsigned jobs)
{
    uint32_t n = jobs > PAR_MAX ? PAR_MAX : jobs;
    struct par_shared *sh = mmap(NULL, sizeof *sh, PROT_READ | PROT_WRITE,
                                 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (sh == MAP_FAILED) {
        dpor_explore(x); /* no shared page: explore alone */
        return 0;
    }
    memset((void *)sh, 0, sizeof *sh);
    sh->parent = getpid();
    x->shared = sh;
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
        sh->stop = CHECKER_STOPPED; /* let the started ones end quickly */
    if (collect(x, in, started) != 0)
        failed = 1;
    for (uint32_t k = 0; k < started; k++) {
        int st = 0;
        waitpid(pid[k], &st, 0);
        if (!WIFEXITED(st) || WEXITSTATUS(st) != 0 || merge(x, &in[k]) != 0)
            failed = 1;
        free(in[k].buf);
    }
    munmap((void *)sh, sizeof *sh);
    x->shared = NULL;
    if (failed)
        rt_internal_error(x, "a parallel exploration worker failed");
    return failed ? -1 : 0;
}
