/* outputs.c -- see outputs.h. */
#include "outputs.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "futil.h"
#include "report_json.h"
#include "report_text.h"
#include "sarif.h"
#include "verdict.h"

void outputs_init(outputs *out, const cli_opts *o)
{
    out->o = o;
    if (!getcwd(out->cwd, sizeof out->cwd))
        out->cwd[0] = '\0';
}

void outputs_free(outputs *out)
{
    out->o = NULL;
}

static void note(const outputs *out, const char *fmt, const char *arg)
{
    if (out->o->quiet)
        return;
    fputs("gpumc: note: ", stderr);
    fprintf(stderr, fmt, arg);
    fputc('\n', stderr);
}

/* The SARIF log of the run as text (malloc'd): its findings, or, with
 * r == NULL, the failure `code`/`msg`.  NULL when out of memory. */
static char *sarif_text(const outputs *out, const report_ctx *c,
                        const checker_result *r, int code, const char *msg)
{
    sarif_log l;
    if (sarif_log_init(&l, out->cwd) != 0)
        return NULL;
    int bad = r ? sarif_add_findings(&l, c, r, NULL)
                : sarif_add_failure(&l, code, NULL, msg);
    sarif_set_exit_code(&l, r ? verdict_run_exit_code(r) : code);
    char *text = bad ? NULL : sarif_print(&l);
    sarif_log_free(&l);
    return text;
}

/* Write a file named by option opt; the error message (also on stderr)
 * goes to err. */
static int write_named(const char *opt, const char *path, const char *text,
                       char *err, size_t errsz)
{
    if (futil_write(path, text, strlen(text)) == 0)
        return CLI_EXIT_OK;
    snprintf(err, errsz, "%s=%s: cannot write it: %s", opt, path, strerror(errno));
    fprintf(stderr, "gpumc: error: %s\n", err);
    return CLI_EXIT_USAGE;
}

#define PATH_MAX_NOTE 8400

/* FILE.svg / FILE.png: the DOT goes through Graphviz's `dot` (from a
 * temporary next to FILE); without Graphviz it is written as FILE.dot. */
static int render_graph(outputs *out, const char *path, const char *fmt, const char *dot,
                        char *err, size_t errsz)
{
    size_t n = strlen(path);
    char *tmp = malloc(n + 16), *as_dot = malloc(n + 8);
    if (!tmp || !as_dot) {
        free(tmp);
        free(as_dot);
        snprintf(err, errsz, "out of memory");
        return CLI_EXIT_INTERNAL;
    }
    snprintf(tmp, n + 16, "%s.gpumc-tmp.dot", path);
    snprintf(as_dot, n + 8, "%.*s.dot", (int)(n - 4), path);
    int rc = write_named("--dump-error-graph", tmp, dot, err, errsz);
    if (rc == CLI_EXIT_OK) {
        char tflag[16], *output = NULL;
        snprintf(tflag, sizeof tflag, "-T%s", fmt);
        char *argv[] = {"dot", tflag, "-o", (char *)path, tmp, NULL};
        int st = futil_run_captured(argv, &output);
        if (st < 0 && errno == ENOENT) {
            char msg[PATH_MAX_NOTE];
            snprintf(msg, sizeof msg, "Graphviz (dot) is not installed: the error graph was "
                     "written as %s instead of %s", as_dot, path);
            note(out, "%s", msg);
            rc = rename(tmp, as_dot) == 0 ? CLI_EXIT_OK
                 : write_named("--dump-error-graph", as_dot, dot, err, errsz);
        } else if (st != 0) {
            snprintf(err, errsz, "--dump-error-graph=%s: Graphviz's dot failed: %.200s", path,
                     output && *output ? output : "(no message)");
            fprintf(stderr, "gpumc: error: %s\n", err);
            rc = CLI_EXIT_USAGE;
        }
        free(output);
    }
    unlink(tmp);
    free(tmp);
    free(as_dot);
    return rc;
}

static int dump_graph(outputs *out, const checker_result *r, char *err,
                      size_t errsz)
{
    const char *path = out->o->dump_graph;
    const finding *x = report_first_error(r);
    if (!x) {
        note(out, "no error was found, so no error graph was written to %s", path);
        return CLI_EXIT_OK;
    }
    if (!x->dot) {
        note(out, "the engine gave no graph for the first error; %s was not written", path);
        return CLI_EXIT_OK;
    }
    const char *ext = strrchr(path, '.');
    if (ext && (!strcmp(ext, ".svg") || !strcmp(ext, ".png")))
        return render_graph(out, path, ext + 1, x->dot, err, errsz);
    return write_named("--dump-error-graph", path, x->dot, err, errsz);
}

static int write_sarif(outputs *out, const report_ctx *c, const checker_result *r,
                       char *err, size_t errsz)
{
    char *text = sarif_text(out, c, r, 0, NULL);
    if (!text) {
        snprintf(err, errsz, "out of memory building the SARIF log");
        fprintf(stderr, "gpumc: internal error: %s\n", err);
        return CLI_EXIT_INTERNAL;
    }
    int rc = write_named("--sarif", out->o->sarif_out, text, err, errsz);
    free(text);
    return rc;
}

static int print_report(outputs *out, const report_ctx *c, const checker_result *r)
{
    int bad = 0;
    if (out->o->format == CLI_FORMAT_JSON) {
        bad = report_json_print(stdout, c, r) != 0;
    } else if (out->o->format == CLI_FORMAT_SARIF) {
        char *text = sarif_text(out, c, r, 0, NULL);
        bad = !text;
        if (text)
            printf("%s\n", text);
        free(text);
    } else {
        report_text_print(stdout, c, r);
    }
    if (bad)
        fprintf(stderr, "gpumc: internal error: out of memory building the report\n");
    return fflush(stdout) == 0 && !bad ? verdict_run_exit_code(r) : CLI_EXIT_INTERNAL;
}

int outputs_result(outputs *out, const report_ctx *c, const checker_result *r)
{
    int rc = CLI_EXIT_OK;
    char err[1024];
    if (out->o->dump_graph)
        rc = dump_graph(out, r, err, sizeof err);
    if (rc == CLI_EXIT_OK && out->o->sarif_out)
        rc = write_sarif(out, c, r, err, sizeof err);
    if (rc != CLI_EXIT_OK) {
        /* A file named on the command line: a usage error, reported in the
         * chosen format so that a consumer still gets one object. */
        outputs_failure(out, c, rc, err);
        return rc;
    }
    return print_report(out, c, r);
}

void outputs_failure(outputs *out, const report_ctx *c, int code,
                     const char *msg)
{
    char *text = NULL;
    if (out->o->format == CLI_FORMAT_SARIF || out->o->sarif_out)
        text = sarif_text(out, c, NULL, code, msg);
    if (out->o->format == CLI_FORMAT_JSON)
        report_json_error(stdout, c, code, msg);
    else if (out->o->format == CLI_FORMAT_SARIF && text)
        printf("%s\n", text);
    char err[1024];
    /* Not after a usage error: that may be the --sarif file itself. */
    if (out->o->sarif_out && text && code != CLI_EXIT_USAGE)
        write_named("--sarif", out->o->sarif_out, text, err, sizeof err);
    free(text);
    fflush(stdout);
}
