/*
 * shapes.h -- classic litmus shapes in the IR with hand-derived
 * expectations.
 *
 * Contract:
 *  - shapes_run builds each shape (SB, MP, LB, IRIW, 2+2W, R, S, WRC,
 *    CoRR/CoWW/CoRW/CoWR, release sequences, RMW/CAS, fences, scopes
 *    across CTAs, barriers and divergence) and hands it, with the expected
 *    number of complete and blocked executions and findings under one
 *    model, to sink->check.  The derivation of every count is in the
 *    comment of its shape in shapes.c.
 *  - Findings are a sorted, space-separated string (shapes_findings_str):
 *      D<a>-<b>  data race between source ids a <= b
 *      H<a>-<b>  heterogeneous race
 *      V<s>      divergence at barrier statement s
 *    Source ids are instruction numbers in emission order (thread by
 *    thread).  Unless said otherwise threads sit in CTA 0 and atomics have
 *    sys scope.
 *  - Used by brute_selftest (expectations vs the brute force) and by
 *    prop_test --shapes (expectations and brute force vs the engine).
 */
#ifndef PROP_SHAPES_H
#define PROP_SHAPES_H

#include <stddef.h>

#include "brute.h"

typedef struct shape_sink shape_sink;
struct shape_sink {
    void (*check)(shape_sink *s, const char *name, const prog *p,
                  checker_model m, size_t complete, size_t blocked,
                  const char *finds);
};

void shapes_run(shape_sink *s);
void shapes_findings_str(const outcome *o, char *buf, size_t len);
const char *shapes_model_name(checker_model m);

#endif
