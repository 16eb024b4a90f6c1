/*
 * repair_insert.h -- where a barrier or a fence could go: after a
 * statement that holds an access, on a line of its own.
 *
 * Contract: repair_insert_points() lists points after the access at
 * file:la:ca, each the end of a statement that holds it, from the
 * innermost outwards, that come before the access at file:lb:cb -- it
 * follows the point in the same function, or lies in a loop around it
 * (the next iteration's access).  With `uniform` (a CTA barrier, which
 * every thread of the block must reach) points lie only in blocks that are
 * a function's or a loop's body, never in the body of an if, else or
 * switch, which some threads skip; without it (a fence) only the innermost
 * statement counts, wherever it is.  The call goes on a line of its own
 * after the statement, indented like it: each point is an empty token
 * (kind RTOK_INSERT, len 0) at the end of the statement's last line with
 * the text to insert there ("\n    __syncthreads();", the file's own line
 * ending).  A statement followed by more code on its last line offers no
 * point.  Whether a barrier is reached by every thread is not decided
 * here: the repair's re-check proves it.  Lexical, like repair_site.h (on
 * the file's tokens, lexed once when it was read); returns how many points
 * it wrote (at most max), 0 when it sees none.
 */
#ifndef GPUMC_REPAIR_INSERT_H
#define GPUMC_REPAIR_INSERT_H

#include "repair_rmw.h"
#include "repair_site.h"

typedef struct repair_point {
    repair_tok at;
    char text[160];        /* newline, indentation, the barrier call */
} repair_point;

int repair_insert_points(const repair_src *s, int file, int la, int ca, int lb, int cb,
                         const char *call, int uniform, repair_point *pts, int max);

/* "__syncthreads();" (CUDA), "barrier(CLK_LOCAL_MEM_FENCE |
 * CLK_GLOBAL_MEM_FENCE);" (OpenCL), or NULL (scoped C has no CTA barrier). */
const char *repair_insert_barrier(repair_lang lang);
/* A fence of the scope (GPUMC_SCOPE_*) that orders the memory both ways:
 * "__threadfence_block();" / "__threadfence();" / "__threadfence_system();"
 * (CUDA), "atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE |
 * CLK_LOCAL_MEM_FENCE, memory_order_acq_rel, memory_scope_device);"
 * (OpenCL), or NULL. */
const char *repair_insert_fence(repair_lang lang, int scope);

#endif
