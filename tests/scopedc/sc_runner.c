/*
 * sc_runner.c -- runs the scoped-C programs of tests/scopedc/manifest.json
 * through the gpumc command and checks what each entry promises.
 *
 *   sc_runner GPUMC DIR NAME|--all [-v]
 *
 * DIR is the folder of the manifest and the programs, given relative to the
 * working directory (the tests run from the repository root, so reports name
 * "tests/scopedc/x.c:12:3" as a user would see them).  For an entry it runs
 *
 *   GPUMC -q --model=MODEL [options...] DIR/FILE [-- args...]
 *
 * and requires (docs/scopedc.md):
 *  - the exit code ("exit");
 *  - for exit 0 / 42 / 3: the closing lines of SPEC 5 exactly formatted, the
 *    verdict naming one of the expected error kinds (or "No errors were
 *    detected." when none is expected; for exit 3 "N complete executions,
 *    no error among them." and "Verification incomplete: WHY", WHY equal
 *    to "incomplete" when given), the set of kinds of the "Error N:" /
 *    "Warning N:" headings equal to "findings", a well-formed "Races
 *    Detected:" block exactly when a race is expected, its lines equal to
 *    "race_lines" as a set when given, and the complete / blocked counts
 *    when they are not null;
 *  - "stderr": an extended regular expression that must match stderr.
 * An entry with "xfail" must still fail one of these checks: it is reported
 * as XFAIL (the test passes); if every check passes it is an XPASS, which
 * fails the test so that the fixed bug's mark gets removed.
 * Exit 0 when every entry run passed (or failed as expected), 1 otherwise,
 * 2 on bad usage.
 */
#include <cjson/cJSON.h>
#include <fcntl.h>
#include <regex.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../common/runlib.h"

static int verbose;

typedef struct output {
    char *out, *err;
    int exit_code;
} output;

/* ---- checks ---------------------------------------------------------- */

typedef struct check {
    const char *name;
    int failures;
    char log[8192];
    size_t used;
} check;

static void failf(check *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (c->used < sizeof c->log) {
        int n = vsnprintf(c->log + c->used, sizeof c->log - c->used, fmt, ap);
        if (n > 0)
            c->used += (size_t)n;
        if (c->used < sizeof c->log - 1) {
            c->log[c->used++] = '\n';
            c->log[c->used] = '\0';
        }
    }
    va_end(ap);
    c->failures++;
}

static int is_warning_kind(const char *kind)
{
    return strcmp(kind, "Loop bound reached") == 0;
}

static void check_count(check *c, const char *line, const char *prefix, const cJSON *want,
                        const char *what)
{
    unsigned long long v;
    char end;
    size_t n = strlen(prefix);
    if (strncmp(line, prefix, n) != 0 || sscanf(line + n, "%llu%c", &v, &end) != 1 ||
        line[n] < '0' || line[n] > '9') {
        failf(c, "bad line '%s' (want '%sN')", line, prefix);
        return;
    }
    if (cJSON_IsNumber(want) && v != (unsigned long long)want->valuedouble)
        failf(c, "%llu %s executions, expected %.0f", v, what, want->valuedouble);
}

/* Exit 3: "N complete executions, no error among them." then
 * "Verification incomplete: WHY" (WHY as given, if it is). */
static void check_incomplete(check *c, char *const *l, const cJSON *why)
{
    static const char pre[] = "Verification incomplete: ";
    unsigned long long n;
    char rest[128];
    if (sscanf(l[0], "%llu complete execution%127[^\n]", &n, rest) != 2 ||
        strcmp(rest, n == 1 ? ", no error among them." : "s, no error among them.") != 0)
        failf(c, "line '%s', expected 'N complete executions, no error among them.'", l[0]);
    if (strncmp(l[1], pre, sizeof pre - 1) != 0 || !l[1][sizeof pre - 1])
        failf(c, "verdict line is '%s', expected 'Verification incomplete: <why>'", l[1]);
    else if (cJSON_IsString(why) && strcmp(l[1] + sizeof pre - 1, why->valuestring) != 0)
        failf(c, "incomplete because '%s', expected '%s'", l[1] + sizeof pre - 1,
              why->valuestring);
}

