/*
 * repair_step.h -- `gpumc --repair [--patch=FILE] [--apply]`: the repair
 * between a run's result and its report.
 *
 * Contract: repair_step_result() is the on_result step of a run with
 * o->repair set.  When the run found races in a kernel source (not a
 * pre-lowered harness), it repairs them (repair.h), re-checking each
 * patched program with a full gpumc run (frontend, compile, explore) on
 * copies in a private temporary directory, then prints the report with
 * the fixes (report_ctx.fixes), writes --patch (a unified diff) and, with
 * --apply, patches the user's files (originals kept as FILE.orig).  The
 * exit code keeps SPEC 5's meaning: it is the original program's verdict
 * (42 when it had races); a --patch/--apply file that cannot be written
 * is 17.  Without races it is just outputs_result().
 */
#ifndef GPUMC_REPAIR_STEP_H
#define GPUMC_REPAIR_STEP_H

#include "gpumc/checker.h"
#include "outputs.h"
#include "report_fmt.h"

int repair_step_result(outputs *out, const report_ctx *c, const checker_result *r);

#endif
