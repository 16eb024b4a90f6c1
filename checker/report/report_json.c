/* report_json.c -- see report_json.h. */
#include "report_json.h"

#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

#include "report_explain.h"
#include "verdict.h"

#ifndef GPUMC_VERSION
#define GPUMC_VERSION "0.0.0"
#endif

/* How the exploration ended, by CHECKER_* status. */
static const char *const exploration_names[] = {"complete", "stopped", "limit", "timeout",
                                                "interrupted", "lost", "estimate", "memory"};

/* cJSON numbers are doubles: exact up to 2^53, plenty for counts. */
static void add_u64(cJSON *o, const char *k, uint64_t v)
{
    cJSON_AddNumberToObject(o, k, (double)v);
}

static cJSON *dims_array(const cli_dims *d)
{
    if (!d->set)
        return cJSON_CreateNull();
    return cJSON_CreateIntArray(d->v, 3);
}

static cJSON *config_object(const report_ctx *c)
{
    const cli_opts *o = c->opts;
    static const char *const races[] = {"report", "stop", "ignore"};
    cJSON *j = cJSON_CreateObject();
    cJSON_AddStringToObject(j, "model", cli_model_name(o->model));
    cJSON_AddNumberToObject(j, "unroll", o->unroll);
    cJSON_AddStringToObject(j, "races", races[o->races >= 0 ? o->races : 0]);
    cJSON_AddStringToObject(j, "divergence", o->divergence == 1 ? "ignore" : "report");
    cJSON_AddStringToObject(j, "liveness", o->liveness == 1 ? "ignore" : "report");
    cJSON_AddStringToObject(j, "uninit", o->uninit == 1 ? "report" : "ignore");
    cJSON_AddStringToObject(j, "benign_races", o->benign_races == 1 ? "tolerate" : "report");
    cJSON_AddStringToObject(j, "volatile", o->volatile_relaxed ? "relaxed" : "plain");
    cJSON_AddBoolToObject(j, "intra_group_races_only", o->intra_group_races);
    cJSON_AddBoolToObject(j, "stop_on_error", o->stop_on_error);
    cJSON_AddNumberToObject(j, "timeout", o->timeout);
    add_u64(j, "max_executions", o->max_executions);
    cJSON_AddNumberToObject(j, "threads", o->threads);
    if (o->kernel)
        cJSON_AddStringToObject(j, "kernel", o->kernel);
    else
        cJSON_AddNullToObject(j, "kernel");
    cJSON_AddItemToObject(j, "grid", dims_array(&o->grid));
    cJSON_AddItemToObject(j, "block", dims_array(&o->block));
    cJSON_AddNumberToObject(j, "gpus", c->ngpus);
    cJSON_AddBoolToObject(j, "cooperative", o->cooperative > 0);
    if (o->shared_mem >= 0)
        cJSON_AddNumberToObject(j, "shared_mem", o->shared_mem);
    else
        cJSON_AddNullToObject(j, "shared_mem");
    cJSON *args = cJSON_AddObjectToObject(j, "args");
    for (int i = 0; i < o->nargs; i++)
        cJSON_AddStringToObject(args, o->args[i].name, o->args[i].value);
    cJSON *cc = cJSON_AddArrayToObject(j, "compiler_args");
    for (int i = 0; i < o->ncc_args; i++)
        cJSON_AddItemToArray(cc, cJSON_CreateString(o->cc_args[i]));
    return j;
}

static cJSON *coords_object(const finding_event *e)
{
    cJSON *j = cJSON_CreateObject();
    cJSON_AddBoolToObject(j, "host", e->where.host);
    cJSON_AddNumberToObject(j, "gpu", e->where.gpu);
    cJSON_AddItemToObject(j, "cta", cJSON_CreateIntArray(e->where.cta, 3));
    cJSON_AddItemToObject(j, "tid", cJSON_CreateIntArray(e->where.tid, 3));
    return j;
}

static void add_memory(cJSON *j, const finding_event *e)
{
    char val[64];
    cJSON *loc = cJSON_AddObjectToObject(j, "location");
    if (e->region[0]) {
        cJSON_AddStringToObject(loc, "region", e->region);
        add_u64(loc, "offset", e->offset);
    } else { /* the pointer the kernel used: the only address a report shows */
        cJSON_AddNullToObject(loc, "region");
        cJSON_AddNullToObject(loc, "offset");
        add_u64(loc, "address", e->addr);
    }
    cJSON_AddNumberToObject(j, "size", e->size);
    add_u64(j, "value", e->value);
    report_value(e, val, sizeof val);
    cJSON_AddStringToObject(j, "value_text", val);
}

