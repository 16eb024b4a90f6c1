/*
 * fe_args.h -- the kernel argument syntax (independent of libclang).
 *
 *   scalar:  a C literal: 4, -1, 0x10, 'a', 2.5, true, false
 *   buffer:  [TYPE][ '[' LEN ']' ... ][ '+' OFFSET ][ ':' V1 ',' V2 ... ]
 *            int[8]   int[4]:1,2,3,4   [16]   :1,2,3   float[2]:0.5,1
 *            float4[8][16] (8 rows of 16: up to three extents, outermost
 *            first, LEN their product)
 *            TYPE is a C scalar type name (int, unsigned int, uint32_t,
 *            float, ...), half / bfloat16 (values given as numbers), or a
 *            CUDA/OpenCL vector type (float4, uchar2, int3: its components
 *            are listed one by one); LEN counts elements; listed values fill the
 *            start of the buffer and the rest is zero; without LEN the
 *            length is the number of values, or the launch default.
 *            V*COUNT repeats V.  float[10]+1: the kernel's pointer is to
 *            element 1 of the 10 (pointer parameters only).
 *   alias:   @NAME or @NAME+K -- another pointer parameter's buffer, shared
 *            (an in-place launch); handled by the glue (ir_glue.c), which
 *            knows the parameters.
 *
 * Errors are values: functions return 0, or -1 with a message (no
 * location, no code: the caller adds "kernel argument 'x'" and code 17).
 */
#ifndef GPUMC_FE_ARGS_H
#define GPUMC_FE_ARGS_H

#include <stddef.h>

#include "gpumc/limits.h"

/* Element kinds (mirrors fe_tk for scalars). */
typedef enum fe_ek {
    FE_E_NONE = 0, FE_E_BOOL, FE_E_SINT, FE_E_UINT, FE_E_FLOAT, FE_E_DOUBLE,
    FE_E_HALF, FE_E_BF16 /* binary16 and bfloat16: written as their bits (uint16_t) */
} fe_ek;

typedef struct fe_bufspec {
    char type[64];       /* "" when not given */
    long long len;       /* -1 when not given */
    long long dims[3];   /* the extents as written, outermost first (len: */
    int ndims;           /* their product); 0 when no LEN was given */
    long long offset;    /* [LEN]+OFFSET: the kernel gets a pointer this many
                            elements into the buffer (0: its start) */
    char **vals;         /* literal texts, validated by fe_args_value */
    int nvals;
} fe_bufspec;

int fe_args_buffer(const char *spec, fe_bufspec *out, char *err, size_t nerr);
/* The same where an element without a TYPE holds `per` values (the scalar
 * members of the struct a buffer's pointer points to), not one, and an
 * offset ([LEN]+OFFSET) is allowed: a pointer parameter's buffer. */
int fe_args_buffer_of(const char *spec, int per, fe_bufspec *out, char *err, size_t nerr);
void fe_bufspec_free(fe_bufspec *b);

/* Kind and size of a scalar type name; -1 if unknown. */
int fe_args_type(const char *name, fe_ek *kind, int *size);
/* The same for a scalar or a vector type name (float4, uchar2, ...): its
 * components' kind and size, and their number in *comps (1 for a scalar). */
int fe_args_vtype(const char *name, fe_ek *kind, int *size, int *comps);

/* Validate a literal for an element of `kind` and `size` and write it as C
 * (e.g. "-1", "0x1.8p+1", "1"; a half or bfloat16 as its bits, "0x3c00")
 * into out. */
int fe_args_value(const char *lit, fe_ek kind, int size, char *out, size_t n,
                  char *err, size_t nerr);

#endif
