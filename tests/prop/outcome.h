/*
 * outcome.h -- what one side (brute force or engine) says about a program
 * under one model, and the comparison of two such outcomes.
 *
 * Contract:
 *  - An outcome holds the multiset of canonical strings (canon.h) of the
 *    complete executions, the same for blocked executions, and the set of
 *    findings as (kind, src, src) keys with kind a finding_kind value.
 *  - Race keys are normalised (a <= b) and deduplicated on insertion.
 *  - Divergence keys are (FINDING_DIVERGENCE, s, s) for each barrier
 *    statement s involved; OUTCOME_NOSRC stands for "divergence reported
 *    without naming a barrier".
 *  - outcome_compare(ref, got): ref is the brute force, got the engine.
 *    Execution sets must be equal as sets and `got` must hold no
 *    duplicates (a duplicate is an optimality bug).  Race (and any other
 *    non-divergence) findings must be equal as sets.  Divergence: both
 *    report some or neither does, and every barrier the engine names is one
 *    the reference names (the engine may name fewer: it reports one
 *    witness pair per instance, the reference lists every barrier
 *    reached).  Differences are printed to `diff` (may be NULL); returns
 *    the number of differences.
 *  - Strings added are copied; outcome_free releases everything.
 */
#ifndef PROP_OUTCOME_H
#define PROP_OUTCOME_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define OUTCOME_NOSRC 0xffffffffu

typedef struct execset {
    char **v;
    size_t n, cap;
} execset;

typedef struct fkey {
    int kind;
    unsigned a, b;
} fkey;

typedef struct findset {
    fkey *v;
    size_t n, cap;
} findset;

typedef struct outcome {
    execset complete, blocked;
    execset loads; /* per complete execution: what its loads returned (canon_loads) */
    findset findings;
    uint64_t ecomplete, eblocked; /* the engine's counts (irh_run) */
    int error;       /* the side failed to produce an outcome */
    char msg[512];   /* why */
} outcome;

void outcome_init(outcome *o);
void outcome_free(outcome *o);
/* Forget the executions (an engine restart: checker_options.on_restart). */
void outcome_clear_execs(outcome *o);
/* Takes ownership of s (malloc'd). */
void execset_add_owned(execset *e, char *s);
void findset_add(findset *f, int kind, unsigned a, unsigned b);
int findset_has(const findset *f, int kind, unsigned a, unsigned b);
/* Every key of a is in b and every key of b in a. */
int findset_equal(const findset *a, const findset *b);
/* Sort both execution sets (needed before comparing or printing). */
void outcome_sort(outcome *o);
int outcome_compare(const outcome *ref, const outcome *got, FILE *diff);
void outcome_print(const outcome *o, const char *title, FILE *f);

#endif