static void add_source(cJSON *j, const checker_result *r, const finding_event *e)
{
    const gpumc_srcloc *s = report_src(r, e);
    if (!s) {
        cJSON_AddNullToObject(j, "file");
        return;
    }
    cJSON_AddStringToObject(j, "file", s->file ? s->file : "");
    cJSON_AddNumberToObject(j, "line", s->line);
    cJSON_AddNumberToObject(j, "col", s->col);
    if (s->text)
        cJSON_AddStringToObject(j, "text", s->text);
    if (s->func && *s->func)
        cJSON_AddStringToObject(j, "function", s->func);
    if (s->callers && *s->callers)
        cJSON_AddStringToObject(j, "called_from", s->callers);
}

static cJSON *event_object(const report_ctx *c, const checker_result *r,
                           const finding_event *e)
{
    char who[128];
    cJSON *j = cJSON_CreateObject();
    report_thread(c, e, who, sizeof who);
    cJSON_AddNumberToObject(j, "thread", e->thread);
    cJSON_AddStringToObject(j, "label", who);
    cJSON_AddItemToObject(j, "coords", coords_object(e));
    cJSON_AddStringToObject(j, "op", report_op(e));
    cJSON_AddStringToObject(j, "order", gpumc_order_name(e->order));
    cJSON_AddStringToObject(j, "scope", gpumc_scope_name(e->scope));
    if (report_is_memory(e))
        add_memory(j, e);
    add_source(j, r, e);
    return j;
}

static cJSON *edit_object(const report_edit *e)
{
    cJSON *j = cJSON_CreateObject();
    cJSON_AddStringToObject(j, "file", e->file);
    cJSON_AddNumberToObject(j, "line", e->line);
    cJSON_AddNumberToObject(j, "col", e->col);
    cJSON_AddNumberToObject(j, "end_line", e->end_line);
    cJSON_AddNumberToObject(j, "end_col", e->end_col);
    cJSON_AddStringToObject(j, "replacement", e->replacement ? e->replacement : "");
    cJSON_AddStringToObject(j, "description", e->description ? e->description : "");
    return j;
}

/* "fixes" only when a repair proposed some, so older consumers see no
 * change. */
static void add_fixes(cJSON *j, const report_ctx *c, unsigned i)
{
    unsigned n;
    const report_fix *fx = report_fixes_of(c, i, &n);
    if (!n)
        return;
    cJSON *arr = cJSON_AddArrayToObject(j, "fixes");
    for (unsigned k = 0; k < n; k++) {
        cJSON *f = cJSON_CreateObject();
        cJSON_AddStringToObject(f, "description",
                                fx[k].description ? fx[k].description : "");
        cJSON *ed = cJSON_AddArrayToObject(f, "edits");
        for (unsigned e = 0; e < fx[k].nedits; e++)
            cJSON_AddItemToArray(ed, edit_object(&fx[k].edits[e]));
        cJSON_AddItemToArray(arr, f);
    }
}

static cJSON *finding_object(const report_ctx *c, const checker_result *r,
                             unsigned i)
{
    const finding *x = &r->findings[i];
    char why[1024];
    cJSON *j = cJSON_CreateObject();
    cJSON_AddStringToObject(j, "kind", finding_kind_name(x->kind));
    cJSON_AddStringToObject(j, "kind_id", report_kind_id(x->kind));
    cJSON_AddStringToObject(j, "severity", report_is_error(x->kind) ? "error" : "warning");
    char fp[32];
    report_fingerprint(c, r, i, fp, sizeof fp);
    cJSON_AddStringToObject(j, "fingerprint", fp);
    cJSON_AddStringToObject(j, "message", x->msg);
    report_explain(c, x, why, sizeof why);
    if (why[0])
        cJSON_AddStringToObject(j, "explanation", why);
    else
        cJSON_AddNullToObject(j, "explanation");
    cJSON *ev = cJSON_AddArrayToObject(j, "events");
    if (x->a.valid)
        cJSON_AddItemToArray(ev, event_object(c, r, &x->a));
    if (x->b.valid)
        cJSON_AddItemToArray(ev, event_object(c, r, &x->b));
    if (x->trace)
        cJSON_AddStringToObject(j, "trace", x->trace);
    else
        cJSON_AddNullToObject(j, "trace");
    add_fixes(j, c, i);
    return j;
}

static cJSON *head(const report_ctx *c)
{
    cJSON *j = cJSON_CreateObject();
    cJSON_AddStringToObject(j, "tool", "gpumc");
    cJSON_AddStringToObject(j, "version", GPUMC_VERSION);
    cJSON_AddStringToObject(j, "input", c->opts->input ? c->opts->input : "");
    cJSON *all = cJSON_AddArrayToObject(j, "inputs"); /* with the program's other files */
    if (c->opts->input)
        cJSON_AddItemToArray(all, cJSON_CreateString(c->opts->input));
    for (int i = 0; i < c->opts->nmore_inputs; i++)
        cJSON_AddItemToArray(all, cJSON_CreateString(c->opts->more_inputs[i]));
    cJSON_AddStringToObject(j, "language", c->language ? c->language : "unknown");
    return j;
}

