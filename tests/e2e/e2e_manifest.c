/*
 * e2e_manifest.c -- runs build/gpumc on kernels/manifest.json entries and
 * checks what the manifest promises.
 *
 *   e2e_manifest GPUMC KERNELS_DIR NAME|--all [--no-frontend]
 *
 * For an entry it writes the entry's "config" to a temporary --config file,
 * runs  GPUMC --config=TMP [options...] KERNELS_DIR/FILE [KERNELS_DIR/MORE...]
 *       [-- compiler_args]  (MORE: the entry's "more_files", the program's other files)
 * and requires: the exit code (0 if expect.errors is empty, else 42); the
 * SPEC 5 closing lines, exactly formatted; the verdict line naming one of
 * the expected kinds; the set of "Error N: <kind>" headings equal to
 * expect.errors; a "Races Detected:" block (with well-formed lines) exactly
 * when a race is expected; and the complete-execution count when pinned.
 * --all runs every entry (with --no-frontend: only pre-lowered harnesses).
 * Exit 0 when every check passed, 1 otherwise.
 */
#include <cjson/cJSON.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../common/runlib.h"

typedef struct output {
    char *text;
    int exit_code;
} output;

/* ---- checks ---------------------------------------------------------- */

typedef struct check {
    const char *name;
    int failures;
} check;

static void failf(check *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "FAIL %s: ", c->name);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    c->failures++;
}

static void check_closing(check *c, char *text, const cJSON *errors,
                          const cJSON *executions)
{
    char *l[4];
    if (runlib_last_lines(text, l, 4) < 4) {
        failf(c, "output has fewer than 4 lines");
        return;
    }
    unsigned long long complete, blocked;
    double secs;
    char end;
    if (cJSON_GetArraySize(errors) == 0) {
        if (strcmp(l[0], "No errors were detected.") != 0)
            failf(c, "verdict line is '%s', expected 'No errors were detected.'", l[0]);
    } else {
        size_t n = strlen(l[0]);
        const char *pre = "Error detected: ";
        if (strncmp(l[0], pre, strlen(pre)) != 0 || n < strlen(pre) + 2 ||
            l[0][n - 1] != '!' ||
            !runlib_in_list(errors, l[0] + strlen(pre), n - strlen(pre) - 1))
            failf(c, "verdict line is '%s', expected 'Error detected: <one of "
                  "the expected kinds>!'", l[0]);
    }
    if (sscanf(l[1], "Number of complete executions explored: %llu%c", &complete, &end) != 1)
        failf(c, "bad line '%s'", l[1]);
    else if (cJSON_IsNumber(executions) && complete != (unsigned long long)executions->valuedouble)
        failf(c, "%llu complete executions, expected %.0f", complete, executions->valuedouble);
    if (sscanf(l[2], "Number of blocked executions seen: %llu%c", &blocked, &end) != 1)
        failf(c, "bad line '%s'", l[2]);
    size_t n3 = strlen(l[3]);
    if (sscanf(l[3], "Total wall-clock time: %lf%c", &secs, &end) != 2 || end != 's' ||
        n3 < 4 || l[3][n3 - 1] != 's' || l[3][n3 - 4] != '.')
        failf(c, "bad line '%s' (want 'Total wall-clock time: X.XXs')", l[3]);
}

/* Headings "Error N: <kind>[ on ...]" must name exactly the expected kinds;
 * "Races Detected:" lines must be well formed and present iff a race is. */
static void check_findings(check *c, const char *text, const cJSON *errors)
{
    int seen[16] = {0}, races_block = 0, race_lines = 0, want_race = 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, errors) want_race |= runlib_is_race(e->valuestring);
    for (const char *p = text; *p;) {
        size_t len = strcspn(p, "\n");
        int num, off = 0;
        if (sscanf(p, "Error %d: %n", &num, &off) == 1 && off > 0) {
            const char *k = p + off;
            size_t klen = strcspn(k, "\n");
            const char *on = strstr(k, " on ");
            if (on && on < k + klen)
                klen = (size_t)(on - k);
            int idx = 0, found = 0;
            cJSON_ArrayForEach(e, errors) {
                if (strlen(e->valuestring) == klen && strncmp(e->valuestring, k, klen) == 0)
                    seen[idx] = found = 1;
                idx++;
            }
            if (!found)
                failf(c, "unexpected finding '%.*s'", (int)klen, k);
        } else if (strncmp(p, "Races Detected:", 15) == 0) {
            races_block = 1;
        } else if (races_block && p[0] == '\t') {
            int l1, l2, n = 0;
            char s1[8], s2[8];
            if (sscanf(p, "\t[L.%d\tL.%d]-[%7[A-Z],%7[A-Z]]%n", &l1, &l2, s1, s2, &n) != 4 ||
                (size_t)n != len)
                failf(c, "bad race line '%.*s'", (int)len, p);
            race_lines++;
        }
        p += len + (p[len] == '\n');
    }
    int idx = 0;
    cJSON_ArrayForEach(e, errors) {
        if (idx < 16 && !seen[idx])
            failf(c, "expected finding '%s' not reported", e->valuestring);
        idx++;
    }
    if (want_race != (races_block && race_lines > 0))
        failf(c, want_race ? "no 'Races Detected:' block" : "unexpected 'Races Detected:' block");
}

