/*
 * test_errors.c -- bad input: clang errors and unsupported constructs are
 * code 5 with file:line:col; launch and argument mistakes are code 17 with
 * a message saying how to fix them.  None of them crashes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fe_test.h"

static void parse_errors(test_state *t)
{
    snippet s = { ".cu", "__global__ void k(int *p) {\n  p[0] = ;\n}\n",
                  1, 1, { NULL }, NULL, { NULL } };
    expect_error(t, "syntax error", &s, 5, ":2:10: error: expected expression");
    snippet cl = { ".cl", "__kernel void k(__global int *p) { p[0] = undefined_thing; }\n",
                   1, 1, { NULL }, NULL, { NULL } };
    expect_error(t, "opencl undeclared", &cl, 5, ":1:43: error: use of undeclared");
    snippet c = { ".c", "#include <nonexistent_header.h>\nint main() { return 0; }\n",
                  0, 0, { NULL }, NULL, { NULL } };
    expect_error(t, "missing header", &c, 5, "file not found");
}

static void unsupported(test_state *t)
{
    snippet s = { ".cu",
                  "__global__ void k(int *p) {\n"
                  "  int v = __atomic_fetch_nand(p, 1, __ATOMIC_RELAXED);\n"
                  "  p[1] = v;\n}\n",
                  1, 1, { NULL }, NULL, { NULL } };
    expect_error(t, "atomic nand", &s, 5, ":2:11: error: unsupported: atomic NAND");
    snippet a = { ".cu", "__global__ void k(int *p) {\n  asm(\"trap;\");\n}\n",
                  1, 1, { NULL }, NULL, { NULL } };
    expect_log(t, "inline asm gpumc does not model: stops the thread", &a, 0,
               "unsupported inline assembly 'trap' (PTX gpumc does not model) 2:3");
    snippet a2 = { ".cu",
                   "__global__ void k(int *p) {\n"
                   "  int v;\n"
                   "  asm volatile(\"ld.global.nc.s32 %0, [%1];\" : \"=r\"(v) : \"l\"(p));\n"
                   "  asm volatile(\"membar.gl;\" ::: \"memory\");\n"
                   "  asm volatile(\"st.global.wb.s32 [%0], %1;\" :: \"l\"(p + 1), \"r\"(v));\n"
                   "}\n",
                   1, 1, { "p=int[2]", NULL }, NULL, { NULL } };
    expect_log(t, "inline PTX gpumc knows: a load, a fence, a store", &a2, 0,
               "ld4 na sys 3:3; fence sc gpu 4:3; st4 na sys 5:3");
    /* compiled code runs natively: recursion and function pointers work */
    snippet r = { ".cu",
                  "__device__ int f(int n) { return n ? n + f(n - 1) : 0; }\n"
                  "__device__ int g(int n) { return 2 * n; }\n"
                  "__global__ void k(int *p) { int (*h)(int) = p[1] ? f : g; p[0] = h(3); }\n",
                  1, 1, { "p=int[2]:0,1", NULL }, NULL, { NULL } };
    fake_result res;
    check(t, run_src(t, &r, &res) == 0, "recursion, function pointer run", "%s", res.error);
    check(t, region_int("p", 0, 4) == 6, "recursion through a function pointer",
          "p[0] = %lld", region_int("p", 0, 4));
    /* a struct by value: its members listed, a pointer member 0 or a buffer */
    const char *sp = "struct P { const float *in; int n; };\n"
                     "__global__ void k(P p, float *o) { o[0] = p.in[0] + p.n; }\n";
    /* without a value: numbers the global thread count, pointers buffers as long */
    snippet s0 = { ".cu", "struct P { const int *in; int n; };\n"
                          "__global__ void k(P p, int *o) { o[0] = p.in[p.n - 1] + p.n; }\n",
                   2, 2, { "o=[1]", NULL }, NULL, { NULL } };
    fake_result r0;
    check(t, run_src(t, &s0, &r0) == 0, "a struct without a value runs", "%s", r0.error);
    check(t, region_int("o", 0, 4) == 4, "a struct's chosen members",
          "o[0] = %lld", region_int("o", 0, 4));
    expect_note(t, "a note names the chosen struct", &s0,
                "structs without a value ('p') were checked with their numbers set to 4 (bytes "
                "and small types clamped; a member the kernel's __requires(s.m == K) pins, K) "
                "and their pointers to zero-filled buffers of 4 elements");
    snippet s1 = { ".cu", sp, 1, 1, { "o=[1]", "p=xx,1", NULL }, NULL, { NULL } };
    expect_error(t, "a pointer member's value", &s1, 17,
                 "member 1 is a pointer: give 0 (null) or a zero-filled buffer");
    snippet s2 = { ".cu", sp, 1, 1, { "o=[1]", "p=0,1,2", NULL }, NULL, { NULL } };
    expect_error(t, "too many members", &s2, 17, "3 values for a struct of 2 scalar members");
    snippet s3 = { ".cu", sp, 1, 1, { "o=[1]", "p=[2],5", NULL }, NULL, { NULL } };
    expect_log(t, "a pointer member's buffer", &s3, 0, "ld4 na sys 2:43; st4 na sys 2:41");
    snippet tk = { ".cu", "template <typename T>\n__global__ void k(T *p) { p[0] = 1; }\n",
                   1, 1, { NULL }, NULL, { NULL } };
    expect_error(t, "template kernel never instantiated", &tk, 17, "--kernel='name<int, 4>'");
    /* a compile error in the file, with --kernel='name<args>': the file's
     * error (5), in the user's terms -- not the instantiating wrapper's */
    snippet se = { ".cu", "template <typename T>\n__global__ void k(T *p) { p[0] = 1 }\n",
                   1, 1, { NULL }, "k<int>", { NULL } };
    expect_error(t, "syntax error under a template --kernel", &se, 5,
                 ":2:35: error: expected ';' after expression");
    snippet sa = { ".cu", "template <typename T>\n__global__ void k(T *p) "
                          "{ static_assert(sizeof(T) == 4, \"four\"); p[0] = 1; }\n",
                   1, 1, { NULL }, "k<double>", { NULL } };
    expect_error(t, "an instantiation --kernel asks for fails", &sa, 5,
                 "--kernel='k<double>': note: in instantiation of function template "
                 "specialization 'k<double>' requested here\n1 error");
    fe_harness hw;
    fe_diag dw;
    lower_src(&sa, &hw, &dw);
    check(t, !strstr(dw.msg, "instantiate.cu") && !strstr(dw.msg, "__gpumc_kernel_ref") &&
             !strstr(dw.msg, "In file included"), "the wrapper stays out of the message",
          "%s", dw.msg);
    fe_harness_free(&hw);
    snippet ext = { ".cu", "__device__ int f(int *);\n__global__ void k(int *p) { p[0] = f(p); }\n",
                    1, 1, { NULL }, NULL, { NULL } };
    expect_log(t, "undefined device function taking a pointer: stops the thread that calls it",
               &ext, 0, "unsupported call to 'f', which has no definition gpumc can see (device "
               "code must define every function it calls that takes or returns a pointer; if "
               "another file defines it, give that file too: gpumc FILE MORE-FILES...) 2:36");
    /* one that takes and returns no pointer is GPUVerify's arbitrary value: 0, said */
    snippet nv = { ".cu", "__device__ int nondet(int);\n__device__ void tick(void);\n"
                          "__global__ void k(int *p) { tick(); p[0] = nondet(1) + 7; }\n",
                   1, 1, { NULL }, NULL, { NULL } };
    fake_result rn;
    check(t, run_src(t, &nv, &rn) == 0, "undefined value functions run", "%s", rn.error);
    check(t, region_int("p", 0, 4) == 7, "an undefined function returns 0",
          "p[0] = %lld", region_int("p", 0, 4));
    expect_note(t, "the stubbed functions are named in a note", &nv,
                "functions without a definition ('tick', 'nondet') were checked as returning 0 "
                "and doing nothing else");
    static char many[4096];
    size_t at = (size_t)snprintf(many, sizeof many, "__global__ void k(int *p) {\n");
    for (int i = 0; i < 60; i++)
        at += (size_t)snprintf(many + at, sizeof many - at, "  undeclared_%d(p);\n", i);
    snprintf(many + at, sizeof many - at, "}\n");
    snippet lots = { ".cu", many, 1, 1, { NULL }, NULL, { NULL } };
    expect_error(t, "more compiler messages than fit: cut at a line, and said", &lots, 5,
                 "'undeclared_0'");
    expect_error(t, "more compiler messages than fit: the marker", &lots, 5,
                 "\n[further compiler messages cut]\n");
    snippet nd = { ".c", "int main() { int x = __VERIFIER_nondet_int(); return x; }\n",
                   0, 0, { NULL }, NULL, { NULL } };
    expect_error(t, "nondet", &nd, 5, ":1:22: error: unsupported: __VERIFIER_nondet_int");
    /* GPUVerify's other thread: only what its ids determine; its own state is not ours */
    snippet gv = { ".cl",
                   "__kernel void k(__global int *p) {\n"
                   "  __assert(__other_int(p[get_local_id(0)]) != 4);\n}\n",
                   1, 1, { NULL }, NULL, { NULL } };
    expect_error(t, "GPUVerify __other_int of a loaded value", &gv, 5,
                 ":2:3: error: unsupported: __other_int(e) or __other_bool(e) where e is not "
                 "computed from the thread's ids");
    snippet po = { ".cu",
                   "__global__ void k(int *p) {\n  for (int i = 0; i < 4; i++)\n"
                   "    __assert(__exclusive(i == threadIdx.x));\n}\n",
                   1, 1, { NULL }, NULL, { NULL } };
    expect_error(t, "GPUVerify __exclusive of a loop counter", &po, 5,
                 ":3:5: error: unsupported: __other_int(e) or __other_bool(e)");
    /* GPUVerify annotations without a concrete meaning are refused by name */
    snippet ax = { ".cl",
                   "__kernel void k(__global int *p) {\n  __writes_to(p);\n}\n",
                   1, 1, { NULL }, NULL, { NULL } };
    expect_error(t, "GPUVerify __writes_to", &ax, 5,
                 ":2:3: error: '__writes_to' is unavailable: GPUVerify annotation");
    snippet rv = { ".cu",
                   "__device__ char twice(int i) {\n  __ensures(__return_val_int() == i * 2);\n"
                   "  return i * 2;\n}\n"
                   "__global__ void k(char *p) { p[0] = twice(3); }\n",
                   1, 1, { NULL }, NULL, { NULL } };
    expect_error(t, "__return_val_int() of a char function", &rv, 5,
                 ":2:3: error: the type of __return_val_int() does not match the function's "
                 "return type");
    snippet out = { ".cu",
                    "__device__ int f(int i) {\n  __assert(__return_val_int() > 0);\n"
                    "  return i;\n}\n"
                    "__global__ void k(int *p) { p[0] = f(3); }\n",
                    1, 1, { NULL }, NULL, { NULL } };
    snippet late = { ".cu",
                     "__device__ int f(int a) {\n  if (a > 2) {\n"
                     "    __ensures(__return_val_int() > 0);\n    return a;\n  }\n"
                     "  return 1;\n}\n"
                     "__global__ void k(int *p) { p[0] = f(p[0]); }\n",
                     1, 1, { NULL }, NULL, { NULL } };
    expect_error(t, "__ensures not at the start of its function", &late, 5,
                 ":3:5: error: unsupported: a postcondition (__ensures) gpumc cannot move");
    expect_error(t, "__return_val_int() outside __ensures", &out, 5,
                 ":2:3: error: unsupported: __return_val_int() outside a postcondition");
}

