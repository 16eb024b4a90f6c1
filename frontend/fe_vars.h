/*
 * fe_vars.h -- where a variable lives: private, a region, a constant.
 *
 * fe_storage_of() classifies the declaration a DeclRefExpr refers to:
 *  - private: parameters and automatic locals (plain C in the harness);
 *  - global: one region for the whole launch (__device__, __constant__
 *    arrays, OpenCL program-scope globals, scoped-C globals, statics);
 *  - cta: one region per CTA (__shared__, OpenCL __local);
 *  - const: a const scalar with a constant initializer (folded);
 *  - builtin: CUDA threadIdx/blockIdx/blockDim/gridDim/warpSize.
 * fe_var_index() registers global/cta/const variables in the context the
 * first time they are used, so only variables the kernel touches become
 * regions.
 */
#ifndef GPUMC_FE_VARS_H
#define GPUMC_FE_VARS_H

#include "fe_ctx.h"

typedef enum fe_storage {
    FE_ST_NONE = 0, FE_ST_PRIVATE, FE_ST_GLOBAL, FE_ST_CTA, FE_ST_CONST,
    FE_ST_BUILTIN
} fe_storage;

fe_storage fe_storage_of(fe_ctx *c, CXCursor decl);
/* Index in c->vars (registering it), or < 0 with an error recorded. */
int fe_var_index(fe_ctx *c, CXCursor decl, CXCursor use);

#endif
