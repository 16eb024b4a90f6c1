/* check.c -- see check.h. */
#include "check.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli_config.h"
#include "driver.h"
#include "futil.h"
#include "gate.h"
#include "report_text.h"
#include "sarif.h"
#include "sigstop.h"
#include "verdict.h"

typedef struct entry {
    char *name;   /* owned */
    cli_opts o;   /* this kernel's finished options */
    int allow_incomplete; /* an incomplete verdict does not fail the gate */
    int incomplete;       /* the run was incomplete (verdict.h) ... */
    char why[512];        /* ... for this reason */
} entry;

typedef struct gate_run {
    const cli_opts *base;
    entry *e;
    unsigned n;
    srccache src;
    sarif_log log;
    gate_baseline baseline;
    int failure;              /* the worst exit code of a kernel that failed */
    unsigned errors, warnings, failed;
    int allow_incomplete;     /* the gate file's default for its entries */
    unsigned incomplete, incomplete_allowed;
} gate_run;

/* The kernel being run, for the driver's hooks. */
typedef struct gate_kernel {
    gate_run *G;
    entry *e;
} gate_kernel;

static int text_mode(const gate_run *G)
{
    return G->base->format == CLI_FORMAT_TEXT;
}

/* ---- the gate file ------------------------------------------------------ */

/* file, relative to the gate file's directory unless absolute. */
static char *entry_path(const char *gate, const char *file)
{
    const char *slash = strrchr(gate, '/');
    size_t dir = slash ? (size_t)(slash - gate) : 0;
    if (file[0] == '/' || !slash)
        return strdup(file);
    char *p = malloc(dir + strlen(file) + 2);
    if (p)
        sprintf(p, "%.*s/%s", (int)dir, gate, file);
    return p;
}

/* "config: msg" from the option code, said of kernels[i]. */
static int entry_error(const gate_run *G, unsigned i, const char *name,
                       char *err, size_t errsz)
{
    static const char pre[] = "config: ";
    char msg[CLI_ERR_MAX];
    const char *m = strncmp(err, pre, sizeof pre - 1) == 0 ? err + sizeof pre - 1 : err;
    snprintf(msg, sizeof msg, "%.400s", m);
    return cli_fail_usage(err, errsz, "--config=%.200s: kernels[%u]%s%.100s%s: %.200s", G->base->config,
                i, name ? " (" : "", name ? name : "", name ? ")" : "", msg);
}

/* "allow_incomplete": absent (def), or a boolean; -1 when it is not one. */
static int allow_flag(const cJSON *obj, int def)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, "allow_incomplete");
    return !v ? def : cJSON_IsBool(v) ? cJSON_IsTrue(v) : -1;
}

static int entry_opts(gate_run *G, entry *e, const cJSON *item, int argc,
                      char **argv, char *err, size_t errsz)
{
    static const char *const skip[] = {"file", "name", "allow_incomplete", NULL};
    const char *file = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(item, "file"));
    cli_opts_init(&e->o);
    /* The command line parsed once already: it cannot fail now. */
    int rc = cli_opts_parse(&e->o, argc, argv, err, errsz);
    if (rc == CLI_EXIT_OK && !(e->o.input = entry_path(G->base->config, file)))
        abort();
    if (rc == CLI_EXIT_OK)
        rc = cli_config_apply_object(&e->o, item, skip, err, errsz);
    if (rc == CLI_EXIT_OK)
        rc = cli_opts_finish(&e->o, err, errsz);
    if (rc == CLI_EXIT_OK && access(e->o.input, R_OK) != 0)
        rc = cli_fail_usage(err, errsz, "cannot open '%s': %s", e->o.input, strerror(errno));
    return rc;
}

