/*
 * test_irnames.c -- names in compiled kernels (ir_names.h): demangling,
 * kernel selection, variable names, OpenCL type codes; the source
 * fix-ups (fe_fixup.h); parameters' default arguments read from the source
 * (ir_defaults.h).  Without clang.
 */
#include <stdlib.h>
#include <string.h>

#include "fe_fixup.h"
#include "fe_test.h"
#include "ir_defaults.h"
#include "ir_names.h"

static void demangle(test_state *t)
{
    char out[256];
    static const char *const cases[][2] = {
        {"_Z6reducePKiPi", "reduce"},
        {"_Z9block_sumIiLi4EEvPKT_PS0_", "block_sum<int, 4>"},
        {"_ZN3red8tree_sumIiLi4EEET_PS1_j", "red::tree_sum<int, 4>"},
        {"plain_c_kernel", "plain_c_kernel"},
        {"g", "g"}, /* shorter than "_Z": the fuzzer found a read past its end */
        {"_", "_"},
        /* OpenCL vendor qualifiers the demangler may refuse: the identifier */
        {"_Z39atomic_compare_exchange_strong_explicitPVU7_AtomiciPii12memory_orderS4_12memory_scope",
         "atomic_compare_exchange_strong_explicit"},
        /* a function as a template argument: its name, as users write it */
        {"_Z5applyIXadL_Z5twicePfiEEEvS0_", "apply<twice>"},
        {"_Z5applyIXadL_ZN2ns4halfEPfiEEEvS1_", "apply<&ns::half>"},
        {"_Z5applyIXadL_Z1gPFviEEEEvPf", "apply<g>"}, /* its signature nests parentheses */
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ir_demangle(cases[i][0], out, sizeof out);
        check(t, !strcmp(out, cases[i][1]), cases[i][0], "got '%s', want '%s'", out,
              cases[i][1]);
    }
    ir_var_name("_ZZ6reducePKiPiE1s", out, sizeof out);
    check(t, !strcmp(out, "s"), "static local shared array", "got '%s'", out);
    ir_var_name("counter", out, sizeof out);
    check(t, !strcmp(out, "counter"), "plain variable", "got '%s'", out);
    ir_var_name("histogram.s_Hist", out, sizeof out); /* an OpenCL kernel's __local */
    check(t, !strcmp(out, "s_Hist"), "C function-scope variable", "got '%s'", out);
    ir_var_name("k.buf.1", out, sizeof out);
    check(t, !strcmp(out, "buf"), "C function-scope variable, second of its name", "got '%s'",
          out);
}

static void matching(test_state *t)
{
    check(t, ir_name_matches("reduce", "reduce"), "exact", "%s", "no match");
    check(t, ir_name_matches("block_sum<int, 4>", "block_sum<int,4>"), "spaces ignored", "%s", "no match");
    check(t, ir_name_matches("block_sum<int, 4>", "block_sum"), "template by name", "%s", "no match");
    check(t, !ir_name_matches("block_sum<int, 4>", "block_sum<int,8>"), "other instance", "%s", "no match");
    check(t, ir_name_matches("red::tree_sum<int, 4>", "tree_sum<int,4>"), "without namespace", "%s", "no match");
    check(t, ir_name_matches("red::k", "k"), "namespace, plain", "%s", "no match");
    check(t, !ir_name_matches("reduce2", "reduce"), "prefix is not a match", "%s", "no match");
    check(t, ir_name_matches("k<4u>", "k<4>"), "integer suffix ignored", "%s", "no match");
    check(t, ir_name_matches("k<4u, true>", "k<4U,true>"), "either case", "%s", "no match");
    check(t, ir_name_matches("k<0x10ul>", "k<0x10>"), "hex literal", "%s", "no match");
    check(t, !ir_name_matches("k<41u>", "k<4>"), "digits still count", "%s", "no match");
    check(t, !ir_name_matches("k<u8>", "k<8>"), "an identifier is not a number", "%s", "no match");
    check(t, ir_name_matches("apply<twice>", "apply<&twice>"), "a function's & is optional", "%s",
          "no match");
    check(t, ir_name_matches("apply<&ns::half>", "apply<ns::half>"), "either way", "%s", "no match");
    check(t, ir_name_matches("k<a&b>", "k<a&b>") && !ir_name_matches("k<a&b>", "k<ab>"),
          "a & inside an expression stays", "%s", "no match");
}

static void type_codes(test_state *t)
{
    const char *u = ir_first_value_type("_Z16atomic_fetch_minPVU3AS1U7_Atomicjj");
    check(t, u[0] == 'j', "unsigned value type", "got '%s'", u);
    const char *f = ir_first_value_type("_Z10atomic_addPU3AS1Vff");
    check(t, f[0] == 'f', "float value type", "got '%s'", f);
    check(t, !*ir_first_value_type("notmangled"), "not mangled", "%s", "no match");
}

