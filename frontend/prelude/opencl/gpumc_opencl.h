/*
 * gpumc_opencl.h -- OpenCL prelude, force-included by the gpumc frontend.
 * OpenCL built-ins come from clang itself (opencl-c-base.h and its builtin
 * declarations); this only adds assert, which OpenCL C lacks.
 */
#ifndef GPUMC_OPENCL_PRELUDE_H
#define GPUMC_OPENCL_PRELUDE_H
#define __GPUMC__ 1
void __gpumc_assert(int cond);
#undef assert
#define assert(e) __gpumc_assert(!!(e))
#endif
