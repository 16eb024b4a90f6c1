/*
 * abi_keep.h -- keeps the whole harness ABI inside the gpumc executable.
 *
 * Why: a harness is a shared object that calls gpumc_load, gpumc_store...;
 * dlopen resolves them against the executable (linked with ENABLE_EXPORTS).
 * When gpumc_core is a static library the linker only copies the members
 * the CLI itself references, so this table references every ABI function.
 */
#ifndef GPUMC_ABI_KEEP_H
#define GPUMC_ABI_KEEP_H

typedef void (*abi_keep_fn)(void);
extern const abi_keep_fn abi_keep_table[];

#endif
