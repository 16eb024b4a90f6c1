/*
 * gpumc_gpuverify.h -- GPUVerify's annotations with a meaning for one
 * concrete launch (force-included with the CUDA and OpenCL preludes, so
 * kernels written for GPUVerify are checked unedited).
 *
 *   __assert, __global_assert        an assertion, checked where written
 *   __requires, __global_requires    a precondition the launch must meet:
 *                                    checked like an assertion at the top
 *                                    of the function (a false one means the
 *                                    launch is outside the kernel's contract)
 *   __assume                         an assumption (executions where it is
 *                                    false are blocked, not explored)
 *   __ensures, __invariant, __global_invariant, candidate and
 *   function-wide invariants, __barrier_invariant, __array_snapshot
 *                                    proof aids of GPUVerify's two-thread
 *                                    abstraction: exploring every concrete
 *                                    execution needs none, so they are not
 *                                    evaluated
 *   __implies, __ite, __is_pow2, __mod_pow2     their value
 *   __enabled, __uniform_*, __distinct_*, __same_group, __add_noovfl   true
 *   __other_int/bool(x)             x (one concrete thread is its own other)
 *   __read, __write, __atomic (and _offset forms)  false: no predicate
 *                                    over access logs exists here (in C++
 *                                    functions, so that glibc's own __read
 *                                    declaration still compiles)
 */
#ifndef GPUMC_GPUVERIFY_H
#define GPUMC_GPUVERIFY_H

#define __assert(e) __gpumc_assert(!!(e))
#define __global_assert(e) __gpumc_assert(!!(e))
#define __requires(e) __gpumc_assert(!!(e))
#define __global_requires(e) __gpumc_assert(!!(e))
#define __assume(e) __gpumc_assume(!!(e))
#define __ensures(e) ((void)0)
#define __global_ensures(e) ((void)0)
#define __invariant(e) ((void)0)
#define __global_invariant(e) ((void)0)
#define __candidate_invariant(e) ((void)0)
#define __candidate_global_invariant(e) ((void)0)
#define __function_wide_invariant(e) ((void)0)
#define __function_wide_candidate_invariant(e) ((void)0)
#define __barrier_invariant(...) ((void)0)
#define __barrier_invariant_binary(...) ((void)0)
#define __array_snapshot(dst, src) ((void)0)
#define __implies(a, b) (!(a) || (b))
#define __ite(c, a, b) ((c) ? (a) : (b))
#define __is_pow2(x) ((x) != 0 && ((x) & ((x) - 1)) == 0)
#define __mod_pow2(x, y) ((x) & ((y) - 1))
#define __enabled() 1
#define __uniform_int(x) 1
#define __uniform_bool(x) 1
#define __distinct_int(x) 1
#define __distinct_bool(x) 1
#define __add_noovfl(...) 1
#define __other_int(x) (x)
#define __other_bool(x) (x)
#ifdef __cplusplus
static __inline__ __attribute__((device)) bool __read(const volatile void *) { return false; }
static __inline__ __attribute__((device)) bool __write(const volatile void *) { return false; }
static __inline__ __attribute__((device)) bool __atomic(const volatile void *) { return false; }
static __inline__ __attribute__((device)) bool __no_read(const volatile void *) { return true; }
static __inline__ __attribute__((device)) bool __no_write(const volatile void *) { return true; }
static __inline__ __attribute__((device)) unsigned long __read_offset(const volatile void *) { return 0; }
static __inline__ __attribute__((device)) unsigned long __write_offset(const volatile void *) { return 0; }
#else
#define __read(p) 0
#define __write(p) 0
#define __atomic(p) 0
#define __no_read(p) 1
#define __no_write(p) 1
#define __read_offset(p) 0
#define __write_offset(p) 0
#endif

#endif
