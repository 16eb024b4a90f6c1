/*
 * shrink.h -- greedy minimisation of a failing IR program.
 *
 * Contract:
 *  - prog_shrink repeatedly tries simpler variants of *p -- drop a thread,
 *    drop an instruction, move a thread to CTA 0, widen a scope to sys,
 *    weaken an order to rlx -- and keeps a variant whenever fails(variant,
 *    ud) is still true, until no variant fails.  *p is replaced by the
 *    smallest failing program found.
 *  - Source ids are kept (not renumbered), so the shrunk program's ids
 *    match the original report.  Each accepted step makes the program
 *    strictly simpler, so it terminates.
 *  - Returns the number of accepted steps.
 */
#ifndef PROP_SHRINK_H
#define PROP_SHRINK_H

#include "prog.h"

typedef int (*shrink_pred)(const prog *p, void *ud);

int prog_shrink(prog *p, shrink_pred fails, void *ud);

#endif
