/*
 * test_cuda.c -- CUDA lowering: each construct's exact event sequence
 * (kind, size, order, scope, line:col) on the fake ABI, and the values the
 * lowered code computes.
 */
#include <string.h>

#include "fe_test.h"

static void shared_compound(test_state *t)
{
    snippet s = { ".cu",
                  "__global__ void k() {\n"
                  "  __shared__ int s[4];\n"
                  "  s[threadIdx.x] += 1;\n"
                  "}\n",
                  1, 2, { NULL }, NULL, { NULL } };
    expect_log(t, "shared +=", &s, 0, "ld4 na sys 3:18; st4 na sys 3:18");
    expect_log(t, "shared += thread 1", &s, 1, "ld4 na sys 3:18; st4 na sys 3:18");
}

static void atomics(test_state *t)
{
    snippet s = { ".cu",
                  "__global__ void k(int *p, unsigned *u, float *f) {\n"
                  "  atomicAdd_block(&p[0], 1);\n"
                  "  atomicAdd(p, 2);\n"
                  "  atomicSub_system(p + 1, 3);\n"
                  "  atomicCAS(p, 3, 4);\n"
                  "  atomicExch(f, 1.5f); atomicAdd(f, 2.0f);\n"
                  "  atomicMin(u, 7u);\n"
                  "  atomicMax(p, -1);\n"
                  "  atomicInc(u, 10u);\n"
                  "  atomicDec_block(u, 10u);\n"
                  "  atomicOr(p, 8); atomicAnd(p, 8); atomicXor(p, 8);\n"
                  "}\n",
                  1, 1, { "p=[2]", NULL }, NULL, { NULL } };
    expect_log(t, "cuda atomics", &s, 0,
               "rmw4 add+unused rlx cta 2:3; rmw4 add+unused rlx gpu 3:3; "
               "rmw4 sub+unused rlx sys 4:3; cas4 rlx/rlx gpu unused ok 5:3; "
               "rmw4 xchg+unused rlx gpu 6:3; rmw4 fadd+unused rlx gpu 6:24; "
               "rmw4 umin+unused rlx gpu 7:3; rmw4 max+unused rlx gpu 8:3; "
               "rmw4 inc+unused rlx gpu 9:3; rmw4 dec+unused rlx cta 10:3; "
               "rmw4 or+unused rlx gpu 11:3; rmw4 and+unused rlx gpu 11:19; "
               "rmw4 xor+unused rlx gpu 11:36");
}

static void fences_barriers(test_state *t)
{
    snippet s = { ".cu",
                  "__global__ void k(int *p) {\n"
                  "  __threadfence_block();\n"
                  "  __threadfence();\n"
                  "  __threadfence_system();\n"
                  "  __syncthreads();\n"
                  "  p[threadIdx.x] = 1;\n"
                  "  __syncthreads();\n"
                  "}\n",
                  1, 2, { NULL }, NULL, { NULL } };
    expect_log(t, "fences and barriers", &s, 1,
               "fence sc cta 2:3; fence sc gpu 3:3; fence sc sys 4:3; bar cta #0 5:3; "
               "st4 na sys 6:18; bar cta #1 7:3");
}

static void volatile_and_plain(test_state *t)
{
    snippet s = { ".cu",
                  "__global__ void k(int *p, volatile int *v) {\n"
                  "  int x = v[1];\n"
                  "  v[0] = x + p[2];\n"
                  "  int y = x; y++;\n"
                  "  p[threadIdx.x]++;\n"
                  "}\n",
                  1, 1, { "p=[4]", "v=[2]", NULL }, NULL, { NULL } };
    expect_log(t, "volatile = plain by default", &s, 0,
               "ld4 na sys 2:11; ld4 na sys 3:14; st4 na sys 3:8; ld4 na sys 5:17; "
               "st4 na sys 5:17");

}

