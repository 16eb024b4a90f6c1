/*
 * ir_glue.h -- the C half of a compiled-pipeline harness.
 *
 * ir_glue_emit() writes the C file that is linked with the instrumented
 * kernel (ir_pass.h): the source-location table, the launch (grid, block,
 * GPUs), the kernel arguments as regions and literals (fe_args.h syntax),
 * the adapter frontend/include/rt/gpumc_irrt.h pasted in, and
 * gpumc_harness_setup().  Usage errors (unknown or missing argument, bad
 * value) are code 17 with a message that says how to fix them.
 */
#ifndef GPUMC_IR_GLUE_H
#define GPUMC_IR_GLUE_H

#include "fe.h"
#include "ir_pass.h"

/* Bytes of the dynamic shared buffer (extern __shared__) of each CTA
 * when the launch does not say (fe_options.shared_mem_given 0): 48 KiB, what
 * a kernel may have without opting in to more. */
#define IR_DEFAULT_DYNSHARED 49152

/* adapter: the text of gpumc_irrt.h.  On success *out is malloc'd C. */
int ir_glue_emit(const fe_options *opt, const ir_result *r, const char *adapter, char **out,
                 fe_diag *d);

#endif
