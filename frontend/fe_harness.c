/*
 * fe_harness.c -- fixed parts of a harness.  See fe_harness.h.
 */
#include "fe_harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fe_expr.h"
#include "fe_type.h"

/* Value conversions shared by every harness. */
static const char common_helpers[] =
    "static inline uint64_t __gpumc_f2u(float f) { union { float f; uint32_t u; } x; x.f = f; return x.u; }\n"
    "static inline float __gpumc_u2f(uint64_t b) { union { float f; uint32_t u; } x; x.u = (uint32_t)b; return x.f; }\n"
    "static inline uint64_t __gpumc_d2u(double d) { union { double d; uint64_t u; } x; x.d = d; return x.u; }\n"
    "static inline double __gpumc_u2d(uint64_t b) { union { double d; uint64_t u; } x; x.u = b; return x.d; }\n"
    "static inline int __gpumc_nop(void) { return 0; }\n"
    "static inline int __gpumc_clz(unsigned int v) { return v ? __builtin_clz(v) : 32; }\n"
    "static inline int __gpumc_sext24(int v) { return (int)((unsigned int)v << 8) >> 8; }\n"
    "static inline gpumc_order __gpumc_ord(int o)\n"
    "{\n"
    "    switch (o) { case 0: return GPUMC_RLX; case 1: case 2: return GPUMC_ACQ;\n"
    "    case 3: return GPUMC_REL; case 4: return GPUMC_ACQ_REL; default: return GPUMC_SC; }\n"
    "}\n"
    "static inline gpumc_scope __gpumc_cl_scope(int s)\n"
    "{\n"
    "    switch (s) { case 0: return GPUMC_SCOPE_THREAD; case 1: return GPUMC_SCOPE_CTA;\n"
    "    case 2: return GPUMC_SCOPE_GPU; default: return GPUMC_SCOPE_SYS; }\n"
    "}\n";

/* Kernel harnesses: the wrappers forward to the ABI unchanged. */
static const char gpu_helpers[] =
    "static inline uint64_t __gpumc_ld(__gpumc_ctx *c, const void *a, unsigned n, gpumc_order o, gpumc_scope s, unsigned src)\n"
    "{ return gpumc_load(c->t, a, n, o, s, src); }\n"
    "static inline uint64_t __gpumc_ld_raw(__gpumc_ctx *c, const void *a, unsigned n, unsigned src)\n"
    "{ return gpumc_load(c->t, a, n, GPUMC_NA, GPUMC_SCOPE_SYS, src); }\n"
    "static inline void __gpumc_st(__gpumc_ctx *c, void *a, unsigned n, uint64_t v, gpumc_order o, gpumc_scope s, unsigned src)\n"
    "{ gpumc_store(c->t, a, n, v, o, s, src); }\n"
    "static inline void __gpumc_st_raw(__gpumc_ctx *c, void *a, unsigned n, uint64_t v, unsigned src)\n"
    "{ gpumc_store(c->t, a, n, v, GPUMC_NA, GPUMC_SCOPE_SYS, src); }\n"
    "static inline uint64_t __gpumc_rmw(__gpumc_ctx *c, void *a, unsigned n, gpumc_rmw_op op, uint64_t v, gpumc_order o, gpumc_scope s, unsigned src)\n"
    "{ return gpumc_rmw(c->t, a, n, op, v, o, s, src); }\n"
    "/* A compare-exchange's result: success, or after __VERIFIER_ret_CAS() the\n"
    " * value read (sign-extended from n bytes), as GPUMC does. */\n"
    "static inline long long __gpumc_cas_result(__gpumc_ctx *c, int ok, uint64_t seen, unsigned n)\n"
    "{\n"
    "    if (!c->retcas) return ok;\n"
    "    c->retcas = 0;\n"
    "    unsigned sh = 64 - 8 * n;\n"
    "    return (long long)(seen << sh) >> sh;\n"
    "}\n"
    "static inline int __gpumc_cas(__gpumc_ctx *c, void *a, unsigned n, uint64_t *e, uint64_t d, gpumc_order so, gpumc_order fo, gpumc_scope s, int weak, unsigned src)\n"
    "{ return gpumc_cas(c->t, a, n, e, d, so, fo, s, weak, src); }\n"
    "static inline void __gpumc_fence(__gpumc_ctx *c, gpumc_order o, gpumc_scope s, unsigned src)\n"
    "{ gpumc_fence(c->t, o, s, src); }\n"
    "static inline void __gpumc_barrier(__gpumc_ctx *c, gpumc_scope s, unsigned id, unsigned src)\n"
    "{ gpumc_barrier(c->t, s, id, src); }\n"
    "static inline void __gpumc_assert(__gpumc_ctx *c, int cond, unsigned src)\n"
    "{ gpumc_assert(c->t, cond, src); }\n"
    "static inline void __gpumc_assume(__gpumc_ctx *c, int cond, unsigned src)\n"
    "{ gpumc_assume(c->t, cond, src); }\n"
    "static inline void __gpumc_bound(__gpumc_ctx *c, unsigned src)\n"
    "{ gpumc_loop_bound(c->t, src); }\n"
    "static inline int __gpumc_spin(__gpumc_ctx *c, unsigned id, const void *const *st, const size_t *sz, unsigned n, unsigned src)\n"
    "{ return gpumc_spin(c->t, id, st, sz, n, src); }\n"
    "static inline void __gpumc_scratch(__gpumc_ctx *c, const void *a, size_t n)\n"
    "{ gpumc_spin_scratch(c->t, a, n); }\n";

