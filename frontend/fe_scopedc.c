/*
 * fe_scopedc.c -- scoped-C harnesses.  See fe_scopedc.h for the design.
 */
#include "fe_scopedc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fe_call.h"
#include "fe_harness.h"
#include "fe_stmt.h"
#include "fe_type.h"

/* The runtime: every access goes through a wrapper that applies the
 * pending scope and, during discovery, works on the shadow memory. */
static const char runtime[] =
    "#define __GPUMC_MAXT 1024\n"
    "struct __gpumc_disc { int stop; };\n"
    "typedef struct __gpumc_tinfo { int parent, k, fn, placed, gid; gpumc_coord w; } __gpumc_tinfo;\n"
    "/* Written once by the discovery run in setup, read-only afterwards. */\n"
    "static __gpumc_tinfo __gpumc_ti[__GPUMC_MAXT];\n"
    "static int __gpumc_nti;\n"
    "static void *__gpumc_dmap(const void *a, unsigned n);\n"
    "static void *__gpumc_run_entry(int fi, __gpumc_ctx *c, void *arg);\n"
    "static void __gpumc_stop(__gpumc_ctx *c) { __builtin_longjmp(c->jb, 1); }\n"
    "static void __gpumc_exit(__gpumc_ctx *c) { __builtin_longjmp(c->jb, 1); }\n"
    "static inline gpumc_scope __gpumc_take(__gpumc_ctx *c, gpumc_scope s)\n"
    "{\n"
    "    if (c->pend >= 0) { s = (gpumc_scope)c->pend; c->pend = -1; }\n"
    "    return s;\n"
    "}\n"
    "static uint64_t __gpumc_dld(const void *a, unsigned n)\n"
    "{ uint64_t v = 0; __builtin_memcpy(&v, __gpumc_dmap(a, n), n); return v; }\n"
    "static void __gpumc_dst(void *a, unsigned n, uint64_t v)\n"
    "{ __builtin_memcpy(__gpumc_dmap(a, n), &v, n); }\n"
    "static uint64_t __gpumc_mask(unsigned n) { return n >= 8 ? ~0ULL : (1ULL << (8 * n)) - 1; }\n"
    "static int64_t __gpumc_sext(uint64_t v, unsigned n)\n"
    "{ return n >= 8 ? (int64_t)v : (int64_t)(v << (64 - 8 * n)) >> (64 - 8 * n); }\n"
    "static uint64_t __gpumc_apply(gpumc_rmw_op op, uint64_t old, uint64_t v, unsigned n)\n"
    "{\n"
    "    old &= __gpumc_mask(n); v &= __gpumc_mask(n);\n"
    "    switch (op) {\n"
    "    case GPUMC_RMW_XCHG: return v;\n"
    "    case GPUMC_RMW_ADD: return old + v;\n"
    "    case GPUMC_RMW_SUB: return old - v;\n"
    "    case GPUMC_RMW_AND: return old & v;\n"
    "    case GPUMC_RMW_OR: return old | v;\n"
    "    case GPUMC_RMW_XOR: return old ^ v;\n"
    "    case GPUMC_RMW_MIN: return __gpumc_sext(old, n) < __gpumc_sext(v, n) ? old : v;\n"
    "    case GPUMC_RMW_MAX: return __gpumc_sext(old, n) > __gpumc_sext(v, n) ? old : v;\n"
    "    case GPUMC_RMW_UMIN: return old < v ? old : v;\n"
    "    case GPUMC_RMW_UMAX: return old > v ? old : v;\n"
    "    case GPUMC_RMW_INC: return old >= v ? 0 : old + 1;\n"
    "    case GPUMC_RMW_FADD: case GPUMC_RMW_FSUB: {\n"
    "        int s = op == GPUMC_RMW_FADD ? 1 : -1;\n"
    "        if (n == 4) { float a, b; uint32_t x = (uint32_t)old, y = (uint32_t)v;\n"
    "            __builtin_memcpy(&a, &x, 4); __builtin_memcpy(&b, &y, 4); a = s > 0 ? a + b : a - b;\n"
    "            __builtin_memcpy(&x, &a, 4); return x; }\n"
    "        { double a, b; __builtin_memcpy(&a, &old, 8); __builtin_memcpy(&b, &v, 8);\n"
    "            a = s > 0 ? a + b : a - b; __builtin_memcpy(&old, &a, 8); return old; } }\n"
    "    default: return old == 0 || old > v ? v : old - 1;\n"
    "    }\n"
    "}\n"
    "static uint64_t __gpumc_ld(__gpumc_ctx *c, const void *a, unsigned n, gpumc_order o, gpumc_scope s, unsigned src)\n"
    "{\n"
    "    s = __gpumc_take(c, s);\n"
    "    if (c->d) return __gpumc_dld(a, n);\n"
    "    return gpumc_load(c->t, a, n, o, s, src);\n"
    "}\n"
    "static uint64_t __gpumc_ld_raw(__gpumc_ctx *c, const void *a, unsigned n, unsigned src)\n"
    "{\n"
    "    if (c->d) return __gpumc_dld(a, n);\n"
    "    return gpumc_load(c->t, a, n, GPUMC_NA, GPUMC_SCOPE_SYS, src);\n"
    "}\n"
    "static void __gpumc_st(__gpumc_ctx *c, void *a, unsigned n, uint64_t v, gpumc_order o, gpumc_scope s, unsigned src)\n"
    "{\n"
    "    s = __gpumc_take(c, s);\n"
    "    if (c->d) { __gpumc_dst(a, n, v); return; }\n"
    "    gpumc_store(c->t, a, n, v, o, s, src);\n"
    "}\n"
    "static void __gpumc_st_raw(__gpumc_ctx *c, void *a, unsigned n, uint64_t v, unsigned src)\n"
    "{\n"
    "    if (c->d) { __gpumc_dst(a, n, v); return; }\n"
    "    gpumc_store(c->t, a, n, v, GPUMC_NA, GPUMC_SCOPE_SYS, src);\n"
    "}\n"
    "static uint64_t __gpumc_rmw(__gpumc_ctx *c, void *a, unsigned n, gpumc_rmw_op op, uint64_t v, gpumc_order o, gpumc_scope s, unsigned src)\n"
    "{\n"
    "    s = __gpumc_take(c, s);\n"
    "    if (c->d) {\n"
    "        uint64_t old = __gpumc_dld(a, n);\n"
    "        __gpumc_dst(a, n, __gpumc_apply(op, old, v, n));\n"
    "        return old;\n"
    "    }\n"
    "    return gpumc_rmw(c->t, a, n, op, v, o, s, src);\n"
    "}\n"
