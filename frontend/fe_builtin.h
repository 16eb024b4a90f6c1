/*
 * fe_builtin.h -- the table of functions the frontend lowers by name.
 *
 * Pure data plus a lookup: which name, in which languages, means what
 * (SPEC sections 3.1-3.3).  fe_call.c turns an entry into harness C.  A
 * function without a body whose name is not in the table is rejected as
 * "not modelled"; entries of kind FE_B_UNSUP are rejected with their own
 * message (warp intrinsics and the like).
 */
#ifndef GPUMC_FE_BUILTIN_H
#define GPUMC_FE_BUILTIN_H

#include "fe.h"

typedef enum fe_bk {
    FE_B_NONE = 0,
    FE_B_CU_RMW,      /* atomicAdd..: a = gpumc_rmw_op, b = 1 if unsigned-only */
    FE_B_CU_CAS,      /* atomicCAS */
    FE_B_FENCE,       /* a = order, b = scope */
    FE_B_BARRIER,     /* CTA barrier */
    FE_B_ASSERT, FE_B_ASSUME, FE_B_PRINTF, FE_B_NOP,
    FE_B_RETCAS,      /* __VERIFIER_ret_CAS: the next CAS returns the value read */
    FE_B_MINMAX,      /* a = 0 min, 1 max */
    FE_B_ABS, FE_B_LDG, FE_B_BITS, /* a: 0 popc, 1 popcll, 2 clz, 3 ffs, 4-9 bit casts */
    FE_B_MUL24,       /* a = 0 signed, 1 unsigned */
    FE_B_CL_ID,       /* a = which (FE_ID_*) */
    FE_B_CL_FENCE,    /* mem_fence & co: a = order */
    FE_B_CL1_RMW,     /* OpenCL 1.x: a = op, b = 1 for inc/dec (operand 1) */
    FE_B_CL1_CAS,
    FE_B_A_INIT, FE_B_A_LOAD, FE_B_A_STORE, FE_B_A_XCHG,
    FE_B_A_FETCH,     /* a = op */
    FE_B_A_CAS,       /* a = weak */
    FE_B_A_FENCE,     /* atomic_thread_fence / atomic_work_item_fence */
    FE_B_A_FLAG_TAS, FE_B_A_FLAG_CLEAR,
    FE_B_V_SCOPE,     /* __VERIFIER_memory_scope_*: a = scope */
    FE_B_V_PLACE,     /* __VERIFIER_thread_*_id: a = FE_PLACE_* */
    FE_B_PT_CREATE, FE_B_PT_JOIN, FE_B_PT_EXIT, FE_B_PT_SELF,
    FE_B_MUTEX_LOCK, FE_B_MUTEX_UNLOCK, FE_B_MUTEX_TRYLOCK, FE_B_MUTEX_INIT,
    FE_B_PT_BARRIER_WAIT, FE_B_PT_BARRIER_INIT,
    FE_B_ABORT,       /* abort(): a failed assertion */
    FE_B_CU_AFENCE,   /* cuda::atomic_thread_fence(order, thread_scope) */
    FE_B_UNSUP
} fe_bk;

/* OpenCL work-item functions. */
enum { FE_ID_GLOBAL = 0, FE_ID_LOCAL, FE_ID_GROUP, FE_ID_LOCAL_SIZE,
       FE_ID_NUM_GROUPS, FE_ID_GLOBAL_SIZE, FE_ID_WORK_DIM, FE_ID_OFFSET };
/* __VERIFIER_thread_*_id levels. */
enum { FE_PLACE_GLOBAL = 0, FE_PLACE_LOCAL, FE_PLACE_GROUP, FE_PLACE_KERNEL };

/* Bit masks of languages. */
#define FE_L_CUDA (1u << FE_LANG_CUDA)
#define FE_L_CL (1u << FE_LANG_OPENCL)
#define FE_L_C (1u << FE_LANG_SCOPED_C)

typedef struct fe_builtin {
    const char *name;
    unsigned langs;
    fe_bk kind;
    int a, b;
    const char *msg;   /* FE_B_UNSUP: what to say */
} fe_builtin;

/* The entry for `name` in `lang`, or NULL.  For CUDA atomics the _block
 * and _system suffixes are folded: *scope receives the gpumc_scope the
 * suffix selects (GPUMC_SCOPE_GPU without suffix). */
const fe_builtin *fe_builtin_find(fe_lang lang, const char *name, int *scope);

#endif
