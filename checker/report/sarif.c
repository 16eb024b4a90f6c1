/* sarif.c -- see sarif.h. */
#include "sarif.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_explain.h"
#include "verdict.h"

#ifndef GPUMC_VERSION
#define GPUMC_VERSION "0.0.0"
#endif

#define SARIF_SCHEMA "https://json.schemastore.org/sarif-2.1.0.json"
#define URI_MAX 8192

typedef struct rule_def {
    const char *id, *name, *short_text, *full_text;
} rule_def;

/* Indexed by finding_kind; ids are stable (see sarif.h). */
static const rule_def rules[FINDING_KIND_COUNT] = {
    [FINDING_DATA_RACE] = {"GPUMC001", "DataRace",
        "Data race: two conflicting accesses, at least one non-atomic, not "
        "ordered by happens-before.",
        "Two threads access the same memory location, at least one of them "
        "writes, at least one access is non-atomic, and no synchronisation "
        "(release/acquire, fences, barriers) orders them. The result of the "
        "kernel is undefined."},
    [FINDING_HETERO_RACE] = {"GPUMC002", "HeterogeneousRace",
        "Heterogeneous race: atomic accesses whose scopes do not include each "
        "other's threads.",
        "Two conflicting atomic accesses whose memory scopes are too narrow: "
        "the scope of one access does not include the other access's thread "
        "(for example block or work-group scope across blocks), so the "
        "accesses are not morally strong and race. Widen the scopes to the "
        "narrowest scope that includes both threads."},
    [FINDING_DIVERGENCE] = {"GPUMC003", "BarrierDivergence",
        "Barrier divergence: threads of one group reach different barriers, "
        "or some never reach one.",
        "A barrier must be reached by every thread of its group (block, "
        "work-group or grid) in the same order. Some execution lets threads "
        "of a group reach different barriers, or finish without reaching "
        "it."},
    [FINDING_ASSERT] = {"GPUMC004", "AssertionViolation",
        "Assertion violation: an assert in the kernel fails in some "
        "execution.",
        "Some execution allowed by the memory model makes an assertion of "
        "the kernel or harness fail."},
    [FINDING_MEMORY] = {"GPUMC005", "MemoryError",
        "Memory error: an access outside every allocated region.",
        "Some execution accesses memory outside every buffer, shared array "
        "or variable the kernel was given (out of bounds)."},
    [FINDING_DEADLOCK] = {"GPUMC006", "Deadlock",
        "Deadlock: every live thread is blocked forever.",
        "Some execution reaches a state where every thread that has not "
        "finished waits forever (a spin loop that can never exit, a join "
        "that never completes)."},
    [FINDING_LOOP_BOUND] = {"GPUMC007", "LoopBoundReached",
        "Loop bound reached: the harness cut the exploration at a loop bound.",
        "A pre-lowered harness called gpumc_loop_bound, so executions past "
        "that loop bound were not explored. Raise the harness's bound to explore "
        "further."},
    [FINDING_NONTERMINATION] = {"GPUMC008", "PossibleNonTermination",
        "Possible non-termination: a thread ran past its event budget.",
        "In some execution a thread kept running -- more shared-memory events "
        "or loop iterations than --max-events-per-thread allows -- without "
        "finishing: a loop that never ends (or a budget too small for the "
        "kernel; raise --max-events-per-thread)."},
    [FINDING_WARP_MISUSE] = {"GPUMC009", "WarpCollectiveMisuse",
        "Warp-collective misuse: a lane a warp collective's mask names does "
        "not take part in it.",
        "A warp collective (a shuffle, vote, match, reduction, __syncwarp, a "
        "tile's sync or an OpenCL sub-group function) must be reached by "
        "every lane its mask names that has not exited, and the caller must "
        "be one of them. Some execution lets a named lane skip it, reach a "
        "different collective, or take a shuffled value from a lane that "
        "returned."},
};

const char *sarif_rule_id(finding_kind k)
{
    return (unsigned)k < FINDING_KIND_COUNT ? rules[k].id : "GPUMC000";
}

static const char *level_of(finding_kind k)
{
    return report_is_error(k) ? "error" : "warning";
}