"/* A compare-exchange's result: success, or after __VERIFIER_ret_CAS() the\n"
    " * value read (sign-extended from n bytes), as GPUMC does. */\n"
    "static inline long long __gpumc_cas_result(__gpumc_ctx *c, int ok, uint64_t seen, unsigned n)\n"
    "{\n"
    "    if (!c->retcas) return ok;\n"
    "    c->retcas = 0;\n"
    "    unsigned sh = 64 - 8 * n;\n"
    "    return (long long)(seen << sh) >> sh;\n"
    "}\n"
    "static int __gpumc_cas(__gpumc_ctx *c, void *a, unsigned n, uint64_t *e, uint64_t d, gpumc_order so, gpumc_order fo, gpumc_scope s, int weak, unsigned src)\n"
    "{\n"
    "    s = __gpumc_take(c, s);\n"
    "    if (c->d) {\n"
    "        uint64_t old = __gpumc_dld(a, n);\n"
    "        if ((old & __gpumc_mask(n)) == (*e & __gpumc_mask(n))) { __gpumc_dst(a, n, d); return 1; }\n"
    "        *e = old;\n"
    "        return 0;\n"
    "    }\n"
    "    return gpumc_cas(c->t, a, n, e, d, so, fo, s, weak, src);\n"
    "}\n"
    "static void __gpumc_fence(__gpumc_ctx *c, gpumc_order o, gpumc_scope s, unsigned src)\n"
    "{\n"
    "    s = __gpumc_take(c, s);\n"
    "    if (!c->d) gpumc_fence(c->t, o, s, src);\n"
    "}\n"
    "static void __gpumc_barrier(__gpumc_ctx *c, gpumc_scope s, unsigned id, unsigned src)\n"
    "{\n"
    "    if (c->d) __gpumc_stop(c);\n"
    "    gpumc_barrier(c->t, s, id, src);\n"
    "}\n"
    "static int __gpumc_pbarrier(__gpumc_ctx *c, unsigned id, unsigned src)\n"
    "{\n"
    "    gpumc_scope s = __gpumc_take(c, GPUMC_SCOPE_SYS);\n"
    "    if (c->d) __gpumc_stop(c);\n"
    "    gpumc_barrier(c->t, s, id, src);\n"
    "    return 0;\n"
    "}\n"
    "static void __gpumc_assert(__gpumc_ctx *c, int cond, unsigned src)\n"
    "{ if (!c->d) gpumc_assert(c->t, cond, src); }\n"
    "static void __gpumc_assume(__gpumc_ctx *c, int cond, unsigned src)\n"
    "{\n"
    "    if (c->d) { if (!cond) __gpumc_stop(c); return; }\n"
    "    gpumc_assume(c->t, cond, src);\n"
    "}\n"
    "static void __gpumc_bound(__gpumc_ctx *c, unsigned src)\n"
    "{\n"
    "    if (c->d) __gpumc_stop(c);\n"
    "    gpumc_loop_bound(c->t, src);\n"
    "}\n"
    "static int __gpumc_spin(__gpumc_ctx *c, unsigned id, const void *const *st, const size_t *sz, unsigned n, unsigned src)\n"
    "{ return c->d ? 1 : gpumc_spin(c->t, id, st, sz, n, src); }\n"
    "static void __gpumc_scratch(__gpumc_ctx *c, const void *a, size_t n)\n"
    "{ if (!c->d) gpumc_spin_scratch(c->t, a, n); }\n"
    "/* GPUMC's defaults: a thread that never names its ids is in group -1\n"
    " * of kernel -1, which all such threads (main too) share. */\n"
    "static void __gpumc_implicit(gpumc_coord *w)\n"
    "{\n"
    "    __builtin_memset(w, 0, sizeof *w);\n"
    "    w->gpu = -1;\n"
    "    w->cta[0] = -1;\n"
    "}\n"
    "static void __gpumc_place(__gpumc_ctx *c, int level, int v, unsigned src)\n"
    "{\n"
    "    if (c->d) {\n"
    "        __gpumc_tinfo *ti = &__gpumc_ti[c->self];\n"
    "        ti->placed |= 1 << level;\n"
    "        ti->w.host = 0;\n"
    "        if (level == 0) ti->gid = v;\n"
    "        else if (level == 1) ti->w.tid[0] = v;\n"
    "        else if (level == 2) ti->w.cta[0] = v;\n"
    "        else ti->w.gpu = v;\n"
    "        return;\n"
    "    }\n"
    "    const gpumc_coord *w = gpumc_where(c->t);\n"
    "    int ok = !w->host && (level == 0 || (level == 1 ? w->tid[0] == v\n"
    "             : level == 2 ? w->cta[0] == v : w->gpu == v));\n"
    "    if (!ok) gpumc_assert(c->t, 0, src); /* placement differs from discovery */\n"
    "}\n"
    "static int __gpumc_child(int parent, int k)\n"
    "{\n"
    "    for (int i = 1; i < __gpumc_nti; i++)\n"
    "        if (__gpumc_ti[i].parent == parent && __gpumc_ti[i].k == k) return i;\n"
    "    return -1;\n"
    "}\n"
    "static int __gpumc_create(__gpumc_ctx *c, int fi, void *h, unsigned hn, void *arg, unsigned src)\n"
    "{\n"
    "    int k = (int)c->nspawn++;\n"
    "    if (c->d) {\n"
    "        if (__gpumc_nti >= __GPUMC_MAXT) { c->d->stop = 2; __gpumc_stop(c); }\n"
    "        int id = __gpumc_nti++;\n"
    "        __gpumc_tinfo *ti = &__gpumc_ti[id];\n"
    "        __builtin_memset(ti, 0, sizeof *ti);\n"
    "        ti->parent = c->self; ti->k = k; ti->fn = fi; __gpumc_implicit(&ti->w);\n"
    "        __gpumc_dst(h, hn, (uint64_t)id);\n"
    "        __gpumc_ctx cc;\n"
    "        __builtin_memset(&cc, 0, sizeof cc);\n"
    "        cc.d = c->d; cc.self = id; cc.pend = -1;\n"
    "        if (!__builtin_setjmp(cc.jb)) __gpumc_run_entry(fi, &cc, arg);\n"
    "        return 0;\n"
    "    }\n"
    "    int id = __gpumc_child(c->self, k);\n"
    "    if (id < 0 || __gpumc_ti[id].fn != fi) { gpumc_assert(c->t, 0, src); return 0; }\n"
    "    gpumc_store(c->t, h, hn, (uint64_t)id, GPUMC_NA, GPUMC_SCOPE_SYS, src);\n"
    "    gpumc_spawn(c->t, id, arg, src);\n"
    "    return 0;\n"
    "}\n"
    "static int __gpumc_join_thread(__gpumc_ctx *c, int h, unsigned src)\n"
    "{\n"
    "    if (!c->d) gpumc_join(c->t, h, src);\n"
    "    return 0;\n"
    "}\n"
    "/* A mutex is an int: lock = acquire CAS 0->1 that must succeed (an\n"
    " * await: a failed attempt blocks the execution), unlock = release store. */\n"
    "static int __gpumc_mutex_lock(__gpumc_ctx *c, void *m, unsigned src)\n"
    "{\n"
    "    gpumc_scope s = __gpumc_take(c, GPUMC_SCOPE_SYS);\n"
    "    if (c->d) { if (__gpumc_dld(m, 4)) __gpumc_stop(c); __gpumc_dst(m, 4, 1); return 0; }\n"
    "    uint64_t e = 0;\n"
    "    if (!gpumc_cas(c->t, m, 4, &e, 1, GPUMC_ACQ, GPUMC_RLX, s, 0, src))\n"
    "        gpumc_assume(c->t, 0, src);\n"
    "    return 0;\n"
    "}\n"
    "static int __gpumc_mutex_trylock(__gpumc_ctx *c, void *m, unsigned src)\n"
    "{\n"
    "    gpumc_scope s = __gpumc_take(c, GPUMC_SCOPE_SYS);\n"
    "    if (c->d) { if (__gpumc_dld(m, 4)) return 16; __gpumc_dst(m, 4, 1); return 0; }\n"
    "    uint64_t e = 0;\n"
    "    return gpumc_cas(c->t, m, 4, &e, 1, GPUMC_ACQ, GPUMC_RLX, s, 0, src) ? 0 : 16;\n"
    "}\n"
    "static int __gpumc_mutex_unlock(__gpumc_ctx *c, void *m, unsigned src)\n"
    "{\n"
    "    gpumc_scope s = __gpumc_take(c, GPUMC_SCOPE_SYS);\n"
    "    if (c->d) { __gpumc_dst(m, 4, 0); return 0; }\n"
    "    gpumc_store(c->t, m, 4, 0, GPUMC_REL, s, src);\n"
    "    return 0;\n"
    "}\n"
    "static int __gpumc_mutex_init(__gpumc_ctx *c, void *m, unsigned src)\n"
    "{\n"
    "    __gpumc_st(c, m, 4, 0, GPUMC_NA, GPUMC_SCOPE_SYS, src);\n"
    "    return 0;\n"
    "}\n"
    "static void __gpumc_start(gpumc_thread *t, int fi, void *arg)\n"
    "{\n"
    "    __gpumc_ctx c;\n"
    "    __builtin_memset(&c, 0, sizeof c);\n"
    "    c.t = t; c.self = gpumc_self(t); c.pend = -1;\n"
    "    if (!__builtin_setjmp(c.jb)) __gpumc_run_entry(fi, &c, arg);\n"
    "}\n\n";

