/*
 * bitrel.h -- binary relations over at most 64 events as bit matrices.
 *
 * Contract:
 *  - A bitrel is a 64x64 boolean matrix; row a holds the set {b | a R b}
 *    as a uint64_t (bit b).  Functions take the number of events n in use
 *    and touch rows 0..n-1 only; rows/bits >= n must be zero.
 *  - Sets of events are plain uint64_t masks.
 *  - Outputs may alias inputs except where noted (br_compose).
 *  - No allocation, no state: this is the "plain matrix code" the
 *    brute-force enumerator is built from, kept obviously correct rather
 *    than fast.
 */
#ifndef PROP_BITREL_H
#define PROP_BITREL_H

#include <stdint.h>

#define BR_MAX 64

typedef struct bitrel {
    uint64_t r[BR_MAX];
} bitrel;

void br_clear(bitrel *x, int n);
void br_set(bitrel *x, int a, int b);
int br_has(const bitrel *x, int a, int b);
/* [s]: identity on the set s. */
void br_ident(bitrel *out, uint64_t s, int n);
void br_union(bitrel *out, const bitrel *a, const bitrel *b, int n);
void br_inter(bitrel *out, const bitrel *a, const bitrel *b, int n);
/* out = a ; b.  out must not alias a or b. */
void br_compose(bitrel *out, const bitrel *a, const bitrel *b, int n);
/* out = [dom] ; a ; [ran]. */
void br_restrict(bitrel *out, const bitrel *a, uint64_t dom, uint64_t ran,
                 int n);
void br_inverse(bitrel *out, const bitrel *a, int n);
/* In place: x = x+ (transitive closure, Warshall). */
void br_closure(bitrel *x, int n);
/* x = x ∪ id on all n events (reflexive closure: x?). */
void br_reflexive(bitrel *x, int n);
int br_irreflexive(const bitrel *x, int n);
int br_acyclic(const bitrel *x, int n);
int br_empty(const bitrel *x, int n);

#endif