static void helpers_structs_2d(test_state *t)
{
    snippet s = { ".cu",
                  "struct P { int a; float b; };\n"
                  "__device__ float get(P *q, int i) { return q[i].b; }\n"
                  "__global__ void k(P *p, int *out) {\n"
                  "  __shared__ int m[2][3];\n"
                  "  p[threadIdx.x].b = 2.0f;\n"
                  "  m[threadIdx.x][2] = (int)get(p, 0);\n"
                  "  out[0] = m[0][2] + p->a;\n"
                  "}\n",
                  1, 1, { "p=[2]", NULL }, NULL, { NULL } };
    expect_log(t, "structs, helpers, 2-D shared", &s, 0,
               "st4 na sys 5:20; ld4 na sys 2:49; st4 na sys 6:21; ld4 na sys 7:12; "
               "ld4 na sys 7:25; st4 na sys 7:10");
    check(t, region_int("out", 0, 4) == 2, "struct values", "out[0] = %lld",
          region_int("out", 0, 4));
}

static void struct_copy(test_state *t)
{
    snippet s = { ".cu",
                  "struct P { int a; float b[2]; };\n"
                  "__global__ void k(P *p) {\n"
                  "  P q = p[0];\n"
                  "  q.a += 1;\n"
                  "  p[1] = q;\n"
                  "}\n",
                  1, 1, { "p=[2]", NULL }, NULL, { NULL } };
    expect_log(t, "struct copy: one access per member", &s, 0,
               "ld4 na sys 3:9; ld4 na sys 3:9; ld4 na sys 3:9; st4 na sys 5:8; "
               "st4 na sys 5:8; st4 na sys 5:8");
}

static void await_and_bound(test_state *t)
{
    snippet s = { ".cu",
                  "__device__ int flag;\n"
                  "__global__ void k(int *p) {\n"
                  "  while (*(volatile int *)&flag == 0);\n"
                  "  p[0] = 1;\n"
                  "}\n",
                  1, 1, { NULL }, NULL, { NULL } };
    /* the second check at the loop's head sees one read, nothing changed */
    expect_log(t, "await loop: one read, then blocked", &s, 0,
               "ld4 na sys 3:10; blocked 3:3");
    snippet cas = { ".cu",
                    "__device__ int lock;\n"
                    "__global__ void k(int *p) {\n"
                    "  while (atomicCAS(&lock, 0, 1) != 0) {}\n"
                    "  p[0] = 1;\n"
                    "  atomicExch(&lock, 0);\n"
                    "}\n",
                    1, 2, { NULL }, NULL, { NULL } };
    expect_log(t, "CAS spin lock: acquire", &cas, 0,
               "cas4 rlx/rlx gpu ok 3:10; st4 na sys 4:8; rmw4 xchg+unused rlx gpu 5:3");
    /* loops run natively, unbounded: this one ends only by the fake's cut */
    snippet b = { ".cu",
                  "__global__ void k(int *p) {\n"
                  "  for (int i = 0; ; i++) { if (i < 9998) continue; p[0] = i; }\n"
                  "}\n",
                  1, 1, { NULL }, NULL, { NULL } };
    expect_log(t, "loops have no bound", &b, 0,
               "st4 na sys 2:57; st4 na sys 2:57; iterations 2:3");
    snippet ex = { ".cu",
                   "__global__ void k(int *p) {\n"
                   "  for (int i = 0; i < 2; i++) p[i] = i;\n"
                   "  int j = 0;\n"
                   "  do { j++; } while (j < 2);\n"
                   "  while (j < 4) j++;\n"
                   "  p[2] = j;\n"
                   "}\n",
                   1, 1, { "p=[4]", NULL }, NULL, { NULL } };
    expect_log(t, "loops", &ex, 0, "st4 na sys 2:36; st4 na sys 2:36; st4 na sys 6:8");
}

static void backward_goto(test_state *t)
{
    snippet s = { ".cu",
                  "__global__ void k(int *p) {\n"
                  "  int i = 0;\n"
                  "again:\n"
                  "  p[0] = i;\n"
                  "  if (++i < 3) goto again;\n"
                  "}\n",
                  1, 1, { NULL }, NULL, { NULL } };
    expect_log(t, "backward goto: a loop like any other", &s, 0,
               "st4 na sys 4:8; st4 na sys 4:8; st4 na sys 4:8");
}

