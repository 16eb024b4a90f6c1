/*
 * ir_lanes.h -- a store of some lanes of a vector is a store of those lanes.
 *
 * clang lowers an OpenCL component assignment (v.x = 1, p[i].yz = e) to a
 * load of the whole vector, an insertelement or shufflevector that puts
 * the new lanes in, and a store of the whole vector back.  Instrumented as
 * such, two work-items writing different components of one vector read
 * and write each other's: a data race the program does not have.
 * ir_split_lanes rewrites every such load / insert / store triple -- same
 * pointer, same block, nothing between the load and the store that may
 * write memory, each value used once -- into scalar stores of the lanes
 * written; anything else is left as it is.
 */
#ifndef GPUMC_IR_LANES_H
#define GPUMC_IR_LANES_H

#include <llvm-c/Core.h>

/* Rewrite the partial vector stores of every function of m (b: a builder
 * of m's context, left positioned anywhere). */
void ir_split_lanes(LLVMModuleRef m, LLVMBuilderRef b);

#endif
