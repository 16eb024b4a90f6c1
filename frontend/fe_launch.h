/*
 * fe_launch.h -- the launch of a CUDA/OpenCL kernel in the harness.
 *
 * Finds the kernel (by name, or the only one), turns the kernel arguments
 * (fe_args.h syntax) into regions and literals, and writes the thread
 * entry and gpumc_harness_setup(): buffers (zero-filled, one element per
 * global thread unless given), __device__/global variables (one region),
 * __shared__/__local arrays and __local pointer arguments (one region per
 * CTA), then one thread per (GPU, CTA, thread) in x-fastest order with its
 * coordinates.  Usage errors (unknown or missing argument, bad value, no
 * such kernel) are code 17 with a message that says how to fix them.
 */
#ifndef GPUMC_FE_LAUNCH_H
#define GPUMC_FE_LAUNCH_H

#include "fe_ctx.h"

/* The kernel definition to check; < 0 with code 17 or 5 recorded. */
int fe_launch_find_kernel(fe_ctx *c, CXCursor *kernel);
/* Declarations (decl) and entry + setup code (entry) for kernel fns[kfn];
 * post >= 0: fns[post] checks the postconditions in a host thread that
 * joins every kernel thread first. */
int fe_launch_emit(fe_ctx *c, int kfn, int post, fe_buf *decl, fe_buf *entry);

#endif