static void values(test_state *t)
{
    snippet s = { ".cu",
                  "#define IDX(r, c) ((r) * 2 + (c))\n"
                  "__device__ int g = 5;\n"
                  "__global__ void k(float *f, unsigned long long *u, int *o) {\n"
                  "  f[0] = f[1] * 2.0f;\n"
                  "  u[0] += 5ULL;\n"
                  "  o[IDX(1, 1)] = g + (o[0] && o[1]) + (1 ? 10 : 20);\n"
                  "  int *q = o + 1;\n"
                  "  *q = 7;\n"
                  "  o[4] = blockDim.x * 100 + gridDim.x;\n"
                  "  o[5] = min(3, -4) + max(2u, 9u);\n"
                  "}\n",
                  1, 1, { "f=float[2]:1.5,2", "u=[1]:18446744073709551610", "o=int[6]", NULL },
                  NULL, { NULL } };
    fake_result r;
    int rc = run_src(t, &s, &r);
    check(t, rc == 0, "values run", "%s", r.error);
    size_t n;
    const float *f = fake_region("f", &n);
    check(t, f && f[0] == 4.0f, "float bits round-trip", "f[0] = %g", f ? f[0] : -1.0);
    const unsigned long long *u = fake_region("u", &n);
    check(t, u && u[0] == 18446744073709551615ULL, "64-bit unsigned", "u[0] = %llu",
          u ? u[0] : 0ULL);
    check(t, region_int("o", 3, 4) == 15, "macro index, ?:, &&, __device__ init",
          "o[3] = %lld", region_int("o", 3, 4));
    check(t, region_int("o", 1, 4) == 7, "pointer arithmetic", "o[1] = %lld",
          region_int("o", 1, 4));
    check(t, region_int("o", 4, 4) == 101, "blockDim/gridDim", "o[4] = %lld",
          region_int("o", 4, 4));
    check(t, region_int("o", 5, 4) == 5, "min/max", "o[5] = %lld", region_int("o", 5, 4));
    char log[4096];
    fake_thread_log(&r, 0, log, sizeof log);
    check(t, strstr(log, "ld4 na sys 6:23") && !strstr(log, "6:31"),
          "&& short-circuits", "%s", log);
    check(t, strstr(log, "ld8 na sys 5:8; st8 na sys 5:8") != NULL, "8-byte += ", "%s", log);
}

/* Shifts by the width or more do what PTX does: 0, or the sign. */
static void shifts(test_state *t)
{
    snippet s = { ".cu",
                  "__global__ void k(unsigned *o, unsigned x, int y, int s, int c) {\n"
                  "  o[0] = x << s;\n"
                  "  o[1] = x >> s;\n"
                  "  o[2] = (unsigned)(y >> s);\n"
                  "  o[3] = x << c;\n"
                  "  o[4] = (unsigned)(y >> c);\n"
                  "  o[5] = (unsigned)((unsigned long long)x << (s + 8) >> 40);\n"
                  "}\n",
                  1, 1, { "o=int[6]", "x=0x80000001", "y=-8", "s=32", "c=1", NULL },
                  NULL, { NULL } };
    fake_result r;
    check(t, run_src(t, &s, &r) == 0, "shifts run", "%s", r.error);
    static const long long want[] = {0, 0, -1, 2, -4, 1}; /* as ints */
    for (int i = 0; i < 6; i++)
        check(t, region_int("o", i, 4) == want[i], "a shift as PTX does it",
              "o[%d] = %#llx, want %#llx", i, region_int("o", i, 4), want[i]);
}

/* Initial data longer than one line of the glue's byte table. */
static void initialised_table(test_state *t)
{
    snippet s = { ".cu",
                  "__device__ int tbl[10] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};\n"
                  "__global__ void k(int *o) { o[0] = tbl[9] + tbl[6]; }\n",
                  1, 1, { "o=int[1]", NULL }, NULL, { NULL } };
    fake_result r;
    check(t, run_src(t, &s, &r) == 0, "40-byte initialiser run", "%s", r.error);
    check(t, region_int("o", 0, 4) == 17, "40-byte initialiser", "o[0] = %lld",
          region_int("o", 0, 4));
}