void fe_scopedc_runtime(fe_ctx *c, fe_buf *o)
{
    (void)c;
    fe_buf_puts(o, runtime);
}

/* ---- main and thread functions ---------------------------------------- */

static enum CXChildVisitResult main_cb(CXCursor f, CXCursor p, CXClientData d)
{
    (void)p;
    if (clang_getCursorKind(f) != CXCursor_FunctionDecl || !clang_isCursorDefinition(f) ||
        fe_in_system(f))
        return CXChildVisit_Continue;
    char *n = fe_spelling(f);
    if (n && !strcmp(n, "main"))
        *(CXCursor *)d = f;
    free(n);
    return CXChildVisit_Continue;
}

static int check_entry(fe_ctx *c, fe_fn *f)
{
    CXType t = clang_getCursorType(f->def);
    if (clang_Cursor_getNumArguments(f->def) != 1 ||
        !fe_is_pointer(clang_getArgType(t, 0)) ||
        !fe_is_pointer(clang_getResultType(t)))
        return fe_unsup(c, f->def, "thread function that is not void *f(void *)");
    return 0;
}

/* ---- discovery shadow -------------------------------------------------- */

static long long shadow_map(fe_ctx *c, fe_buf *decl)
{
    long long off = 0;
    fe_buf_puts(decl, "static void *__gpumc_dmap(const void *a, unsigned n)\n{\n"
                      "    static unsigned char scratch[8];\n"
                      "    const unsigned char *p = a;\n");
    for (int i = 0; i < c->nvars; i++) {
        fe_var *v = &c->vars[i];
        if (v->kind != FE_VAR_GLOBAL)
            continue;
        fe_buf_printf(decl,
                      "    { const unsigned char *b = (const unsigned char *)%s;\n"
                      "      if (b && p >= b && p < b + %lld)\n"
                      "          return p + n <= b + %lld ? (void *)(__gpumc_shadow + %lld + (p - b))"
                      " : (void *)scratch; }\n",
                      v->cname, v->size, v->size, off);
        off += v->size;
    }
    fe_buf_puts(decl, "    return (void *)a;\n}\n");
    return off;
}