/* ---- URIs ------------------------------------------------------------- */

static int encode(const char *s, char *out, size_t n)
{
    static const char hex[] = "0123456789ABCDEF";
    size_t used = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        int keep = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
                   (*p >= '0' && *p <= '9') || strchr("-._~/", *p);
        if (used + (keep ? 1 : 3) >= n)
            return -1;
        if (keep) {
            out[used++] = (char)*p;
        } else {
            out[used++] = '%';
            out[used++] = hex[*p >> 4];
            out[used++] = hex[*p & 15];
        }
    }
    out[used] = '\0';
    return 0;
}

int sarif_uri(const char *path, const char *cwd, char *out, size_t n,
              int *relative)
{
    while (path[0] == '.' && path[1] == '/')
        path += 2;
    size_t lc = cwd ? strlen(cwd) : 0;
    while (lc > 1 && cwd[lc - 1] == '/')
        lc--;
    if (path[0] != '/') {
        *relative = 1;
        return encode(path, out, n);
    }
    if (lc > 0 && strncmp(path, cwd, lc) == 0 && path[lc] == '/') {
        *relative = 1;
        return encode(path + lc + 1, out, n);
    }
    *relative = 0;
    if (n < 8)
        return -1;
    memcpy(out, "file://", 7);
    return encode(path, out + 7, n - 7);
}

/* {"uri": ..., "uriBaseId": "SRCROOT"} */
static cJSON *artifact_location(const char *path, const char *cwd)
{
    char uri[URI_MAX];
    int rel;
    if (sarif_uri(path, cwd, uri, sizeof uri, &rel) != 0)
        return NULL;
    cJSON *j = cJSON_CreateObject();
    cJSON_AddStringToObject(j, "uri", uri);
    if (rel)
        cJSON_AddStringToObject(j, "uriBaseId", "SRCROOT");
    return j;
}

/* A byte column as a code-point column, when the line is at hand. */
static int char_column(srccache *src, const char *file, int line, int col)
{
    const char *text;
    size_t len;
    if (col < 1 || !src || srccache_line(src, file, line, &text, &len) != 0)
        return col;
    return srccache_char_column(text, len, col);
}

/* ---- locations --------------------------------------------------------- */

static cJSON *region(int line, int col)
{
    cJSON *j = cJSON_CreateObject();
    cJSON_AddNumberToObject(j, "startLine", line);
    if (col >= 1)
        cJSON_AddNumberToObject(j, "startColumn", col);
    return j;
}

static cJSON *physical_location(const report_ctx *c, const gpumc_srcloc *s,
                                const char *cwd)
{
    cJSON *art = artifact_location(s->file, cwd);
    if (!art)
        return NULL;
    cJSON *j = cJSON_CreateObject();
    cJSON_AddItemToObject(j, "artifactLocation", art);
    int col = char_column(c->src, s->file, s->line, s->col);
    cJSON_AddItemToObject(j, "region", region(s->line, col));
    const char *text;
    size_t len;
    /* the line as context, when it is more than the region (which runs to
     * the line's end): SARIF wants a proper superset */
    if (col > 1 && c->src && srccache_line(c->src, s->file, s->line, &text, &len) == 0) {
        char *line = strndup(text, len);
        cJSON *ctx = region(s->line, 0);
        cJSON *snip = cJSON_AddObjectToObject(ctx, "snippet");
        cJSON_AddStringToObject(snip, "text", line ? line : "");
        cJSON_AddItemToObject(j, "contextRegion", ctx);
        free(line);
    }
    return j;
}

/* ---- messages ---------------------------------------------------------- */

/* SARIF message text treats [ and ] as link syntax: escape literal ones. */
static void append_escaped(char *out, size_t n, size_t *used, const char *s)
{
    for (; *s && *used + 2 < n; s++) {
        if (*s == '[' || *s == ']' || *s == '\\')
            out[(*used)++] = '\\';
        out[(*used)++] = *s;
    }
    out[*used] = '\0';
}

static void append(char *out, size_t n, size_t *used, const char *s)
{
    while (*s && *used + 1 < n)
        out[(*used)++] = *s++;
    out[*used] = '\0';
}

