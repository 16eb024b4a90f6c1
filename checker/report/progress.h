/*
 * progress.h -- the progress line on stderr while exploring.
 *
 * Contract: progress_init decides once whether to draw: forced on by
 * --progress, else only when stderr is a terminal; never with -q.  The
 * engine calls progress_update every 64 executions and every 65,536 events
 * it adds (so a long single execution shows its graph growing); the line (complete
 * and blocked executions, executions/s, elapsed time, current graph size,
 * and the label -- the kernel of a `gpumc check` -- if any) is redrawn at
 * most every 0.25 s so that printing never shows up in the exploration
 * rate.  On a terminal the line is rewritten in place (\r, cut to the
 * terminal's width so that it never wraps) and progress_end erases it, so
 * the report starts on a clean line; elsewhere (--progress into a file or
 * pipe) each update is a line of its own and nothing is erased.  Only
 * the process that called progress_init draws: with --threads the
 * engine's forked workers inherit the callback, and two processes
 * rewriting one line would garble it (the parent sees the total anyway).
 */
#ifndef GPUMC_PROGRESS_H
#define GPUMC_PROGRESS_H

#include <stddef.h>
#include <stdint.h>

typedef struct progress {
    int enabled;
    int tty;          /* rewrite in place and erase, else one line each */
    int drawn;
    int width;        /* terminal columns (tty only) */
    const char *label; /* may be NULL */
    long pid;         /* the process that draws (see progress_update) */
    double start, last;
} progress;

void progress_init(progress *p, int requested /* -1 auto, 0, 1 */, int quiet,
                   const char *label);
/* Matches checker_options.on_progress; ud is a progress *.  graph_size 0
 * (parallel exploration does not know it) leaves it out. */
void progress_update(void *ud, uint64_t complete, uint64_t blocked,
                     unsigned graph_size);
void progress_end(progress *p);

/* The line's text for the given counts at `elapsed` seconds (for tests
 * and for progress_update). */
void progress_format(const progress *p, uint64_t complete, uint64_t blocked,
                     unsigned graph_size, double elapsed, char *out, size_t n);

#endif