static void check_closing(check *c, char *text, int want_exit, const cJSON *findings,
                          const cJSON *complete, const cJSON *blocked, const cJSON *why)
{
    char *all[5], **l = all + 1; /* the last 4 lines, and the one before */
    int n = runlib_last_lines(text, all, 5);
    if (n < 4 || (want_exit == 3 && n < 5)) {
        failf(c, "output has fewer than %d lines", want_exit == 3 ? 5 : 4);
        return;
    }
    int nerr = 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, findings) nerr += !is_warning_kind(e->valuestring);
    if (want_exit == 3) {
        check_incomplete(c, all, why);
    } else if (nerr == 0) {
        if (strcmp(l[0], "No errors were detected.") != 0)
            failf(c, "verdict line is '%s', expected 'No errors were detected.'", l[0]);
    } else {
        const char *pre = "Error detected: ";
        size_t n = strlen(l[0]), p = strlen(pre);
        if (strncmp(l[0], pre, p) != 0 || n < p + 2 || l[0][n - 1] != '!' ||
            !runlib_in_list(findings, l[0] + p, n - p - 1))
            failf(c, "verdict line is '%s', expected 'Error detected: <an expected kind>!'", l[0]);
    }
    check_count(c, l[1], "Number of complete executions explored: ", complete, "complete");
    check_count(c, l[2], "Number of blocked executions seen: ", blocked, "blocked");
    double secs;
    char end;
    size_t n3 = strlen(l[3]);
    if (sscanf(l[3], "Total wall-clock time: %lf%c", &secs, &end) != 2 || end != 's' ||
        n3 < 4 || l[3][n3 - 1] != 's' || l[3][n3 - 4] != '.')
        failf(c, "bad line '%s' (want 'Total wall-clock time: X.XXs')", l[3]);
}

/* Finding headings name exactly the expected kinds; the race block is
 * well formed, present iff a race is expected, and equal to race_lines
 * (as a set) when given. */
static void check_findings(check *c, const char *text, const cJSON *findings,
                           const cJSON *race_lines)
{
    int seen[32] = {0}, races_block = 0, nlines = 0, want_race = 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, findings) want_race |= runlib_is_race(e->valuestring);
    int nwant = cJSON_GetArraySize(race_lines);
    int *line_seen = calloc((size_t)(nwant > 0 ? nwant : 1), sizeof *line_seen);
    for (const char *p = text; *p;) {
        size_t len = strcspn(p, "\n");
        int num, off = 0;
        if ((sscanf(p, "Error %d: %n", &num, &off) == 1 ||
             sscanf(p, "Warning %d: %n", &num, &off) == 1) && off > 0) {
            const char *k = p + off;
            size_t klen = strcspn(k, "\n");
            const char *on = strstr(k, " on ");
            if (on && on < k + klen)
                klen = (size_t)(on - k);
            int idx = 0, found = 0;
            cJSON_ArrayForEach(e, findings) {
                if (strlen(e->valuestring) == klen && strncmp(e->valuestring, k, klen) == 0) {
                    if (idx < 32)
                        seen[idx] = 1;
                    found = 1;
                }
                idx++;
            }
            if (!found)
                failf(c, "unexpected finding '%.*s'", (int)klen, k);
        } else if (len == 15 && strncmp(p, "Races Detected:", 15) == 0) {
            races_block = 1;
        } else if (races_block && p[0] == '\t') {
            int l1, l2, n = 0;
            char s1[8], s2[8];
            if (sscanf(p, "\t[L.%d\tL.%d]-[%7[A-Z],%7[A-Z]]%n", &l1, &l2, s1, s2, &n) != 4 ||
                (size_t)n != len)
                failf(c, "bad race line '%.*s'", (int)len, p);
            nlines++;
            if (race_lines) {
                int idx = 0, found = 0;
                cJSON_ArrayForEach(e, race_lines) {
                    if (cJSON_IsString(e) && strlen(e->valuestring) == len &&
                        strncmp(e->valuestring, p, len) == 0)
                        line_seen[idx] = found = 1;
                    idx++;
                }
                if (!found)
                    failf(c, "unexpected race line '%.*s'", (int)len, p);
            }
        } else if (races_block) {
            races_block = 0;
        }
        p += len + (p[len] == '\n');
    }
    int idx = 0;
    cJSON_ArrayForEach(e, findings) {
        if (idx < 32 && !seen[idx])
            failf(c, "expected finding '%s' not reported", e->valuestring);
        idx++;
    }
    idx = 0;
    cJSON_ArrayForEach(e, race_lines) {
        if (!line_seen[idx])
            failf(c, "race line '%s' not reported", cJSON_IsString(e) ? e->valuestring : "?");
        idx++;
    }
    free(line_seen);
    if (want_race != (nlines > 0))
        failf(c, want_race ? "no 'Races Detected:' lines" : "unexpected 'Races Detected:' lines");
}

