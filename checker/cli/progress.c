/* progress.c -- see progress.h. */
#include "progress.h"
#include "futil.h"

#include <inttypes.h>
#include <stdio.h>
#include <unistd.h>

#define REDRAW_EVERY 0.25

void progress_init(progress *p, int requested, int quiet)
{
    p->tty = isatty(2);
    p->enabled = !quiet && (requested == 1 || (requested < 0 && p->tty));
    p->drawn = 0;
    p->start = p->last = futil_now();
}

void progress_update(void *ud, uint64_t complete, uint64_t blocked,
                     unsigned graph_size)
{
    progress *p = ud;
    if (!p->enabled)
        return;
    double now = futil_now();
    if (p->drawn && now - p->last < REDRAW_EVERY)
        return;
    double t = now - p->start;
    double rate = t > 0 ? (double)complete / t : 0;
    fprintf(stderr, "%sgpumc: %" PRIu64 " complete, %" PRIu64 " blocked, "
            "%.0f exec/s, %.1fs, graph %u events%s", p->tty ? "\r" : "",
            complete, blocked, rate, t, graph_size, p->tty ? "\033[K" : "\n");
    fflush(stderr);
    p->drawn = 1;
    p->last = now;
}

void progress_end(progress *p)
{
    if (p->enabled && p->drawn && p->tty)
        fputs("\r\033[K", stderr);
}
