/*
 * stdatomic.h -- gpumc scoped-C prelude.  C11 atomics as overloaded
 * functions (clang's overloadable attribute) instead of the usual builtin
 * macros, so that every atomic operation is a visible call the frontend
 * lowers by name with its memory order.
 */
#ifndef GPUMC_STDATOMIC_H
#define GPUMC_STDATOMIC_H
#include <stddef.h>
#include <stdint.h>

typedef enum memory_order {
    memory_order_relaxed = __ATOMIC_RELAXED,
    memory_order_consume = __ATOMIC_CONSUME,
    memory_order_acquire = __ATOMIC_ACQUIRE,
    memory_order_release = __ATOMIC_RELEASE,
    memory_order_acq_rel = __ATOMIC_ACQ_REL,
    memory_order_seq_cst = __ATOMIC_SEQ_CST
} memory_order;

typedef _Atomic(_Bool) atomic_bool;
typedef _Atomic(char) atomic_char;
typedef _Atomic(signed char) atomic_schar;
typedef _Atomic(unsigned char) atomic_uchar;
typedef _Atomic(short) atomic_short;
typedef _Atomic(unsigned short) atomic_ushort;
typedef _Atomic(int) atomic_int;
typedef _Atomic(unsigned int) atomic_uint;
typedef _Atomic(long) atomic_long;
typedef _Atomic(unsigned long) atomic_ulong;
typedef _Atomic(long long) atomic_llong;
typedef _Atomic(unsigned long long) atomic_ullong;
typedef _Atomic(intptr_t) atomic_intptr_t;
typedef _Atomic(uintptr_t) atomic_uintptr_t;
typedef _Atomic(size_t) atomic_size_t;
typedef _Atomic(ptrdiff_t) atomic_ptrdiff_t;
typedef _Atomic(intmax_t) atomic_intmax_t;
typedef _Atomic(uintmax_t) atomic_uintmax_t;
typedef _Atomic(int) atomic_flag;

#define ATOMIC_VAR_INIT(v) (v)
#define ATOMIC_FLAG_INIT 0
#define kill_dependency(y) (y)
#define atomic_is_lock_free(obj) 1

#define __GPUMC_OV __attribute__((overloadable))
#define __GPUMC_ATOMIC_BASE(T) \
    __GPUMC_OV void atomic_init(volatile _Atomic(T) *obj, T v); \
    __GPUMC_OV T atomic_load(volatile _Atomic(T) *obj); \
    __GPUMC_OV T atomic_load_explicit(volatile _Atomic(T) *obj, memory_order o); \
    __GPUMC_OV void atomic_store(volatile _Atomic(T) *obj, T v); \
    __GPUMC_OV void atomic_store_explicit(volatile _Atomic(T) *obj, T v, memory_order o); \
    __GPUMC_OV T atomic_exchange(volatile _Atomic(T) *obj, T v); \
    __GPUMC_OV T atomic_exchange_explicit(volatile _Atomic(T) *obj, T v, memory_order o); \
    __GPUMC_OV _Bool atomic_compare_exchange_strong(volatile _Atomic(T) *obj, T *expected, T desired); \
    __GPUMC_OV _Bool atomic_compare_exchange_weak(volatile _Atomic(T) *obj, T *expected, T desired); \
    __GPUMC_OV _Bool atomic_compare_exchange_strong_explicit(volatile _Atomic(T) *obj, T *expected, \
        T desired, memory_order s, memory_order f); \
    __GPUMC_OV _Bool atomic_compare_exchange_weak_explicit(volatile _Atomic(T) *obj, T *expected, \
        T desired, memory_order s, memory_order f);
#define __GPUMC_ATOMIC_FETCH(T, op) \
    __GPUMC_OV T atomic_fetch_##op(volatile _Atomic(T) *obj, T v); \
    __GPUMC_OV T atomic_fetch_##op##_explicit(volatile _Atomic(T) *obj, T v, memory_order o);
#define __GPUMC_ATOMIC_INT(T) \
    __GPUMC_ATOMIC_BASE(T) \
    __GPUMC_ATOMIC_FETCH(T, add) __GPUMC_ATOMIC_FETCH(T, sub) \
    __GPUMC_ATOMIC_FETCH(T, and) __GPUMC_ATOMIC_FETCH(T, or) \
    __GPUMC_ATOMIC_FETCH(T, xor)
__GPUMC_ATOMIC_BASE(_Bool)
__GPUMC_ATOMIC_INT(char)
__GPUMC_ATOMIC_INT(signed char)
__GPUMC_ATOMIC_INT(unsigned char)
__GPUMC_ATOMIC_INT(short)
__GPUMC_ATOMIC_INT(unsigned short)
__GPUMC_ATOMIC_INT(int)
__GPUMC_ATOMIC_INT(unsigned int)
__GPUMC_ATOMIC_INT(long)
__GPUMC_ATOMIC_INT(unsigned long)
__GPUMC_ATOMIC_INT(long long)
__GPUMC_ATOMIC_INT(unsigned long long)
#undef __GPUMC_ATOMIC_INT
#undef __GPUMC_ATOMIC_FETCH
#undef __GPUMC_ATOMIC_BASE

void atomic_thread_fence(memory_order o);
void atomic_signal_fence(memory_order o);
__GPUMC_OV _Bool atomic_flag_test_and_set(volatile atomic_flag *f);
__GPUMC_OV _Bool atomic_flag_test_and_set_explicit(volatile atomic_flag *f, memory_order o);
__GPUMC_OV void atomic_flag_clear(volatile atomic_flag *f);
__GPUMC_OV void atomic_flag_clear_explicit(volatile atomic_flag *f, memory_order o);
#undef __GPUMC_OV
#endif