static void usage_errors(test_state *t)
{
    /* scalars without a value: the global thread count (1 for a byte), and a note */
    snippet m = { ".cu", "__global__ void k(int *p, int n, float f, long c, bool b)\n"
                         "{ p[0] = n + f + c + b; }\n",
                  2, 3, { "p=[6]", NULL }, NULL, { NULL } };
    fake_result rm;
    check(t, run_src(t, &m, &rm) == 0, "scalars without a value run", "%s", rm.error);
    check(t, region_int("p", 0, 4) == 19, "scalars chosen: 6 + 6.0 + 6 + 1",
          "p[0] = %lld", region_int("p", 0, 4));
    expect_note(t, "one note names the chosen scalars", &m,
                "kernel arguments without a value were checked as n=6, f=6.0, c=6, b=1 (a "
                "number is its C++ default argument or what the kernel's __requires(x == K) "
                "demands, else the global thread count");
    snippet given = { ".cu", "__global__ void k(int *p, int n) { p[0] = n; }\n",
                      1, 1, { "n=3", NULL }, NULL, { NULL } };
    fe_harness h;
    fe_diag d;
    check(t, lower_src(&given, &h, &d) == 0 && !strstr(h.c, "gpumc_harness_notes"),
          "no note when every value is given", "%s", d.msg);
    fe_harness_free(&h);
    /* parameters the kernel never reads: an int, and a tag type (std::true_type's
     * shape: an empty struct, one padding byte) */
    snippet unread = { ".cu", "struct Tag {};\n"
                              "__global__ void k(int *p, int n, Tag t) { p[0] = 1; }\n",
                       1, 1, { "p=[1]", NULL }, NULL, { NULL } };
    check(t, lower_src(&unread, &h, &d) == 0 && !strstr(h.c, "gpumc_harness_notes"),
          "no note for parameters the kernel never reads", "%s", d.msg);
    fe_harness_free(&h);
    snippet read = { ".cu", "struct Tag {};\n"
                            "__global__ void k(int *p, int n, Tag t) { p[0] = n; }\n",
                     1, 1, { "p=[1]", NULL }, NULL, { NULL } };
    expect_note(t, "... but for one it reads", &read,
                "kernel arguments without a value were checked as n=1 (a number");
    snippet u = { ".cu", "__global__ void k(int *p) { p[0] = 1; }\n",
                  1, 1, { "q=3", NULL }, NULL, { NULL } };
    expect_error(t, "unknown argument", &u, 17, "unknown kernel argument 'q'");
    snippet two = { ".cu", "__global__ void a(int *p) {}\n__global__ void b(int *p) {}\n",
                    1, 1, { NULL }, NULL, { NULL } };
    expect_error(t, "several kernels", &two, 17, "--kernel=NAME");
    snippet cl2 = { ".cl",
                    "#define KERNEL __kernel\n"
                    "kernel void a(global int *p) {}\nKERNEL void b(global int *p) {}\n",
                    1, 1, { NULL }, NULL, { NULL } };
    expect_error(t, "several OpenCL kernels, one via a macro", &cl2, 17, "(a, b)");
    snippet nk = { ".cu", "__global__ void a(int *p) {}\n", 1, 1, { NULL }, "zz", { NULL } };
    expect_error(t, "no such kernel", &nk, 17, "no kernel named 'zz'");
    snippet nko = { ".cu", "__global__ void u(float *p) {}\n__global__ void u(int *p) {}\n",
                    1, 1, { NULL }, "zz", { NULL } };
    expect_error(t, "no such kernel, overloads listed by their parameters", &nko, 17,
                 "(kernels: u(float*), u(int*))");
    snippet host = { ".cu", "int helper(int x) { return 2 * x; }\n", 1, 1, { NULL }, NULL,
                     { NULL } };
    expect_error(t, "host code only", &host, 17, "no kernel to check: the file defines no kernel");
    /* nvcc's macros: portable code may define __device__ away without __NVCC__ */
    snippet nv = { ".cu",
                   "#if !defined(__NVCC__)\n#define __device__\n#endif\n"
                   "__device__ int twice(int x);\n"
                   "__global__ void k(int *p) { p[threadIdx.x] = twice(1); }\n"
                   "__device__ int twice(int x) { return 2 * x; }\n",
                   1, 2, { NULL }, NULL, { NULL } };
    fake_result nvr;
    check(t, run_src(t, &nv, &nvr) == 0, "__NVCC__ is defined", "%s", nvr.error);
    snippet bad = { ".cu", "__global__ void k(int *p) { p[0] = 1; }\n",
                    1, 1, { "p=float[2]", NULL }, NULL, { NULL } };
    expect_error(t, "buffer type mismatch", &bad, 17, "does not match");
    snippet badv = { ".cu", "__global__ void k(int *p) { p[0] = 1; }\n",
                     1, 1, { "p=int[2]:1,x", NULL }, NULL, { NULL } };
    expect_error(t, "bad value", &badv, 17, "'x' is not an integer");
    snippet big = { ".cu", "__global__ void k(int *p) { p[0] = 1; }\n",
                    2000, 1000, { NULL }, NULL, { NULL } };
    expect_error(t, "launch too large", &big, 17, "too many threads");
    snippet nomain = { ".c", "int f() { return 0; }\n", 0, 0, { NULL }, NULL, { NULL } };
    expect_error(t, "scoped C without main", &nomain, 5, "needs a main");
}

static void no_file(test_state *t)
{
    fe_options o;
    memset(&o, 0, sizeof o);
    o.input = "/nonexistent/dir/k.cu";
    fe_harness h;
    fe_diag d;
    int rc = fe_lower_harness(&o, &h, &d);
    check(t, rc == 5 && h.bc == NULL, "missing file", "rc %d: %s", rc, d.msg);
    fe_harness_free(&h);
    o.input = "k.txt";
    rc = fe_lower_harness(&o, &h, &d);
    check(t, rc == 17, "unknown extension", "rc %d: %s", rc, d.msg);
    fe_harness_free(&h);
}

void test_errors(test_state *t)
{
    parse_errors(t);
    unsupported(t);
    usage_errors(t);
    no_file(t);
}
