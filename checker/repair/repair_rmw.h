/*
 * repair_rmw.h -- a racing plain read-modify-write statement, and the
 * atomic call that makes the same update.
 *
 * Contract: repair_rmw_at() looks at the expression statement holding the
 * access at file:line:col.  When it is one of
 *     LHS op= RHS;   LHS = LHS op RHS;   LHS++;   ++LHS;   LHS--;   --LHS;
 * with op one of + - | & ^, its value unused, LHS an lvalue spelled with
 * names, subscripts, member accesses and leading *, and the access at the
 * statement's operator (or at the LHS that `LHS = LHS op RHS` reads), it
 * returns 1 with the statement's text up to its `;` as *range (kind
 * RTOK_RMW_STMT) and the input language's atomic call that replaces it in
 * *text (malloc'd): CUDA atomicAdd/atomicSub/atomicOr/atomicAnd/atomicXor
 * (&LHS, RHS), OpenCL atomic_add/... and atomic_inc/atomic_dec(&LHS).
 * Scoped C has no such call (its atomics need _Atomic objects): 0.  Lexical
 * like repair_site.h: what it cannot see it declines (0); -1 only when
 * memory runs out.
 */
#ifndef GPUMC_REPAIR_RMW_H
#define GPUMC_REPAIR_RMW_H

#include "repair_site.h"

typedef enum repair_lang {
    REPAIR_LANG_OTHER = 0, /* scoped C, a pre-lowered harness */
    REPAIR_LANG_CUDA,
    REPAIR_LANG_OPENCL
} repair_lang;

/* The language of an input file, by its extension (.cu/.cuh, .cl). */
repair_lang repair_lang_of(const char *path);

int repair_rmw_at(const repair_src *s, int file, int line, int col, repair_lang lang,
                  repair_tok *range, char **text);

#endif
