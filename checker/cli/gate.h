/*
 * gate.h -- the CI gate's baseline: which results of a SARIF log are new.
 *
 * Contract: results are matched by their fingerprint (SARIF
 * partialFingerprints, report_fingerprint: the kind, and each access's
 * file, function and source text, not its line number), so that an edit
 * elsewhere in the file, a reworded message or a newer gpumc does not turn
 * an accepted finding into a new one.  A baseline result without a
 * fingerprint (an older gpumc's log) is matched by its place instead: its
 * ruleId plus the file and line of its first location and of its first
 * related location (gpumc puts the second access there),
 * "GPUMC001|kernels/a.cu:20|kernels/a.cu:25" -- gate_result_key, which
 * also names a result to users.  A baseline is any SARIF log
 * (normally a previous `gpumc check --sarif` output); every result of
 * every run counts.  gate_mark() sets each result's baselineState ("new"
 * or "unchanged") and returns how many error-level results are new.
 * Errors are values: gate_baseline_load returns CLI_EXIT_USAGE with a
 * message in err for a missing or malformed file.
 */
#ifndef GPUMC_GATE_H
#define GPUMC_GATE_H

#include <stddef.h>

#include <cjson/cJSON.h>

typedef struct gate_baseline {
    char **keys;
    unsigned n, cap;
} gate_baseline;

int gate_baseline_load(gate_baseline *b, const char *path, char *err,
                       size_t errsz);
void gate_baseline_free(gate_baseline *b);
/* Add the keys of every result of a SARIF log; -1 when out of memory. */
int gate_baseline_add_log(gate_baseline *b, const cJSON *log);

/* The place of one SARIF result (see above); -1 when it has no ruleId. */
int gate_result_key(const cJSON *result, char *out, size_t n);
/* Its fingerprint, or NULL when it has none. */
const char *gate_result_fingerprint(const cJSON *result);

/* b == NULL: no baseline, every error-level result is new (none marked). */
unsigned gate_mark(cJSON *results, const gate_baseline *b);

#endif
