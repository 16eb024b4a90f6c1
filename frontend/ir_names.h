/*
 * ir_names.h -- names in the compiled kernel as the user writes them.
 *
 * clang mangles C++ names (_Z6reducePKiPi); users write reduce or
 * reduce<int, 256>.  These helpers demangle (libstdc++'s __cxa_demangle)
 * and compare names loosely (spaces ignored; a name without template
 * arguments or namespace matches any instantiation of it).
 */
#ifndef GPUMC_IR_NAMES_H
#define GPUMC_IR_NAMES_H

#include <stddef.h>

/* The demangled function name without return type and parameter list
 * ("reduce<int, 256>", "ns::k"); the input itself if it is not mangled. */
void ir_demangle(const char *mangled, char *out, size_t n);

/* The whole demangled text (with parameter types), or the input. */
void ir_demangle_full(const char *mangled, char *out, size_t n);

/* The mangled type code of the first parameter's value type, pointers
 * and qualifiers skipped ("j..." for unsigned int), or "". */
const char *ir_first_value_type(const char *mangled);

/* A variable's name: "s" for _ZZ6reducePKiPiE1s (a static local), the
 * demangled name otherwise. */
void ir_var_name(const char *mangled, char *out, size_t n);

/* The '(' opening the parameter list of a kernel name as --kernel gives it
 * ("k<int>(float*)"), not one inside template arguments ("k<(E)1>"), or
 * NULL when it has none. */
const char *ir_name_params(const char *name);

/* Does the user's --kernel=want select kernel `name` (ir_demangle form)? */
int ir_name_matches(const char *name, const char *want);

#endif