static void launch_2d_and_ids(test_state *t)
{
    snippet s = { ".cu",
                  "__global__ void k(int *o) {\n"
                  "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                  "  o[i] = i * 10 + (int)threadIdx.x;\n"
                  "}\n",
                  2, 3, { NULL }, NULL, { NULL } };
    fake_result r;
    check(t, run_src(t, &s, &r) == 0, "ids run", "%s", r.error);
    check(t, r.nthreads == 6, "one thread per (block, thread)", "%d threads", r.nthreads);
    check(t, region_int("o", 4, 4) == 41, "global id of block 1 thread 1", "o[4] = %lld",
          region_int("o", 4, 4));
    check(t, region_int("o", 5, 4) == 52, "default buffer: one element per thread",
          "o[5] = %lld", region_int("o", 5, 4));
}

static void dynamic_shared(test_state *t)
{
    snippet s = { ".cu",
                  "extern __shared__ int dyn[];\n"
                  "__global__ void k(int *o) {\n"
                  "  dyn[threadIdx.x] = 3;\n"
                  "  __syncthreads();\n"
                  "  o[threadIdx.x] = dyn[1 - threadIdx.x];\n"
                  "}\n",
                  1, 2, { NULL }, NULL, { NULL } };
    expect_log(t, "extern __shared__: the CTA's dynamic buffer", &s, 0,
               "st4 na sys 3:20; bar cta #0 4:3; ld4 na sys 5:20; st4 na sys 5:18");
}

static void ldg_and_printf(test_state *t)
{
    snippet s = { ".cu",
                  "#include <stdio.h>\n"
                  "__global__ void k(const int *p, int *o) {\n"
                  "  printf(\"%d\\n\", p[0]);\n"
                  "  o[0] = __ldg(&p[1]);\n"
                  "}\n",
                  1, 1, { "p=[2]", NULL }, NULL, { NULL } };
    expect_log(t, "printf args evaluated, __ldg plain", &s, 0,
               "ld4 na sys 3:18; ld4 na sys 4:10; st4 na sys 4:8");
}

static void host_code_ignored(test_state *t)
{
    snippet s = { ".cu",
                  "#include <cuda_runtime.h>\n"
                  "void host_only_function(int *); /* defined elsewhere: never analysed */\n"
                  "__global__ void k(int *o) { o[threadIdx.x] = 1; }\n"
                  "int main() {\n"
                  "  int *d; cudaMalloc(&d, 8); k<<<1, 2>>>(d);\n"
                  "  host_only_function(d);\n"
                  "  return 0;\n"
                  "}\n",
                  1, 2, { NULL }, NULL, { NULL } };
    expect_log(t, "host code is compiled, not analysed", &s, 1, "st4 na sys 3:44");
}

static void assertion(test_state *t)
{
    snippet s = { ".cu",
                  "#include <assert.h>\n"
                  "__global__ void k(int *p) {\n"
                  "  assert(p[0] == 1);\n"
                  "}\n",
                  1, 1, { NULL }, NULL, { NULL } };
    expect_log(t, "assert", &s, 0, "ld4 na sys 3:3; assert-fail 3:3");
}

