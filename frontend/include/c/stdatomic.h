/*
 * stdatomic.h -- gpumc scoped C: clang's C11 atomics, except that a
 * compare-exchange is a call of the adapter, which knows whether
 * __VERIFIER_ret_CAS() asked it to return the value read (as GPUMC does)
 * instead of success.
 */
#ifndef GPUMC_STDATOMIC_H
#define GPUMC_STDATOMIC_H
#include_next <stdatomic.h>
long long __gpumc_sc_cas(volatile void *obj, void *expected, long long desired, int success,
                         int failure, int weak, unsigned long size);
#undef atomic_compare_exchange_strong
#undef atomic_compare_exchange_weak
#undef atomic_compare_exchange_strong_explicit
#undef atomic_compare_exchange_weak_explicit
#define atomic_compare_exchange_strong_explicit(o, e, d, s, f) \
    __gpumc_sc_cas((o), (e), (long long)(d), (s), (f), 0, sizeof *(o))
#define atomic_compare_exchange_weak_explicit(o, e, d, s, f) \
    __gpumc_sc_cas((o), (e), (long long)(d), (s), (f), 1, sizeof *(o))
#define atomic_compare_exchange_strong(o, e, d) \
    atomic_compare_exchange_strong_explicit(o, e, d, memory_order_seq_cst, memory_order_seq_cst)
#define atomic_compare_exchange_weak(o, e, d) \
    atomic_compare_exchange_weak_explicit(o, e, d, memory_order_seq_cst, memory_order_seq_cst)
#endif
