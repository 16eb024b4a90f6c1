/*
 * fe_expr.h -- lowering of expressions to harness C.
 *
 * fe_rv() appends a C expression computing the value of `e`; every read of
 * shared state on the way becomes __gpumc_ld(...) and every write
 * __gpumc_st(...) (thin wrappers over gpumc_load/gpumc_store defined in the
 * harness prologue), with size, order, scope and a source id.  Reads and
 * writes of private lvalues (locals, parameters, their arrays and members)
 * stay plain C.  Compound assignments and ++/-- on shared memory become
 * one load and one store (an RMW on _Atomic objects), written as GNU
 * statement expressions so each operand is evaluated once.
 *
 * Lvalue classes: PRIVATE (plain C), MEMORY (through a pointer, an array
 * of a region, a region variable), BUILTIN (threadIdx & co), CONST (a
 * folded constant).  A pointer whose target cannot be known statically is
 * MEMORY: the checker treats addresses outside regions as private.
 */
#ifndef GPUMC_FE_EXPR_H
#define GPUMC_FE_EXPR_H

#include "fe_ctx.h"

typedef enum fe_lv {
    FE_LV_NONE = 0, FE_LV_PRIVATE, FE_LV_MEMORY, FE_LV_BUILTIN, FE_LV_CONST
} fe_lv;

int fe_rv(fe_ctx *c, CXCursor e, fe_buf *o);
/* Address of lvalue `e` as a C pointer to its type. */
int fe_addr(fe_ctx *c, CXCursor e, fe_buf *o);
fe_lv fe_lv_class(fe_ctx *c, CXCursor e);
/* `lhs = rhs` (also C++'s implicit struct operator=); e is the whole. */
int fe_assign(fe_ctx *c, CXCursor e, CXCursor lhs, CXCursor rhs, fe_buf *o);
/* fe_rv into a fresh malloc'd string (NULL on error). */
char *fe_rv_str(fe_ctx *c, CXCursor e);
char *fe_addr_str(fe_ctx *c, CXCursor e);

/* The access attributes of lvalue `e`: order and scope as C expressions. */
typedef struct fe_acc {
    const char *order;
    const char *scope;
    long long size;
    unsigned src;
} fe_acc;
void fe_acc_of(fe_ctx *c, CXCursor lv, fe_acc *a);

/* Append a load of type t from address text `addr` with access a. */
int fe_emit_load(fe_ctx *c, CXType t, const char *addr, const fe_acc *a,
                 fe_buf *o, CXCursor at);
/* Append a store statement of value text `val` (type t) to `addr`. */
int fe_emit_store(fe_ctx *c, CXType t, const char *addr, const char *val,
                  const fe_acc *a, fe_buf *o, CXCursor at);

#endif
