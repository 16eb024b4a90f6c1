/*
 * gpumc_opencl.h -- force-included before every OpenCL C kernel.
 *
 * clang declares the OpenCL built-ins itself (-fdeclare-opencl-builtins,
 * opencl-c-base.h); the instrumentation pass gives the work-item
 * functions, barriers, fences and atomics their meaning (SPEC 3.2) and
 * maps scalar math to the host's libm.  OpenCL C has no assert: gpumc
 * adds one, which ends the work-item with an assertion violation.  The
 * built-ins nothing defines are in gpumc_clcommon.h; sub-groups are here.
 */
#ifndef GPUMC_OPENCL_H
#define GPUMC_OPENCL_H

#define __GPUMC__ 1
#include "../cuda/gpumc_ir.h"

#undef assert
#define assert(e) __gpumc_assert_what(!!(e), #e)
#include "../cuda/gpumc_gpuverify.h"
#include "gpumc_clcommon.h"

/* Sub-groups (cl_khr_subgroups, cl_khr_subgroup_shuffle(_relative)): the
 * work-group's work-items in linear local id order, 32 to a sub-group
 * (--sub-group-size=N: N) with the last one shorter, exactly gpumc's warps; every function is a warp
 * collective over the whole sub-group, so each of its work-items must
 * reach it (else barrier divergence).  sub_group_barrier orders all memory
 * among them, whatever its flags. */
#if !defined(cl_khr_subgroups) && !defined(__opencl_c_subgroups)
#define __GPUMC_SG __GPUMC_OVL
#define __GPUMC_ALL 0xffffffffu

__GPUMC_SG uint get_max_sub_group_size(void) { return __gpumc_sreg(12); } /* --sub-group-size */
__GPUMC_SG uint get_sub_group_size(void) { return popcount(__gpumc_sreg(14)); }
__GPUMC_SG uint get_sub_group_local_id(void) { return __gpumc_sreg(13); }
__GPUMC_SG uint get_sub_group_id(void)
{
    return (uint)(get_local_id(0) +
                  get_local_size(0) * (get_local_id(1) + get_local_size(1) * get_local_id(2))) /
           get_max_sub_group_size();
}
__GPUMC_SG uint get_num_sub_groups(void)
{
    uint n = get_max_sub_group_size();
    return (uint)((get_local_size(0) * get_local_size(1) * get_local_size(2) + n - 1) / n);
}
__GPUMC_SG uint get_enqueued_num_sub_groups(void) { return get_num_sub_groups(); }
__GPUMC_SG void sub_group_barrier(cl_mem_fence_flags f) { (void)f; __gpumc_warp_sync(__GPUMC_ALL); }
#if __OPENCL_C_VERSION__ >= 200
__GPUMC_SG void sub_group_barrier(cl_mem_fence_flags f, memory_scope s)
{
    (void)f;
    (void)s;
    __gpumc_warp_sync(__GPUMC_ALL);
}
#endif
__GPUMC_SG int sub_group_all(int p) { return (int)__gpumc_vote(__GPUMC_ALL, p, 2); }
__GPUMC_SG int sub_group_any(int p) { return (int)__gpumc_vote(__GPUMC_ALL, p, 1); }

/* T's bits as a 64-bit word and back (TO), the fold for min/max (MIN,
 * MAX), and the warp_reduce operations of an integer T (RMIN, RMAX). */
#define __GPUMC_SG_SHFL(T, TO, FROM)                                                        \
    __GPUMC_SG T sub_group_broadcast(T x, uint id)                                          \
    { return FROM(__gpumc_shfl(__GPUMC_ALL, TO(x), (int)id, 32, 0)); }                     \
    __GPUMC_SG T sub_group_shuffle(T x, uint id)                                            \
    { return FROM(__gpumc_shfl(__GPUMC_ALL, TO(x), (int)id, 32, 0)); }                     \
    __GPUMC_SG T sub_group_shuffle_xor(T x, uint m)                                         \
    { return FROM(__gpumc_shfl(__GPUMC_ALL, TO(x), (int)m, 32, 3)); }                      \
    __GPUMC_SG T sub_group_shuffle_up(T x, uint d)                                          \
    { return FROM(__gpumc_shfl(__GPUMC_ALL, TO(x), (int)d, 32, 1)); }                      \
    __GPUMC_SG T sub_group_shuffle_down(T x, uint d)                                        \
    { return FROM(__gpumc_shfl(__GPUMC_ALL, TO(x), (int)d, 32, 2)); }
