/*
 * runtime.h -- the harness ABI (gpumc/harness.h) implemented on a run
 * context: setup calls record the program; in-thread calls replay the
 * execution graph and hand each new event to the explorer as a label.
 *
 * Contract: rt_prepare() before the exploration, rt_teardown() after it;
 * rt_next_label() runs thread t up to its next event and returns it (the
 * thread's fiber stays suspended there).  Errors stop the run through
 * x->stop with the exit code in x->internal_exit.
 */
#ifndef GPUMC_RUNTIME_H
#define GPUMC_RUNTIME_H

#include "exec.h"

const label *rt_next_label(struct gpumc_exec *x, uint32_t t);
/* Has thread t's fiber gone on past its event k of the current graph? */
int rt_consumed(const struct gpumc_exec *x, uint32_t t, uint32_t k);
uint64_t rt_init_value(const struct gpumc_exec *x, uint32_t loc);
/* What an RMW of op with operand arg writes over old (size bytes). */
uint64_t rt_apply_op(gpumc_rmw_op op, uint64_t old, uint64_t arg, unsigned size);
/* Stop the run: the harness did something the checker cannot model (exit
 * 5) / the checker itself failed (exit 7). */
void rt_input_error(struct gpumc_exec *x, const char *msg);
void rt_internal_error(struct gpumc_exec *x, const char *msg);
void rt_fill_finding_event(const struct gpumc_exec *x, const graph *g, eid e,
                           finding_event *out);
/* Did thread t read undefined memory (gpumc_region_undefined) in this
 * execution?  Then ev (its last event) becomes the memory error of that
 * read, msg says what it is, and 1 is returned. */
int rt_undefined_read(const struct gpumc_exec *x, uint32_t t, event *ev, char *msg, size_t n);
int rt_prepare(struct gpumc_exec *x);
/* Every thread starts again from its entry at its next event. */
void rt_restart_threads(struct gpumc_exec *x);
void rt_teardown(struct gpumc_exec *x);
/* A restart (EXEC_RESTART) because a region became bytewise leaves
 * x->internal = RT_BYTEWISE "<region index>"; the parent of parallel
 * workers, which did not see it happen, applies it with rt_make_bytewise
 * (any other text: no effect). */
#define RT_BYTEWISE "bytewise:"
void rt_make_bytewise(struct gpumc_exec *x, const char *why);
/* Does why name a region to make bytewise (its index in *region, may be
 * NULL)? */
int rt_names_bytewise(const char *why, unsigned *region);
/* Before an exploration starts over (EXEC_RESTART): forget the kinds and
 * commuting classes the locations' accesses had, which the restart may
 * have changed (a write-only class ended); the new run notes them again. */
void rt_forget_kinds(struct gpumc_exec *x);
/* Plain accesses are events from now on (runtime.c, shadow_access); an
 * exploration that checked some on shadow state starts over (x->stop):
 * a finding's report shows every access, and a replay needs them. */
void rt_shadow_abandon(struct gpumc_exec *x);
/* A run of parallel workers tries shadow state in one process first
 * (checker.c): on = 1 before, 0 after the trial. */
void rt_shadow_trial(struct gpumc_exec *x, int on);

#endif
