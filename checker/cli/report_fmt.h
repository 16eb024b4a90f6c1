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

/* How thread coordinates are spelled. */
typedef enum report_style {
    REPORT_STYLE_SCOPED_C = 0, /* thread N */
    REPORT_STYLE_CUDA,         /* (block X, thread Y) */
    REPORT_STYLE_OPENCL        /* (group X, local Y) */
} report_style;

typedef struct report_timing {
    double total, lower, compile, explore; /* seconds */
} report_timing;

typedef struct report_ctx {
    const cli_opts *opts;   /* the configuration that ran */
    const char *language;   /* "cuda", "opencl", "scoped-c", "harness" */
    report_style style;
    int dims;               /* coordinate dimensions to print, 1..3 */
    int ngpus;
    report_timing timing;
} report_ctx;

const char *report_kind_id(finding_kind k); /* "data_race", ... (JSON) */
int report_is_error(finding_kind k);           /* not a warning */
int report_is_race(finding_kind k);

/* The first error finding, or NULL: it names the run's verdict. */
const finding *report_first_error(const checker_result *r);
/* SPEC 5: 42 when an error was found, else 0 (result must be valid). */
int report_exit_code(const checker_result *r);

/* "(block 1, thread 0)", "(group 0, local 1)", "thread 3", "host thread 0" */
void report_thread(const report_ctx *c, const finding_event *e, char *out,
                   size_t n);
/* "read", "write", "rmw-read", "fence", "barrier", ... */
const char *report_op(const finding_event *e);
int report_is_memory(const finding_event *e);
/* "data+8", or the address in hex when it lies in no region. */
void report_location(const finding_event *e, char *out, size_t n);
/* The value in decimal, with its signed reading when the top bit is set. */
void report_value(const finding_event *e, char *out, size_t n);
/* WG, DV, SYS (WI for work-item scope): GPUMC's race-line spelling. */
const char *report_scope_short(gpumc_scope s);
/* The event's source location, or NULL when the harness gave none. */
const gpumc_srcloc *report_src(const checker_result *r, const finding_event *e);

#endif