/* "write 42 to data+0 (na, sys) by (block 0, thread 0)" */
static void describe_access(const report_ctx *c, const finding_event *e,
                            char *out, size_t n)
{
    char who[128], loc[160], val[64];
    report_thread(c, e, who, sizeof who);
    if (!report_is_memory(e)) {
        snprintf(out, n, "%s by %s", report_op(e), who);
        return;
    }
    report_location(e, loc, sizeof loc);
    report_value(e, val, sizeof val);
    char os[48];
    snprintf(out, n, "%s %s %s %s (%s) by %s", report_op(e), val,
             e->kind == EV_WRITE ? "to" : "from", loc, report_order_scope(c, e, os, sizeof os),
             who);
}

/* Sentences end with '.', as SARIF viewers expect. */
static void end_sentence(char *out, size_t n, size_t *used)
{
    if (*used > 0 && out[*used - 1] != '.')
        append(out, n, used, ".");
}

static void result_message(const report_ctx *c, const finding *x,
                           const char *label, int linked, char *out, size_t n)
{
    char a[400], why[1024];
    size_t used = 0;
    out[0] = '\0';
    append(out, n, &used, finding_kind_name(x->kind));
    if (x->a.valid) {
        describe_access(c, &x->a, a, sizeof a);
        append(out, n, &used, ": ");
        append_escaped(out, n, &used, a);
    }
    if (x->b.valid) {
        describe_access(c, &x->b, a, sizeof a);
        append(out, n, &used, linked ? " and [" : " and ");
        append_escaped(out, n, &used, a);
        append(out, n, &used, linked ? "](1)" : "");
    }
    end_sentence(out, n, &used);
    report_explain(c, x, why, sizeof why);
    if (!why[0] && x->msg[0])
        snprintf(why, sizeof why, "%s", x->msg);
    if (why[0]) {
        append(out, n, &used, " ");
        why[0] = (char)(why[0] >= 'a' && why[0] <= 'z' ? why[0] - 'a' + 'A' : why[0]);
        append_escaped(out, n, &used, why);
        end_sentence(out, n, &used);
    }
    if (label) {
        append(out, n, &used, " Configuration: ");
        append_escaped(out, n, &used, label);
        append(out, n, &used, ".");
    }
}

/* ---- results ----------------------------------------------------------- */

/* The gate matches by it; code scanning deduplicates by it. */
static void add_fingerprint(cJSON *res, const report_ctx *c, const checker_result *r,
                            unsigned i)
{
    char fp[32];
    report_fingerprint(c, r, i, fp, sizeof fp);
    cJSON *pf = cJSON_AddObjectToObject(res, "partialFingerprints");
    cJSON_AddStringToObject(pf, SARIF_FINGERPRINT_KEY, fp);
}

/* The function an access lies in, when the frontend knew it. */
static void add_function(cJSON *loc, const gpumc_srcloc *s)
{
    if (!s->func || !*s->func)
        return;
    cJSON *ll = cJSON_AddArrayToObject(loc, "logicalLocations");
    cJSON *f = cJSON_CreateObject();
    cJSON_AddStringToObject(f, "name", s->func);
    cJSON_AddStringToObject(f, "kind", "function");
    cJSON_AddItemToArray(ll, f);
}

static void add_related(cJSON *res, const report_ctx *c, const finding_event *e,
                        const gpumc_srcloc *s, const char *cwd)
{
    char text[400];
    cJSON *pl = physical_location(c, s, cwd);
    if (!pl)
        return;
    cJSON *rel = cJSON_AddArrayToObject(res, "relatedLocations");
    cJSON *loc = cJSON_CreateObject();
    cJSON_AddNumberToObject(loc, "id", 1);
    cJSON_AddItemToObject(loc, "physicalLocation", pl);
    add_function(loc, s);
    describe_access(c, e, text, sizeof text);
    cJSON *m = cJSON_AddObjectToObject(loc, "message");
    cJSON_AddStringToObject(m, "text", text);
    cJSON_AddItemToArray(rel, loc);
}

