/*
 * progress.h -- the progress line on stderr while exploring.
 *
 * Contract: progress_init decides once whether to draw (forced on by
 * --progress, else only when stderr is a terminal; never with -q).  The
 * engine calls progress_update "now and then"; the line is redrawn at most
 * every 0.25 s so that printing never shows up in the exploration rate.
 * progress_end erases it so the report starts on a clean line.
 */
#ifndef GPUMC_PROGRESS_H
#define GPUMC_PROGRESS_H

#include <stdint.h>

typedef struct progress {
    int enabled;
    int tty;        /* erase with \r + clear-to-end, else end with \n */
    int drawn;
    double start, last;
} progress;

void progress_init(progress *p, int requested /* -1 auto, 0, 1 */, int quiet);
/* Matches checker_options.on_progress; ud is a progress *. */
void progress_update(void *ud, uint64_t complete, uint64_t blocked,
                     unsigned graph_size);
void progress_end(progress *p);

#endif
