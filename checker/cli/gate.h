/*
 * gate.h -- the CI gate's baseline: which results of a SARIF log are new.
 *
 * Contract: a result's key is its ruleId plus the file and line of its
 * first location and of its first related location (gpumc puts the second
 * access there): "GPUMC001|kernels/a.cu:20|kernels/a.cu:25".  Columns,
 * messages and thread coordinates are left out on purpose, so that a
 * reworded message, a newer gpumc or an edit elsewhere on a line does not
 * turn an accepted finding into a new one.  A baseline is any SARIF log
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

/* The key of one SARIF result; -1 when it has no ruleId. */
int gate_result_key(const cJSON *result, char *out, size_t n);

/* b == NULL: no baseline, every error-level result is new (none marked). */
unsigned gate_mark(cJSON *results, const gate_baseline *b);

#endif