static int load_entry(gate_run *G, unsigned i, const cJSON *item, int argc,
                      char **argv, char *err, size_t errsz)
{
    entry *e = &G->e[i];
    const cJSON *file = cJSON_GetObjectItemCaseSensitive(item, "file");
    const cJSON *name = cJSON_GetObjectItemCaseSensitive(item, "name");
    if (!cJSON_IsObject(item) || !cJSON_IsString(file) || !file->valuestring[0])
        return cli_fail_usage(err, errsz, "--config=%s: kernels[%u] must be an object "
                    "with \"file\" (the kernel, relative to the config file) "
                    "and --config keys such as \"grid\", \"block\", \"args\"",
                    G->base->config, i);
    if (name && (!cJSON_IsString(name) || !name->valuestring[0]))
        return cli_fail_usage(err, errsz, "--config=%s: kernels[%u]: \"name\" must be a "
                    "non-empty string", G->base->config, i);
    e->name = strdup(name ? name->valuestring : file->valuestring);
    if (!e->name)
        abort();
    if ((e->allow_incomplete = allow_flag(item, G->allow_incomplete)) < 0)
        return cli_fail_usage(err, errsz, "--config=%s: kernels[%u]: \"allow_incomplete\" "
                    "must be true or false", G->base->config, i);
    if (entry_opts(G, e, item, argc, argv, err, errsz) != CLI_EXIT_OK)
        return entry_error(G, i, e->name, err, errsz);
    return CLI_EXIT_OK;
}

static int check_top_keys(const gate_run *G, const cJSON *root, char *err,
                          size_t errsz)
{
    const cJSON *v;
    cJSON_ArrayForEach(v, root)
        if (strcmp(v->string, "kernels") != 0 && strcmp(v->string, "description") != 0 &&
            strcmp(v->string, "allow_incomplete") != 0)
            return cli_fail_usage(err, errsz, "--config=%s: unknown key \"%s\" (a gate "
                        "file has \"kernels\" and optionally \"description\" and "
                        "\"allow_incomplete\")", G->base->config, v->string);
    if (allow_flag(root, 0) < 0)
        return cli_fail_usage(err, errsz, "--config=%s: \"allow_incomplete\" must be true "
                    "or false", G->base->config);
    const cJSON *k = cJSON_GetObjectItemCaseSensitive(root, "kernels");
    if (!cJSON_IsArray(k) || cJSON_GetArraySize(k) == 0)
        return cli_fail_usage(err, errsz, "--config=%s: \"kernels\" must be a non-empty "
                    "array of kernel entries (see docs/ci.md)", G->base->config);
    return CLI_EXIT_OK;
}

static int load_entries(gate_run *G, const cJSON *root, int argc, char **argv,
                        char *err, size_t errsz)
{
    int rc = check_top_keys(G, root, err, errsz);
    if (rc != CLI_EXIT_OK)
        return rc;
    const cJSON *k = cJSON_GetObjectItemCaseSensitive(root, "kernels");
    unsigned n = (unsigned)cJSON_GetArraySize(k);
    G->allow_incomplete = allow_flag(root, 0);
    G->e = calloc(n, sizeof *G->e);
    if (!G->e)
        abort();
    const cJSON *item;
    cJSON_ArrayForEach(item, k) {
        cli_opts_init(&G->e[G->n].o);
        rc = load_entry(G, G->n, item, argc, argv, err, errsz);
        G->n++; /* loaded or not, it is freed with the others */
        if (rc != CLI_EXIT_OK)
            return rc;
    }
    return CLI_EXIT_OK;
}

static int load_gate(gate_run *G, int argc, char **argv, char *err, size_t errsz)
{
    const char *path = G->base->config;
    char *text = futil_read_regular(path, CLI_CONFIG_MAX, NULL);
    if (!text)
        return cli_config_read_error(path, err, errsz);
    cJSON *root = cJSON_Parse(text);
    free(text);
    int rc;
    if (!cJSON_IsObject(root))
        rc = cli_fail_usage(err, errsz, "--config=%s: not a JSON object {\"kernels\": "
                  "[...]}", path);
    else
        rc = load_entries(G, root, argc, argv, err, errsz);
    cJSON_Delete(root);
    return rc;
}

/* ---- running the kernels -------------------------------------------------- */

/* An incomplete kernel fails the gate unless its entry allows it. */
static void note_incomplete(gate_run *G, entry *e, const report_ctx *c,
                            const checker_result *r)
{
    if (verdict_of(r) != VERDICT_INCOMPLETE)
        return;
    e->incomplete = 1;
    verdict_why(r, c, e->why, sizeof e->why);
    G->incomplete++;
    G->incomplete_allowed += e->allow_incomplete != 0;
}