int fe_harness_ctx(fe_ctx *c, fe_buf *o)
{
    fe_buf_puts(o,
                "typedef struct __gpumc_ctx {\n"
                "    gpumc_thread *t;\n"
                "    unsigned tid[3], cta[3];  /* threadIdx / blockIdx */\n"
                "    int gpu;\n"
                "    int pend;                 /* scoped C: scope of the next access, -1: none */\n"
                "    int retcas;               /* scoped C: __VERIFIER_ret_CAS pending */\n"
                "    int self;                 /* scoped C: this thread's id */\n"
                "    unsigned nspawn;          /* scoped C: threads created so far */\n"
                "    struct __gpumc_disc *d;   /* scoped C: discovery run, else NULL */\n"
                "    void *jb[5];              /* scoped C: __builtin_setjmp buffer */\n");
    for (int i = 0; i < c->nvars; i++) {
        if (c->vars[i].kind != FE_VAR_CTA)
            continue;
        char decl[200];
        fe_buf_puts(o, "    ");
        snprintf(decl, sizeof decl, "(*%s)", c->vars[i].cname);
        if (fe_type_decl(c, c->vars[i].type, decl, o, c->vars[i].decl) < 0)
            return -1;
        fe_buf_printf(o, "; /* __shared__/__local %s of this CTA */\n",
                      c->vars[i].name);
    }
    fe_buf_puts(o, "} __gpumc_ctx;\n\n");
    return 0;
}

void fe_harness_helpers(fe_ctx *c, fe_buf *o)
{
    fe_buf_puts(o, common_helpers);
    if (c->lang != FE_LANG_SCOPED_C)
        fe_buf_puts(o, gpu_helpers);
    if (c->lang == FE_LANG_OPENCL) {
        fe_buf_printf(o,
                      "static const unsigned __gpumc_grid[3] = { %uu, %uu, %uu };\n"
                      "static const unsigned __gpumc_block[3] = { %uu, %uu, %uu };\n",
                      c->grid[0], c->grid[1], c->grid[2], c->block[0],
                      c->block[1], c->block[2]);
        fe_buf_puts(o,
                    "static inline unsigned long __gpumc_cl_id(__gpumc_ctx *c, int which, unsigned d)\n"
                    "{\n"
                    "    if (which == 6) return __gpumc_grid[2] * __gpumc_block[2] > 1 ? 3 : "
                    "__gpumc_grid[1] * __gpumc_block[1] > 1 ? 2 : 1;\n"
                    "    if (d > 2) return which == 3 || which == 4 || which == 5 ? 1 : 0;\n"
                    "    switch (which) {\n"
                    "    case 0: return (unsigned long)c->cta[d] * __gpumc_block[d] + c->tid[d];\n"
                    "    case 1: return c->tid[d];\n"
                    "    case 2: return c->cta[d];\n"
                    "    case 3: return __gpumc_block[d];\n"
                    "    case 4: return __gpumc_grid[d];\n"
                    "    case 5: return (unsigned long)__gpumc_grid[d] * __gpumc_block[d];\n"
                    "    default: return 0;\n"
                    "    }\n"
                    "}\n");
    }
    fe_buf_puts(o, "\n");
}

void fe_harness_sources(fe_ctx *c, fe_buf *o)
{
    fe_buf_puts(o, "static const gpumc_srcloc __gpumc_src[] = {\n");
    for (int i = 0; i < c->nsrcs; i++) {
        fe_buf_puts(o, "    { ");
        fe_buf_cstr(o, c->srcs[i].file);
        fe_buf_printf(o, ", %u, %u, ", c->srcs[i].line, c->srcs[i].col);
        fe_buf_cstr(o, c->srcs[i].text);
        fe_buf_printf(o, " }, /* %d */\n", i);
    }
    if (c->nsrcs == 0)
        fe_buf_puts(o, "    { \"\", 0, 0, \"\" },\n");
    fe_buf_puts(o, "};\n\n");
}

