/* progress.c -- see progress.h. */
#include "progress.h"
#include "futil.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#define REDRAW_EVERY 0.25

static int term_width(void)
{
    struct winsize ws;
    if (ioctl(2, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
        return ws.ws_col;
    return 80;
}

void progress_init(progress *p, int requested, int quiet, const char *label)
{
    memset(p, 0, sizeof *p);
    p->tty = isatty(2);
    p->enabled = !quiet && (requested == 1 || (requested < 0 && p->tty));
    p->width = p->tty ? term_width() : 0;
    p->label = label;
    p->pid = (long)getpid();
    p->start = futil_now();
    p->last = p->start - REDRAW_EVERY; /* the first update draws at once */
}

void progress_format(const progress *p, uint64_t complete, uint64_t blocked,
                     unsigned graph_size, double elapsed, char *out, size_t n)
{
    double rate = elapsed > 0 ? (double)complete / elapsed : 0;
    char graph[40] = "";
    if (graph_size)
        snprintf(graph, sizeof graph, ", graph %u events", graph_size);
    snprintf(out, n, "gpumc: %s%s%" PRIu64 " executions (%" PRIu64 " blocked), "
             "%.0f exec/s, %.1fs%s", p->label ? p->label : "",
             p->label ? ": " : "", complete, blocked, rate, elapsed, graph);
}

void progress_update(void *ud, uint64_t complete, uint64_t blocked,
                     unsigned graph_size)
{
    progress *p = ud;
    if (!p->enabled || (long)getpid() != p->pid)
        return;
    double now = futil_now();
    if (now - p->last < REDRAW_EVERY)
        return; /* also keeps runs shorter than that silent */
    char line[256];
    progress_format(p, complete, blocked, graph_size, now - p->start, line,
                    sizeof line);
    if (p->tty) {
        /* One column short: a line filling the width would wrap on some
         * terminals, and \r could not go back over it. */
        int max = p->width > 1 ? p->width - 1 : 1;
        fprintf(stderr, "\r%.*s\033[K", max, line);
    } else {
        fprintf(stderr, "%s\n", line);
    }
    fflush(stderr);
    p->drawn = 1;
    p->last = now;
}

void progress_end(progress *p)
{
    if (p->enabled && p->drawn && p->tty) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
    }
}