static void postconditions(test_state *t)
{
    snippet s = { ".cu",
                  "__global__ void k(int *out, int n) {\n"
                  "  atomicAdd(&out[0], n);\n"
                  "}\n",
                  1, 2, { "out=[1]", "n=3", NULL }, NULL,
                  { "out[0] == 2 * n", "n > 0 && out[0] > 0", NULL } };
    /* columns are the postcondition's own: each is alone on its line; host
     * thread 2 + i checks postcondition i */
    expect_log(t, "postconditions: a host thread joins, then checks the first", &s, 2,
               "join T0-1; ld4 na sys 1:1");
    expect_log(t, "postconditions: another host thread checks the second", &s, 3,
               "join T0-1; ld4 na sys 2:10");
    s.post[1] = "out[0] == 5";
    expect_log(t, "failed postcondition", &s, 3, "join T0-1; ld4 na sys 2:1; assert-fail 2:1");
    s.post[1] = "out[0] ==";
    expect_error(t, "postcondition syntax error", &s, 17, "<postcondition>:");
    s.post[1] = "out[0].x == 1";
    expect_error(t, "a postcondition's error quotes it alone", &s, 17,
                 "<postcondition>:2:7: error: member reference base type 'int' is not a "
                 "structure or union\nout[0].x == 1\n");
}

/* GPUVerify's __ensures: moved to every return of its function (both
 * returns here), on the state there, with the value returned. */
static void gpuverify_ensures(test_state *t)
{
    snippet s = { ".cu",
                  "__device__ int half(int a) {\n"
                  "  __ensures(__return_val_int() * 2 <= a && a >= 0);\n"
                  "  if (a > 10) return 5;\n"
                  "  return a / 2;\n"
                  "}\n"
                  "__global__ void k(int *p) {\n"
                  "  p[1] = half(p[0]);\n"
                  "}\n",
                  1, 1, { "p=int[2]:11,0", NULL }, NULL, { NULL } };
    expect_log(t, "__ensures holds at the early return", &s, 0, "ld4 na sys 7:15; st4 na sys 7:8");
    s.args[0] = "p=int[2]:4,0";
    expect_log(t, "__ensures holds at the last return", &s, 0, "ld4 na sys 7:15; st4 na sys 7:8");
    s.args[0] = "p=int[2]:-4,0";
    expect_log(t, "__ensures fails at a return", &s, 0, "ld4 na sys 7:15; assert-fail 2:3");
    snippet k = { ".cu",
                  "__global__ void k(int *p) {\n"
                  "  __ensures(p[threadIdx.x] == 7);\n"
                  "  p[threadIdx.x] = 7;\n"
                  "}\n",
                  1, 2, { NULL }, NULL, { NULL } };
    expect_log(t, "a kernel's __ensures reads the state at its exit", &k, 0,
               "st4 na sys 3:18; ld4 na sys 2:3");
    /* __old_int(e): e read on entry (the first load), compared at exit */
    snippet o = { ".cu",
                  "__device__ void inc(int *p) {\n"
                  "  __ensures(p[0] == __old_int(p[0]) + 1);\n"
                  "  p[0] = p[0] + 1;\n"
                  "}\n"
                  "__global__ void k(int *p) { inc(p); }\n",
                  1, 1, { NULL }, NULL, { NULL } };
    expect_log(t, "__old_int(e) is e on entry", &o, 0,
               "ld4 na sys 2:3; ld4 na sys 3:10; st4 na sys 3:8; ld4 na sys 2:3");
    o.src = "__device__ void inc(int *p) {\n"
            "  __ensures(p[0] == __old_int(p[0]) + 1);\n"
            "  p[0] = p[0] + 2;\n"
            "}\n"
            "__global__ void k(int *p) { inc(p); }\n";
    expect_log(t, "__old_int(e): the postcondition fails", &o, 0,
               "ld4 na sys 2:3; ld4 na sys 3:10; st4 na sys 3:8; ld4 na sys 2:3; assert-fail 2:3");
    /* GPUVerify assumes the contract of a __spec_ function */
    snippet sp = { ".cu",
                   "__device__ int __spec_pick(int a) {\n"
                   "  __ensures(__return_val_int() > 5);\n"
                   "  return a;\n"
                   "}\n"
                   "__global__ void k(int *p) { p[0] = __spec_pick(3); }\n",
                   1, 1, { NULL }, NULL, { NULL } };
    expect_log(t, "a __spec_ function's __ensures is assumed", &sp, 0, "blocked 2:3");
}

/* sm_80 asynchronous copies: the source read at the copy, the destination
 * written at the wait that completes its group (here after o[0] = 1), the
 * zero-filled tail included; PTX cp.async through a shared-space address. */