static void fixups(test_state *t)
{
    static const char *const cases[][2] = {
        {"__shared__ alignas(16) float a[4];", "alignas(16) __shared__ float a[4];"},
        {"  extern __shared__ alignas(16) char s[];", "  alignas(16) extern __shared__ char s[];"},
        {"static __shared__\n  alignas(sizeof(float4)) T x[2];",
         "alignas(sizeof(float4))\n  static __shared__ T x[2];"},
        {"__shared__ alignas(A) float a[1]; __shared__ alignas(B) int b;",
         "alignas(A) __shared__ float a[1]; alignas(B) __shared__ int b;"},
        /* already accepted, or not a declaration's specifiers: unchanged */
        {"alignas(16) __shared__ float a[4];", NULL},
        {"struct alignas(16) S { float x; };", NULL},
        {"// __shared__ alignas(16)\nint x;", NULL},
        {"const char *s = \"__shared__ alignas(16)\";", NULL},
        {"/* static alignas(8) */ int y;", NULL},
        {"int my_alignas(int); __shared__ my_alignas(2);", NULL},
        {"__shared__ alignas", NULL}, /* cut short: no group */
        {"__shared__ alignas(16", NULL},
        /* a PTX register with one '%' in an asm template: two, a blank given up */
        {"asm volatile(\"mov.u64 %0, %globaltimer;\" : \"=l\"(t));",
         "asm volatile(\"mov.u64 %0,%%globaltimer;\" : \"=l\"(t));"},
        {"__asm__(\"mov.u32 %0,%laneid;\"\n  : \"=r\"(l));",
         "__asm__(\"mov.u32 %0,%%laneid\"\n  : \"=r\"(l));"}, /* the final ';' instead */
        {"asm(\"mov.u32 %0,  %smid;\" \"add.u32 %0, %0, 1;\" : \"+r\"(s));",
         "asm(\"mov.u32 %0, %%smid;\" \"add.u32 %0, %0, 1;\" : \"+r\"(s));"},
        {"asm(\"mov.u32 %0,%laneid;\" \"add.u32 %0,%0,1;\" : \"+r\"(s));", NULL}, /* no room */
        {"asm(\"mov.u32 %0, %%laneid;\" : \"=r\"(l));", NULL}, /* already right */
        {"asm(\"cvt.rni.f32.f32 %0, %1;\" : \"=f\"(y) : \"f\"(x));", NULL},
        {"asm(\"st.u32 [%0], %c1;\" :: \"l\"(p), \"n\"(4));", NULL}, /* a modifier */
        {"const char *s = \"%globaltimer, x\"; int asm_like;", NULL},
        /* a launch spaced by a formatter */
        {"void h(int *d) { k << < 1, 4 >> > (d); }", "void h(int *d) { k <<<  1, 4 >>>  (d); }"},
        {"k<< <g, b>>\t>(p);", "k<<< g, b>>>\t(p);"},
        {"map<int, vector<pair<int, int>> > m;", NULL}, /* a template's closing */
        {"friend S &operator<< <>(S &, const T &);", NULL},
        {"k << < 1, 4 >>> (d);", NULL}, /* no spaced closing: left to clang */
        {"x = a << <; y >> > b;", NULL},
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *out = fe_fixup_cuda(cases[i][0]);
        if (!cases[i][1])
            check(t, out == NULL, cases[i][0], "changed to '%s'", out ? out : "");
        else
            check(t, out && !strcmp(out, cases[i][1]) && strlen(out) == strlen(cases[i][0]),
                  cases[i][0], "got '%s', want '%s'", out ? out : "(unchanged)", cases[i][1]);
        free(out);
    }
}

static void defaults(test_state *t)
{
    static const char src[] =
        "// k(int a = 1) in a comment is not the kernel\n"
        "#define N 4\n"
        "__global__ void k(float *out, bool flip = false, int scale = -3,\n"
        "                  float eps = 1e-5f, unsigned long m = 0x10UL, char c = 'x',\n"
        "                  int n = N, int s = 1 << 4, int *p = nullptr, double h = .5,\n"
        "                  cuda::std::array<int, 2> pair = {}, bool on = true)\n"
        "{\n  out[0] = scale; /* k(int z = 9) */\n}\n";
    static const char *const want[] = {"", "0", "-3", "1e-5", "0x10", "120", "", "", "0",
                                       ".5", "", "1"};
    char out[12][IR_DEFAULT_MAX];
    unsigned n = ir_param_defaults(src, "k", 3, 12, out);
    check(t, n == 8, "defaults: how many are literals", "got %u, want 8", n);
    for (unsigned i = 0; i < 12; i++)
        check(t, !strcmp(out[i], want[i]), "defaults: one parameter", "parameter %u: got '%s', "
              "want '%s'", i, out[i], want[i]);
    n = ir_param_defaults(src, "k", 20, 12, out);
    check(t, n == 0 && !out[1][0], "defaults: no list past the end", "got %u", n);
    n = ir_param_defaults("__global__ void kk(int a = 1) {}\n__global__ void k(int a) {}\n", "k",
                          1, 1, out);
    check(t, n == 0 && !out[0][0], "defaults: another kernel's list is not the kernel's",
          "got %u '%s'", n, out[0]);
}

void test_irnames(test_state *t)
{
    demangle(t);
    matching(t);
    type_codes(t);
    fixups(t);
    defaults(t);
}