/* A scan as a broadcast from every lane in turn: each work-item folds the
 * lanes before it (and its own, inclusive). */
#define __GPUMC_SG_SCAN1(T, KIND, NAME, ID, F, CMP)                                          \
    __GPUMC_SG T sub_group_scan_##KIND##_##NAME(T x)                                        \
    {                                                                                       \
        T r = ID;                                                                           \
        uint me = get_sub_group_local_id(), n = get_sub_group_size();                       \
        for (uint l = 0; l < n; l++) {                                                      \
            T y = sub_group_broadcast(x, l);                                                \
            if (l CMP me)                                                                   \
                r = F(r, y);                                                                \
        }                                                                                   \
        return r;                                                                           \
    }
#define __GPUMC_SG_SCAN(T, NAME, ID, F)                                                     \
    __GPUMC_SG_SCAN1(T, inclusive, NAME, ID, F, <=)                                         \
    __GPUMC_SG_SCAN1(T, exclusive, NAME, ID, F, <)
#define __GPUMC_ADD(a, b) ((a) + (b))
#define __GPUMC_MIN(a, b) ((b) < (a) ? (b) : (a))
#define __GPUMC_MAX(a, b) ((b) > (a) ? (b) : (a))
#define __GPUMC_SG_INT(T, LO, HI, RMIN, RMAX)                                              \
    __GPUMC_SG_SHFL(T, (ulong), (T))                                                        \
    __GPUMC_SG T sub_group_reduce_add(T x)                                                  \
    { return (T)__gpumc_warp_reduce(__GPUMC_ALL, (ulong)x, 1, sizeof(T)); }                \
    __GPUMC_SG T sub_group_reduce_min(T x)                                                  \
    { return (T)__gpumc_warp_reduce(__GPUMC_ALL, (ulong)x, RMIN, sizeof(T)); }             \
    __GPUMC_SG T sub_group_reduce_max(T x)                                                  \
    { return (T)__gpumc_warp_reduce(__GPUMC_ALL, (ulong)x, RMAX, sizeof(T)); }             \
    __GPUMC_SG_SCAN(T, add, (T)0, __GPUMC_ADD)                                              \
    __GPUMC_SG_SCAN(T, min, HI, __GPUMC_MIN)                                                \
    __GPUMC_SG_SCAN(T, max, LO, __GPUMC_MAX)
__GPUMC_SG_INT(int, INT_MIN, INT_MAX, 6, 7)
__GPUMC_SG_INT(uint, 0u, UINT_MAX, 8, 9)
__GPUMC_SG_INT(long, LONG_MIN, LONG_MAX, 6, 7)
__GPUMC_SG_INT(ulong, 0ul, ULONG_MAX, 8, 9)
/* Floating point: the reductions fold the broadcasts in lane order. */
#define __GPUMC_SG_FLOAT(T, TO, FROM, INF)                                                  \
    __GPUMC_SG_SHFL(T, TO, FROM)                                                            \
    __GPUMC_SG_SCAN(T, add, (T)0, __GPUMC_ADD)                                              \
    __GPUMC_SG_SCAN(T, min, INF, __GPUMC_MIN)                                               \
    __GPUMC_SG_SCAN(T, max, -INF, __GPUMC_MAX)                                              \
    __GPUMC_SG T sub_group_reduce_add(T x)                                                  \
    { return sub_group_broadcast(sub_group_scan_inclusive_add(x), get_sub_group_size() - 1); } \
    __GPUMC_SG T sub_group_reduce_min(T x)                                                  \
    { return sub_group_broadcast(sub_group_scan_inclusive_min(x), get_sub_group_size() - 1); } \
    __GPUMC_SG T sub_group_reduce_max(T x)                                                  \
    { return sub_group_broadcast(sub_group_scan_inclusive_max(x), get_sub_group_size() - 1); }
#define __GPUMC_F2U(x) ((ulong)as_uint(x))
#define __GPUMC_U2F(v) as_float((uint)(v))
#define __GPUMC_D2U(x) as_ulong(x)
#define __GPUMC_U2D(v) as_double((ulong)(v))
__GPUMC_SG_FLOAT(float, __GPUMC_F2U, __GPUMC_U2F, INFINITY)
#ifdef cl_khr_fp64
__GPUMC_SG_FLOAT(double, __GPUMC_D2U, __GPUMC_U2D, INFINITY)
#endif
#endif

#endif