static void async_copies(test_state *t)
{
    snippet s = { ".cu",
                  "#include <cuda_pipeline.h>\n"
                  "__global__ void k(const int *g, int *o) {\n"
                  "  __shared__ int s[2];\n"
                  "  __pipeline_memcpy_async(&s[0], g, 8, 4);\n"
                  "  __pipeline_commit();\n"
                  "  o[0] = 1;\n"
                  "  __pipeline_wait_prior(0);\n"
                  "  o[1] = s[0] + s[1];\n"
                  "}\n",
                  1, 1, { "g=int[2]:5,6", "o=[2]", NULL }, NULL, { NULL } };
    expect_log(t, "__pipeline_memcpy_async: read at the call, written at the wait", &s, 0,
               "ld4 na sys 4:3; st4 na sys 6:8; st4 na sys 4:3; st4 na sys 4:3; "
               "ld4 na sys 8:10; ld4 na sys 8:17; st4 na sys 8:8");
    snippet a = { ".cu",
                  "#include <cstdint>\n"
                  "__global__ void k(const int *g, int *o) {\n"
                  "  __shared__ int s[2];\n"
                  "  uint32_t d = static_cast<uint32_t>(__cvta_generic_to_shared(&s[1]));\n"
                  "  asm volatile(\"cp.async.ca.shared.global [%0], [%1], 4;\" :: \"r\"(d), \"l\"(g));\n"
                  "  asm volatile(\"cp.async.wait_all;\" ::);\n"
                  "  o[0] = s[1];\n"
                  "}\n",
                  1, 1, { "g=int[2]:5,6", NULL }, NULL, { NULL } };
    expect_log(t, "cp.async PTX, wait_all", &a, 0,
               "ld4 na sys 5:3; st4 na sys 5:3; ld4 na sys 7:10; st4 na sys 7:8");
}

static void libcu_atomics(test_state *t)
{
    snippet s = { ".cu",
                  "#include <cuda/atomic>\n"
                  "__device__ cuda::atomic<int, cuda::thread_scope_device> flag;\n"
                  "__global__ void k(int *p) {\n"
                  "  cuda::atomic_ref<int, cuda::thread_scope_block> r(p[0]);\n"
                  "  r.fetch_add(1, cuda::memory_order_relaxed);\n"
                  "  int v = r.load();\n"
                  "  flag.store(1, cuda::memory_order_release);\n"
                  "  int e = 0;\n"
                  "  r.compare_exchange_strong(e, 2, cuda::memory_order_acq_rel, cuda::memory_order_relaxed);\n"
                  "  r += 3; r++; int w = r;\n"
                  "  cuda::atomic_thread_fence(cuda::memory_order_seq_cst, cuda::thread_scope_device);\n"
                  "  while (flag.load(cuda::memory_order_acquire) == 0);\n"
                  "}\n",
                  1, 1, { NULL }, NULL, { NULL } };
    expect_log(t, "cuda::atomic and cuda::atomic_ref", &s, 0,
               "rmw4 add+unused rlx cta 5:5; ld4 sc cta 6:13; st4 rel gpu 7:8; "
               "cas4 acq_rel/rlx cta unused fail 9:5; rmw4 add+unused sc cta 10:5; "
               "rmw4 add+unused sc cta 10:11; ld4 sc cta 10:24; fence sc gpu 11:3; "
               "ld4 acq gpu 12:15");
}

void test_cuda(test_state *t)
{
    libcu_atomics(t);
    postconditions(t);
    gpuverify_ensures(t);
    async_copies(t);
    shared_compound(t);
    atomics(t);
    fences_barriers(t);
    volatile_and_plain(t);
    helpers_structs_2d(t);
    struct_copy(t);
    await_and_bound(t);
    backward_goto(t);
    values(t);
    shifts(t);
    launch_2d_and_ids(t);
    initialised_table(t);
    dynamic_shared(t);
    ldg_and_printf(t);
    host_code_ignored(t);
    assertion(t);
}
