/*
 * repair.h -- race repair: a minimum set of verified source edits.
 *
 * Contract: repair_run() takes the races of a checked program (collected
 * with repair_collect from its checker_result), the program's source
 * (repair_src) and the kinds of edit allowed, and
 *   1. derives, per race, alternative sets of token edits that would
 *      remove it: (a) a heterogeneous race needs both accesses' scopes
 *      widened to the narrowest scope holding both threads; (b) a data
 *      race needs the atomics and fences that the two racing threads ran
 *      in the execution (the finding's trace) widened to that scope, and,
 *      per direction of synchronisation, relaxed writes after the first
 *      thread's access strengthened to release and relaxed reads before
 *      the second thread's access strengthened to acquire; (c) a data race
 *      whose plain accesses are read-modify-write statements (x += v,
 *      x++; repair_rmw.h) can instead turn them into the matching atomic
 *      calls; (d) a data race whose first thread writes an atomic after
 *      its access and whose second reads one before its access can get a
 *      fence after each (release and acquire sides, repair_insert.h); (e)
 *      a data race between threads of one CTA can instead be separated by
 *      a CTA barrier inserted after the statement of one access;
 *   2. picks a cheapest set of edits meeting one alternative of every race
 *      with Z3's optimizer (MaxSMT: one Boolean per (token, new spelling),
 *      soft "not chosen" weighted by cost, at most one spelling per token,
 *      one hard clause per race).  Costs, cheapest first: widening a scope
 *      (1000 + the scope level), strengthening an order (1000, acq_rel
 *      1001), inserting a fence (5000), inserting a barrier (10000 + 10
 *      per block level outwards),
 *      making a statement atomic (100000);
 *   3. re-checks the patched program through the caller's check function
 *      and repeats with the races that remain (at most REPAIR_MAX_ITER
 *      rounds), stopping when no race remains or nothing new can be tried;
 *      a patched program with more barrier divergences than the original
 *      is not a fix: the barriers of that round are ruled out.
 * Non-race findings are left alone.  A plain access is made atomic only
 * when its statement is a read-modify-write (an increment whose atomicity
 * was forgotten); any other race with no atomic or fence to adjust is
 * reported as not repairable.  Errors are values; nothing is printed.
 */
#ifndef GPUMC_REPAIR_H
#define GPUMC_REPAIR_H

#include <stdint.h>

#include "gpumc/checker.h"
#include "repair_site.h"

#define REPAIR_MAX_ITER 5
#define REPAIR_MAX_EDITS 64

/* One chosen token edit of the original source. */
typedef struct repair_edit {
    int file;              /* index into repair_src.files */
    size_t off, len;       /* the token replaced */
    int line, col;         /* where it starts (1-based, byte column) */
    char *text;            /* its replacement */
    char desc[160];        /* "widen to device scope (...)" */
} repair_edit;

typedef struct repair_event {
    int thread;
    char op;               /* 'R', 'W', 'F', or 0 */
    int rmw;
    int order, scope;
    int file, line, col;   /* original coordinates; file -1: unknown */
} repair_event;

typedef struct repair_race {
    finding_kind kind;
    int finding;           /* index in the first result, -1 for re-checks */
    repair_event a, b;
    gpumc_coord wa, wb;
    repair_event *trace;   /* the execution's events (owned) */
    int ntrace;
} repair_race;

/* The races of one checked program, in original source coordinates. */
typedef struct repair_races {
    repair_race *v; int n, cap;
    int ndivergent;        /* barrier divergence and warp-collective misuse findings of that run */
} repair_races;

/* Add r's race findings.  tmpdir: the directory the patched copies were
 * checked in (their paths map back to the original files by base name),
 * NULL for the original; applied: the edits in those copies (their
 * columns are mapped back). */
void repair_collect(repair_races *l, const repair_src *s, const checker_result *r,
                    const char *tmpdir, const repair_edit *applied, int napplied);
void repair_races_free(repair_races *l);

/* Check the patched program: texts[i] is the patched text of file i of
 * the source (same count); add its races to *out with repair_collect.
 * Returns 0, or an exit code when the check could not run, with the first
 * line of its error message in why (why[0] may stay 0). */
typedef int (*repair_check_fn)(void *ud, const repair_src *s, char *const *texts,
                               const repair_edit *applied, int napplied,
                               repair_races *out, char *why, size_t whysz);

typedef struct repair_outcome {
    repair_edit *edits; int nedits;  /* chosen, sorted by (file, off) */
    int verified;        /* 1: the patched program checked free of races */
    int rounds;          /* checks of patched programs */
    char note[2048];     /* races left and why, or "" */
    uint64_t *fix_of;    /* per finding of the first result: bit e = edit e */
    unsigned nfindings;
} repair_outcome;

/* Repair the races of `first` (from the original run, with its findings
 * count nfindings).  Returns 0, or -1 on an internal failure (note says
 * why). */
/* Which kinds of edit a repair may make (a mask; 0: all). */
enum {
    REPAIR_SCOPE = 1, REPAIR_ORDER = 2, REPAIR_FENCE = 4, REPAIR_BARRIER = 8,
    REPAIR_ATOMIC = 16, REPAIR_ALL = 31
};

int repair_run(const repair_src *s, const repair_races *first, unsigned nfindings,
               unsigned kinds, repair_check_fn check, void *ud, repair_outcome *out);
void repair_outcome_free(repair_outcome *o);

/* The texts of the source with the edits applied (one per file, malloc'd;
 * free with repair_texts_free).  NULL when out of memory. */
char **repair_apply(const repair_src *s, const repair_edit *e, int n);
void repair_texts_free(char **t, int n);

#endif
