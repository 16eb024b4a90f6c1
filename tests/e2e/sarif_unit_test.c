/*
 * sarif_unit_test.c -- unit tests of the report pieces that no kernel of
 * ours exercises yet: sarif_fix() (text edits -> a SARIF fix object, for
 * the repair), URIs, the text report of a fix, the CI gate's result
 * keys and baseline marking, and the verdict (verdict.h) of results no
 * CLI run can produce on demand (an interrupt, several reasons at once).
 *
 *   sarif_unit_test [LOG.sarif]
 *
 * With LOG.sarif it also writes a complete SARIF log whose result carries
 * a fix, for sarif_validate.sh to run through a real SARIF validator.
 * Exit 0 when every check passed.
 */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli_opts.h"
#include "gate.h"
#include "report_text.h"
#include "sarif.h"
#include "verdict.h"

static int fails;

#define CHECK(cond)                                                            \
    do {                                                                       \
        if (!(cond)) {                                                         \
            fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);    \
            fails++;                                                           \
        }                                                                      \
    } while (0)

static const cJSON *at(const cJSON *j, const char *path)
{
    /* "a.b.0.c": object keys and array indices */
    char buf[256];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *tok = strtok(buf, "."); tok && j; tok = strtok(NULL, "."))
        j = (*tok >= '0' && *tok <= '9') ? cJSON_GetArrayItem(j, atoi(tok))
                                         : cJSON_GetObjectItemCaseSensitive(j, tok);
    return j;
}

static int num(const cJSON *j, const char *path)
{
    const cJSON *v = at(j, path);
    return cJSON_IsNumber(v) ? v->valueint : -999;
}

static const char *str(const cJSON *j, const char *path)
{
    const char *s = cJSON_GetStringValue(at(j, path));
    return s ? s : "(none)";
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        exit(2);
    }
    fputs(text, f);
    fclose(f);
}

static void test_uri(void)
{
    char out[256];
    int rel;
    CHECK(sarif_uri("kernels/a.cu", "/w", out, sizeof out, &rel) == 0);
    CHECK(rel && strcmp(out, "kernels/a.cu") == 0);
    CHECK(sarif_uri("./././k.cu", "/w", out, sizeof out, &rel) == 0);
    CHECK(rel && strcmp(out, "k.cu") == 0);
    CHECK(sarif_uri("/w/src/k.cu", "/w/", out, sizeof out, &rel) == 0);
    CHECK(rel && strcmp(out, "src/k.cu") == 0);
    CHECK(sarif_uri("/wx/k.cu", "/w", out, sizeof out, &rel) == 0);
    CHECK(!rel && strcmp(out, "file:///wx/k.cu") == 0);
    CHECK(sarif_uri("my dir/a:b#1.cu", "/w", out, sizeof out, &rel) == 0);
    CHECK(strcmp(out, "my%20dir/a%3Ab%231.cu") == 0);
    CHECK(sarif_uri("kernels/a.cu", "/w", out, 4, &rel) == -1);
}

/* Two edits in one file (one line holds a two-byte character before the
 * edit), one in another: two artifactChanges, code-point columns. */
static void test_fix(const char *dir, srccache *src)
{
    char a[512], b[512];
    snprintf(a, sizeof a, "%s/k.cu", dir);
    snprintf(b, sizeof b, "%s/other.cu", dir);
    write_file(a, "// \xc3\xa9t\xc3\xa9\n  atomicAdd_block(p, 1); /* \xc3\xa9 */ atomicAdd_block(q, 1);\n");
    write_file(b, "x\n");
    const report_edit edits[] = {
        {a, 2, 3, 2, 18, "atomicAdd", "widen atomicAdd_block to device scope"},
        {b, 1, 1, 1, 1, "// ", "comment out"},
        {a, 2, 35, 2, 50, "atomicAdd", "widen atomicAdd_block to device scope"},
    };
    cJSON *fix = sarif_fix(edits, 3, NULL, dir, src);
    CHECK(fix != NULL);
    if (!fix)
        return;
    CHECK(strcmp(str(fix, "description.text"),
                 "widen atomicAdd_block to device scope; comment out") == 0);
    CHECK(cJSON_GetArraySize(at(fix, "artifactChanges")) == 2);
    CHECK(strcmp(str(fix, "artifactChanges.0.artifactLocation.uri"), "k.cu") == 0);
    CHECK(strcmp(str(fix, "artifactChanges.0.artifactLocation.uriBaseId"), "SRCROOT") == 0);
    CHECK(strcmp(str(fix, "artifactChanges.1.artifactLocation.uri"), "other.cu") == 0);
    CHECK(cJSON_GetArraySize(at(fix, "artifactChanges.0.replacements")) == 2);
    CHECK(num(fix, "artifactChanges.0.replacements.0.deletedRegion.startLine") == 2);
    CHECK(num(fix, "artifactChanges.0.replacements.0.deletedRegion.startColumn") == 3);
    CHECK(num(fix, "artifactChanges.0.replacements.0.deletedRegion.endColumn") == 18);
    /* bytes 35..50 follow one two-byte character: code points 34..49 */
    CHECK(num(fix, "artifactChanges.0.replacements.1.deletedRegion.startColumn") == 34);
    CHECK(num(fix, "artifactChanges.0.replacements.1.deletedRegion.endColumn") == 49);
    CHECK(strcmp(str(fix, "artifactChanges.0.replacements.1.insertedContent.text"),
                 "atomicAdd") == 0);
    CHECK(strcmp(str(fix, "artifactChanges.1.replacements.0.insertedContent.text"),
                 "// ") == 0);
    cJSON_Delete(fix);
    fix = sarif_fix(edits, 1, "make it device scope", dir, NULL);
    CHECK(fix && strcmp(str(fix, "description.text"), "make it device scope") == 0);
    cJSON_Delete(fix);
}