static void check_stderr(check *c, const char *err, const cJSON *pattern)
{
    if (!cJSON_IsString(pattern))
        return;
    regex_t re;
    if (regcomp(&re, pattern->valuestring, REG_EXTENDED | REG_NEWLINE | REG_NOSUB) != 0) {
        failf(c, "bad stderr pattern '%s' in the manifest", pattern->valuestring);
        return;
    }
    if (regexec(&re, err, 0, NULL, 0) != 0)
        failf(c, "stderr does not match /%s/", pattern->valuestring);
    regfree(&re);
}

/* ---- one entry ------------------------------------------------------- */

static void add_strings(const char **argv, int *k, int max, const cJSON *list)
{
    const cJSON *e;
    cJSON_ArrayForEach(e, list) {
        if (cJSON_IsString(e) && *k < max)
            argv[(*k)++] = e->valuestring;
    }
}

/* Returns 0 when the entry passed or failed as expected (xfail), 1 otherwise. */
static int run_entry(const char *gpumc, const char *dir, const cJSON *entry)
{
    check c;
    memset(&c, 0, sizeof c);
    c.name = cJSON_GetObjectItem(entry, "name")->valuestring;
    const cJSON *model = cJSON_GetObjectItem(entry, "model");
    const cJSON *xfail = cJSON_GetObjectItem(entry, "xfail");
    const cJSON *findings = cJSON_GetObjectItem(entry, "findings");
    char modelopt[64], file[4096];
    snprintf(modelopt, sizeof modelopt, "--model=%s",
             cJSON_IsString(model) ? model->valuestring : "src11");
    snprintf(file, sizeof file, "%s/%s", dir, cJSON_GetObjectItem(entry, "file")->valuestring);
    const char *argv[64];
    int k = 0;
    argv[k++] = gpumc;
    argv[k++] = "-q";
    argv[k++] = modelopt;
    add_strings(argv, &k, 40, cJSON_GetObjectItem(entry, "options"));
    argv[k++] = file;
    const cJSON *args = cJSON_GetObjectItem(entry, "args");
    if (cJSON_GetArraySize(args) > 0) {
        argv[k++] = "--";
        add_strings(argv, &k, 62, args);
    }
    argv[k] = NULL;
    output o = {NULL, NULL, -1};
    if (runlib_capture((char *const *)argv, &o.out, &o.err, &o.exit_code) != 0) {
        fprintf(stderr, "FAIL %s: cannot run %s\n", c.name, gpumc);
        return 1;
    }
    char *stdout_copy = strdup(o.out);
    int want_exit = cJSON_GetObjectItem(entry, "exit")->valueint;
    if (o.exit_code != want_exit)
        failf(&c, "exit code %d, expected %d", o.exit_code, want_exit);
    if (want_exit == 0 || want_exit == 42 || want_exit == 3) {
        check_findings(&c, o.out, findings, cJSON_GetObjectItem(entry, "race_lines"));
        check_closing(&c, o.out, want_exit, findings, cJSON_GetObjectItem(entry, "complete"),
                      cJSON_GetObjectItem(entry, "blocked"),
                      cJSON_GetObjectItem(entry, "incomplete"));
    }
    check_stderr(&c, o.err, cJSON_GetObjectItem(entry, "stderr"));

    int bad;
    if (cJSON_IsString(xfail)) {
        if (c.failures == 0) {
            fprintf(stderr, "XPASS %s: every check passed although the entry is marked xfail "
                    "(\"%s\"): remove the mark\n", c.name, xfail->valuestring);
            bad = 1;
        } else {
            printf("XFAIL %s: %s\n", c.name, xfail->valuestring);
            printf("%s", c.log);
            bad = 0;
        }
    } else if (c.failures) {
        fprintf(stderr, "FAIL %s:\n%s", c.name, c.log);
        bad = 1;
    } else {
        printf("ok %s\n", c.name);
        bad = 0;
    }
    if ((c.failures && !cJSON_IsString(xfail)) || verbose || (bad && !c.failures)) {
        fprintf(stderr, "---- command:");
        for (int i = 0; argv[i]; i++)
            fprintf(stderr, " %s", argv[i]);
        fprintf(stderr, "\n---- stdout (exit %d) ----\n%s\n---- stderr ----\n%s----\n",
                o.exit_code, stdout_copy, o.err);
    }
    free(stdout_copy);
    free(o.out);
    free(o.err);
    return bad;
}

