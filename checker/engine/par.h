/*
 * par.h -- parallel exploration with worker processes (par.c explains the
 * split).
 *
 * Contract: par_explore() forks `jobs` workers that explore the tree in x
 * together (each installs x->split), merges their counts and findings into
 * x->res and sets x->stop as one exploration would; 0 on success, -1 when
 * no worker could be started (the caller explores alone).
 */
#ifndef GPUMC_PAR_H
#define GPUMC_PAR_H

#include "exec.h"

int par_explore(struct gpumc_exec *x, unsigned jobs);

#endif
