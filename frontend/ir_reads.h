/*
 * ir_reads.h -- may a kernel read what a pointer parameter points to?
 *
 * gpumc fills a pointer parameter given no --arg with zeros.  Those zeros
 * are its choice, not the program's, and a finding may come from them
 * (an index array of zeros sends every thread to element 0) -- but only
 * if the kernel reads the buffer: an output written and never read is
 * the same whatever it held.  ir_param_read follows the pointer through
 * address arithmetic, casts, phis and selects (after inlining) and says
 * whether any load, atomic, copy source, or use it cannot see through (a
 * call, the pointer stored or turned into an integer) reaches it: when
 * unsure it says yes, so a note may name a buffer the kernel only writes,
 * never miss one it reads.
 */
#ifndef GPUMC_IR_READS_H
#define GPUMC_IR_READS_H

#include <llvm-c/Core.h>

/* 1 if the memory pointer parameter `param` points to may be read, else 0. */
int ir_param_read(LLVMValueRef param);

#endif
