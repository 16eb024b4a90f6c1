/*
 * fe_cuatomic.h -- libcu++ atomics: cuda::atomic<T, S> and
 * cuda::atomic_ref<T, S> (SPEC 3.1).
 *
 * In the harness cuda::atomic<T> is its T (a region like any variable) and
 * cuda::atomic_ref<T> is a T * to the referenced object.  Each member call
 * is one gpumc event: load/store/exchange/fetch_op/compare_exchange with
 * the memory orders given (seq_cst by default) and the scope of the
 * template argument S (thread_scope_system sys, _device gpu, _block cta,
 * _thread thread); the operators (conversion, =, ++, --, +=, ...) are
 * seq_cst.  wait/notify are rejected.
 */
#ifndef GPUMC_FE_CUATOMIC_H
#define GPUMC_FE_CUATOMIC_H

#include "fe_ctx.h"

/* A call of method `m`: 1 if it is a cuda atomic member (lowered, or an
 * error recorded: check fe_failed), 0 if not ours. */
int fe_cuatomic_call(fe_ctx *c, CXCursor e, CXCursor m, fe_buf *o, int *rc);
/* A constructor call of a cuda atomic class: same convention. */
int fe_cuatomic_ctor(fe_ctx *c, CXCursor e, CXCursor ctor, fe_buf *o, int *rc);

#endif
