/*
 * dpor.h -- the explorer: every consistent execution of the program in
 * x, each exactly once (dpor.c explains the algorithm).
 *
 * Contract: dpor_explore() runs until the tree is done or x->stop is set
 * (an error with stop-at-first-error, a limit, the timeout, an interrupt,
 * EXEC_RESTART), counting executions and recording findings in x->res.
 * It runs on a large stack of its own (it recurses once per event).
 */
#ifndef GPUMC_DPOR_H
#define GPUMC_DPOR_H

#include "exec.h"

void dpor_explore(struct gpumc_exec *x);

#endif
