/*
 * fe_type.h -- C spelling and classification of clang types.
 *
 * The harness is plain C, so every type is printed from its canonical
 * form: typedefs resolved, qualifiers and address spaces dropped (the
 * harness keeps order/scope on the accesses, not in the types), enums
 * replaced by their integer type, _Atomic(T) by T (atomicity lives in the
 * gpumc calls).  Struct and union types are registered in the context and
 * defined once, in dependency order, with their clang alignment and a
 * static assertion that the C layout matches clang's.
 *
 * Unsupported types (references, vectors, function pointers, bit-fields,
 * C++ classes with members functions or bases, half floats) are reported
 * with the location `at` and make the functions return < 0.
 */
#ifndef GPUMC_FE_TYPE_H
#define GPUMC_FE_TYPE_H

#include "fe_ctx.h"

typedef enum fe_tk {
    FE_T_VOID = 0, FE_T_BOOL, FE_T_SINT, FE_T_UINT, FE_T_FLOAT, FE_T_DOUBLE,
    FE_T_PTR, FE_T_RECORD, FE_T_ARRAY, FE_T_FUNC, FE_T_OTHER
} fe_tk;

/* Classification of the canonical value type (through _Atomic, enums). */
fe_tk fe_type_kind(CXType t);
/* Is the value representable as a gpumc access (1, 2, 4, 8 bytes)? */
int fe_type_scalar(CXType t);
/* T for _Atomic(T), else t. */
CXType fe_type_value(CXType t);
int fe_type_is_atomic(CXType t);
int fe_type_is_volatile(CXType t);
long long fe_type_size(CXType t);

/* Append "T declarator" in C syntax, e.g. "int (*p)[4]". */
int fe_type_decl(fe_ctx *c, CXType t, const char *declarator, fe_buf *o,
                 CXCursor at);
/* Append the abstract type name, e.g. "int (*)[4]". */
int fe_type_name(fe_ctx *c, CXType t, fe_buf *o, CXCursor at);
/* "uint8_t".."uint64_t" for 1, 2, 4, 8; NULL otherwise. */
const char *fe_type_uint(long long size);

/* Convert a value of type t (C expression) to the uint64_t an access
 * carries, or back; append the C expression. */
int fe_type_to_bits(fe_ctx *c, CXType t, const char *val, fe_buf *o,
                    CXCursor at);
int fe_type_from_bits(fe_ctx *c, CXType t, const char *bits, fe_buf *o,
                      CXCursor at);

/* libcu++ atomics (frontend/prelude/cuda/cuda/atomic): 1 for
 * cuda::atomic<T, S>, 2 for cuda::atomic_ref<T, S>, else 0; *value = T and
 * *scope = the gpumc_scope of S.  In the harness atomic<T> is a T and
 * atomic_ref<T> a T *; their member calls are lowered by fe_cuatomic. */
int fe_type_cuda_atomic(CXType t, CXType *value, int *scope);

/* Append the definitions of every registered struct/union to c->types. */
int fe_type_emit_records(fe_ctx *c);

#endif