/* ---- one entry ------------------------------------------------------- */

static int write_config(const cJSON *config, char *path, size_t n)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(path, n, "%s/gpumc-e2e-XXXXXX.json", tmp && *tmp ? tmp : "/tmp");
    int fd = mkstemps(path, 5);
    if (fd < 0)
        return -1;
    char *s = config ? cJSON_Print(config) : strdup("{}");
    ssize_t len = s ? (ssize_t)strlen(s) : -1;
    int ok = s && write(fd, s, (size_t)len) == len;
    free(s);
    close(fd);
    return ok ? 0 : -1;
}

static void add_strings(const char **argv, int *k, const cJSON *list)
{
    const cJSON *e;
    cJSON_ArrayForEach(e, list) {
        if (cJSON_IsString(e))
            argv[(*k)++] = e->valuestring;
    }
}

static int run_entry(const char *gpumc, const char *kdir, const cJSON *entry)
{
    check c = {cJSON_GetObjectItem(entry, "name")->valuestring, 0};
    const cJSON *expect = cJSON_GetObjectItem(entry, "expect");
    const cJSON *errors = cJSON_GetObjectItem(expect, "errors");
    const cJSON *execs = cJSON_GetObjectItem(expect, "executions");
    const cJSON *opts = cJSON_GetObjectItem(entry, "options");
    const cJSON *cc = cJSON_GetObjectItem(entry, "compiler_args");
    const cJSON *more = cJSON_GetObjectItem(entry, "more_files");
    char cfg[512], cfgopt[600], file[4096], others[8][4096];
    if (write_config(cJSON_GetObjectItem(entry, "config"), cfg, sizeof cfg) != 0) {
        failf(&c, "cannot write a temporary config: %s", strerror(errno));
        return 1;
    }
    snprintf(cfgopt, sizeof cfgopt, "--config=%s", cfg);
    snprintf(file, sizeof file, "%s/%s", kdir, cJSON_GetObjectItem(entry, "file")->valuestring);
    const char *argv[64];
    int k = 0;
    argv[k++] = gpumc;
    argv[k++] = cfgopt;
    add_strings(argv, &k, opts);
    argv[k++] = file;
    for (int m = 0; m < cJSON_GetArraySize(more) && m < 8; m++) {
        const cJSON *o = cJSON_GetArrayItem(more, m);
        snprintf(others[m], sizeof others[m], "%s/%s", kdir,
                 cJSON_IsString(o) ? o->valuestring : "");
        argv[k++] = others[m];
    }
    if (cJSON_GetArraySize(cc) > 0) {
        argv[k++] = "--";
        add_strings(argv, &k, cc);
    }
    argv[k] = NULL;
    output out = {NULL, -1};
    int rc = runlib_capture((char *const *)argv, &out.text, NULL, &out.exit_code);
    unlink(cfg);
    if (rc != 0) {
        failf(&c, "cannot run %s", gpumc);
        return 1;
    }
    int want_exit = cJSON_GetArraySize(errors) ? 42 : 0;
    const cJSON *x = cJSON_GetObjectItem(expect, "exit");
    if (cJSON_IsNumber(x))
        want_exit = x->valueint;
    if (out.exit_code != want_exit)
        failf(&c, "exit code %d, expected %d", out.exit_code, want_exit);
    if (want_exit == 0 || want_exit == 42) {
        check_findings(&c, out.text, errors);
        check_closing(&c, out.text, errors, execs);
    }
    if (c.failures)
        fprintf(stderr, "---- output of %s ----\n%s\n----\n", c.name, out.text);
    else
        printf("ok %s\n", c.name);
    free(out.text);
    return c.failures != 0;
}

static int needs_frontend(const cJSON *entry)
{
    const char *f = cJSON_GetObjectItem(entry, "file")->valuestring;
    size_t n = strlen(f);
    return !(n > 2 && strcmp(f + n - 2, ".c") == 0 && strncmp(f, "harness/", 8) == 0);
}

static cJSON *load_manifest(const char *kdir)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/manifest.json", kdir);
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return NULL;
    char *text = runlib_read_all(fd);
    close(fd);
    cJSON *m = text ? cJSON_Parse(text) : NULL;
    free(text);
    return m;
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: e2e_manifest GPUMC KERNELS_DIR NAME|--all [--no-frontend]\n");
        return 2;
    }
    int no_fe = argc > 4 && strcmp(argv[4], "--no-frontend") == 0;
    cJSON *m = load_manifest(argv[2]);
    if (!m) {
        fprintf(stderr, "cannot read %s/manifest.json\n", argv[2]);
        return 1;
    }
    int failed = 0, ran = 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, cJSON_GetObjectItem(m, "kernels")) {
        const char *name = cJSON_GetObjectItem(e, "name")->valuestring;
        int all = strcmp(argv[3], "--all") == 0;
        if ((!all && strcmp(name, argv[3]) != 0) || (no_fe && needs_frontend(e)))
            continue;
        failed += run_entry(argv[1], argv[2], e);
        ran++;
    }
    cJSON_Delete(m);
    if (ran == 0) {
        fprintf(stderr, "no manifest entry '%s'\n", argv[3]);
        return 1;
    }
    return failed ? 1 : 0;
}