/* A finding with a fix, as the repair will hand it to the reports. */
typedef struct fake {
    char file[512];
    gpumc_srcloc srcs[2];
    finding f;
    checker_result r;
    report_edit edits[2];
    report_fix fix;
    cli_opts o;
    report_ctx c;
} fake;

static void fake_init(fake *k, const char *dir, srccache *src)
{
    memset(k, 0, sizeof *k);
    snprintf(k->file, sizeof k->file, "%s/k.cu", dir);
    k->srcs[0] = (gpumc_srcloc){.file = k->file, .line = 2, .col = 3,
                                .text = "atomicAdd_block(p, 1)", .func = "count"};
    k->srcs[1] = (gpumc_srcloc){.file = k->file, .line = 2, .col = 35,
                                .text = "atomicAdd_block(q, 1)", .func = "count"};
    k->f.kind = FINDING_HETERO_RACE;
    finding_event *e[2] = {&k->f.a, &k->f.b};
    for (int i = 0; i < 2; i++) {
        *e[i] = (finding_event){.valid = 1, .thread = i, .kind = EV_WRITE,
                                .is_rmw = 1, .order = GPUMC_RLX,
                                .scope = GPUMC_SCOPE_CTA, .size = 4,
                                .value = 1, .src = (unsigned)i};
        e[i]->where.cta[0] = i;
        snprintf(e[i]->region, sizeof e[i]->region, "p");
    }
    snprintf(k->f.msg, sizeof k->f.msg, "atomic accesses whose scopes do not include each other's threads");
    k->r.findings = &k->f;
    k->r.nfindings = 1;
    k->r.srcs = k->srcs;
    k->r.nsrcs = 2;
    k->edits[0] = (report_edit){k->file, 2, 3, 2, 18, "atomicAdd", "widen to device scope"};
    k->edits[1] = (report_edit){k->file, 2, 35, 2, 50, "atomicAdd", "widen to device scope"};
    k->fix = (report_fix){0, "widen both atomicAdd_block to atomicAdd", k->edits, 2};
    cli_opts_init(&k->o);
    k->c = (report_ctx){.opts = &k->o, .language = "cuda", .style = REPORT_STYLE_CUDA,
                        .dims = 1, .ngpus = 1, .src = src, .fixes = &k->fix, .nfixes = 1};
}

static void test_result_and_gate(fake *k, const char *dir, const char *log_path)
{
    sarif_log l;
    CHECK(sarif_log_init(&l, dir) == 0);
    CHECK(sarif_add_findings(&l, &k->c, &k->r, "unit") == 0);
    const cJSON *res = cJSON_GetArrayItem(l.results, 0);
    CHECK(strcmp(str(res, "ruleId"), "GPUMC002") == 0);
    CHECK(strcmp(str(res, "level"), "error") == 0);
    CHECK(strstr(str(res, "message.text"), "](1)") != NULL);
    CHECK(strcmp(str(res, "locations.0.physicalLocation.artifactLocation.uri"), "k.cu") == 0);
    CHECK(num(res, "relatedLocations.0.physicalLocation.region.startColumn") == 34);
    CHECK(strcmp(str(res, "fixes.0.description.text"),
                 "widen both atomicAdd_block to atomicAdd") == 0);
    char key[1024];
    CHECK(gate_result_key(res, key, sizeof key) == 0);
    CHECK(strcmp(key, "GPUMC002|k.cu:2|k.cu:2") == 0);
    const char *fp = gate_result_fingerprint(res);
    CHECK(fp != NULL && strlen(fp) == 16 && strspn(fp, "0123456789abcdef") == 16);
    CHECK(strcmp(str(res, "locations.0.logicalLocations.0.name"), "count") == 0);
    gate_baseline b = {0};
    CHECK(gate_mark(l.results, NULL) == 1);
    CHECK(gate_mark(l.results, &b) == 1);
    CHECK(strcmp(str(res, "baselineState"), "new") == 0);
    CHECK(gate_baseline_add_log(&b, l.root) == 0 && b.n == 1);
    CHECK(gate_mark(l.results, &b) == 0);
    CHECK(strcmp(str(res, "baselineState"), "unchanged") == 0);
    gate_baseline_free(&b);
    sarif_set_exit_code(&l, 42);
    char *text = sarif_print(&l);
    CHECK(text != NULL);
    if (text && log_path)
        write_file(log_path, text);
    free(text);
    sarif_log_free(&l);
}

