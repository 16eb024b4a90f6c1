/* gate.c -- see gate.h. */
#include "gate.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_opts.h"
#include "futil.h"
#include "sarif.h"

static const cJSON *get(const cJSON *o, const char *k)
{
    return cJSON_GetObjectItemCaseSensitive(o, k);
}

/* "uri:line" of a location object, "" when it has none. */
static void location_key(const cJSON *loc, char *out, size_t n)
{
    const cJSON *pl = get(loc, "physicalLocation");
    const char *uri = cJSON_GetStringValue(get(get(pl, "artifactLocation"), "uri"));
    const cJSON *line = get(get(pl, "region"), "startLine");
    if (!uri) {
        out[0] = '\0';
        return;
    }
    snprintf(out, n, "%s:%d", uri, cJSON_IsNumber(line) ? line->valueint : 0);
}

int gate_result_key(const cJSON *result, char *out, size_t n)
{
    const char *rule = cJSON_GetStringValue(get(result, "ruleId"));
    if (!rule)
        return -1;
    char a[4096], b[4096];
    location_key(cJSON_GetArrayItem(get(result, "locations"), 0), a, sizeof a);
    location_key(cJSON_GetArrayItem(get(result, "relatedLocations"), 0), b, sizeof b);
    snprintf(out, n, "%s|%s|%s", rule, a, b);
    return 0;
}

const char *gate_result_fingerprint(const cJSON *result)
{
    return cJSON_GetStringValue(get(get(result, "partialFingerprints"), SARIF_FINGERPRINT_KEY));
}

/* The keys a result is matched by: "fp:" its fingerprint (-1 without
 * one), "at:" its place (gate_result_key). */
static int fingerprint_key(const cJSON *result, char *out, size_t n)
{
    const char *fp = gate_result_fingerprint(result);
    return fp ? (snprintf(out, n, "fp:%s", fp), 0) : -1;
}

static int place_key(const cJSON *result, char *out, size_t n)
{
    memcpy(out, "at:", 4);
    return gate_result_key(result, out + 3, n - 3);
}

static int has_key(const gate_baseline *b, const char *key)
{
    for (unsigned i = 0; i < b->n; i++)
        if (strcmp(b->keys[i], key) == 0)
            return 1;
    return 0;
}

static int add_key(gate_baseline *b, const char *key)
{
    if (has_key(b, key))
        return 0;
    if (b->n == b->cap) {
        unsigned cap = b->cap ? 2 * b->cap : 16;
        char **k = realloc(b->keys, cap * sizeof *k);
        if (!k)
            return -1;
        b->keys = k;
        b->cap = cap;
    }
    if (!(b->keys[b->n] = strdup(key)))
        return -1;
    b->n++;
    return 0;
}

int gate_baseline_add_log(gate_baseline *b, const cJSON *log)
{
    const cJSON *run, *res;
    char key[8400];
    cJSON_ArrayForEach(run, get(log, "runs"))
        cJSON_ArrayForEach(res, get(run, "results"))
            if ((fingerprint_key(res, key, sizeof key) == 0 ||
                 place_key(res, key, sizeof key) == 0) && add_key(b, key) != 0)
                return -1;
    return 0;
}

int gate_baseline_load(gate_baseline *b, const char *path, char *err,
                       size_t errsz)
{
    memset(b, 0, sizeof *b);
    char *text = futil_read(path, NULL);
    if (!text) {
        snprintf(err, errsz, "--baseline=%s: cannot read it: %s", path,
                 strerror(errno));
        return CLI_EXIT_USAGE;
    }
    cJSON *log = cJSON_Parse(text);
    free(text);
    int rc = CLI_EXIT_OK;
    if (!log || !cJSON_IsArray(get(log, "runs"))) {
        snprintf(err, errsz, "--baseline=%s: not a SARIF log (expected a JSON "
                 "object with \"runs\"; give a file written by gpumc check "
                 "--sarif)", path);
        rc = CLI_EXIT_USAGE;
    } else if (gate_baseline_add_log(b, log) != 0) {
        snprintf(err, errsz, "--baseline=%s: out of memory", path);
        rc = CLI_EXIT_INTERNAL;
    }
    cJSON_Delete(log);
    return rc;
}

void gate_baseline_free(gate_baseline *b)
{
    for (unsigned i = 0; i < b->n; i++)
        free(b->keys[i]);
    free(b->keys);
    memset(b, 0, sizeof *b);
}

static int is_error(const cJSON *res)
{
    const char *level = cJSON_GetStringValue(get(res, "level"));
    return level && strcmp(level, "error") == 0; /* gpumc always sets it */
}

unsigned gate_mark(cJSON *results, const gate_baseline *b)
{
    unsigned fresh = 0;
    cJSON *res;
    char key[8400];
    cJSON_ArrayForEach(res, results) {
        int known = b && ((fingerprint_key(res, key, sizeof key) == 0 && has_key(b, key)) ||
                          (place_key(res, key, sizeof key) == 0 && has_key(b, key)));
        if (b) {
            cJSON_DeleteItemFromObjectCaseSensitive(res, "baselineState");
            cJSON_AddStringToObject(res, "baselineState", known ? "unchanged" : "new");
        }
        fresh += !known && is_error(res);
    }
    return fresh;
}