/* "static const T __gpumc_init<i> = <initializer>;" at file scope (the
 * scoped-C discovery run copies it too), or nothing. */
static int var_init(fe_ctx *c, int i, fe_buf *o, int *has)
{
    fe_var *v = &c->vars[i];
    CXCursor def = clang_getCursorDefinition(v->decl);
    CXCursor init = clang_Cursor_isNull(def) ? def : clang_Cursor_getVarDeclInitializer(def);
    *has = !clang_Cursor_isNull(init);
    if (!*has)
        return 0;
    char name[64];
    snprintf(name, sizeof name, "__gpumc_init%d", i);
    fe_buf_puts(o, "static const ");
    if (fe_type_decl(c, v->type, name, o, v->decl) < 0)
        return -1;
    fe_buf_puts(o, " = ");
    c->const_ctx = 1;
    int rc = fe_rv(c, init, o);
    c->const_ctx = 0;
    fe_buf_puts(o, ";\n");
    return rc;
}

static int global_region(fe_ctx *c, int i, fe_buf *decl, fe_buf *setup)
{
    fe_var *v = &c->vars[i];
    char d[200], iname[64];
    int has = 0;
    snprintf(d, sizeof d, "(*%s)", v->cname);
    snprintf(iname, sizeof iname, "&__gpumc_init%d", i);
    fe_buf_puts(decl, "static ");
    if (fe_type_decl(c, v->type, d, decl, v->decl) < 0)
        return -1;
    fe_buf_printf(decl, "; /* region of '%s' */\n", v->name);
    if (var_init(c, i, decl, &has) < 0)
        return -1;
    fe_buf_printf(setup, "    %s = gpumc_region(s, ", v->cname);
    fe_buf_cstr(setup, v->name);
    fe_buf_printf(setup, ", %lld, %s);\n", v->size, has ? iname : "0");
    fe_buf_printf(setup, "    if (!%s)\n        return -1;\n", v->cname);
    return 0;
}

static int const_var(fe_ctx *c, int i, fe_buf *decl)
{
    fe_var *v = &c->vars[i];
    fe_buf_puts(decl, "static const ");
    if (fe_type_decl(c, v->type, v->cname, decl, v->decl) < 0)
        return -1;
    fe_buf_puts(decl, " = ");
    CXCursor init = clang_Cursor_getVarDeclInitializer(clang_getCursorDefinition(v->decl));
    c->const_ctx = 1;
    int rc = fe_rv(c, init, decl);
    c->const_ctx = 0;
    fe_buf_puts(decl, ";\n");
    return rc;
}

int fe_harness_globals(fe_ctx *c, fe_buf *decl, fe_buf *setup)
{
    for (int i = 0; i < c->nvars; i++) {
        int rc = 0;
        if (c->vars[i].kind == FE_VAR_GLOBAL)
            rc = global_region(c, i, decl, setup);
        else if (c->vars[i].kind == FE_VAR_CONST)
            rc = const_var(c, i, decl);
        if (rc < 0)
            return -1;
    }
    return 0;
}

int fe_harness_cta_regions(fe_ctx *c, unsigned ncta, fe_buf *decl, fe_buf *setup)
{
    for (int i = 0; i < c->nvars; i++) {
        fe_var *v = &c->vars[i];
        if (v->kind != FE_VAR_CTA)
            continue;
        fe_buf_printf(decl, "static void *__gpumc_cta_%s[%u];\n", v->cname, ncta);
        fe_buf_printf(decl, "static const char *const __gpumc_ctaname_%s[%u] = {", v->cname,
                      ncta);
        for (unsigned k = 0; k < ncta; k++) {
            char name[160];
            snprintf(name, sizeof name, "%s@cta%u", v->name, k);
            fe_buf_puts(decl, k % 4 ? " " : "\n    ");
            fe_buf_cstr(decl, name);
            fe_buf_puts(decl, ",");
        }
        fe_buf_puts(decl, "\n};\n");
        fe_buf_printf(setup,
                      "    for (unsigned i = 0; i < %uu; i++) {\n"
                      "        __gpumc_cta_%s[i] = gpumc_region(s, __gpumc_ctaname_%s[i], %lld, 0);\n"
                      "        if (!__gpumc_cta_%s[i]) return -1;\n"
                      "    }\n",
                      ncta, v->cname, v->cname, v->size, v->cname);
    }
    return 0;
}

void fe_harness_cta_bind(fe_ctx *c, const char *cv, const char *lin, fe_buf *o)
{
    for (int i = 0; i < c->nvars; i++) {
        fe_var *v = &c->vars[i];
        if (v->kind != FE_VAR_CTA)
            continue;
        fe_buf_printf(o, "    %s.%s = __gpumc_cta_%s[%s];\n", cv, v->cname, v->cname,
                      lin);
    }
}