static void add_properties(cJSON *res, const report_ctx *c, const finding *x,
                           const char *label)
{
    char who[128];
    cJSON *p = cJSON_AddObjectToObject(res, "properties");
    cJSON_AddStringToObject(p, "kind", report_kind_id(x->kind));
    if (label)
        cJSON_AddStringToObject(p, "configuration", label);
    if (c->opts && c->opts->input)
        cJSON_AddStringToObject(p, "input", c->opts->input);
    cJSON *th = cJSON_AddArrayToObject(p, "threads");
    const finding_event *ev[2] = {&x->a, &x->b};
    for (int i = 0; i < 2; i++)
        if (ev[i]->valid) {
            report_thread(c, ev[i], who, sizeof who);
            cJSON_AddItemToArray(th, cJSON_CreateString(who));
        }
}

static void add_fixes(cJSON *res, const report_ctx *c, unsigned i, const char *cwd)
{
    unsigned n;
    const report_fix *fx = report_fixes_of(c, i, &n);
    if (!n)
        return;
    cJSON *arr = cJSON_AddArrayToObject(res, "fixes");
    for (unsigned k = 0; k < n; k++) {
        cJSON *f = sarif_fix(fx[k].edits, fx[k].nedits, fx[k].description,
                             cwd, c->src);
        if (f)
            cJSON_AddItemToArray(arr, f);
    }
}

/* One stack frame: a location and the function it lies in. */
static void add_frame(cJSON *frames, const report_ctx *c, const gpumc_srcloc *s, const char *cwd)
{
    cJSON *pl = physical_location(c, s, cwd);
    if (!pl)
        return;
    cJSON *fr = cJSON_CreateObject(), *loc = cJSON_AddObjectToObject(fr, "location");
    cJSON_AddItemToObject(loc, "physicalLocation", pl);
    add_function(loc, s);
    cJSON_AddItemToArray(frames, fr);
}

/* Code inlined from helpers: the access, then each call site it was
 * reached through, as a SARIF stack (callers: "called from f (k.cu:7:5),
 * from g (k.cu:20:9)", innermost first). */
static void add_stack(cJSON *stacks, const report_ctx *c, const finding_event *e,
                      const gpumc_srcloc *s, const char *cwd)
{
    char text[400], file[512], fn[256];
    if (!s->callers || !*s->callers)
        return;
    cJSON *st = cJSON_CreateObject(), *frames = cJSON_AddArrayToObject(st, "frames");
    describe_access(c, e, text, sizeof text);
    cJSON_AddStringToObject(cJSON_AddObjectToObject(st, "message"), "text", text);
    add_frame(frames, c, s, cwd);
    for (const char *p = s->callers; (p = strstr(p, "from ")) != NULL;) {
        p += 5;
        const char *open = strstr(p, " ("), *close = open ? strchr(open, ')') : NULL;
        if (!close)
            break;
        /* "f (file:line:col)": the file may hold colons, line and col do not */
        const char *c1 = NULL, *c2 = NULL;
        for (const char *q = open + 2; q < close; q++)
            if (*q == ':') {
                c1 = c2;
                c2 = q;
            }
        if (c1 && (size_t)(open - p) < sizeof fn && (size_t)(c1 - open - 2) < sizeof file) {
            snprintf(fn, sizeof fn, "%.*s", (int)(open - p), p);
            snprintf(file, sizeof file, "%.*s", (int)(c1 - open - 2), open + 2);
            gpumc_srcloc site = {.file = file, .line = atoi(c1 + 1), .col = atoi(c2 + 1),
                                 .func = fn};
            add_frame(frames, c, &site, cwd);
        }
        p = close;
    }
    cJSON_AddItemToArray(stacks, st);
}

