/* abi_keep.c -- see abi_keep.h. */
#include "abi_keep.h"

#include "gpumc/harness.h"

/* void (*)(void) is the one function type every function pointer may be
 * cast to without -Wcast-function-type complaining. */
#define K(f) (abi_keep_fn)(f)

const abi_keep_fn abi_keep_table[] = {
    K(gpumc_sources), K(gpumc_region), K(gpumc_thread_add),
    K(gpumc_thread_declare), K(gpumc_setup_error), K(gpumc_load),
    K(gpumc_store), K(gpumc_copying), K(gpumc_rmw), K(gpumc_cas), K(gpumc_fence),
    K(gpumc_barrier), K(gpumc_barrier_count), K(gpumc_barrier_mem), K(gpumc_barrier_invalid), K(gpumc_warp_invalid),
    K(gpumc_private_on_stack), K(gpumc_log_accesses),
    K(gpumc_region_shared), K(gpumc_region_readonly), K(gpumc_region_hint), K(gpumc_region_alias),
    K(gpumc_region_exchange), K(gpumc_region_values), K(gpumc_region_undefined),
    K(gpumc_track_spaces),
    K(gpumc_warp_size), K(gpumc_warp_sync), K(gpumc_warp_arrived), K(gpumc_warp_converge),
    K(gpumc_lane), K(gpumc_warp_mask),
    K(gpumc_assert), K(gpumc_assert_what), K(gpumc_assume), K(gpumc_precondition), K(gpumc_spin),
    K(gpumc_spin_enter), K(gpumc_iteration), K(gpumc_spin_scratch), K(gpumc_loop_bound),
    K(gpumc_accessed), K(gpumc_object_base), K(gpumc_object_size), K(gpumc_unsupported),
    K(gpumc_memory_error), K(gpumc_memory_error_what), K(gpumc_barrier_arrive),
    K(gpumc_barrier_wait), K(gpumc_spawn), K(gpumc_join), K(gpumc_join_all), K(gpumc_join_later), K(gpumc_self),
    K(gpumc_where),
};
