/*
 * report_json.h -- the machine-readable report (one JSON object, cJSON).
 *
 * Contract (schema: docs/gpumc-report.schema.json, docs/json-schema.md;
 * the e2e tests hold the output to it):
 *   {tool, version, input, language, configuration, status (verified |
 *    error | incomplete, verdict.h), incomplete_reason (string or null),
 *    exploration (complete | stopped | limit | timeout | interrupted),
 *    verdict, exit_code, counts {complete, blocked}, timing {total, lower, compile,
 *    explore}, findings [{kind, kind_id, severity, message, explanation,
 *    events [{thread, label, coords, op, order, scope, location {region,
 *    offset, address}, size, value, file, line, col, text}], trace,
 *    fixes (only when a repair proposed some)}]}
 * report_json_error() prints {tool, version, input, error {code, message}}
 * for runs that ended before exploring (input or internal errors).
 * Both return 0, or -1 when the output could not be built (out of memory).
 */
#ifndef GPUMC_REPORT_JSON_H
#define GPUMC_REPORT_JSON_H

#include <stdio.h>

#include "report_fmt.h"

int report_json_print(FILE *f, const report_ctx *c, const checker_result *r);
int report_json_error(FILE *f, const report_ctx *c, int code, const char *msg);

#endif
