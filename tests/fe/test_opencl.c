/*
 * test_opencl.c -- OpenCL C lowering: 2.0 atomics with explicit orders and
 * scopes, 1.x atomics, fences, barriers, __local memory, work-item ids.
 */
#include <string.h>

#include "fe_test.h"

static void atomics20(test_state *t)
{
    snippet s = { ".cl",
                  "__kernel void k(__global atomic_int *a, __global int *p) {\n"
                  "  int v = atomic_load_explicit(a, memory_order_acquire, memory_scope_work_group);\n"
                  "  atomic_store(a, 1);\n"
                  "  atomic_store_explicit(a, 2, memory_order_release);\n"
                  "  atomic_fetch_add_explicit(a, 1, memory_order_relaxed);\n"
                  "  int e = 3;\n"
                  "  atomic_compare_exchange_strong_explicit(a, &e, 4, memory_order_acq_rel,\n"
                  "      memory_order_relaxed, memory_scope_all_svm_devices);\n"
                  "  atomic_exchange_explicit(a, 5, memory_order_seq_cst, memory_scope_work_item);\n"
                  "  atomic_fetch_max(a, 9);\n"
                  "  p[0] = v + e;\n"
                  "}\n",
                  1, 1, { NULL }, NULL, { NULL } };
    expect_log(t, "OpenCL 2.0 atomics", &s, 0,
               "ld4 acq cta 2:11; st4 sc gpu 3:3; st4 rel gpu 4:3; "
               "rmw4 add+unused rlx gpu 5:3; cas4 acq_rel/rlx sys ok 7:3; "
               "rmw4 xchg+unused sc thread 9:3; rmw4 max+unused sc gpu 10:3; "
               "st4 na sys 11:8");
}

static void atomics1x_fences(test_state *t)
{
    snippet s = { ".cl",
                  "__kernel void k(__global int *p, volatile __global unsigned *u) {\n"
                  "  atomic_add(p, 1);\n"
                  "  atom_inc(p);\n"
                  "  atomic_cmpxchg(p, 2, 7);\n"
                  "  atomic_min(u, 3u);\n"
                  "  mem_fence(CLK_GLOBAL_MEM_FENCE);\n"
                  "  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release,\n"
                  "                         memory_scope_device);\n"
                  "  barrier(CLK_LOCAL_MEM_FENCE);\n"
                  "  work_group_barrier(CLK_GLOBAL_MEM_FENCE, memory_scope_work_group);\n"
                  "  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);\n"
                  "}\n",
                  1, 1, { NULL }, NULL, { NULL } };
    expect_log(t, "OpenCL 1.x atomics, fences, barriers", &s, 0,
               "rmw4 add+unused rlx gpu 2:3; rmw4 add+unused rlx gpu 3:3; "
               "cas4 rlx/rlx gpu unused ok 4:3; rmw4 umin+unused rlx gpu 5:3; "
               "fence acq_rel cta 6:3; fence rel gpu 7:3; bar cta mem 2 #0 9:3; "
               "bar cta mem 1 #1 10:3; bar cta #2 11:3");
}

static void local_memory_and_ids(test_state *t)
{
    snippet s = { ".cl",
                  "__kernel void k(__global int *o, __local int *lp) {\n"
                  "  __local int l[2];\n"
                  "  size_t g = get_global_id(0);\n"
                  "  l[get_local_id(0)] = (int)g + 1;\n"
                  "  lp[get_local_id(0)] = 1;\n"
                  "  barrier(CLK_LOCAL_MEM_FENCE);\n"
                  "  o[g] = l[1 - get_local_id(0)] * 100 + (int)get_group_id(0) * 10\n"
                  "         + (int)get_num_groups(0) + (int)get_local_size(0);\n"
                  "}\n",
                  2, 2, { NULL }, NULL, { NULL } };
    fake_result r;
    /* the fake ABI runs threads one after the other: local id 1 of each
     * group sees what local id 0 of its own group wrote */
    check(t, run_src(t, &s, &r) == 0, "opencl local run", "%s", r.error);
    check(t, region_int("o", 1, 4) == 104, "__local per work-group (group 0)",
          "o[1] = %lld", region_int("o", 1, 4));
    check(t, region_int("o", 3, 4) == 314, "__local per work-group (group 1)",
          "o[3] = %lld", region_int("o", 3, 4));
    char log[2048];
    fake_thread_log(&r, 3, log, sizeof log);
    check(t, !strcmp(log, "st4 na sys 4:22; st4 na sys 5:23; bar cta mem 2 #0 6:3; "
                          "ld4 na sys 7:10; st4 na sys 7:8"),
          "__local events", "%s", log);
}

void test_opencl(test_state *t)
{
    atomics20(t);
    atomics1x_fences(t);
    local_memory_and_ids(t);
}
