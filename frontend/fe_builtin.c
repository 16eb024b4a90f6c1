/*
 * fe_builtin.c -- the builtin table.  See fe_builtin.h for the contract.
 */
#include "fe_builtin.h"

#include <string.h>

#include <gpumc/harness.h>

#define CU FE_L_CUDA
#define CL FE_L_CL
#define C FE_L_C
#define ALL (CU | CL | C)

static const fe_builtin table[] = {
    /* CUDA atomics: relaxed; scope from the suffix (SPEC 3.1) */
    { "atomicAdd", CU, FE_B_CU_RMW, GPUMC_RMW_ADD, 0, NULL },
    { "atomicSub", CU, FE_B_CU_RMW, GPUMC_RMW_SUB, 0, NULL },
    { "atomicExch", CU, FE_B_CU_RMW, GPUMC_RMW_XCHG, 0, NULL },
    { "atomicMin", CU, FE_B_CU_RMW, GPUMC_RMW_MIN, 0, NULL },
    { "atomicMax", CU, FE_B_CU_RMW, GPUMC_RMW_MAX, 0, NULL },
    { "atomicInc", CU, FE_B_CU_RMW, GPUMC_RMW_INC, 1, NULL },
    { "atomicDec", CU, FE_B_CU_RMW, GPUMC_RMW_DEC, 1, NULL },
    { "atomicAnd", CU, FE_B_CU_RMW, GPUMC_RMW_AND, 0, NULL },
    { "atomicOr", CU, FE_B_CU_RMW, GPUMC_RMW_OR, 0, NULL },
    { "atomicXor", CU, FE_B_CU_RMW, GPUMC_RMW_XOR, 0, NULL },
    { "atomicCAS", CU, FE_B_CU_CAS, 0, 0, NULL },
    { "__threadfence_block", CU, FE_B_FENCE, GPUMC_SC, GPUMC_SCOPE_CTA, NULL },
    { "__threadfence", CU, FE_B_FENCE, GPUMC_SC, GPUMC_SCOPE_GPU, NULL },
    { "__threadfence_system", CU, FE_B_FENCE, GPUMC_SC, GPUMC_SCOPE_SYS, NULL },
    { "__syncthreads", CU, FE_B_BARRIER, 0, 0, NULL },
    { "atomic_thread_fence", CU, FE_B_CU_AFENCE, 0, 0, NULL },
    { "__nanosleep", CU, FE_B_NOP, 0, 0, NULL },
    { "min", CU | CL, FE_B_MINMAX, 0, 0, NULL },
    { "max", CU | CL, FE_B_MINMAX, 1, 0, NULL },
    { "umin", CU, FE_B_MINMAX, 0, 0, NULL },
    { "umax", CU, FE_B_MINMAX, 1, 0, NULL },
    { "llmin", CU, FE_B_MINMAX, 0, 0, NULL },
    { "llmax", CU, FE_B_MINMAX, 1, 0, NULL },
    { "abs", CU | CL, FE_B_ABS, 0, 0, NULL },
    { "__ldg", CU, FE_B_LDG, 0, 0, NULL },
    { "__popc", CU, FE_B_BITS, 0, 0, NULL },
    { "__popcll", CU, FE_B_BITS, 1, 0, NULL },
    { "__clz", CU, FE_B_BITS, 2, 0, NULL },
    { "__ffs", CU, FE_B_BITS, 3, 0, NULL },
    { "__float_as_int", CU, FE_B_BITS, 4, 0, NULL },
    { "__int_as_float", CU, FE_B_BITS, 5, 0, NULL },
    { "__float_as_uint", CU, FE_B_BITS, 6, 0, NULL },
    { "__uint_as_float", CU, FE_B_BITS, 7, 0, NULL },
    { "__double_as_longlong", CU, FE_B_BITS, 8, 0, NULL },
    { "__longlong_as_double", CU, FE_B_BITS, 9, 0, NULL },
    { "__mul24", CU, FE_B_MUL24, 0, 0, NULL },
    { "__umul24", CU, FE_B_MUL24, 1, 0, NULL },
    { "__syncthreads_count", CU, FE_B_UNSUP, 0, 0, "__syncthreads_count (barrier with a reduction)" },
    { "__syncthreads_and", CU, FE_B_UNSUP, 0, 0, "__syncthreads_and (barrier with a reduction)" },
    { "__syncthreads_or", CU, FE_B_UNSUP, 0, 0, "__syncthreads_or (barrier with a reduction)" },
    { "__syncwarp", CU, FE_B_UNSUP, 0, 0, "warp intrinsic __syncwarp" },
    { "__activemask", CU, FE_B_UNSUP, 0, 0, "warp intrinsic __activemask" },
    { "__ballot_sync", CU, FE_B_UNSUP, 0, 0, "warp intrinsic __ballot_sync" },
    { "__any_sync", CU, FE_B_UNSUP, 0, 0, "warp intrinsic __any_sync" },
    { "__all_sync", CU, FE_B_UNSUP, 0, 0, "warp intrinsic __all_sync" },
    { "__ballot", CU, FE_B_UNSUP, 0, 0, "warp intrinsic __ballot" },
    { "__any", CU, FE_B_UNSUP, 0, 0, "warp intrinsic __any" },
    { "__all", CU, FE_B_UNSUP, 0, 0, "warp intrinsic __all" },
    { "__shfl_sync", CU, FE_B_UNSUP, 0, 0, "warp intrinsic __shfl_sync" },
    { "__shfl_up_sync", CU, FE_B_UNSUP, 0, 0, "warp intrinsic __shfl_up_sync" },
    { "__shfl_down_sync", CU, FE_B_UNSUP, 0, 0, "warp intrinsic __shfl_down_sync" },
    { "__shfl_xor_sync", CU, FE_B_UNSUP, 0, 0, "warp intrinsic __shfl_xor_sync" },
    { "__shfl", CU, FE_B_UNSUP, 0, 0, "warp intrinsic __shfl" },
    { "__shfl_up", CU, FE_B_UNSUP, 0, 0, "warp intrinsic __shfl_up" },
    { "__shfl_down", CU, FE_B_UNSUP, 0, 0, "warp intrinsic __shfl_down" },
    { "__shfl_xor", CU, FE_B_UNSUP, 0, 0, "warp intrinsic __shfl_xor" },
    { "__match_any_sync", CU, FE_B_UNSUP, 0, 0, "warp intrinsic __match_any_sync" },
    { "__reduce_add_sync", CU, FE_B_UNSUP, 0, 0, "warp intrinsic __reduce_add_sync" },
    { "__lanemask_lt", CU, FE_B_UNSUP, 0, 0, "warp intrinsic __lanemask_lt" },
    { "clock", CU, FE_B_UNSUP, 0, 0, "clock() (timing makes executions nondeterministic)" },
    { "clock64", CU, FE_B_UNSUP, 0, 0, "clock64() (timing makes executions nondeterministic)" },

    /* assertions, printing */
    { "__gpumc_assert", ALL, FE_B_ASSERT, 0, 0, NULL },
    { "printf", ALL, FE_B_PRINTF, 0, 0, NULL },
    { "puts", C, FE_B_PRINTF, 0, 0, NULL },
    { "fprintf", C, FE_B_PRINTF, 0, 0, NULL },

    /* OpenCL work-item functions and barriers */
    { "get_global_id", CL, FE_B_CL_ID, FE_ID_GLOBAL, 0, NULL },
    { "get_local_id", CL, FE_B_CL_ID, FE_ID_LOCAL, 0, NULL },
    { "get_group_id", CL, FE_B_CL_ID, FE_ID_GROUP, 0, NULL },
    { "get_local_size", CL, FE_B_CL_ID, FE_ID_LOCAL_SIZE, 0, NULL },
    { "get_enqueued_local_size", CL, FE_B_CL_ID, FE_ID_LOCAL_SIZE, 0, NULL },
    { "get_num_groups", CL, FE_B_CL_ID, FE_ID_NUM_GROUPS, 0, NULL },
    { "get_global_size", CL, FE_B_CL_ID, FE_ID_GLOBAL_SIZE, 0, NULL },
    { "get_work_dim", CL, FE_B_CL_ID, FE_ID_WORK_DIM, 0, NULL },
    { "get_global_offset", CL, FE_B_CL_ID, FE_ID_OFFSET, 0, NULL },
    { "barrier", CL, FE_B_BARRIER, 0, 0, NULL },
    { "work_group_barrier", CL, FE_B_BARRIER, 0, 0, NULL },
    { "mem_fence", CL, FE_B_CL_FENCE, GPUMC_ACQ_REL, 0, NULL },
    { "read_mem_fence", CL, FE_B_CL_FENCE, GPUMC_ACQ, 0, NULL },
    { "write_mem_fence", CL, FE_B_CL_FENCE, GPUMC_REL, 0, NULL },

    /* OpenCL 1.x atomics: relaxed, device scope */
    { "atomic_add", CL, FE_B_CL1_RMW, GPUMC_RMW_ADD, 0, NULL },
    { "atomic_sub", CL, FE_B_CL1_RMW, GPUMC_RMW_SUB, 0, NULL },
    { "atomic_xchg", CL, FE_B_CL1_RMW, GPUMC_RMW_XCHG, 0, NULL },
    { "atomic_inc", CL, FE_B_CL1_RMW, GPUMC_RMW_ADD, 1, NULL },
    { "atomic_dec", CL, FE_B_CL1_RMW, GPUMC_RMW_SUB, 1, NULL },
    { "atomic_min", CL, FE_B_CL1_RMW, GPUMC_RMW_MIN, 0, NULL },
    { "atomic_max", CL, FE_B_CL1_RMW, GPUMC_RMW_MAX, 0, NULL },
    { "atomic_and", CL, FE_B_CL1_RMW, GPUMC_RMW_AND, 0, NULL },
    { "atomic_or", CL, FE_B_CL1_RMW, GPUMC_RMW_OR, 0, NULL },
    { "atomic_xor", CL, FE_B_CL1_RMW, GPUMC_RMW_XOR, 0, NULL },
    { "atomic_cmpxchg", CL, FE_B_CL1_CAS, 0, 0, NULL },
    { "atom_add", CL, FE_B_CL1_RMW, GPUMC_RMW_ADD, 0, NULL },
    { "atom_sub", CL, FE_B_CL1_RMW, GPUMC_RMW_SUB, 0, NULL },
    { "atom_xchg", CL, FE_B_CL1_RMW, GPUMC_RMW_XCHG, 0, NULL },
    { "atom_inc", CL, FE_B_CL1_RMW, GPUMC_RMW_ADD, 1, NULL },
    { "atom_dec", CL, FE_B_CL1_RMW, GPUMC_RMW_SUB, 1, NULL },
    { "atom_min", CL, FE_B_CL1_RMW, GPUMC_RMW_MIN, 0, NULL },
    { "atom_max", CL, FE_B_CL1_RMW, GPUMC_RMW_MAX, 0, NULL },
    { "atom_and", CL, FE_B_CL1_RMW, GPUMC_RMW_AND, 0, NULL },
    { "atom_or", CL, FE_B_CL1_RMW, GPUMC_RMW_OR, 0, NULL },
    { "atom_xor", CL, FE_B_CL1_RMW, GPUMC_RMW_XOR, 0, NULL },
    { "atom_cmpxchg", CL, FE_B_CL1_CAS, 0, 0, NULL },

    /* C11 / OpenCL 2.0 atomics (defaults: seq_cst; device / system scope) */
    { "atomic_init", CL | C, FE_B_A_INIT, 0, 0, NULL },
    { "atomic_load", CL | C, FE_B_A_LOAD, 0, 0, NULL },
    { "atomic_load_explicit", CL | C, FE_B_A_LOAD, 0, 0, NULL },
    { "atomic_store", CL | C, FE_B_A_STORE, 0, 0, NULL },
    { "atomic_store_explicit", CL | C, FE_B_A_STORE, 0, 0, NULL },
    { "atomic_exchange", CL | C, FE_B_A_XCHG, 0, 0, NULL },
    { "atomic_exchange_explicit", CL | C, FE_B_A_XCHG, 0, 0, NULL },
    { "atomic_fetch_add", CL | C, FE_B_A_FETCH, GPUMC_RMW_ADD, 0, NULL },
    { "atomic_fetch_add_explicit", CL | C, FE_B_A_FETCH, GPUMC_RMW_ADD, 0, NULL },
    { "atomic_fetch_sub", CL | C, FE_B_A_FETCH, GPUMC_RMW_SUB, 0, NULL },
    { "atomic_fetch_sub_explicit", CL | C, FE_B_A_FETCH, GPUMC_RMW_SUB, 0, NULL },
    { "atomic_fetch_and", CL | C, FE_B_A_FETCH, GPUMC_RMW_AND, 0, NULL },
    { "atomic_fetch_and_explicit", CL | C, FE_B_A_FETCH, GPUMC_RMW_AND, 0, NULL },
    { "atomic_fetch_or", CL | C, FE_B_A_FETCH, GPUMC_RMW_OR, 0, NULL },
    { "atomic_fetch_or_explicit", CL | C, FE_B_A_FETCH, GPUMC_RMW_OR, 0, NULL },
    { "atomic_fetch_xor", CL | C, FE_B_A_FETCH, GPUMC_RMW_XOR, 0, NULL },
    { "atomic_fetch_xor_explicit", CL | C, FE_B_A_FETCH, GPUMC_RMW_XOR, 0, NULL },
    { "atomic_fetch_min", CL, FE_B_A_FETCH, GPUMC_RMW_MIN, 0, NULL },
    { "atomic_fetch_min_explicit", CL, FE_B_A_FETCH, GPUMC_RMW_MIN, 0, NULL },
    { "atomic_fetch_max", CL, FE_B_A_FETCH, GPUMC_RMW_MAX, 0, NULL },
    { "atomic_fetch_max_explicit", CL, FE_B_A_FETCH, GPUMC_RMW_MAX, 0, NULL },
    { "atomic_compare_exchange_strong", CL | C, FE_B_A_CAS, 0, 0, NULL },
    { "atomic_compare_exchange_strong_explicit", CL | C, FE_B_A_CAS, 0, 0, NULL },
    { "atomic_compare_exchange_weak", CL | C, FE_B_A_CAS, 1, 0, NULL },
    { "atomic_compare_exchange_weak_explicit", CL | C, FE_B_A_CAS, 1, 0, NULL },
    { "atomic_thread_fence", C, FE_B_A_FENCE, 0, 0, NULL },
    { "atomic_work_item_fence", CL, FE_B_A_FENCE, 0, 0, NULL },
    { "atomic_signal_fence", C, FE_B_NOP, 0, 0, NULL },
    { "atomic_flag_test_and_set", CL | C, FE_B_A_FLAG_TAS, 0, 0, NULL },
    { "atomic_flag_test_and_set_explicit", CL | C, FE_B_A_FLAG_TAS, 0, 0, NULL },
    { "atomic_flag_clear", CL | C, FE_B_A_FLAG_CLEAR, 0, 0, NULL },
    { "atomic_flag_clear_explicit", CL | C, FE_B_A_FLAG_CLEAR, 0, 0, NULL },
    { "work_group_reduce_add", CL, FE_B_UNSUP, 0, 0, "work-group collective function" },
    { "work_group_broadcast", CL, FE_B_UNSUP, 0, 0, "work-group collective function" },
    { "work_group_all", CL, FE_B_UNSUP, 0, 0, "work-group collective function" },
    { "work_group_any", CL, FE_B_UNSUP, 0, 0, "work-group collective function" },
    { "sub_group_barrier", CL, FE_B_UNSUP, 0, 0, "sub-group function" },
    { "async_work_group_copy", CL, FE_B_UNSUP, 0, 0, "async_work_group_copy" },
    { "wait_group_events", CL, FE_B_UNSUP, 0, 0, "wait_group_events" },

    /* scoped C (SPEC 3.3) */
    { "__VERIFIER_memory_scope_work_group", C, FE_B_V_SCOPE, GPUMC_SCOPE_CTA, 0, NULL },
    { "__VERIFIER_memory_scope_device", C, FE_B_V_SCOPE, GPUMC_SCOPE_GPU, 0, NULL },
    { "__VERIFIER_memory_scope_system", C, FE_B_V_SCOPE, GPUMC_SCOPE_SYS, 0, NULL },
    { "__VERIFIER_thread_global_id", C, FE_B_V_PLACE, FE_PLACE_GLOBAL, 0, NULL },
    { "__VERIFIER_thread_local_id", C, FE_B_V_PLACE, FE_PLACE_LOCAL, 0, NULL },
    { "__VERIFIER_thread_group_id", C, FE_B_V_PLACE, FE_PLACE_GROUP, 0, NULL },
    { "__VERIFIER_thread_kernel_id", C, FE_B_V_PLACE, FE_PLACE_KERNEL, 0, NULL },
    { "__VERIFIER_syncthread", C, FE_B_BARRIER, 0, 0, NULL },
    { "__VERIFIER_groupsize", C, FE_B_NOP, 0, 0, NULL },
    { "__VERIFIER_weak_access", C, FE_B_NOP, 0, 0, NULL },
    { "__VERIFIER_ret_CAS", C, FE_B_RETCAS, 0, 0, NULL },
    { "__VERIFIER_assume", C, FE_B_ASSUME, 0, 0, NULL },
    { "__VERIFIER_nondet_int", C, FE_B_UNSUP, 0, 0, "__VERIFIER_nondet_int (nondeterministic input)" },
    { "pthread_create", C, FE_B_PT_CREATE, 0, 0, NULL },
    { "pthread_join", C, FE_B_PT_JOIN, 0, 0, NULL },
    { "pthread_exit", C, FE_B_PT_EXIT, 0, 0, NULL },
    { "pthread_self", C, FE_B_PT_SELF, 0, 0, NULL },
    { "pthread_mutex_lock", C, FE_B_MUTEX_LOCK, 0, 0, NULL },
    { "pthread_mutex_unlock", C, FE_B_MUTEX_UNLOCK, 0, 0, NULL },
    { "pthread_mutex_trylock", C, FE_B_MUTEX_TRYLOCK, 0, 0, NULL },
    { "pthread_mutex_init", C, FE_B_MUTEX_INIT, 0, 0, NULL },
    { "pthread_mutex_destroy", C, FE_B_NOP, 0, 0, NULL },
    { "pthread_barrier_wait", C, FE_B_PT_BARRIER_WAIT, 0, 0, NULL },
    { "pthread_barrier_init", C, FE_B_PT_BARRIER_INIT, 0, 0, NULL },
    { "pthread_barrier_destroy", C, FE_B_NOP, 0, 0, NULL },
    { "pthread_attr_init", C, FE_B_NOP, 0, 0, NULL },
    { "pthread_attr_destroy", C, FE_B_NOP, 0, 0, NULL },
    { "pthread_detach", C, FE_B_UNSUP, 0, 0, "pthread_detach (every thread must be joinable)" },
    { "pthread_cond_wait", C, FE_B_UNSUP, 0, 0, "condition variables" },
    { "pthread_cond_signal", C, FE_B_UNSUP, 0, 0, "condition variables" },
    { "pthread_cond_broadcast", C, FE_B_UNSUP, 0, 0, "condition variables" },
    { "pthread_cond_init", C, FE_B_UNSUP, 0, 0, "condition variables" },
    { "exit", C, FE_B_PT_EXIT, 0, 0, NULL },
    { "abort", C, FE_B_ABORT, 0, 0, NULL },
    { "malloc", C, FE_B_UNSUP, 0, 0, "dynamic allocation (malloc)" },
    { "calloc", C, FE_B_UNSUP, 0, 0, "dynamic allocation (calloc)" },
    { "free", C, FE_B_UNSUP, 0, 0, "dynamic allocation (free)" },
    { NULL, 0, FE_B_NONE, 0, 0, NULL }
};

