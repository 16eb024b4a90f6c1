/*
 * gpumc_ir.h -- the gpumc intrinsics every prelude builds on.
 *
 * The instrumentation pass (frontend/ir_pass.c) finds calls of these
 * functions in the compiled kernel and turns each into a call of the
 * harness ABI with the call's source location appended.  They have no
 * definitions anywhere: a call the pass does not know is an error.
 * Orders and scopes use the numbering of gpumc/harness.h
 * (order: 0 na, 1 rlx, 2 acq, 3 rel, 4 acq_rel, 5 sc;
 *  scope: 0 thread, 1 cta, 2 gpu, 3 sys).
 */
#ifndef GPUMC_IR_H
#define GPUMC_IR_H

#ifdef __cplusplus
#define __GPUMC_EXTERN extern "C"
#else
#define __GPUMC_EXTERN extern
#endif
#ifdef __CUDA__
#define __GPUMC_DEV __attribute__((device))
#else
#define __GPUMC_DEV
#endif
/* 64 bits: OpenCL C's long (its long long would be 128 bits). */
#ifdef __OPENCL_C_VERSION__
#define __GPUMC_U64 unsigned long
#else
#define __GPUMC_U64 unsigned long long
#endif

/* Special registers: 0-2 threadIdx, 3-5 blockIdx, 6-8 blockDim,
 * 9-11 gridDim (x, y, z); 12 warp size; 13 lane id; 14 the mask of the
 * warp's threads; 15 the thread's clock: 1, 2, 3, ... at each read (the
 * same in every execution, so a kernel's timing never branches); 16 is 1
 * in a cooperative launch (--cooperative), else 0. */
__GPUMC_EXTERN __GPUMC_DEV unsigned int __gpumc_sreg(int which);
__GPUMC_EXTERN __GPUMC_DEV __GPUMC_U64
__gpumc_load(const volatile void *p, unsigned int size, int order, int scope);
__GPUMC_EXTERN __GPUMC_DEV void
__gpumc_store(volatile void *p, unsigned int size, __GPUMC_U64 v, int order, int scope);
/* op: gpumc_rmw_op */
__GPUMC_EXTERN __GPUMC_DEV __GPUMC_U64
__gpumc_rmw(volatile void *p, unsigned int size, int op, __GPUMC_U64 v, int order,
            int scope);
/* Returns the value read; the exchange happened iff it equals cmp. */
__GPUMC_EXTERN __GPUMC_DEV __GPUMC_U64
__gpumc_cas(volatile void *p, unsigned int size, __GPUMC_U64 cmp,
            __GPUMC_U64 v, int succ, int fail, int scope);
__GPUMC_EXTERN __GPUMC_DEV void __gpumc_fence(int order, int scope);
__GPUMC_EXTERN __GPUMC_DEV void __gpumc_barrier(int scope);
/* A word to the user about the construct the prelude function calling it
 * stands for (text: a string literal): a note with the verdict, at the
 * user's line; at run time nothing. */
__GPUMC_EXTERN __GPUMC_DEV void __gpumc_warn(const char *text);
__GPUMC_EXTERN __GPUMC_DEV void __gpumc_assert(int cond);
/* The same with the assertion's text, shown with the finding (assert(e)
 * passes #e: the line quoted is the caller's when e sits in a helper). */
#ifdef __OPENCL_C_VERSION__
__GPUMC_EXTERN __GPUMC_DEV void __gpumc_assert_what(int cond, __constant char *what);
#else
__GPUMC_EXTERN __GPUMC_DEV void __gpumc_assert_what(int cond, const char *what);
#endif

/* Warp collectives (Volta+ semantics: every thread named in mask must
 * arrive at the same collective; a mask may name part of the warp). */
__GPUMC_EXTERN __GPUMC_DEV void __gpumc_warp_sync(unsigned int mask);
/* The lanes of the warp that reach this call together (gpumc_warp_converge). */
__GPUMC_EXTERN __GPUMC_DEV unsigned int __gpumc_converge(void);
/* kind: 0 from lane, 1 up by lane, 2 down by lane, 3 xor lane; width a
 * power of two <= 32 */
__GPUMC_EXTERN __GPUMC_DEV __GPUMC_U64
__gpumc_shfl(unsigned int mask, __GPUMC_U64 v, int lane, int width, int kind);
/* kind: 0 ballot (the mask of lanes with pred), 1 any, 2 all */
__GPUMC_EXTERN __GPUMC_DEV unsigned int __gpumc_vote(unsigned int mask, int pred, int kind);
/* the lanes whose v equals the caller's */
__GPUMC_EXTERN __GPUMC_DEV unsigned int __gpumc_match_any(unsigned int mask, __GPUMC_U64 v);
/* op: gpumc_rmw_op add/and/or/xor/min/max/umin/umax over size-byte values */
__GPUMC_EXTERN __GPUMC_DEV __GPUMC_U64
__gpumc_warp_reduce(unsigned int mask, __GPUMC_U64 v, int op, int size);
/* CTA barrier that also counts: kind 0 count of pred, 1 all, 2 any */
__GPUMC_EXTERN __GPUMC_DEV int __gpumc_cta_vote(int pred, int kind);
__GPUMC_EXTERN __GPUMC_DEV void __gpumc_assume(int cond);
/* A precondition: in the kernel itself, a false one stops the run (the
 * launch does not meet it, exit 17); anywhere else it is an assertion
 * (a caller broke the callee's contract). */
