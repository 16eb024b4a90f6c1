/*
 * ir_defaults.h -- the default arguments of a kernel's parameters, read
 * from its declaration in the source: LLVM IR keeps none, and a parameter
 * given no --arg value should take the one the program would pass by
 * leaving it out (`bool flip = false`).
 *
 * Contract: ir_param_defaults() scans `text` (a whole source file) from
 * line `line` (1-based, where debug info puts the kernel's name) for the
 * first parameter list after `name`, and for each of the first n
 * parameters whose default is a literal -- an integer or floating-point
 * number (with a sign and C suffixes), a character, true, false, nullptr
 * or NULL -- writes its value as --arg would take it (decimal, "1", "0")
 * into out[i]; every other out[i] is "".  Comments are skipped.  Returns
 * the number of defaults found; 0 when the list is not found.
 */
#ifndef GPUMC_IR_DEFAULTS_H
#define GPUMC_IR_DEFAULTS_H

#define IR_DEFAULT_MAX 48

unsigned ir_param_defaults(const char *text, const char *name, unsigned line, unsigned n,
                           char (*out)[IR_DEFAULT_MAX]);

#endif
