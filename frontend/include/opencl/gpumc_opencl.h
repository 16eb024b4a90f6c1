/*
 * gpumc_opencl.h -- force-included before every OpenCL C kernel.
 *
 * clang declares the OpenCL built-ins itself (-fdeclare-opencl-builtins,
 * opencl-c-base.h); the instrumentation pass gives the work-item
 * functions, barriers, fences and atomics their meaning (SPEC 3.2) and
 * maps scalar math to the host's libm.  OpenCL C has no assert: gpumc
 * adds one, which ends the work-item with an assertion violation.
 */
#ifndef GPUMC_OPENCL_H
#define GPUMC_OPENCL_H

#define __GPUMC__ 1
#include "../cuda/gpumc_ir.h"

#undef assert
#define assert(e) __gpumc_assert(!!(e))
#include "../cuda/gpumc_gpuverify.h"

#endif
