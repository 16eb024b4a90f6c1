/*
 * sarif.h -- SARIF 2.1.0 logs (cJSON) for code-scanning UIs and the CI gate.
 *
 * Contract: a sarif_log is one SARIF log with exactly one run whose
 * tool.driver is gpumc with one rule per finding kind (stable ids below,
 * never renumbered: baselines and code-scanning alerts key on them).
 * Findings of one or several gpumc runs are appended as results: ruleId,
 * level (error, or warning for a loop bound), a message that links the
 * second access ("[...](1)"), the first access as locations[0] and the
 * second as relatedLocations[0] (id 1), each with a URI relative to the
 * working directory (uriBaseId SRCROOT) or an absolute file:// URI for
 * files outside it, 1-based line and column (columns in Unicode code
 * points, run.columnKind), and the source line as a contextRegion snippet
 * when the file is readable and the region starts past column 1.  Fixes (report_ctx.fixes) become the
 * result's `fixes`.  Each result carries its fingerprint
 * (report_fingerprint) as partialFingerprints[SARIF_FINGERPRINT_KEY], and
 * each location the function it lies in as a logicalLocation, when known.
 * Failures that ended a run early, and incomplete
 * runs, are recorded as invocation notifications.  Functions return 0, or -1 when out of memory.
 *
 *   GPUMC001 data-race            GPUMC005 memory-error
 *   GPUMC002 heterogeneous-race   GPUMC006 deadlock
 *   GPUMC003 barrier-divergence   GPUMC007 loop-bound (warning)
 *   GPUMC004 assertion
 */
#ifndef GPUMC_SARIF_H
#define GPUMC_SARIF_H

#include <cjson/cJSON.h>

#include "report_fmt.h"

/* The partialFingerprints key of report_fingerprint()'s value ("v1" was a
 * hash of the two lines' numbers: old baselines are matched by line). */
#define SARIF_FINGERPRINT_KEY "gpumcFinding/v2"

typedef struct sarif_log {
    cJSON *root;
    cJSON *run;           /* root.runs[0] */
    cJSON *results;       /* run.results */
    cJSON *invocation;    /* run.invocations[0] */
    char *cwd;            /* the directory URIs are relative to (owned) */
} sarif_log;

/* cwd: the directory relative URIs are resolved against (getcwd). */
int sarif_log_init(sarif_log *l, const char *cwd);
void sarif_log_free(sarif_log *l);

/* Append one result per finding of r.  label names the configuration
 * (a `gpumc check` entry) in the message and properties; may be NULL.
 * An incomplete run (verdict.h) is also recorded as with
 * sarif_add_incomplete(), its message naming why. */
int sarif_add_findings(sarif_log *l, const report_ctx *c,
                       const checker_result *r, const char *label);
/* Record that a run could not finish (exit code 5, 7 or 17). */
int sarif_add_failure(sarif_log *l, int exit_code, const char *label,
                      const char *msg);
/* Record that a run did not explore every execution: executionSuccessful
 * false, a warning-level notification with msg and exit code 3. */
int sarif_add_incomplete(sarif_log *l, const char *label, const char *msg);
/* The invocation's exit code (executionSuccessful: no failure recorded). */
void sarif_set_exit_code(sarif_log *l, int exit_code);
/* The log as text (malloc'd), or NULL. */
char *sarif_print(const sarif_log *l);

const char *sarif_rule_id(finding_kind k);

/* A SARIF `fix` object from text edits (byte columns, end exclusive):
 * one artifactChange per file, in order of first appearance, with one
 * replacement per edit.  description: the fix's text; NULL joins the
 * edits' own descriptions.  src (may be NULL) turns byte columns into
 * code points.  Returns NULL when out of memory. */
cJSON *sarif_fix(const report_edit *edits, unsigned n, const char *description,
                 const char *cwd, srccache *src);

/* A file name as a URI: relative to cwd (*relative = 1, to be resolved
 * against SRCROOT) when it lies inside it, else absolute file://.
 * Percent-encodes everything but letters, digits, "-._~/".  0, or -1
 * when out does not hold it. */
int sarif_uri(const char *path, const char *cwd, char *out, size_t n,
              int *relative);

#endif
