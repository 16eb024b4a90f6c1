/*
 * test_scopedc.c -- scoped-C (GPUMC-style) lowering: scope annotations
 * apply to the next access only, thread placement, pthreads, mutexes,
 * _Atomic objects, barriers.
 */
#include <stdio.h>
#include <string.h>

#include "fe_test.h"

static const char *prelude =
    "#include <pthread.h>\n"
    "#include <stdatomic.h>\n"
    "#include <assert.h>\n";

static void scope_next_access_only(test_state *t)
{
    char src[2048];
    snprintf(src, sizeof src, "%s%s", prelude,
             "atomic_int x, y; int d;\n"                                      /* 4 */
             "void *t0(void *arg) {\n"                                       /* 5 */
             "  __VERIFIER_thread_group_id(1);\n"                            /* 6 */
             "  __VERIFIER_memory_scope_work_group();\n"                     /* 7 */
             "  atomic_store_explicit(&x, 1, memory_order_relaxed);\n"       /* 8 */
             "  atomic_store_explicit(&y, 1, memory_order_release);\n"       /* 9 */
             "  __VERIFIER_memory_scope_device();\n"                         /* 10 */
             "  atomic_thread_fence(memory_order_seq_cst);\n"                /* 11 */
             "  d = 1;\n"                                                    /* 12 */
             "  return NULL;\n"
             "}\n"
             "int main() {\n"
             "  pthread_t t;\n"
             "  pthread_create(&t, NULL, t0, NULL);\n"                       /* 17 */
             "  pthread_join(t, NULL);\n"                                    /* 18 */
             "  assert(d == 1);\n"                                           /* 19 */
             "  return 0;\n"
             "}\n");
    snippet s = { ".c", src, 0, 0, { NULL }, NULL, { NULL } };
    expect_log(t, "scope annotation: next access only", &s, 1,
               "st4 rlx cta 8:3; st4 rel sys 9:3; fence sc gpu 11:3; st4 na sys 12:5");
    expect_log(t, "main: spawn, join, assert", &s, 0, "spawn T1; join T1; ld4 na sys 19:3");
}

static void placement_loop_and_args(test_state *t)
{
    char src[2048];
    snprintf(src, sizeof src, "%s%s", prelude,
             "struct info { int lid, gid; };\n"                              /* 4 */
             "atomic_int c;\n"
             "void *w(void *arg) {\n"
             "  struct info *i = arg;\n"
             "  __VERIFIER_thread_local_id(i->lid);\n"
             "  __VERIFIER_thread_group_id(i->gid);\n"
             "  atomic_fetch_add_explicit(&c, 1, memory_order_relaxed);\n"   /* 10 */
             "  return NULL;\n"
             "}\n"
             "int main() {\n"
             "  pthread_t t[4]; struct info in[4];\n"
             "  for (int k = 0; k < 4; k++) {\n"
             "    in[k].lid = k % 2; in[k].gid = k / 2;\n"
             "    pthread_create(&t[k], NULL, w, &in[k]);\n"
             "  }\n"
             "  for (int k = 0; k < 4; k++) pthread_join(t[k], NULL);\n"
             "  assert(atomic_load(&c) == 4);\n"
             "  return 0;\n"
             "}\n");
    snippet s = { ".c", src, 0, 0, { NULL }, NULL, { NULL } };
    fake_result r;
    check(t, run_src(t, &s, &r) == 0, "placement run", "%s", r.error);
    check(t, r.nthreads == 5, "discovery finds 4 threads + main", "%d", r.nthreads);
    char log[2048];
    fake_thread_log(&r, 4, log, sizeof log);
    /* main's `in` leaves main (pthread_create's argument): a global, read with events */
    check(t, !strcmp(log, "ld4 na sys 8:33; ld4 na sys 9:33; rmw4 add+unused rlx sys 10:3"),
          "thread 4 events", "%s", log);
    fake_thread_log(&r, 0, log, sizeof log);
    /* inside the assert macro, accesses carry the macro's location */
    check(t, strstr(log, "ld4 sc sys 20:3") && !strstr(log, "assert-fail"),
          "main sees all increments", "%s", log);
}