/* Print and free; -1 if any allocation along the way failed. */
static int emit(FILE *f, cJSON *j)
{
    char *s = j ? cJSON_Print(j) : NULL;
    cJSON_Delete(j);
    if (!s)
        return -1;
    fprintf(f, "%s\n", s);
    free(s);
    return 0;
}

/* status, incomplete_reason, exploration, verdict, exit_code (verdict.h) */
static void add_outcome(cJSON *j, const report_ctx *c, const checker_result *r)
{
    verdict_kind v = verdict_of(r);
    char why[512];
    cJSON_AddStringToObject(j, "status", verdict_name(v));
    verdict_why(r, c, why, sizeof why);
    if (v == VERDICT_INCOMPLETE)
        cJSON_AddStringToObject(j, "incomplete_reason", why);
    else
        cJSON_AddNullToObject(j, "incomplete_reason");
    int known = r->status >= CHECKER_EXPLORED && r->status <= CHECKER_MEMORY;
    cJSON_AddStringToObject(j, "exploration", known ? exploration_names[r->status] : "error");
    const finding *first = report_first_error(r);
    cJSON_AddStringToObject(j, "verdict", first ? finding_kind_name(first->kind)
                            : v == VERDICT_INCOMPLETE ? "Verification incomplete"
                            : "No errors were detected");
    cJSON_AddNumberToObject(j, "exit_code", verdict_run_exit_code(r));
}

/* --estimate: the random walks' verdict on the size of the tree. */
static void add_estimate(cJSON *j, const checker_result *r)
{
    const checker_estimate *e = &r->estimate;
    cJSON *o = cJSON_AddObjectToObject(j, "estimate");
    add_u64(o, "walks", e->walks);
    add_u64(o, "walks_complete", e->walks_complete);
    add_u64(o, "walks_blocked", e->walks_blocked);
    cJSON_AddNumberToObject(o, "complete", e->complete);
    cJSON_AddNumberToObject(o, "complete_se", e->complete_se);
    cJSON_AddNumberToObject(o, "blocked", e->blocked);
    cJSON_AddNumberToObject(o, "blocked_se", e->blocked_se);
    cJSON_AddNumberToObject(o, "seconds", e->seconds);
    cJSON_AddNumberToObject(o, "rate", e->rate);
    char why[256];
    int ok = report_estimate_reliable(r, why, sizeof why);
    cJSON_AddBoolToObject(o, "reliable", ok);
    if (ok)
        cJSON_AddNullToObject(o, "unreliable_because");
    else
        cJSON_AddStringToObject(o, "unreliable_because", why);
}

/* The notes on the input checked, a string per line. */
static void add_notes(cJSON *j, const report_ctx *c)
{
    cJSON *a = cJSON_AddArrayToObject(j, "notes");
    for (const char *s = c->notes; s && *s;) {
        size_t n = strcspn(s, "\n");
        char *line = strndup(s, n);
        if (line)
            cJSON_AddItemToArray(a, cJSON_CreateString(line));
        free(line);
        s += n + (s[n] == '\n');
    }
}

int report_json_print(FILE *f, const report_ctx *c, const checker_result *r)
{
    cJSON *j = head(c);
    cJSON_AddItemToObject(j, "configuration", config_object(c));
    add_notes(j, c);
    add_outcome(j, c, r);
    cJSON *counts = cJSON_AddObjectToObject(j, "counts");
    add_u64(counts, "complete", r->complete);
    add_u64(counts, "blocked", r->blocked);
    if (r->estimate.walks)
        add_estimate(j, r);
    cJSON *t = cJSON_AddObjectToObject(j, "timing");
    cJSON_AddNumberToObject(t, "total", c->timing.total);
    cJSON_AddNumberToObject(t, "lower", c->timing.lower);
    cJSON_AddNumberToObject(t, "compile", c->timing.compile);
    cJSON_AddNumberToObject(t, "explore", c->timing.explore);
    cJSON *fs = cJSON_AddArrayToObject(j, "findings");
    for (unsigned i = 0; i < r->nfindings; i++)
        cJSON_AddItemToArray(fs, finding_object(c, r, i));
    return emit(f, j);
}

int report_json_error(FILE *f, const report_ctx *c, int code, const char *msg)
{
    cJSON *j = head(c);
    cJSON *e = cJSON_AddObjectToObject(j, "error");
    cJSON_AddNumberToObject(e, "code", code);
    cJSON_AddStringToObject(e, "message", msg);
    cJSON_AddNumberToObject(j, "exit_code", code);
    return emit(f, j);
}