static cJSON *load_manifest(const char *dir)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/manifest.json", dir);
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return NULL;
    char *text = runlib_read_all(fd);
    close(fd);
    cJSON *m = text ? cJSON_Parse(text) : NULL;
    free(text);
    return m;
}

/* Every entry needs name, file, exit, findings, and complete / blocked as
 * numbers or null (null: not pinned). */
static int valid_entry(const cJSON *e)
{
    const cJSON *n = cJSON_GetObjectItem(e, "name"), *f = cJSON_GetObjectItem(e, "file");
    const cJSON *x = cJSON_GetObjectItem(e, "exit"), *k = cJSON_GetObjectItem(e, "findings");
    if (!cJSON_IsString(n) || !cJSON_IsString(f) || !cJSON_IsNumber(x) || !cJSON_IsArray(k))
        return 0;
    const cJSON *s;
    cJSON_ArrayForEach(s, k) if (!cJSON_IsString(s)) return 0;
    const cJSON *c = cJSON_GetObjectItem(e, "complete"), *b = cJSON_GetObjectItem(e, "blocked");
    return (cJSON_IsNumber(c) || cJSON_IsNull(c)) && (cJSON_IsNumber(b) || cJSON_IsNull(b));
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: sc_runner GPUMC DIR NAME|--all [-v]\n");
        return 2;
    }
    verbose = argc > 4 && strcmp(argv[4], "-v") == 0;
    cJSON *m = load_manifest(argv[2]);
    if (!m) {
        fprintf(stderr, "cannot read or parse %s/manifest.json\n", argv[2]);
        return 1;
    }
    int all = strcmp(argv[3], "--all") == 0;
    int failed = 0, ran = 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, cJSON_GetObjectItem(m, "tests")) {
        if (!valid_entry(e)) {
            char *s = cJSON_PrintUnformatted(e);
            fprintf(stderr, "bad manifest entry %s\n", s ? s : "?");
            free(s);
            failed++;
            continue;
        }
        const char *name = cJSON_GetObjectItem(e, "name")->valuestring;
        if (!all && strcmp(name, argv[3]) != 0)
            continue;
        failed += run_entry(argv[1], argv[2], e);
        ran++;
    }
    cJSON_Delete(m);
    if (ran == 0) {
        fprintf(stderr, "no manifest entry '%s'\n", argv[3]);
        return 1;
    }
    if (all)
        printf("%d entries, %d failed\n", ran, failed);
    return failed ? 1 : 0;
}
