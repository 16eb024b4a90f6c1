/*
 * stop.h -- when an exploration stops for reasons outside it: an interrupt
 * (checker_options.interrupt, or one relayed to a parallel worker), the
 * timeout or the memory limit (checker_options.max_memory_mb).
 *
 * Contract: stop_poll() is called at every stop point of the explorer and
 * inside long model checks (hb_ctx.poll); it sets x->stop and returns it
 * (nonzero: stop).  It depends on nothing but the run context.
 */
#ifndef GPUMC_STOP_H
#define GPUMC_STOP_H

#include "exec.h"

/* Monotonic seconds. */
double stop_now(void);
int stop_poll(struct gpumc_exec *x);

#endif