static cJSON *result_object(const sarif_log *l, const report_ctx *c,
                            const checker_result *r, unsigned i,
                            const char *label)
{
    const finding *x = &r->findings[i];
    const gpumc_srcloc *sa = x->a.valid ? report_src(r, &x->a) : NULL;
    const gpumc_srcloc *sb = x->b.valid ? report_src(r, &x->b) : NULL;
    if (sa && !sa->file)
        sa = NULL;
    if (sb && !sb->file)
        sb = NULL;
    char msg[4096];
    cJSON *res = cJSON_CreateObject();
    cJSON_AddStringToObject(res, "ruleId", sarif_rule_id(x->kind));
    cJSON_AddNumberToObject(res, "ruleIndex", (int)x->kind);
    cJSON_AddStringToObject(res, "level", level_of(x->kind));
    result_message(c, x, label, sb != NULL, msg, sizeof msg);
    cJSON *m = cJSON_AddObjectToObject(res, "message");
    cJSON_AddStringToObject(m, "text", msg);
    cJSON *pl = sa ? physical_location(c, sa, l->cwd) : NULL;
    if (pl) {
        cJSON *locs = cJSON_AddArrayToObject(res, "locations");
        cJSON *loc = cJSON_CreateObject();
        cJSON_AddItemToObject(loc, "physicalLocation", pl);
        add_function(loc, sa);
        cJSON_AddItemToArray(locs, loc);
    }
    if (sb)
        add_related(res, c, &x->b, sb, l->cwd);
    if ((sa && sa->callers && *sa->callers) || (sb && sb->callers && *sb->callers)) {
        cJSON *stacks = cJSON_AddArrayToObject(res, "stacks");
        if (sa)
            add_stack(stacks, c, &x->a, sa, l->cwd);
        if (sb)
            add_stack(stacks, c, &x->b, sb, l->cwd);
    }
    add_fingerprint(res, c, r, i);
    add_properties(res, c, x, label);
    add_fixes(res, c, i, l->cwd);
    return res;
}

int sarif_add_findings(sarif_log *l, const report_ctx *c,
                       const checker_result *r, const char *label)
{
    for (unsigned i = 0; i < r->nfindings; i++) {
        cJSON *res = result_object(l, c, r, i, label);
        if (!res)
            return -1;
        cJSON_AddItemToArray(l->results, res);
    }
    if (verdict_of(r) != VERDICT_INCOMPLETE)
        return 0;
    char why[512], none[128], msg[700];
    verdict_why(r, c, why, sizeof why);
    verdict_no_error_in(r, none, sizeof none);
    snprintf(msg, sizeof msg, "Verification incomplete: %s; %s", why, none);
    return sarif_add_incomplete(l, label, msg);
}

/* ---- fixes ------------------------------------------------------------- */

static cJSON *replacement(const report_edit *e, srccache *src)
{
    cJSON *rep = cJSON_CreateObject();
    cJSON *reg = cJSON_AddObjectToObject(rep, "deletedRegion");
    cJSON_AddNumberToObject(reg, "startLine", e->line);
    cJSON_AddNumberToObject(reg, "startColumn",
                            char_column(src, e->file, e->line, e->col));
    cJSON_AddNumberToObject(reg, "endLine", e->end_line);
    cJSON_AddNumberToObject(reg, "endColumn",
                            char_column(src, e->file, e->end_line, e->end_col));
    cJSON *ins = cJSON_AddObjectToObject(rep, "insertedContent");
    cJSON_AddStringToObject(ins, "text", e->replacement ? e->replacement : "");
    return rep;
}

/* The artifactChange for file, created on first use. */
static cJSON *change_for(cJSON *changes, const char *file, const char *cwd)
{
    char uri[URI_MAX];
    int rel;
    if (sarif_uri(file, cwd, uri, sizeof uri, &rel) != 0)
        return NULL;
    cJSON *ch;
    cJSON_ArrayForEach(ch, changes) {
        cJSON *al = cJSON_GetObjectItemCaseSensitive(ch, "artifactLocation");
        const char *u = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(al, "uri"));
        if (u && strcmp(u, uri) == 0)
            return cJSON_GetObjectItemCaseSensitive(ch, "replacements");
    }
    ch = cJSON_CreateObject();
    cJSON_AddItemToObject(ch, "artifactLocation", artifact_location(file, cwd));
    cJSON *reps = cJSON_AddArrayToObject(ch, "replacements");
    cJSON_AddItemToArray(changes, ch);
    return reps;
}