static int on_result(void *ud, const report_ctx *c, const checker_result *r)
{
    gate_kernel *k = ud;
    for (unsigned i = 0; i < r->nfindings; i++) {
        k->G->errors += report_is_error(r->findings[i].kind);
        k->G->warnings += !report_is_error(r->findings[i].kind);
    }
    note_incomplete(k->G, k->e, c, r);
    if (text_mode(k->G))
        report_text_print(stdout, c, r);
    if (sarif_add_findings(&k->G->log, c, r, k->e->name) != 0)
        return CLI_EXIT_INTERNAL;
    return verdict_run_exit_code(r);
}

static void on_failure(void *ud, const report_ctx *c, int code, const char *msg)
{
    gate_kernel *k = ud;
    (void)c;
    sarif_add_failure(&k->G->log, code, k->e->name, msg);
}

/* Which failure decides the exit code: a signal, an internal error, then
 * input the checker could not read, then usage. */
static int failure_rank(int code)
{
    return code > 128 ? 4 : code == CLI_EXIT_INTERNAL ? 3 : code == CLI_EXIT_INPUT ? 2
         : code == CLI_EXIT_USAGE ? 1 : 0;
}

static void run_kernel(gate_run *G, unsigned i)
{
    entry *e = &G->e[i];
    char label[256];
    snprintf(label, sizeof label, "[%u/%u] %s", i + 1, G->n, e->name);
    if (text_mode(G))
        printf("== %s: %s ==\n", label, e->o.input);
    fflush(stdout);
    gate_kernel k = {G, e};
    driver_hooks h = {on_result, on_failure, &k, &G->src, label, 0, NULL};
    int rc = driver_run_hooks(&e->o, futil_now(), &h);
    if (rc != CLI_EXIT_OK && rc != CLI_EXIT_VERIFY && rc != CLI_EXIT_INCOMPLETE) {
        G->failed++;
        if (failure_rank(rc) > failure_rank(G->failure))
            G->failure = rc;
    }
    if (text_mode(G))
        putchar('\n');
}

/* ---- the verdict ---------------------------------------------------------- */

static int is_new_error(const cJSON *res, int have_baseline)
{
    const char *level = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(res, "level"));
    const char *state = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(res, "baselineState"));
    return level && strcmp(level, "error") == 0 &&
           (!have_baseline || (state && strcmp(state, "new") == 0));
}

/* "  GPUMC001 kernels/a.cu:20 kernels/a.cu:25 (name)" per new error. */
static void list_new(FILE *f, const gate_run *G, int have_baseline)
{
    const cJSON *res;
    char key[8400];
    cJSON_ArrayForEach(res, G->log.results) {
        if (!is_new_error(res, have_baseline) || gate_result_key(res, key, sizeof key) != 0)
            continue;
        const cJSON *p = cJSON_GetObjectItemCaseSensitive(res, "properties");
        const char *cfg = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(p, "configuration"));
        for (char *c = key; *c; c++)
            if (*c == '|')
                *c = ' ';
        fprintf(f, "  %s%s%s%s\n", key, cfg ? " (" : "", cfg ? cfg : "", cfg ? ")" : "");
    }
}

/* "  NAME: why" per incomplete kernel, "(allowed)" when its entry says so. */
static void list_incomplete(FILE *f, const gate_run *G)
{
    if (!G->incomplete)
        return;
    fprintf(f, "Incomplete (not every execution explored):\n");
    for (unsigned i = 0; i < G->n; i++)
        if (G->e[i].incomplete)
            fprintf(f, "  %s: %s%s\n", G->e[i].name, G->e[i].why,
                    G->e[i].allow_incomplete ? " (allowed)" : "");
}

