/*
 * report_fmt.h -- what the text and JSON reports share: the run context,
 * kind titles, how threads, operations and locations are named.
 *
 * Contract: pure formatting of a checker_result; nothing here prints or
 * allocates.  Finding kinds are titled by the engine's finding_kind_name(),
 * whose words are SPEC section 5's ("Error detected: Data race!"); the e2e
 * tests pin them.
 */
#ifndef GPUMC_REPORT_FMT_H
#define GPUMC_REPORT_FMT_H

#include <stddef.h>

#include "cli_opts.h"
#include "gpumc/checker.h"
#include "srccache.h"

/* How thread coordinates are spelled. */
typedef enum report_style {
    REPORT_STYLE_SCOPED_C = 0, /* thread N */
    REPORT_STYLE_CUDA,         /* (block X, thread Y) */
    REPORT_STYLE_OPENCL        /* (group X, local Y) */
} report_style;

typedef struct report_timing {
    double total, lower, compile, explore; /* seconds */
} report_timing;

/* One text edit of a user's file (a repair): replace the text from
 * line:col up to (excluding) end_line:end_col -- 1-based byte columns;
 * equal ends insert -- by `replacement`.  `description` says what the edit
 * does ("widen the scope of the store to device scope"). */
typedef struct report_edit {
    const char *file;
    int line, col, end_line, end_col;
    const char *replacement;
    const char *description;
} report_edit;

/* A fix for finding number `finding` (index into checker_result.findings):
 * the edits that together remove it.  A finding's fixes are adjacent in
 * report_ctx.fixes. */
typedef struct report_fix {
    unsigned finding;
    const char *description;
    const report_edit *edits;
    unsigned nedits;
} report_fix;

typedef struct report_ctx {
    const cli_opts *opts;   /* the configuration that ran */
    const char *language;   /* "cuda", "opencl", "scoped-c", "harness" */
    report_style style;
    int dims;               /* coordinate dimensions to print, 1..3 */
    int ngpus;
    report_timing timing;
    srccache *src;          /* the user's files, for quoting (may be NULL) */
    const report_fix *fixes; /* repairs to show (none yet: NULL) */
    unsigned nfixes;
    int compile_timed_out;  /* --timeout ran out while the kernel was compiled: 1,
                               or 2 while compiled again for buffers grown past
                               their default lengths (runs before it explored) */
    const char *notes;      /* notes on the input checked (values gpumc chose), a
                               line each, or NULL */
    int chosen_inputs;      /* gpumc chose some of the inputs checked (a kernel
                               argument, a buffer's length, the launch size) */
} report_ctx;

const char *report_kind_id(finding_kind k); /* "data_race", ... (JSON) */
int report_is_error(finding_kind k);           /* not a warning */
int report_is_race(finding_kind k);

/* The first error finding, or NULL: it names the run's verdict. */
const finding *report_first_error(const checker_result *r);

/* "(block 1, thread 0)", "(group 0, local 1)", "thread 3", "host thread 0"
 * (scoped C), "the host" (the thread checking a CUDA or OpenCL launch's
 * postconditions) */
void report_thread(const report_ctx *c, const finding_event *e, char *out,
                   size_t n);
/* "read", "write", "rmw-read", "fence", "barrier", ... */
const char *report_op(const finding_event *e);
/* A barrier event's kind: its scope (cta, gpu, sys; OpenCL's names for an OpenCL kernel),
 * "warp" or "pthread". */
const char *report_barrier_kind(const report_ctx *c, const finding_event *e);
/* An access's "order, scope" ("rlx, cta"); an OpenCL non-atomic access's
 * "na" (it has no scope). */
const char *report_order_scope(const report_ctx *c, const finding_event *e, char *out, size_t n);
int report_is_memory(const finding_event *e);
/* "data+8", or "an address outside the buffers" when it lies in none. */
void report_location(const finding_event *e, char *out, size_t n);
/* The value as its access reads it (gpumc_value_text): decimal, with the
 * signed reading when the top bit is set, or a float. */
void report_value(const finding_event *e, char *out, size_t n);
/* WG, DV, SYS (WI for work-item scope): GPUMC's race-line spelling. */
const char *report_scope_short(gpumc_scope s);
/* The fixes of finding number i, in order: *n of them (pointer into c). */
const report_fix *report_fixes_of(const report_ctx *c, unsigned i, unsigned *n);
/* The scope's name in the input language: "block" (CUDA), "work-group"
 * (OpenCL, scoped C), "device", "system"... */
const char *report_scope_word(const report_ctx *c, gpumc_scope s);
/* The event's source location, or NULL when the harness gave none. */
const gpumc_srcloc *report_src(const checker_result *r, const finding_event *e);
/* Can r's --estimate be trusted?  0 with the reason in why when most
 * walks were pruned (spin loops: the estimate is then far too low, as a
 * rule), its standard error is large, or the exploration after the walks
 * already saw more executions than it estimates (and not all of them: a
 * count that is exact is no reason to doubt). */
int report_estimate_reliable(const checker_result *r, char *why, size_t n);
/* A count as people read it: digits grouped by 3 up to ten million, then
 * 3 significant digits ("1,048,575", "3.63e+09"). */
void report_count(double v, char *out, size_t n);
/* Finding i's fingerprint, 16 hex digits: what the CI gate matches a
 * baseline by.  It hashes the kind and, for each of the two events, its
 * file, enclosing function and source line with blanks squeezed, plus the
 * finding's occurrence index among the run's findings with the same hash.
 * Line numbers are left out on purpose: an edit elsewhere in the file
 * keeps a known finding known; a change of either line makes it new. */
void report_fingerprint(const report_ctx *c, const checker_result *r, unsigned i,
                        char *out, size_t n);

#endif