/* The edits' own descriptions joined by "; ", each once. */
static void joined_descriptions(const report_edit *edits, unsigned n,
                                char *out, size_t cap)
{
    size_t used = 0;
    out[0] = '\0';
    for (unsigned i = 0; i < n; i++) {
        const char *d = edits[i].description;
        int seen = 0;
        for (unsigned j = 0; j < i && d; j++)
            seen |= edits[j].description && strcmp(edits[j].description, d) == 0;
        if (!d || !*d || seen)
            continue;
        if (used)
            append(out, cap, &used, "; ");
        append(out, cap, &used, d);
    }
    if (!used)
        snprintf(out, cap, "apply %u edit%s", n, n == 1 ? "" : "s");
}

cJSON *sarif_fix(const report_edit *edits, unsigned n, const char *description,
                 const char *cwd, srccache *src)
{
    char text[2048];
    if (description)
        snprintf(text, sizeof text, "%s", description);
    else
        joined_descriptions(edits, n, text, sizeof text);
    cJSON *fix = cJSON_CreateObject();
    if (!fix)
        return NULL;
    cJSON *d = cJSON_AddObjectToObject(fix, "description");
    cJSON_AddStringToObject(d, "text", text);
    cJSON *changes = cJSON_AddArrayToObject(fix, "artifactChanges");
    for (unsigned i = 0; i < n; i++) {
        cJSON *reps = changes ? change_for(changes, edits[i].file, cwd) : NULL;
        if (!reps) {
            cJSON_Delete(fix);
            return NULL;
        }
        cJSON_AddItemToArray(reps, replacement(&edits[i], src));
    }
    return fix;
}

/* ---- the log ----------------------------------------------------------- */

static cJSON *rule_object(const rule_def *d, finding_kind k)
{
    cJSON *r = cJSON_CreateObject();
    cJSON_AddStringToObject(r, "id", d->id);
    cJSON_AddStringToObject(r, "name", d->name);
    cJSON *s = cJSON_AddObjectToObject(r, "shortDescription");
    cJSON_AddStringToObject(s, "text", d->short_text);
    cJSON *f = cJSON_AddObjectToObject(r, "fullDescription");
    cJSON_AddStringToObject(f, "text", d->full_text);
    cJSON *h = cJSON_AddObjectToObject(r, "help");
    cJSON_AddStringToObject(h, "text", d->full_text);
    cJSON *dc = cJSON_AddObjectToObject(r, "defaultConfiguration");
    cJSON_AddStringToObject(dc, "level", level_of(k));
    cJSON *p = cJSON_AddObjectToObject(r, "properties");
    cJSON_AddStringToObject(p, "kind", report_kind_id(k));
    cJSON_AddStringToObject(p, "precision", "very-high");
    cJSON_AddStringToObject(p, "problem.severity", level_of(k));
    cJSON *tags = cJSON_AddArrayToObject(p, "tags");
    cJSON_AddItemToArray(tags, cJSON_CreateString("correctness"));
    cJSON_AddItemToArray(tags, cJSON_CreateString("concurrency"));
    cJSON_AddItemToArray(tags, cJSON_CreateString("gpu"));
    return r;
}

static cJSON *tool_object(void)
{
    cJSON *t = cJSON_CreateObject();
    cJSON *d = cJSON_AddObjectToObject(t, "driver");
    cJSON_AddStringToObject(d, "name", "gpumc");
    cJSON_AddStringToObject(d, "fullName", "gpumc, a stateless model checker "
                            "for GPU kernels");
    cJSON_AddStringToObject(d, "version", GPUMC_VERSION);
    cJSON_AddStringToObject(d, "semanticVersion", GPUMC_VERSION);
    cJSON *rs = cJSON_AddArrayToObject(d, "rules");
    for (int k = 0; k < FINDING_KIND_COUNT; k++)
        cJSON_AddItemToArray(rs, rule_object(&rules[k], (finding_kind)k));
    return t;
}

/* originalUriBaseIds.SRCROOT: the working directory as a file:// URI. */
static void add_base(cJSON *run, const char *cwd)
{
    char uri[URI_MAX];
    size_t n;
    if (!cwd || cwd[0] != '/' || encode(cwd, uri + 7, sizeof uri - 8) != 0)
        return;
    memcpy(uri, "file://", 7);
    n = strlen(uri);
    if (uri[n - 1] != '/') {
        uri[n] = '/';
        uri[n + 1] = '\0';
    }
    cJSON *b = cJSON_AddObjectToObject(run, "originalUriBaseIds");
    cJSON *s = cJSON_AddObjectToObject(b, "SRCROOT");
    cJSON_AddStringToObject(s, "uri", uri);
}