static void summary(FILE *f, const gate_run *G, unsigned fresh, int have_baseline,
                    int rc)
{
    fprintf(f, "gpumc check: %u kernel%s, %u error%s", G->n, G->n == 1 ? "" : "s",
            G->errors, G->errors == 1 ? "" : "s");
    if (have_baseline)
        fprintf(f, " (%u new, %u in the baseline)", fresh, G->errors - fresh);
    fprintf(f, ", %u warning%s, %u incomplete", G->warnings, G->warnings == 1 ? "" : "s",
            G->incomplete);
    if (G->incomplete)
        fprintf(f, " (%u allowed)", G->incomplete_allowed);
    fprintf(f, ", %u kernel%s could not be checked\n", G->failed, G->failed == 1 ? "" : "s");
    if (fresh) {
        fprintf(f, "%s:\n", have_baseline ? "New errors (not in the baseline)" : "Errors");
        list_new(f, G, have_baseline);
    }
    list_incomplete(f, G);
    fprintf(f, "gpumc check: %s (exit %d)\n", rc == CLI_EXIT_OK ? "passed" : "FAILED", rc);
}

static int write_log(gate_run *G, int rc)
{
    sarif_set_exit_code(&G->log, rc);
    char *text = sarif_print(&G->log);
    if (!text) {
        fprintf(stderr, "gpumc: internal error: out of memory building the SARIF log\n");
        return CLI_EXIT_INTERNAL;
    }
    int out = CLI_EXIT_OK;
    if (G->base->format == CLI_FORMAT_SARIF)
        printf("%s\n", text);
    if (G->base->sarif_out && futil_write(G->base->sarif_out, text, strlen(text)) != 0) {
        fprintf(stderr, "gpumc: error: --sarif=%s: cannot write it: %s\n",
                G->base->sarif_out, strerror(errno));
        out = CLI_EXIT_USAGE;
    }
    free(text);
    return out;
}

static int verdict(gate_run *G)
{
    int have_baseline = G->base->baseline != NULL;
    unsigned fresh = gate_mark(G->log.results, have_baseline ? &G->baseline : NULL);
    int rc = G->failure ? G->failure : fresh ? CLI_EXIT_VERIFY
           : G->incomplete > G->incomplete_allowed ? CLI_EXIT_INCOMPLETE : CLI_EXIT_OK;
    int wrc = write_log(G, rc);
    if (wrc != CLI_EXIT_OK && failure_rank(wrc) > failure_rank(G->failure))
        rc = wrc;
    FILE *f = text_mode(G) ? stdout : stderr;
    if (text_mode(G) || !G->base->quiet)
        summary(f, G, fresh, have_baseline, rc);
    return fflush(stdout) == 0 ? rc : CLI_EXIT_INTERNAL;
}

/* ---- the whole gate ----------------------------------------------------------- */

static void gate_free(gate_run *G)
{
    for (unsigned i = 0; i < G->n; i++) {
        free(G->e[i].name);
        cli_opts_free(&G->e[i].o);
    }
    free(G->e);
    sarif_log_free(&G->log);
    gate_baseline_free(&G->baseline);
    srccache_free(&G->src);
}

static int gate_prepare(gate_run *G, int argc, char **argv, char *err, size_t errsz)
{
    char cwd[4096];
    int rc = load_gate(G, argc, argv, err, errsz);
    if (rc == CLI_EXIT_OK && G->base->baseline)
        rc = gate_baseline_load(&G->baseline, G->base->baseline, err, errsz);
    if (rc == CLI_EXIT_OK && sarif_log_init(&G->log, getcwd(cwd, sizeof cwd) ? cwd : "") != 0)
        rc = cli_fail_usage(err, errsz, "out of memory");
    return rc;
}

int check_run(const cli_opts *base, int argc, char **argv)
{
    gate_run G;
    char err[2 * CLI_ERR_MAX];
    memset(&G, 0, sizeof G);
    G.base = base;
    srccache_init(&G.src);
    int rc = gate_prepare(&G, argc, argv, err, sizeof err);
    if (rc != CLI_EXIT_OK) {
        fprintf(stderr, "gpumc: error: %s\n", err);
        gate_free(&G);
        return rc;
    }
    for (unsigned i = 0; i < G.n && !sigstop_signal(); i++)
        run_kernel(&G, i); /* after a signal: the verdict so far */
    rc = verdict(&G);
    gate_free(&G);
    return rc;
}