static void mutex_atomic_barrier(test_state *t)
{
    char src[2048];
    snprintf(src, sizeof src, "%s%s", prelude,
             "pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;\n"              /* 4 */
             "pthread_barrier_t b;\n"
             "atomic_int z; int d;\n"
             "void *t0(void *arg) {\n"
             "  pthread_mutex_lock(&m);\n"                                   /* 8 */
             "  d++;\n"                                                      /* 9 */
             "  pthread_mutex_unlock(&m);\n"                                 /* 10 */
             "  z = 3; z++; z += 2;\n"                                       /* 11 */
             "  int e = 8;\n"
             /* e != 6 on entry: the first iteration is peeled */
             "  while (!atomic_compare_exchange_strong(&z, &e, 9)) e = 6;\n" /* 13 */
             "  __VERIFIER_memory_scope_work_group();\n"
             "  pthread_barrier_wait(&b);\n"                                 /* 15 */
             "  return NULL;\n"
             "}\n"
             "int main() {\n"
             "  pthread_barrier_init(&b, NULL, 1);\n"
             "  pthread_t t; pthread_create(&t, NULL, t0, NULL);\n"
             "  pthread_join(t, NULL);\n"
             "  return 0;\n"
             "}\n");
    snippet s = { ".c", src, 0, 0, { NULL }, NULL, { NULL } };
    expect_log(t, "mutex, _Atomic, CAS await, barrier", &s, 1,
               "cas4 acq/rlx sys ok 8:3; ld4 na sys 9:4; st4 na sys 9:4; "
               "st4 rel sys 10:3; st4 sc sys 11:5; rmw4 add+unused sc sys 11:11; "
               "rmw4 add+unused sc sys 11:17; cas4 sc/sc sys fail 13:11; "
               "cas4 sc/sc sys ok 13:11; bar count 1 #2150629376 15:3");
}

static void initializers(test_state *t)
{
    char src[2048];
    snprintf(src, sizeof src, "%s%s", prelude,
             "typedef struct { int a; int b[2]; } S;\n"                     /* 4 */
             "S gs = { .a = 1, .b = { 2, 3 } };\n"
             "int garr[4] = { [2] = 7, 8 };\n"
             "int main() {\n"
             "  S l = { .b[1] = 4 };\n"
             "  assert(gs.b[1] == 3 && garr[2] == 7 && garr[3] == 8 && l.b[1] == 4);\n"
             "  return 0;\n"
             "}\n");
    snippet s = { ".c", src, 0, 0, { NULL }, NULL, { NULL } };
    expect_log(t, "designated initializers", &s, 0,
               "ld4 na sys 9:3; ld4 na sys 9:3; ld4 na sys 9:3");
}

static void conditionals_in_bodies(test_state *t)
{
    char src[2048];
    snprintf(src, sizeof src, "%s%s", prelude,
             "#define WG\n"                                                 /* 4 */
             "atomic_int x;\n"
             "void *t0(void *arg) {\n"
             "#ifdef WG\n"
             "  __VERIFIER_memory_scope_work_group();\n"
             "#endif\n"
             "  atomic_store_explicit(&x, 1, memory_order_relaxed);\n"      /* 10 */
             "  int e = 1;\n"
             "  while (atomic_compare_exchange_strong(&x, &e, 2) == 0) e = 1;\n"
             "  return NULL;\n"
             "}\n"
             "int main() {\n"
             "  pthread_t t; pthread_create(&t, NULL, t0, NULL);\n"
             "  pthread_join(t, NULL);\n"
             "  return 0;\n"
             "}\n");
    snippet s = { ".c", src, 0, 0, { NULL }, NULL, { NULL } };
    expect_log(t, "#ifdef inside a function body; CAS == 0 await", &s, 1,
               "st4 rlx cta 10:3; cas4 sc/sc sys ok 12:10");
}

void test_scopedc(test_state *t)
{
    initializers(t);
    conditionals_in_bodies(t);
    scope_next_access_only(t);
    placement_loop_and_args(t);
    mutex_atomic_barrier(t);
}
