/*
 * scope_order.h -- the knobs the OpenCL lock and message-passing kernels
 * share, set with -D after --:
 *   WG_SCOPE  atomics of memory_scope_work_group instead of device scope
 *   ACQ_RLX   the acquiring operation is relaxed instead of acquire
 *   REL_RLX   the releasing operation is relaxed instead of release
 */
#ifndef SCOPE_ORDER_H
#define SCOPE_ORDER_H

#ifdef WG_SCOPE
#define SCOPE memory_scope_work_group
#else
#define SCOPE memory_scope_device
#endif

#ifdef ACQ_RLX
#define ACQ memory_order_relaxed
#else
#define ACQ memory_order_acquire
#endif

#ifdef REL_RLX
#define REL memory_order_relaxed
#else
#define REL memory_order_release
#endif

#endif
