/* stop.c -- see stop.h. */
#include "stop.h"

#include <stdio.h>
#include <time.h>
#include <unistd.h>

/* How often the resident memory is looked at (a read of /proc). */
#define MEM_POLL_SECONDS 0.1

double stop_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* This process's resident memory in MiB, or 0 when it cannot be read. */
static uint64_t resident_mb(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    unsigned long long size = 0, resident = 0;
    int ok = f && fscanf(f, "%llu %llu", &size, &resident) == 2;
    if (f)
        fclose(f);
    long page = sysconf(_SC_PAGESIZE);
    return ok && page > 0 ? resident * (unsigned long long)page >> 20 : 0;
}

/* A parallel run's processes share the limit. */
static int over_memory(struct gpumc_exec *x, double now)
{
    if (!x->opt.max_memory_mb || now < x->mem_next)
        return 0;
    x->mem_next = now + MEM_POLL_SECONDS;
    unsigned procs = x->opt.jobs > 1 ? x->opt.jobs : 1;
    return resident_mb() > x->opt.max_memory_mb / procs;
}

int stop_poll(struct gpumc_exec *x)
{
    if (x->stop)
        return x->stop;
    int sig = x->opt.interrupt ? (int)*x->opt.interrupt : 0;
    if (!sig && x->split)
        sig = x->split->interrupted(x);
    double now = x->opt.timeout > 0 || x->opt.max_memory_mb ? stop_now() : 0;
    if (sig) {
        x->stop = CHECKER_INTERRUPTED;
        x->stop_signal = sig;
    } else if (x->opt.timeout > 0 && now - x->t0 > x->opt.timeout) {
        x->stop = CHECKER_TIMEOUT;
    } else if (over_memory(x, now)) {
        x->stop = CHECKER_MEMORY;
    }
    return x->stop;
}