static void shadow_fill(fe_ctx *c, fe_buf *o)
{
    long long off = 0;
    for (int i = 0; i < c->nvars; i++) {
        fe_var *v = &c->vars[i];
        if (v->kind != FE_VAR_GLOBAL)
            continue;
        CXCursor def = clang_getCursorDefinition(v->decl);
        int has = !clang_Cursor_isNull(def) &&
                  !clang_Cursor_isNull(clang_Cursor_getVarDeclInitializer(def));
        if (has)
            fe_buf_printf(o, "    __builtin_memcpy(__gpumc_shadow + %lld, &__gpumc_init%d, %lld);\n",
                          off, i, v->size);
        off += v->size;
    }
}

/* ---- entry and setup -------------------------------------------------- */

static int main_call(fe_ctx *c, int mi, fe_buf *o)
{
    int n = clang_Cursor_getNumArguments(c->fns[mi].def);
    if (n != 0 && n != 2)
        return fe_unsup(c, c->fns[mi].def, "main with %d parameters", n);
    fe_buf_printf(o,
                  "static void __gpumc_main_call(__gpumc_ctx *c)\n{\n"
                  "    static char prog[] = \"main\";\n"
                  "    static char *argv[] = { prog, 0 };\n"
                  "    (void)argv;\n"
                  "    %s(c%s);\n}\n"
                  "static void __gpumc_main_thread(gpumc_thread *t, void *arg)\n{\n"
                  "    __gpumc_ctx c;\n"
                  "    __builtin_memset(&c, 0, sizeof c);\n"
                  "    c.t = t; c.self = 0; c.pend = -1;\n"
                  "    (void)arg;\n"
                  "    if (!__builtin_setjmp(c.jb)) __gpumc_main_call(&c);\n}\n",
                  c->fns[mi].cname, n == 2 ? ", 1, argv" : "");
    return 0;
}

