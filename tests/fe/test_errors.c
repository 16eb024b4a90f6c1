/*
 * test_errors.c -- bad input: clang errors and unsupported constructs are
 * code 5 with file:line:col; launch and argument mistakes are code 17 with
 * a message saying how to fix them.  None of them crashes.
 */
#include <stdlib.h>
#include <string.h>

#include "fe_test.h"

static void parse_errors(test_state *t)
{
    snippet s = { ".cu", "__global__ void k(int *p) {\n  p[0] = ;\n}\n",
                  1, 1, { NULL }, NULL, 0, { NULL } };
    expect_error(t, "syntax error", &s, 5, ":2:10: error: expected expression");
    snippet cl = { ".cl", "__kernel void k(__global int *p) { p[0] = undefined_thing; }\n",
                   1, 1, { NULL }, NULL, 0, { NULL } };
    expect_error(t, "opencl undeclared", &cl, 5, ":1:43: error: use of undeclared");
    snippet c = { ".c", "#include <nonexistent_header.h>\nint main() { return 0; }\n",
                  0, 0, { NULL }, NULL, 0, { NULL } };
    expect_error(t, "missing header", &c, 5, "file not found");
}

static void unsupported(test_state *t)
{
    snippet s = { ".cu",
                  "__global__ void k(int *p) {\n"
                  "  int v = __shfl_sync(0xffffffff, p[0], 0);\n"
                  "  p[1] = v;\n}\n",
                  1, 1, { NULL }, NULL, 0, { NULL } };
    expect_error(t, "warp intrinsic", &s, 5,
                 ":2:11: error: unsupported: warp intrinsic __shfl_sync");
    snippet a = { ".cu", "__global__ void k(int *p) {\n  asm(\"trap;\");\n}\n",
                  1, 1, { NULL }, NULL, 0, { NULL } };
    expect_error(t, "inline asm", &a, 5, ":2:3: error: unsupported: inline assembly");
    snippet r = { ".cu",
                  "__device__ int f(int n) { return n ? f(n - 1) : 0; }\n"
                  "__global__ void k(int *p) { p[0] = f(3); }\n",
                  1, 1, { NULL }, NULL, 0, { NULL } };
    expect_error(t, "recursion", &r, 5, ":1:38: error: unsupported: recursion");
    snippet fp = { ".cu",
                   "__device__ int f(int n) { return n; }\n"
                   "__global__ void k(int *p) { int (*g)(int) = f; p[0] = g(1); }\n",
                   1, 1, { NULL }, NULL, 0, { NULL } };
    expect_error(t, "function pointer", &fp, 5, "error: unsupported: function pointer");
    snippet fa = { ".cu", "__global__ void k(float *p) { atomicMax((int *)p, 1); "
                   "__shfl_sync(0xffffffffu, 1, 0); }\n",
                   1, 1, { NULL }, NULL, 0, { NULL } };
    expect_error(t, "warp intrinsic", &fa, 5, "error: unsupported: ");
    snippet tk = { ".cu", "template <typename T>\n__global__ void k(T *p) { p[0] = 1; }\n",
                   1, 1, { NULL }, NULL, 0, { NULL } };
    expect_error(t, "template kernel", &tk, 5, ":1:1: error: unsupported: template kernel");
    snippet ext = { ".cu", "__device__ int f(int);\n__global__ void k(int *p) { p[0] = f(1); }\n",
                    1, 1, { NULL }, NULL, 0, { NULL } };
    expect_error(t, "undefined device function", &ext, 5, ":2:36: error: unsupported: call");
    snippet nd = { ".c", "int main() { int x = __VERIFIER_nondet_int(); return x; }\n",
                   0, 0, { NULL }, NULL, 0, { NULL } };
    expect_error(t, "nondet", &nd, 5, ":1:22: error: unsupported: __VERIFIER_nondet_int");
}

static void usage_errors(test_state *t)
{
    snippet s = { ".cu", "__global__ void k(int *p, int n) { p[0] = n; }\n",
                  1, 1, { NULL }, NULL, 0, { NULL } };
    expect_error(t, "missing scalar", &s, 17, "--arg n=");
    snippet u = { ".cu", "__global__ void k(int *p) { p[0] = 1; }\n",
                  1, 1, { "q=3", NULL }, NULL, 0, { NULL } };
    expect_error(t, "unknown argument", &u, 17, "unknown kernel argument 'q'");
    snippet two = { ".cu", "__global__ void a(int *p) {}\n__global__ void b(int *p) {}\n",
                    1, 1, { NULL }, NULL, 0, { NULL } };
    expect_error(t, "several kernels", &two, 17, "--kernel=NAME");
    snippet cl2 = { ".cl",
                    "#define KERNEL __kernel\n"
                    "kernel void a(global int *p) {}\nKERNEL void b(global int *p) {}\n",
                    1, 1, { NULL }, NULL, 0, { NULL } };
    expect_error(t, "several OpenCL kernels, one via a macro", &cl2, 17, "(a, b)");
    snippet nk = { ".cu", "__global__ void a(int *p) {}\n", 1, 1, { NULL }, "zz", 0, { NULL } };
    expect_error(t, "no such kernel", &nk, 17, "no kernel named 'zz'");
    snippet bad = { ".cu", "__global__ void k(int *p) { p[0] = 1; }\n",
                    1, 1, { "p=float[2]", NULL }, NULL, 0, { NULL } };
    expect_error(t, "buffer type mismatch", &bad, 17, "does not match");
    snippet badv = { ".cu", "__global__ void k(int *p) { p[0] = 1; }\n",
                     1, 1, { "p=int[2]:1,x", NULL }, NULL, 0, { NULL } };
    expect_error(t, "bad value", &badv, 17, "'x' is not an integer");
    snippet big = { ".cu", "__global__ void k(int *p) { p[0] = 1; }\n",
                    1000, 1000, { NULL }, NULL, 0, { NULL } };
    expect_error(t, "launch too large", &big, 17, "too many threads");
    snippet nomain = { ".c", "int f() { return 0; }\n", 0, 0, { NULL }, NULL, 0, { NULL } };
    expect_error(t, "scoped C without main", &nomain, 5, "needs a main");
}

static void no_file(test_state *t)
{
    fe_options o;
    memset(&o, 0, sizeof o);
    o.input = "/nonexistent/dir/k.cu";
    char *out = NULL;
    fe_diag d;
    int rc = fe_lower(&o, &out, &d);
    check(t, rc == 5 && out == NULL, "missing file", "rc %d: %s", rc, d.msg);
    o.input = "k.txt";
    rc = fe_lower(&o, &out, &d);
    check(t, rc == 17, "unknown extension", "rc %d: %s", rc, d.msg);
    free(out);
}

void test_errors(test_state *t)
{
    parse_errors(t);
    unsupported(t);
    usage_errors(t);
    no_file(t);
}
