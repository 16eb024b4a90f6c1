/*
 * ir_walk.h -- the values derived from one value, each visited once.
 *
 * The analyses that follow a pointer through address arithmetic, casts,
 * phis and selects (ir_reads.c, ir_mainlocals.c) keep the values still to
 * look at and those seen in one list: a phi's cycle reaches its own value
 * again, and must not be walked twice.  The list is bounded (IR_WALK_MAX):
 * an analysis that meets the bound answers as if unsure.
 * They also share ir_callee_prefixed, the test of the calls they know by
 * name (memory intrinsics, markers, adapter functions).
 * Ownership: the caller's struct; ir_walk_free releases the list.
 */
#ifndef GPUMC_IR_WALK_H
#define GPUMC_IR_WALK_H

#include <llvm-c/Core.h>

#define IR_WALK_MAX 4096

typedef struct ir_walk {
    LLVMValueRef *v;
    unsigned n, next; /* v[0..n) seen; v[next..n) still to look at */
} ir_walk;

/* A walk from `start`; -1 when out of memory (nothing to free then). */
int ir_walk_init(ir_walk *w, LLVMValueRef start);
/* Adds v unless seen: 0, or -1 when the walk is full. */
int ir_walk_add(ir_walk *w, LLVMValueRef v);
/* The next value to look at, NULL when none is left. */
LLVMValueRef ir_walk_next(ir_walk *w);
void ir_walk_free(ir_walk *w);
/* Is fn a value named with this prefix (NULL: no)? */
int ir_callee_prefixed(LLVMValueRef fn, const char *prefix);

#endif