static void entries(fe_ctx *c, fe_buf *o)
{
    fe_buf_puts(o, "static void *__gpumc_run_entry(int fi, __gpumc_ctx *c, void *arg)\n{\n"
                   "    switch (fi) {\n");
    for (int i = 0; i < c->nfns; i++)
        if (c->fns[i].entry)
            fe_buf_printf(o, "    case %d: return %s(c, arg);\n", i, c->fns[i].cname);
    fe_buf_puts(o, "    default: return 0;\n    }\n}\n");
    for (int i = 0; i < c->nfns; i++)
        if (c->fns[i].entry)
            fe_buf_printf(o, "static void __gpumc_tr%d(gpumc_thread *t, void *arg) "
                             "{ __gpumc_start(t, %d, arg); }\n", i, i);
    fe_buf_puts(o, "static gpumc_thread_fn __gpumc_tramp(int fi)\n{\n    switch (fi) {\n");
    for (int i = 0; i < c->nfns; i++)
        if (c->fns[i].entry)
            fe_buf_printf(o, "    case %d: return __gpumc_tr%d;\n", i, i);
    fe_buf_puts(o, "    default: return 0;\n    }\n}\n\n");
}

static void setup(fe_ctx *c, fe_buf *regions, fe_buf *o)
{
    fe_buf_puts(o,
                "int gpumc_harness_setup(gpumc_setup *s)\n{\n"
                "    if (gpumc_sources(s, __gpumc_src, (unsigned)(sizeof __gpumc_src / "
                "sizeof __gpumc_src[0])) < 0)\n"
                "        return -1;\n");
    fe_buf_append(o, regions);
    fe_buf_puts(o, "    /* discovery: run the program once to learn its threads */\n"
                   "    __builtin_memset(__gpumc_shadow, 0, sizeof __gpumc_shadow);\n");
    shadow_fill(c, o);
    fe_buf_puts(o,
                "    struct __gpumc_disc d = { 0 };\n"
                "    __builtin_memset(__gpumc_ti, 0, sizeof __gpumc_ti);\n"
                "    __gpumc_nti = 1;\n"
                "    __gpumc_implicit(&__gpumc_ti[0].w);\n"
                "    __gpumc_ti[0].fn = -1;\n"
                "    {\n"
                "        __gpumc_ctx c;\n"
                "        __builtin_memset(&c, 0, sizeof c);\n"
                "        c.d = &d; c.self = 0; c.pend = -1;\n"
                "        if (!__builtin_setjmp(c.jb)) __gpumc_main_call(&c);\n"
                "    }\n"
                "    if (d.stop == 2) {\n"
                "        gpumc_setup_error(s, \"the program creates more than 1024 threads\");\n"
                "        return -1;\n"
                "    }\n"

                "    if (gpumc_thread_add(s, __gpumc_main_thread, 0, &__gpumc_ti[0].w) != 0)\n"
                "        return -1;\n"
                "    for (int i = 1; i < __gpumc_nti; i++) {\n"
                "        __gpumc_tinfo *ti = &__gpumc_ti[i];\n"
                "        if (!(ti->placed & 2)) ti->w.tid[0] = ti->placed ? ti->gid : i;\n"
                "        if (gpumc_thread_declare(s, __gpumc_tramp(ti->fn), &ti->w) != i) {\n"
                "            gpumc_setup_error(s, \"unexpected thread id from gpumc_thread_declare\");\n"
                "            return -1;\n"
                "        }\n"
                "    }\n"
                "    return 0;\n}\n");
}