__GPUMC_EXTERN __GPUMC_DEV void __gpumc_require(int cond);
/* A postcondition (GPUVerify's __ensures): `if (__gpumc_postcondition())`
 * guards its test, which the pass moves in front of each return of the
 * function (frontend/ir_post.c), where __gpumc_return_val_*() is the value
 * returned (of the function's own return type). */
__GPUMC_EXTERN __GPUMC_DEV int __gpumc_postcondition(void);
__GPUMC_EXTERN __GPUMC_DEV int __gpumc_return_val_int(void);
__GPUMC_EXTERN __GPUMC_DEV unsigned int __gpumc_return_val_unsigned(void);
__GPUMC_EXTERN __GPUMC_DEV __GPUMC_U64 __gpumc_return_val_long(void);
__GPUMC_EXTERN __GPUMC_DEV float __gpumc_return_val_float(void);
__GPUMC_EXTERN __GPUMC_DEV double __gpumc_return_val_double(void);
__GPUMC_EXTERN __GPUMC_DEV void *__gpumc_return_val_ptr(void);
/* In a postcondition: x's value on entry to the function (__old_int). */
__GPUMC_EXTERN __GPUMC_DEV int __gpumc_old_int(int x);
#ifdef __cplusplus
__GPUMC_EXTERN __GPUMC_DEV bool __gpumc_return_val_bool(void);
#else
__GPUMC_EXTERN __GPUMC_DEV _Bool __gpumc_return_val_bool(void);
#endif
/* GPUVerify's access log (gpumc_accessed): 1 + the byte offset of the
 * thread's latest access of `kinds` (1 read, 2 write, 4 atomic) to p's
 * array since its last barrier, or 0; and the start of p's array. */
__GPUMC_EXTERN __GPUMC_DEV __GPUMC_U64 __gpumc_accessed(const volatile void *p, unsigned int kinds);
__GPUMC_EXTERN __GPUMC_DEV void *__gpumc_object_base(const volatile void *p);
/* GPUVerify's other thread: __gpumc_other_int(e) is e evaluated with
 * another thread's ids (the pass clones e there: it may use only ids,
 * constants and kernel arguments).  A check is evaluated once per other
 * thread of the launch between __gpumc_pairs_begin() and a false
 * __gpumc_pairs_next() -- once when it never asked for the other. */
__GPUMC_EXTERN __GPUMC_DEV int __gpumc_other_int(int e);
/* e == __gpumc_other_int(e), e != ...: when the ids do not determine e
 * (a loop counter), not evaluated: 1. */
__GPUMC_EXTERN __GPUMC_DEV int __gpumc_uniform(int e);
__GPUMC_EXTERN __GPUMC_DEV int __gpumc_distinct(int e);
__GPUMC_EXTERN __GPUMC_DEV void __gpumc_pairs_begin(void);
__GPUMC_EXTERN __GPUMC_DEV int __gpumc_pairs_next(void);
/* The device heap (malloc, free and new, delete in device code). */
__GPUMC_EXTERN __GPUMC_DEV void *__gpumc_malloc(__GPUMC_U64 n);
__GPUMC_EXTERN __GPUMC_DEV void __gpumc_free(void *p);
/* sm_80's asynchronous copies (cp.async): n (4, 8 or 16) bytes into shared
 * d, the first srcn read from s at the call, the rest zero, written when a
 * wait completes their group; a commit closes the group of the copies since
 * the last one; a wait completes every committed group but the n most
 * recent (gpumc_irrt.h). */
__GPUMC_EXTERN __GPUMC_DEV void __gpumc_cp_async(void *d, const void *s, unsigned int n,
                                                 unsigned int srcn);
__GPUMC_EXTERN __GPUMC_DEV void __gpumc_cp_commit(void);
__GPUMC_EXTERN __GPUMC_DEV void __gpumc_cp_wait(unsigned int n);
/* Stop the run: the kernel does something gpumc does not model (what: a
 * string literal, a sentence). */
__GPUMC_EXTERN __GPUMC_DEV void __gpumc_unsupported(const char *what);
/* A counted barrier on the object at p (cuda::barrier): count threads per
 * round, each a thread's next wait on that object. */
__GPUMC_EXTERN __GPUMC_DEV void __gpumc_barrier_object(const volatile void *p, unsigned int count);
/* The same barrier's arrival alone (the caller goes on; returns the round
 * it arrived at) and the wait for a round (gpumc_barrier_arrive/_wait). */
__GPUMC_EXTERN __GPUMC_DEV unsigned int __gpumc_barrier_arrive(const volatile void *p,
                                                               unsigned int count);
__GPUMC_EXTERN __GPUMC_DEV void __gpumc_barrier_wait(const volatile void *p, unsigned int round,
                                                     unsigned int count);

#define __GPUMC_ORDER_NA 0
#define __GPUMC_ORDER_RLX 1
#define __GPUMC_ORDER_ACQ 2
#define __GPUMC_ORDER_REL 3
#define __GPUMC_ORDER_ACQ_REL 4
#define __GPUMC_ORDER_SC 5
#define __GPUMC_SCOPE_THREAD 0
#define __GPUMC_SCOPE_CTA 1
#define __GPUMC_SCOPE_GPU 2
#define __GPUMC_SCOPE_SYS 3

#endif