int sarif_log_init(sarif_log *l, const char *cwd)
{
    memset(l, 0, sizeof *l);
    l->cwd = strdup(cwd ? cwd : "");
    l->root = cJSON_CreateObject();
    if (!l->cwd || !l->root) {
        sarif_log_free(l);
        return -1;
    }
    cJSON_AddStringToObject(l->root, "$schema", SARIF_SCHEMA);
    cJSON_AddStringToObject(l->root, "version", "2.1.0");
    cJSON *runs = cJSON_AddArrayToObject(l->root, "runs");
    l->run = cJSON_CreateObject();
    cJSON_AddItemToArray(runs, l->run);
    cJSON_AddItemToObject(l->run, "tool", tool_object());
    add_base(l->run, l->cwd);
    cJSON *inv = cJSON_AddArrayToObject(l->run, "invocations");
    l->invocation = cJSON_CreateObject();
    cJSON_AddItemToArray(inv, l->invocation);
    cJSON_AddBoolToObject(l->invocation, "executionSuccessful", 1);
    cJSON_AddStringToObject(l->run, "columnKind", "unicodeCodePoints");
    l->results = cJSON_AddArrayToObject(l->run, "results");
    if (!l->run || !l->invocation || !l->results) {
        sarif_log_free(l);
        return -1;
    }
    return 0;
}

void sarif_log_free(sarif_log *l)
{
    cJSON_Delete(l->root);
    free(l->cwd);
    memset(l, 0, sizeof *l);
}

/* executionSuccessful: false, and a notification at level with the
 * message (prefixed by label) and the exit code. */
static int add_notification(sarif_log *l, const char *level, int exit_code,
                            const char *label, const char *msg)
{
    char text[4096];
    size_t used = 0;
    text[0] = '\0';
    if (label) {
        append(text, sizeof text, &used, label);
        append(text, sizeof text, &used, ": ");
    }
    append(text, sizeof text, &used, msg && *msg ? msg : "the run failed");
    while (used > 0 && (text[used - 1] == '\n' || text[used - 1] == ' '))
        text[--used] = '\0';
    end_sentence(text, sizeof text, &used);
    cJSON *inv = l->invocation;
    cJSON_ReplaceItemInObjectCaseSensitive(inv, "executionSuccessful",
                                           cJSON_CreateFalse());
    cJSON *ns = cJSON_GetObjectItemCaseSensitive(inv, "toolExecutionNotifications");
    if (!ns)
        ns = cJSON_AddArrayToObject(inv, "toolExecutionNotifications");
    cJSON *n = cJSON_CreateObject();
    if (!ns || !n) {
        cJSON_Delete(n);
        return -1;
    }
    cJSON_AddStringToObject(n, "level", level);
    cJSON *m = cJSON_AddObjectToObject(n, "message");
    cJSON_AddStringToObject(m, "text", text);
    cJSON *p = cJSON_AddObjectToObject(n, "properties");
    cJSON_AddNumberToObject(p, "exitCode", exit_code);
    cJSON_AddItemToArray(ns, n);
    return 0;
}

int sarif_add_failure(sarif_log *l, int exit_code, const char *label,
                      const char *msg)
{
    return add_notification(l, "error", exit_code, label, msg);
}

int sarif_add_incomplete(sarif_log *l, const char *label, const char *msg)
{
    return add_notification(l, "warning", CLI_EXIT_INCOMPLETE, label, msg);
}

void sarif_set_exit_code(sarif_log *l, int exit_code)
{
    cJSON *inv = l->invocation;
    cJSON_DeleteItemFromObjectCaseSensitive(inv, "exitCode");
    cJSON_AddNumberToObject(inv, "exitCode", exit_code);
}

char *sarif_print(const sarif_log *l)
{
    return l->root ? cJSON_Print(l->root) : NULL;
}