int fe_scopedc_lower(fe_ctx *c, fe_buf *decl, fe_buf *entry)
{
    CXCursor m = clang_getNullCursor();
    clang_visitChildren(clang_getTranslationUnitCursor(c->tu), main_cb, &m);
    if (clang_Cursor_isNull(m))
        return fe_fail_plain(c, 5, "%s: error: a scoped-C program needs a main function "
                                   "(the host thread)", c->opt->input);
    int mi = fe_fn_use(c, m, m, 0);
    for (int i = 0; mi >= 0 && i < c->nfns; i++)
        if (fe_emit_fn(c, i) < 0)
            return -1;
    if (mi < 0 || fe_check_recursion(c) < 0)
        return -1;
    for (int i = 0; i < c->nfns; i++)
        if (c->fns[i].entry && check_entry(c, &c->fns[i]) < 0)
            return -1;
    fe_buf regions = {0};
    int rc = fe_harness_globals(c, decl, &regions);
    if (rc == 0) {
        long long total = 0;
        for (int i = 0; i < c->nvars; i++)
            if (c->vars[i].kind == FE_VAR_GLOBAL)
                total += c->vars[i].size;
        fe_buf_printf(decl, "static unsigned char __gpumc_shadow[%lld];\n", total + 8);
        shadow_map(c, decl);
        rc = main_call(c, mi, entry);
    }
    if (rc == 0) {
        entries(c, entry);
        setup(c, &regions, entry);
    }
    fe_buf_free(&regions);
    return rc;
}
