/*
 * repair_barrier.h -- where a block-wide barrier would separate two racing
 * accesses of threads of one CTA (a write phase and a read phase).
 *
 * Contract: repair_barrier_points() lists the points where a barrier
 * inserted after the access at file:la:ca orders it before the access at
 * file:lb:cb: the end of each statement that holds the first access, from
 * the innermost outwards, in a block that is a function's or a loop's body
 * -- never the body of an if, else or switch, which some threads skip --
 * when the second access follows that point in the same function or lies
 * in a loop around it (the next iteration's access).  The barrier goes on
 * a line of its own after the statement, indented like it: each point is
 * an empty token (kind RTOK_BARRIER, len 0) at the end of the statement's
 * last line, with the text to insert there ("\n    __syncthreads();").  A
 * statement followed by more code on its last line offers no point.
 * Whether every thread of the CTA reaches the barrier is not decided
 * here: the repair's re-check proves it (a barrier divergence fails the
 * fix).  Lexical, like repair_site.h; returns how many points it wrote (at
 * most max), 0 when it sees none, -1 when memory runs out.
 */
#ifndef GPUMC_REPAIR_BARRIER_H
#define GPUMC_REPAIR_BARRIER_H

#include "repair_rmw.h"
#include "repair_site.h"

typedef struct repair_point {
    repair_tok at;
    char text[160];        /* newline, indentation, the barrier call */
} repair_point;

int repair_barrier_points(const repair_src *s, repair_lang lang, int file, int la, int ca,
                          int lb, int cb, repair_point *pts, int max);

/* "__syncthreads();" (CUDA), "barrier(CLK_LOCAL_MEM_FENCE |
 * CLK_GLOBAL_MEM_FENCE);" (OpenCL), or NULL (scoped C has no CTA barrier). */
const char *repair_barrier_call(repair_lang lang);

#endif
