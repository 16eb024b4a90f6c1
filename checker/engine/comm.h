/*
 * comm.h -- commuting blind atomics (docs/model.md, "Commuting atomics").
 *
 * A relaxed RMW whose returned value the program never uses ("blind": the
 * harness passes GPUMC_RMW_UNUSED) of a commutative operation leaves the
 * same value behind whatever order it runs in among the other blind RMWs
 * of its class (one operation family, one scope, one location).  When
 * nothing can observe that order -- every other access to the location is
 * hb-ordered with every blind RMW of it, no acquire read or acquire fence
 * synchronises through a blind write, and the program has no SC access --
 * the explorer runs them in one order only: a blind read reads the
 * co-latest write and is never revisited by a blind write of its class.
 *
 * Whether nothing observes the order is learned while exploring:
 * comm_guard() sees every event that could observe it, and the first that
 * does switches the reduction off for its location and asks for a restart
 * (x->stop = EXEC_RESTART); the explorer then starts over, so no execution
 * explored under a wrong assumption is counted or reported.
 */
#ifndef GPUMC_COMM_H
#define GPUMC_COMM_H

#include "exec.h"

/* The class of an RMW issued on location loc (0: not a commuting blind
 * RMW, explore it in every order).  `unused`: GPUMC_RMW_UNUSED was given. */
uint8_t comm_class(struct gpumc_exec *x, uint32_t loc, gpumc_rmw_op op, int unused,
                   gpumc_order o, gpumc_scope sc);
/* e was just added or given a new rf, and the graph is consistent (a new
 * write: also before it is placed in co, which the guard does not read):
 * 1 when e observes an order of blind RMWs (x->stop is then EXEC_RESTART). */
int comm_guard(struct gpumc_exec *x, eid e);
/* The first SC access or fence of the run: SC orders relate relaxed
 * accesses too, so the reduction ends everywhere (a restart if it was in
 * use). */
void comm_sc_seen(struct gpumc_exec *x);

#endif