static void test_text_fix(fake *k, const char *dir)
{
    char path[600];
    snprintf(path, sizeof path, "%s/report.txt", dir);
    FILE *f = fopen(path, "w+");
    CHECK(f != NULL);
    if (!f)
        return;
    report_text_print(f, &k->c, &k->r);
    rewind(f);
    char buf[8192];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    CHECK(strstr(buf, "  Fix: widen both atomicAdd_block to atomicAdd\n") != NULL);
    CHECK(strstr(buf, "| -   atomicAdd_block(p, 1); /*") != NULL);
    CHECK(strstr(buf, "| +   atomicAdd(p, 1); /*") != NULL);
    CHECK(strstr(buf, "Why: Block scope, which both accesses use") != NULL);
    CHECK(strstr(buf, "Error detected: Heterogeneous race!\n") != NULL);
}

static void check_why(const checker_result *r, const report_ctx *c, verdict_kind want,
                      const char *why_want)
{
    char why[512];
    verdict_why(r, c, why, sizeof why);
    CHECK(verdict_of(r) == want);
    CHECK(verdict_run_exit_code(r) == (want == VERDICT_ERROR ? 42 : want == VERDICT_INCOMPLETE ? 3 : 0));
    if (strcmp(why, why_want) != 0) {
        fprintf(stderr, "FAIL: why '%s', expected '%s'\n", why, why_want);
        fails++;
    }
}

/* An error wins; an incomplete run names every reason, in order. */
static void test_verdict(fake *k)
{
    checker_result r;
    memset(&r, 0, sizeof r);
    finding bound;
    memset(&bound, 0, sizeof bound);
    bound.kind = FINDING_LOOP_BOUND;
    k->o.unroll = 16;
    k->o.timeout = 10;
    k->o.max_executions = 100;
    r.complete = 5;
    check_why(&r, &k->c, VERDICT_VERIFIED, "");
    r.status = CHECKER_INTERRUPTED;
    check_why(&r, &k->c, VERDICT_INCOMPLETE, "interrupted");
    r.status = CHECKER_LIMIT;
    check_why(&r, &k->c, VERDICT_INCOMPLETE, "--max-executions=100 reached");
    check_why(&r, NULL, VERDICT_INCOMPLETE, "execution limit reached");
    r.status = CHECKER_TIMEOUT;
    r.findings = &bound;
    r.nfindings = 1;
    check_why(&r, &k->c, VERDICT_INCOMPLETE,
              "timeout of 10 s reached; the harness's loop bound cut some executions");
    r.status = CHECKER_EXPLORED;
    check_why(&r, &k->c, VERDICT_INCOMPLETE, "the harness's loop bound cut some executions");
    r.complete = 0;
    k->c.language = "harness";
    check_why(&r, &k->c, VERDICT_INCOMPLETE, "0 complete executions (every execution was "
              "blocked or cut by the loop bound); the harness's loop bound cut some executions");
    k->c.language = "cuda";
    k->r.status = CHECKER_TIMEOUT; /* an error found before the timeout */
    check_why(&k->r, &k->c, VERDICT_ERROR, "");
    k->r.status = CHECKER_EXPLORED;
}

int main(int argc, char **argv)
{
    char dir[] = "/tmp/gpumc-sarif-unit.XXXXXX";
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 2;
    }
    srccache src;
    srccache_init(&src);
    test_uri();
    test_fix(dir, &src);
    fake k;
    fake_init(&k, dir, &src);
    test_result_and_gate(&k, dir, argc > 1 ? argv[1] : NULL);
    test_text_fix(&k, dir);
    test_verdict(&k);
    srccache_free(&src);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "note: could not remove %s\n", dir);
    if (fails) {
        fprintf(stderr, "%d check(s) failed\n", fails);
        return 1;
    }
    printf("all SARIF unit checks passed\n");
    return 0;
}
