/*
 * fe_test.h -- helpers shared by the frontend tests.
 *
 * lower_src() writes a snippet to a temporary file with the given
 * extension and runs fe_lower_harness on it; run_src() also links and runs
 * the harness on the fake ABI.  expect_log() compares one thread's events with
 * the expected text ("ld4 na sys 3:5; st4 na sys 3:5").  Failures are
 * counted in a test_state passed explicitly.
 */
#ifndef GPUMC_TESTS_FE_TEST_H
#define GPUMC_TESTS_FE_TEST_H

#include "fake_abi.h"
#include "fe.h"

typedef struct test_state {
    int failures;
    int checks;
    const char *include_dir;
} test_state;

/* Launch and arguments of a snippet. */
typedef struct snippet {
    const char *ext;          /* ".cu", ".cl", ".c" */
    const char *src;
    int grid, block;          /* x dimensions (0: 1) */
    const char *args[8];      /* "name=value", NULL-terminated */
    const char *kernel;
    const char *post[4];      /* postconditions, NULL-terminated */
} snippet;

/* fe_lower_harness on the snippet; free *out with fe_harness_free. */
int lower_src(const snippet *s, fe_harness *out, fe_diag *d);
/* Lower, compile and run; returns fe_lower's code or -1 if the harness
 * did not compile/run (message in r->error). */
int run_src(test_state *t, const snippet *s, fake_result *r);

void check(test_state *t, int ok, const char *what, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Run the snippet and compare thread `th`'s events. */
void expect_log(test_state *t, const char *what, const snippet *s, int th,
                const char *expected);
/* Lower the snippet and expect code `code` and `needle` in the message. */
void expect_error(test_state *t, const char *what, const snippet *s, int code,
                  const char *needle);
/* Lower the snippet and expect `needle` among the harness's notes. */
void expect_note(test_state *t, const char *what, const snippet *s, const char *needle);
/* After run_src: the int at index i of region `name`. */
long long region_int(const char *name, int i, int size);

void test_cuda(test_state *t);
void test_opencl(test_state *t);
void test_scopedc(test_state *t);
void test_errors(test_state *t);
void test_args(test_state *t);
void test_irnames(test_state *t);

#endif
