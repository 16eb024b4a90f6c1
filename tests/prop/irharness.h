/*
 * irharness.h -- run an IR program (prog.h) on the real engine.
 *
 * Contract:
 *  - irh_run builds a harness for p through the public ABI
 *    (gpumc/harness.h): one 12-byte region "x" (PROG_NLOCS ints, zero),
 *    a source table with one entry per instruction (line = src + 1), and
 *    one thread per IR thread at gpu 0, cta {cta,0,0}, tid {i,0,0} (i its
 *    rank inside the CTA).  Each thread walks its instructions calling
 *    gpumc_load/store/rmw/cas/fence/barrier with the IR's order, scope and
 *    src; a CAS passes the failure order prog_cas_fail_order(order).
 *  - It calls checker_run with model m, races collected (0), divergence
 *    reported (0), stop_on_error 0 (unless lim->stop_first), and fills `out` (outcome_init'ed) with
 *    the canonical strings (canon.h) of every complete / blocked execution
 *    seen by on_execution, and the finding keys (outcome.h) of
 *    result.findings; reads and writes outside region x (e.g. an auxiliary
 *    barrier location) are ignored.  out is sorted on return.
 *  - Not reentrant: the setup function reaches the program through one
 *    static pointer (checker_run takes a plain function pointer).
 *  - Returns 0; on an engine error (status != 0, or counts that disagree
 *    with the callbacks) sets out->error/out->msg and returns -1.
 */
#ifndef PROP_IRHARNESS_H
#define PROP_IRHARNESS_H

#include "outcome.h"
#include "prog.h"

#include "gpumc/checker.h"

/* Guards against a runaway engine (0: none): stop after max_execs
 * executions (status 2) or timeout seconds (status 3); either is an error
 * outcome, so a hang or a duplicate storm is reported, not waited out. */
typedef struct irh_limits {
    uint64_t max_execs;
    double timeout;
    /* jobs > 1: explore with that many workers, split at split_depth; no
     * execution reaches `out` then, only the engine's counts (ecomplete,
     * eblocked) and findings */
    unsigned jobs, split_depth;
    int no_commute;
    /* the run stops at its first race or other finding, as gpumc's does by
     * default -- the runs where repeated plain accesses need no events
     * (status CHECKER_STOPPED is then no error) */
    int stop_first;
} irh_limits;

int irh_run(const prog *p, checker_model m, const irh_limits *lim,
            outcome *out);

#endif