static const fe_builtin *lookup(fe_lang lang, const char *name)
{
    for (int i = 0; table[i].name; i++)
        if ((table[i].langs & (1u << lang)) && !strcmp(table[i].name, name))
            return &table[i];
    return NULL;
}

static const fe_builtin *cuda_suffixed(const char *name, const char *suffix,
                                       int scope, int *out_scope)
{
    size_t n = strlen(name), s = strlen(suffix);
    char base[64];
    if (n <= s || n - s >= sizeof base || strcmp(name + n - s, suffix))
        return NULL;
    memcpy(base, name, n - s);
    base[n - s] = 0;
    const fe_builtin *b = lookup(FE_LANG_CUDA, base);
    if (!b || (b->kind != FE_B_CU_RMW && b->kind != FE_B_CU_CAS))
        return NULL;
    *out_scope = scope;
    return b;
}

const fe_builtin *fe_builtin_find(fe_lang lang, const char *name, int *scope)
{
    int dummy;
    if (!scope)
        scope = &dummy;
    *scope = GPUMC_SCOPE_GPU;
    const fe_builtin *b = lookup(lang, name);
    if (b || lang != FE_LANG_CUDA)
        return b;
    b = cuda_suffixed(name, "_block", GPUMC_SCOPE_CTA, scope);
    return b ? b : cuda_suffixed(name, "_system", GPUMC_SCOPE_SYS, scope);
}
