/*
 * fe_test.c -- driver and helpers of the frontend tests.
 *
 *   test_fe GROUP      GROUP: cuda opencl scopedc errors args all
 *
 * Exit status 0 when every check passed.
 */
#define _GNU_SOURCE
#include "fe_test.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int lower_src(const snippet *s, fe_harness *out, fe_diag *d)
{
    char path[] = "/tmp/gpumc_fe_snipXXXXXX";
    int fd = mkstemp(path);
    if (fd < 0)
        return -1;
    close(fd);
    char named[64];
    snprintf(named, sizeof named, "%s%s", path, s->ext);
    FILE *f = fopen(named, "w");
    if (!f) {
        unlink(path);
        return -1;
    }
    fputs(s->src, f);
    fclose(f);
    fe_arg args[8];
    fe_options o;
    memset(&o, 0, sizeof o);
    int n = 0;
    char buf[8][256];
    for (; n < 8 && s->args[n]; n++) {
        snprintf(buf[n], sizeof buf[n], "%s", s->args[n]);
        char *eq = strchr(buf[n], '=');
        if (eq)
            *eq = 0;
        args[n].name = buf[n];
        args[n].value = eq ? eq + 1 : NULL;
    }
    o.input = named;
    o.kernel = s->kernel;
    o.grid[0] = s->grid;
    o.block[0] = s->block;
    o.args = args;
    o.nargs = n;
    o.post = s->post;
    for (o.npost = 0; o.npost < 4 && s->post[o.npost]; o.npost++)
        ;
    int rc = fe_lower_harness(&o, out, d);
    unlink(named);
    unlink(path);
    return rc;
}

void check(test_state *t, int ok, const char *what, const char *fmt, ...)
{
    t->checks++;
    if (ok)
        return;
    t->failures++;
    fprintf(stderr, "FAIL %s: ", what);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

int run_src(test_state *t, const snippet *s, fake_result *r)
{
    fe_harness h;
    fe_diag d;
    memset(r, 0, sizeof *r);
    int rc = lower_src(s, &h, &d);
    if (rc != 0) {
        snprintf(r->error, sizeof r->error, "fe_lower_harness %d: %s", rc, d.msg);
        fe_harness_free(&h);
        return rc;
    }
    rc = fake_run(&h, t->include_dir, r);
    if (rc != 0 && getenv("FE_TEST_VERBOSE")) {
        char *text = fe_harness_text(&h);
        fprintf(stderr, "---- harness ----\n%s\n", text ? text : "");
        free(text);
    }
    fe_harness_free(&h);
    return rc == 0 ? 0 : -1;
}

void expect_log(test_state *t, const char *what, const snippet *s, int th,
                const char *expected)
{
    fake_result r;
    int rc = run_src(t, s, &r);
    if (rc != 0) {
        check(t, 0, what, "did not run: %s", r.error);
        return;
    }
    char log[8192];
    fake_thread_log(&r, th, log, sizeof log);
    check(t, !strcmp(log, expected), what, "thread %d\n  expected: %s\n  got:      %s",
          th, expected, log);
}

void expect_error(test_state *t, const char *what, const snippet *s, int code,
                  const char *needle)
{
    fe_harness h;
    fe_diag d;
    int rc = lower_src(s, &h, &d);
    fe_harness_free(&h);
    check(t, rc == code && d.code == code, what, "expected code %d, got %d (%s)", code,
          rc, d.msg);
    check(t, strstr(d.msg, needle) != NULL, what, "message lacks '%s': %s", needle,
          d.msg);
}

void expect_note(test_state *t, const char *what, const snippet *s, const char *needle)
{
    fe_harness h;
    fe_diag d;
    int rc = lower_src(s, &h, &d);
    const char *notes = rc == 0 && h.c ? strstr(h.c, "gpumc_harness_notes[] = ") : NULL;
    check(t, notes && strstr(notes, needle), what, "lowered %d (%s); notes lack '%s'", rc, d.msg,
          needle);
    fe_harness_free(&h);
}

long long region_int(const char *name, int i, int size)
{
    size_t n = 0;
    const unsigned char *p = fake_region(name, &n);
    if (!p || (size_t)((i + 1) * size) > n)
        return -999999;
    long long v = 0;
    if (size == 4) {
        int x;
        memcpy(&x, p + i * size, 4);
        v = x;
    } else if (size == 8) {
        memcpy(&v, p + i * size, 8);
    } else if (size == 1) {
        v = (signed char)p[i];
    }
    return v;
}

int main(int argc, char **argv)
{
    test_state t;
    memset(&t, 0, sizeof t);
    t.include_dir = GPUMC_INCLUDE_DIR;
    const char *g = argc > 1 ? argv[1] : "all";
    int all = !strcmp(g, "all");
    if (all || !strcmp(g, "cuda"))
        test_cuda(&t);
    if (all || !strcmp(g, "opencl"))
        test_opencl(&t);
    if (all || !strcmp(g, "scopedc"))
        test_scopedc(&t);
    if (all || !strcmp(g, "errors"))
        test_errors(&t);
    if (all || !strcmp(g, "args"))
        test_args(&t);
    if (all || !strcmp(g, "irnames"))
        test_irnames(&t);
    printf("%s: %d checks, %d failures\n", g, t.checks, t.failures);
    return t.failures ? 1 : 0;
}
