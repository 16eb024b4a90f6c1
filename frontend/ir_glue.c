/*
 * ir_glue.c -- the C half of a compiled-pipeline harness.  See ir_glue.h.
 */
#include "ir_glue.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fe_args.h"
#include "fe_buf.h"
#include "ir_names.h"

typedef struct glue {
    const fe_options *opt;
    const ir_result *r;
    fe_buf decl, setup;
    fe_diag *d;
    unsigned dims[2][3]; /* grid, block with 0 read as 1 */
    struct {               /* OpenCL __local pointer arguments: window slots */
        const char *name;
        unsigned long long size;
        int default_len;   /* no length given: one element per work-group thread */
    } locals[GPUMC_IR_MAXSLOTS];
    unsigned nlocals;
    fe_buf cinit;          /* initialisers of __constant__ variables given by --arg */
    fe_buf cfill;          /* ... the statements that fill those of structs, member by
                              member, before the window is set up */
    unsigned char has_cinit[GPUMC_IR_MAXSLOTS];
    fe_buf chosen;         /* "n=4096, f=4096.0": scalars given no value */
    fe_buf chosen_agg;     /* "'s', 't'": structs given no value */
    fe_buf zeroed;         /* "'a', 'b'": buffers the kernel may read, given no values */
} glue;

static int usage(glue *g, const char *param, const char *msg, const char *ex)
{
    snprintf(g->d->msg, sizeof g->d->msg, "%s: error: kernel argument '%s': %s (e.g. --arg %s)",
             g->opt->input, param, msg, ex);
    g->d->code = 17;
    return 17;
}

/* The same for a __constant__ or __device__ variable --arg gives contents. */
static int var_usage(glue *g, const char *var, const char *msg, const char *ex)
{
    snprintf(g->d->msg, sizeof g->d->msg, "%s: error: --arg %s (a variable of the file): %s "
             "(e.g. --arg %s)", g->opt->input, var, msg, ex);
    g->d->code = 17;
    return 17;
}

static const char *c_type(fe_ek kind, int size)
{
    static const char *const s[] = {"int8_t", "int16_t", "int32_t", "int64_t"};
    static const char *const u[] = {"uint8_t", "uint16_t", "uint32_t", "uint64_t"};
    int i = size == 1 ? 0 : size == 2 ? 1 : size == 4 ? 2 : 3;
    switch (kind) {
    case FE_E_FLOAT: return "float";
    case FE_E_DOUBLE: return "double";
    case FE_E_SINT: return s[i];
    case FE_E_BOOL: return "uint8_t";
    case FE_E_HALF:
    case FE_E_BF16: return "uint16_t";
    default: return u[i];
    }
}

static fe_ek ek_of(ir_pkind k, unsigned size, const char *lit)
{
    if (k == IR_P_FLOAT)
        return size == 8 ? FE_E_DOUBLE : FE_E_FLOAT;
    if (lit && (!strcmp(lit, "true") || !strcmp(lit, "false")))
        return FE_E_BOOL;
    return lit && lit[0] == '-' ? FE_E_SINT : FE_E_UINT;
}

static const fe_arg *find_arg(const fe_options *o, const char *name)
{
    for (int i = 0; i < o->nargs; i++)
        if (!strcmp(o->args[i].name, name))
            return &o->args[i];
    return NULL;
}

/* The --arg of parameter i: by its name, or by its place among the
 * parameters that are not pointers, @K (GPUVerify's --kernel-args). */
static const fe_arg *param_arg(const glue *g, unsigned i)
{
    const ir_param *p = &g->r->params[i];
    const fe_arg *a = find_arg(g->opt, p->name);
    if (a || p->kind == IR_P_PTR)
        return a;
    unsigned k = 1;
    for (unsigned j = 0; j < i; j++)
        k += g->r->params[j].kind != IR_P_PTR;
    char at[16];
    snprintf(at, sizeof at, "@%u", k);
    return find_arg(g->opt, at);
}

static unsigned long long global_threads(const glue *g)
{
    unsigned long long n = (unsigned long long)(g->opt->ngpus > 0 ? g->opt->ngpus : 1);
    for (int k = 0; k < 3; k++)
        n *= (unsigned long long)g->dims[0][k] * g->dims[1][k];
    return n;
}

static unsigned long long block_threads(const glue *g)
{
    return (unsigned long long)g->dims[1][0] * g->dims[1][1] * g->dims[1][2];
}

/* The 16-bit float kind (FE_E_HALF, FE_E_BF16) a buffer's values read as,
 * or 0: the type given with --arg, else the parameter's own __half /
 * __nv_bfloat16 elements (or their pairs). */
static int half_values(const ir_param *p, const fe_bufspec *spec, fe_ek kind)
{
    if (spec->type[0])
        return kind == FE_E_HALF || kind == FE_E_BF16 ? (int)kind : 0;
    return p->elem_fp16 == IR_FP16_HALF ? FE_E_HALF : p->elem_fp16 == IR_FP16_BF16 ? FE_E_BF16 : 0;
}

/* An OpenCL __local pointer: a per-work-group buffer in the window; its
 * argument is the slot's address, which the adapter maps per CTA. */
static int local_arg(glue *g, unsigned i, const ir_param *p, const fe_arg *a)
{
    fe_bufspec spec;
    char err[256];
    memset(&spec, 0, sizeof spec);
    spec.len = -1;
    if (a && fe_args_buffer(a->value ? a->value : "", &spec, err, sizeof err) < 0)
        return usage(g, p->name, err, "p=int[64]");
    int esize = p->elem_size ? (int)p->elem_size : 1;
    fe_ek kind;
    int bad = spec.type[0] && fe_args_type(spec.type, &kind, &esize) < 0;
    int vals = spec.nvals;
    long long len = spec.len >= 0 ? spec.len : (long long)block_threads(g);
    int default_len = spec.len < 0;
    fe_bufspec_free(&spec);
    if (bad)
        return usage(g, p->name, "unknown element type", "p=int[64]");
    if (vals)
        return usage(g, p->name, "local memory starts undefined: give a length, no values",
                     "p=int[64]");
    if (len <= 0 || len > (1ll << 24))
        return usage(g, p->name, "a __local buffer holds 1 to 16777216 (2^24) elements",
                     "p=int[64]");
    if (g->r->nglobals + g->nlocals >= GPUMC_IR_MAXSLOTS)
        return usage(g, p->name, "too many variables and __local buffers for gpumc", "p=int[64]");
    unsigned slot = g->r->nglobals + g->nlocals;
    g->locals[g->nlocals].name = p->name;
    g->locals[g->nlocals].size = (unsigned long long)len * (unsigned long long)esize;
    g->locals[g->nlocals].default_len = default_len;
    g->nlocals++;
    fe_buf_printf(&g->decl, "static void *irrt_a%u = (void *)(IRRT_VBASE + %uull * IRRT_VSLOT);\n",
                  i, slot);
    fe_buf_printf(&g->setup, "    irrt_args[%u] = &irrt_a%u;\n", i, i);
    return 0;
}

/* Does a --arg element type contradict the pointee?  Not checked for
 * 1-byte pointees (char, and void *, which compiles the same) or
 * structs. */
static int type_mismatch(const ir_param *p, fe_ek kind, int esize)
{
    if ((p->elem_kind != IR_P_INT && p->elem_kind != IR_P_FLOAT) || p->elem_size <= 1)
        return 0;
    int fp = kind == FE_E_FLOAT || kind == FE_E_DOUBLE || kind == FE_E_HALF || kind == FE_E_BF16;
    return fp != (p->elem_kind == IR_P_FLOAT) || (unsigned)esize != p->elem_size;
}

/* Lists longer than this are written as runs of one value, filled in by
 * the setup: a buffer of 16 M repeated values (`1.0*16777216`) would be an
 * initializer clang takes minutes and gigabytes over. */
#define GLUE_INIT_LIST_MAX 4096

/* irrt_aI_init as a table of runs of equal values (a repeat shares its
 * text, so a run is found by comparing pointers first), copied in by one
 * loop of the setup. */
static int emit_init_runs(glue *g, unsigned i, const ir_param *p, const fe_bufspec *spec,
                          fe_ek kind, int esize, long long len, const char *ex)
{
    char err[256], lit[96];
    const char *t = c_type(kind, esize);
    fe_buf_printf(&g->decl, "static %s irrt_a%u_init[%lld];\n"
                            "static const struct { long long at, n; %s v; } irrt_a%u_runs[] = {",
                  t, i, len, t, i);
    for (int k = 0, end; k < spec->nvals; k = end) {
        for (end = k + 1; end < spec->nvals && (spec->vals[end] == spec->vals[k] ||
                                                !strcmp(spec->vals[end], spec->vals[k]));)
            end++;
        if (fe_args_value(spec->vals[k], kind, esize, lit, sizeof lit, err, sizeof err) < 0)
            return usage(g, p->name, err, ex);
        fe_buf_printf(&g->decl, "%s{%d, %d, (%s)(%s)}", k ? ", " : "", k, end - k, t, lit);
    }
    fe_buf_puts(&g->decl, "};\n");
    fe_buf_printf(&g->setup,
                  "    for (unsigned long r = 0; r < sizeof irrt_a%u_runs / sizeof irrt_a%u_runs[0]; r++)\n"
                  "        for (long long k = 0; k < irrt_a%u_runs[r].n; k++)\n"
                  "            irrt_a%u_init[irrt_a%u_runs[r].at + k] = irrt_a%u_runs[r].v;\n",
                  i, i, i, i, i, i);
    return 0;
}

/* irrt_aI_init[len]: the listed values of a buffer or texture, the rest 0. */
static int emit_init(glue *g, unsigned i, const ir_param *p, const fe_bufspec *spec, fe_ek kind,
                     int esize, long long len, const char *ex)
{
    char err[256];
    int rc = 0;
    if (spec->nvals > GLUE_INIT_LIST_MAX)
        return emit_init_runs(g, i, p, spec, kind, esize, len, ex);
    fe_buf_printf(&g->decl, "static %s irrt_a%u_init[%lld] = {", c_type(kind, esize), i, len);
    for (int k = 0; k < spec->nvals && !rc; k++) {
        char lit[96];
        if (fe_args_value(spec->vals[k], kind, esize, lit, sizeof lit, err, sizeof err) < 0)
            rc = usage(g, p->name, err, ex);
        else
            fe_buf_printf(&g->decl, "%s(%s)%s", k ? ", " : "", c_type(kind, esize), lit);
    }
    fe_buf_puts(&g->decl, spec->nvals ? "};\n" : "0};\n");
    return rc;
}

/* Struct member f's value text v as a C literal of its type (*t), for
 * value number `which` (the member's for a struct, from 1): 0, or the
 * usage error's return. */
static int member_literal(glue *g, const ir_param *p, const ir_field *f, unsigned which,
                          const char *v, char *lit, size_t nlit, const char **t, const char *ex)
{
    char err[256], msg[320];
    if ((f->kind == IR_P_FLOAT && f->size != 4 && f->size != 8) ||
        (f->kind == IR_P_INT && f->size > 8)) {
        snprintf(msg, sizeof msg, "member %u (%u-byte %s) cannot be given a value", which,
                 f->size, f->kind == IR_P_FLOAT ? "float" : "integer");
        return usage(g, p->name, msg, ex);
    }
    fe_ek kind = ek_of(f->kind, f->size, v);
    if (fe_args_value(v, kind, (int)f->size, lit, nlit, err, sizeof err) < 0) {
        snprintf(msg, sizeof msg, "member %u: %s", which, err);
        return usage(g, p->name, msg, ex);
    }
    *t = c_type(kind, (int)f->size);
    return 0;
}

/* The statements (into out) storing a list of struct values into the
 * bytes of `array`: each struct's scalar members (fields) in layout order,
 * struct after struct (stride bytes apart), the rest zero.  A pointer
 * member takes only 0.  `named` names the argument in messages.  Each
 * member's values are one table (into decls) copied by a loop: a million
 * structs compile in a moment, where a statement each took minutes. */
static int fill_members(glue *g, const ir_param *named, const ir_field *fields,
                        unsigned nfields, unsigned long long stride, const fe_bufspec *spec,
                        fe_buf *decls, fe_buf *out, const char *array, const char *ex)
{
    char lit[96], msg[320];
    const char *t;
    for (unsigned m = 0; m < nfields && (int)m < spec->nvals; m++) {
        const ir_field *f = &fields[m];
        unsigned long long n = 0;
        const char *bits = f->kind == IR_P_FLOAT ? (f->size == 4 ? "float" : "double")
                           : c_type(FE_E_UINT, (int)f->size); /* a value's bytes */
        if (f->kind != IR_P_PTR)
            fe_buf_printf(decls, "static const %s %s_m%u[] = {", bits, array, m);
        for (int k = (int)m; k < spec->nvals; k += (int)nfields, n++) {
            const char *v = spec->vals[k];
            if (f->kind == IR_P_PTR && strcmp(v, "0") != 0) {
                snprintf(msg, sizeof msg, "member %u is a pointer: in a buffer of structs only "
                         "0 (null)", m + 1);
                return usage(g, named->name, msg, ex);
            }
            if (f->kind == IR_P_PTR)
                continue; /* the bytes are zero already */
            int rc = member_literal(g, named, f, m + 1, v, lit, sizeof lit, &t, ex);
            if (rc)
                return rc;
            fe_buf_printf(decls, "%s(%s)(%s)(%s)", n % 8 ? ", " : n ? ",\n    " : "\n    ",
                          bits, t, lit);
        }
        if (f->kind == IR_P_PTR)
            continue;
        fe_buf_puts(decls, "};\n");
        fe_buf_printf(out, "    for (unsigned long long k = 0; k < %lluull; k++)\n"
                           "        memcpy(%s + k * %lluull + %uu, &%s_m%u[k], sizeof %s_m%u[0]);\n",
                      n, array, stride, f->offset, array, m, array, m);
    }
    return 0;
}

/* A buffer of structs given values (no TYPE), by member (fill_members),
 * stored into its initial bytes by the setup. */
static int struct_values(glue *g, unsigned i, const ir_param *p, const fe_bufspec *spec,
                         long long len)
{
    char array[32];
    snprintf(array, sizeof array, "irrt_a%u_init", i);
    fe_buf_printf(&g->decl, "static uint8_t %s[%lld];\n", array, len);
    return fill_members(g, p, p->fields, p->nfields, p->elem_size, spec, &g->decl, &g->setup,
                        array,
                        "nodes=[2]:0,4,4,1 (two structs of two members)");
}

/* A null pointer's value: 0, NULL, nullptr or null. */
static int null_literal(const char *v)
{
    return v && (!strcmp(v, "0") || !strcmp(v, "NULL") || !strcmp(v, "nullptr") ||
                 !strcmp(v, "null"));
}

/* A buffer of pointers given values: each 0 (null) or a fresh zero-filled
 * buffer TYPE[LEN], a region named PARAM#K after its position, whose
 * address the setup stores into the element. */
static int pointer_values(glue *g, unsigned i, const ir_param *p, const fe_bufspec *spec,
                          long long elems)
{
    static const char ex[] = "bufs=[2]:float[64],float[64]";
    char err[256], msg[400];
    fe_buf_printf(&g->decl, "static void *irrt_a%u_init[%lld];\n", i, elems);
    for (int k = 0; k < spec->nvals; k++) {
        const char *v = spec->vals[k];
        if (null_literal(v))
            continue;
        fe_bufspec bs;
        fe_ek kind;
        int esize = 0;
        int rc = fe_args_buffer(v, &bs, err, sizeof err) < 0 ? -1
               : bs.nvals || bs.len <= 0 || bs.len > (1ll << 28) || !bs.type[0] ? -2
               : fe_args_type(bs.type, &kind, &esize) < 0 ? -3 : 0;
        long long len = bs.len;
        if (rc != -1)
            fe_bufspec_free(&bs);
        if (rc) {
            snprintf(msg, sizeof msg, "element %d is a pointer: give 0 (null) or a zero-filled "
                     "buffer TYPE[LEN]%s%s", k + 1, rc == -1 ? ": " : "", rc == -1 ? err : "");
            return usage(g, p->name, msg, ex);
        }
        fe_buf_printf(&g->setup, "    irrt_a%u_init[%d] = gpumc_region(s, \"%s#%d\", %lluull, 0);\n"
                      "    if (!irrt_a%u_init[%d])\n        return -1;\n",
                      i, k, p->name, k + 1, (unsigned long long)len * (unsigned)esize, i, k);
    }
    return 0;
}

/* Does a buffer's value list hold a negative number? */
static int negative_value(const fe_bufspec *spec)
{
    for (int k = 0; k < spec->nvals; k++)
        if (spec->vals[k][0] == '-')
            return 1;
    return 0;
}

/* A pointer parameter: a zero-filled or initialised region, or null. */
static int buffer_arg(glue *g, unsigned i, const ir_param *p, const fe_arg *a)
{
    if (a && null_literal(a->value)) { /* --arg p=0: no buffer */
        fe_buf_printf(&g->decl, "static void *irrt_a%u; /* null */\n", i);
        fe_buf_printf(&g->setup, "    irrt_args[%u] = &irrt_a%u;\n", i, i);
        return 0;
    }
    fe_bufspec spec;
    char err[256];
    memset(&spec, 0, sizeof spec);
    spec.len = -1;
    /* values a struct element takes without a TYPE: its scalar members */
    int per = p->elem_kind == IR_P_AGG && p->nfields ? (int)p->nfields : 1;
    if (a && fe_args_buffer_of(a->value ? a->value : "", per, &spec, err, sizeof err) < 0)
        return usage(g, p->name, err, "p=int[4]:1,2,3,4");
    fe_ek kind = ek_of(p->elem_kind, p->elem_size, NULL);
    if (kind == FE_E_UINT && negative_value(&spec))
        kind = FE_E_SINT; /* LLVM's integers are signless: -1 in an int buffer is meant */
    int esize = p->elem_size ? (int)p->elem_size : 1, comps = 1;
    if (p->elem_kind == IR_P_INT && esize > 8)
        esize = 8;
    if (spec.type[0] && fe_args_vtype(spec.type, &kind, &esize, &comps) < 0) {
        char msg[320];
        if (p->elem_kind == IR_P_AGG) /* a struct's name: the parameter has the type */
            snprintf(msg, sizeof msg, "unknown element type '%.64s': a buffer of structs takes "
                     "its element type from the parameter; give its length alone, and its "
                     "values member by member", spec.type);
        else
            snprintf(msg, sizeof msg, "unknown element type '%.64s'", spec.type);
        fe_bufspec_free(&spec);
        return usage(g, p->name, msg, p->elem_kind == IR_P_AGG ? "p=[4]:1,2,3,4,5,6,7,8"
                                                               : "p=int[8]");
    }
    if (spec.type[0] && comps == 1 && type_mismatch(p, kind, esize)) {
        char msg[200];
        snprintf(msg, sizeof msg, "element type '%s' does not match the parameter's %u-byte %s",
                 spec.type, p->elem_size, p->elem_kind == IR_P_FLOAT ? "floats" : "integers");
        fe_bufspec_free(&spec);
        return usage(g, p->name, msg, "p=int[8]");
    }
    if (comps > 1 && p->elem_kind == IR_P_AGG && p->elem_size > 1 &&
        (unsigned)(esize * comps) != p->elem_size) { /* float4 for a double4 * */
        char msg[200];
        snprintf(msg, sizeof msg, "element type '%s' (%d bytes) does not match the "
                 "parameter's %u-byte elements", spec.type, esize * comps, p->elem_size);
        fe_bufspec_free(&spec);
        return usage(g, p->name, msg, "p=double4[8]");
    }
    int members = p->elem_kind == IR_P_AGG && !spec.type[0]; /* LEN counts structs */
    if (members && spec.nvals && !p->nfields) {
        fe_bufspec_free(&spec);
        return usage(g, p->name, "the struct's layout is not known: give its bytes, "
                     "uint8_t[LEN]:...", "p=uint8_t[16]:1,0,0,0");
    }
    if (members)
        kind = FE_E_UINT, esize = 1, comps = per;
    /* elements (vectors count as one), then the scalars that hold them */
    long long elems = spec.len >= 0 ? spec.len
                      : spec.nvals  ? (spec.nvals + comps - 1) / comps
                                    : (long long)global_threads(g);
    long long len = members ? elems * (p->elem_size ? p->elem_size : 1) : elems * comps;
    if ((!members && len < spec.nvals) || len <= 0 || len > (1ll << 28)) {
        char why[200];
        if (len > (1ll << 28))
            snprintf(why, sizeof why, "%lld %s: gpumc takes at most 268435456 (2^28) in a "
                     "buffer%s", len, members ? "bytes" : "scalars",
                     members ? " of structs" : "");
        else
            snprintf(why, sizeof why, "a buffer of %lld %s cannot hold %d values", len,
                     members ? "bytes" : "scalars", spec.nvals);
        fe_bufspec_free(&spec);
        return usage(g, p->name, why, "p=int[8]");
    }
    /* Zeros the kernel reads: gpumc's choice when the user gave no --arg
     * (the driver drops the names the user gave one, with a length alone,
     * and keeps those it grew from a default: emit_notes) */
    if (!spec.nvals && p->read)
        fe_buf_printf(&g->zeroed, "%s'%s'", g->zeroed.len ? ", " : "", p->name);
    int pointers = p->elem_kind == IR_P_PTR && !spec.type[0] && spec.nvals;
    int rc = members && spec.nvals ? struct_values(g, i, p, &spec, len)
             : pointers            ? pointer_values(g, i, p, &spec, elems)
                                   : emit_init(g, i, p, &spec, kind, esize, len, "p=int[4]:1,2,3,4");
    fe_buf_printf(&g->decl, "static void *irrt_a%u;\n", i);
    fe_buf_printf(&g->setup,
                  "    irrt_a%u = gpumc_region(s, \"%s\", sizeof irrt_a%u_init, irrt_a%u_init);\n"
                  "    if (!irrt_a%u)\n        return -1;\n"
                  "    irrt_args[%u] = &irrt_a%u;\n",
                  i, p->name, i, i, i, i, i);
    if (spec.offset) /* bytes of an element: a struct's, a vector's, a scalar's */
        fe_buf_printf(&g->setup, "    irrt_a%u = (char *)irrt_a%u + %lld;\n", i, i,
                      spec.offset * (members ? (long long)(p->elem_size ? p->elem_size : 1)
                                             : (long long)esize * comps));
    int halves = half_values(p, &spec, kind);
    if (halves) /* their members move as 16-bit integers */
        fe_buf_printf(&g->setup, "    gpumc_region_values(s, irrt_a%u, %s, 2);\n", i,
                      halves == FE_E_BF16 ? "GPUMC_VALUE_BFLOAT16" : "GPUMC_VALUE_FLOAT");
    if (spec.len < 0 && !spec.nvals) /* a too short default is the user's first memory error */
        fe_buf_printf(&g->setup,
                      "    gpumc_region_hint(s, irrt_a%u, \"'%s' has the default length, one "
                      "element per global thread (%llu): give the length the kernel expects "
                      "with --arg %s=[N]\");\n",
                      i, p->name, global_threads(g), p->name);
    fe_bufspec_free(&spec);
    return rc;
}

/* ---- texture and surface objects (gpumc_texture.h's descriptor) ---------- */

/* Is p one of the kernel's texture references rather than a parameter?
 * Its descriptor goes into the table the pass binds the references to,
 * entry p - texrefs; its read mode is its type's, not a setting. */
static int texture_ref(const glue *g, const ir_param *p)
{
    return p >= g->r->texrefs && p < g->r->texrefs + g->r->ntexrefs;
}

/* The sampling of a texture: NAME.filter, NAME.address, NAME.coords and
 * NAME.read, each optional; the defaults are a zeroed cudaTextureDesc's. */
typedef struct tex_settings {
    unsigned linear, normalized, read_float, address[3];
} tex_settings;

/* NAME.KEY's value, or NULL when not given. */
static const char *tex_setting(const glue *g, const char *name, const char *key)
{
    char full[192];
    snprintf(full, sizeof full, "%s.%s", name, key);
    const fe_arg *a = find_arg(g->opt, full);
    return a ? (a->value ? a->value : "") : NULL;
}

static int address_mode(const char *w, size_t n)
{
    static const char *const modes[] = {"wrap", "clamp", "mirror", "border"}; /* CUDA's order */
    for (int m = 0; m < 4; m++)
        if (strlen(modes[m]) == n && !strncmp(w, modes[m], n))
            return m;
    return -1;
}

static int tex_read_settings(glue *g, const ir_param *p, tex_settings *ts)
{
    const char *f = tex_setting(g, p->name, "filter"), *c = tex_setting(g, p->name, "coords");
    const char *r = tex_setting(g, p->name, "read"), *ad = tex_setting(g, p->name, "address");
    char ex[160];
    memset(ts, 0, sizeof *ts); /* point, unnormalised, element type, wrap */
    if (p->texture == IR_SURF_OBJECT && (f || c || r || ad))
        return usage(g, p->name, "a surface has no sampling settings", "s=float[8][8]");
    snprintf(ex, sizeof ex, "%s=uchar4[8][8]", p->name);
    if (texture_ref(g, p) && r)
        return usage(g, p->name, "a texture reference reads as its type says "
                     "(texture<T, dim, cudaReadModeNormalizedFloat>): no read setting", ex);
    snprintf(ex, sizeof ex, "%s.filter=linear", p->name);
    if (f && strcmp(f, "point") && strcmp(f, "linear"))
        return usage(g, p->name, "filter is point or linear", ex);
    snprintf(ex, sizeof ex, "%s.coords=normalized", p->name);
    if (c && strcmp(c, "normalized") && strcmp(c, "unnormalized"))
        return usage(g, p->name, "coords is normalized or unnormalized", ex);
    snprintf(ex, sizeof ex, "%s.read=normalized-float", p->name);
    if (r && strcmp(r, "element") && strcmp(r, "normalized-float"))
        return usage(g, p->name, "read is element or normalized-float", ex);
    ts->linear = f && !strcmp(f, "linear");
    ts->normalized = c && !strcmp(c, "normalized");
    ts->read_float = r && !strcmp(r, "normalized-float");
    for (int k = 0; ad && k < 3; k++) { /* one mode for all, or one per dimension */
        size_t n = strcspn(ad, ",");
        int m = address_mode(ad, n);
        snprintf(ex, sizeof ex, "%s.address=clamp,border", p->name);
        if (m < 0)
            return usage(g, p->name, "address is wrap, clamp, mirror or border (or one per "
                         "dimension, comma-separated)", ex);
        for (int j = k; j < 3; j++)
            ts->address[j] = (unsigned)m;
        ad = ad[n] ? ad + n + 1 : NULL;
    }
    return 0;
}

/* The extents of TYPE[D][H][W] (or [H][W], [W], or the values' count). */
static void tex_extents(const fe_bufspec *spec, long long len, unsigned long long ext[3])
{
    ext[0] = (unsigned long long)len, ext[1] = ext[2] = 1;
    for (int k = 0; k < spec->ndims; k++) /* W is the last written, D the first */
        ext[k] = (unsigned long long)spec->dims[spec->ndims - 1 - k];
}

static int tex_check_type(glue *g, const ir_param *p, const fe_bufspec *spec, fe_ek *kind,
                          int *csize, int *comps, const tex_settings *ts)
{
    char ex[160];
    snprintf(ex, sizeof ex, "%s=float4[16][16]", p->name);
    if (!spec->type[0] || fe_args_vtype(spec->type, kind, csize, comps) < 0)
        return usage(g, p->name, "give the element type and the extents ([W], [H][W] or "
                     "[D][H][W])", ex);
    if (*kind == FE_E_HALF || *kind == FE_E_BF16 || *comps == 3)
        return usage(g, p->name, "16-bit float and 3-component elements are not modelled", ex);
    int fp = *kind == FE_E_FLOAT || *kind == FE_E_DOUBLE;
    if (ts->read_float && (fp || *csize > 2))
        return usage(g, p->name, "normalized-float reads are for 8- and 16-bit integers", ex);
    if (ts->linear && !fp && !ts->read_float && !texture_ref(g, p)) /* (a reference's: its type) */
        return usage(g, p->name, "linear filtering needs float elements or "
                     "normalized-float reads", ex);
    return 0;
}

static void tex_emit(glue *g, unsigned i, const ir_param *p, const unsigned long long ext[3],
                     unsigned long long esize, int csize, int comps, fe_ek kind,
                     const tex_settings *ts)
{
    int ckind = kind == FE_E_SINT ? 0 : kind == FE_E_FLOAT || kind == FE_E_DOUBLE ? 2 : 1;
    fe_buf_printf(&g->decl, "static unsigned long long irrt_t%u[14] = {0, %lluull, %lluull, "
                  "%lluull, %lluull, %d, %d, %d, %u, %u, %u, %u, %u, %u};\n"
                  "static void *irrt_a%u;\n",
                  i, ext[0], ext[1], ext[2], esize, comps, csize, ckind, ts->linear,
                  ts->normalized, ts->read_float, ts->address[0], ts->address[1],
                  ts->address[2], i);
    fe_buf_printf(&g->setup,
                  "    irrt_t%u[0] = (unsigned long long)(uintptr_t)gpumc_region(s, \"%s\", "
                  "sizeof irrt_a%u_init, irrt_a%u_init);\n"
                  "    if (!irrt_t%u[0])\n        return -1;\n",
                  i, p->name, i, i, i);
    if (p->texture == IR_TEX_OBJECT) /* fetched through the texture cache: never written */
        fe_buf_printf(&g->setup, "    gpumc_region_readonly(s, (void *)(uintptr_t)irrt_t%u[0]);\n",
                      i);
    if (texture_ref(g, p))
        fe_buf_printf(&g->setup, "    __gpumc_ir_texrefs[%u] = irrt_t%u;\n",
                      (unsigned)(p - g->r->texrefs), i);
    else
        fe_buf_printf(&g->setup, "    irrt_a%u = irrt_t%u;\n    irrt_args[%u] = &irrt_a%u;\n",
                      i, i, i, i);
}

/* A texture reference given no data, as a buffer given none: zeros, one
 * texel per global thread, 16 bytes each (the widest texel) so that the
 * fetch, which knows the reference's type, decides the texel's size. */
static int texture_ref_default(glue *g, unsigned i, const ir_param *p)
{
    tex_settings ts;
    int rc = tex_read_settings(g, p, &ts);
    unsigned long long ext[3] = {global_threads(g), 1, 1};
    fe_buf_printf(&g->decl, "static uint8_t irrt_a%u_init[%lluull];\n", i, ext[0] * 16);
    tex_emit(g, i, p, ext, 0, 0, 0, FE_E_UINT, &ts);
    return rc;
}

/* A texture or surface object: its data (a region named after the
 * parameter), its extents and sampling, as the descriptor it points to. */
static int texture_arg(glue *g, unsigned i, const ir_param *p, const fe_arg *a)
{
    fe_bufspec spec;
    tex_settings ts;
    char err[256], ex[160];
    snprintf(ex, sizeof ex, "%s=float[16][16]", p->name);
    if (!a && texture_ref(g, p)) { /* zeros of gpumc's: named in the notes */
        fe_buf_printf(&g->zeroed, "%s'%s'", g->zeroed.len ? ", " : "", p->name);
        return texture_ref_default(g, i, p);
    }
    if (!a)
        return usage(g, p->name, p->texture == IR_TEX_OBJECT ? "a texture object needs its data"
                                                             : "a surface object needs its data",
                     ex);
    if (fe_args_buffer(a->value ? a->value : "", &spec, err, sizeof err) < 0)
        return usage(g, p->name, err, ex);
    fe_ek kind;
    int csize = 0, comps = 1;
    int rc = tex_read_settings(g, p, &ts);
    if (!rc)
        rc = tex_check_type(g, p, &spec, &kind, &csize, &comps, &ts);
    long long len = spec.len >= 0 ? spec.len : (spec.nvals + comps - 1) / comps;
    if (!rc && len <= 0)
        rc = usage(g, p->name, "give the extents ([W], [H][W] or [D][H][W])", ex);
    if (rc) {
        fe_bufspec_free(&spec);
        return rc;
    }
    rc = emit_init(g, i, p, &spec, kind, csize, len * comps, ex);
    unsigned long long ext[3];
    tex_extents(&spec, len, ext);
    tex_emit(g, i, p, ext, (unsigned long long)csize * (unsigned)comps, csize, comps, kind, &ts);
    fe_bufspec_free(&spec);
    return rc;
}

/* The value of a number the user did not give: the launch's global thread
 * count, a default buffer's length -- so a kernel's size parameters cover
 * its default buffers and its `if (i < n)` guards let every thread work
 * (zero would make most kernels do nothing).  Clamped to a signed type of
 * the size; a 1-byte one (bool, a flag) is 1.  When the kernel's own
 * __requires or __assume refuse it, or it makes a thread run past its
 * event budget, the driver tries 1, then 0 (value_choice). */
static void chosen_value(const glue *g, ir_pkind kind, unsigned size, char *lit, size_t n)
{
    unsigned long long v = global_threads(g);
    if (g->opt->value_choice == 2)
        v = 0;
    else if (g->opt->value_choice == 1 || (kind != IR_P_FLOAT && size == 1))
        v = 1;
    else if (kind != IR_P_FLOAT && size < 8 && v > (1ull << (8 * size - 1)) - 1)
        v = (1ull << (8 * size - 1)) - 1;
    snprintf(lit, n, kind == IR_P_FLOAT ? "%llu.0" : "%llu", v);
}

/* The value of a number given none: what the kernel's __requires(x == K)
 * demands (`required`, when `pinned`), else chosen_value's. */
static void unset_number(const glue *g, ir_pkind kind, unsigned size, int pinned,
                         long long required, const char *cxx_default, char *lit, size_t n)
{
    if (pinned)
        snprintf(lit, n, "%lld", required);
    else if (cxx_default && cxx_default[0])
        snprintf(lit, n, "%s", cxx_default);
    else
        chosen_value(g, kind, size, lit, n);
}

/* A function pointer the kernel's __requires(f == fn) names: the entry
 * passes fn itself (ir_pass.c), whatever the slot holds. */
static int required_function_arg(glue *g, unsigned i, const ir_param *p)
{
    char user[256];
    ir_demangle(p->required_fn, user, sizeof user);
    fe_buf_printf(&g->chosen, "%s%s=%s", g->chosen.len ? ", " : "", p->name, user);
    fe_buf_printf(&g->setup, "    irrt_args[%u] = 0;\n", i);
    return 0;
}

static int scalar_arg(glue *g, unsigned i, const ir_param *p, const fe_arg *a)
{
    char err[256], lit[96], ex[160], val[48];
    snprintf(ex, sizeof ex, "%s=%s", p->name, p->kind == IR_P_FLOAT ? "1.0" : "4");
    const char *v = a ? (a->value ? a->value : "") : val;
    if (!a) {
        unset_number(g, p->kind, p->size, p->has_required, p->required, p->cxx_default, val,
                     sizeof val);
        if (!p->unused) /* a value nothing reads needs no word */
            fe_buf_printf(&g->chosen, "%s%s=%s", g->chosen.len ? ", " : "", p->name, val);
    }
    fe_ek kind = ek_of(p->kind, p->size, v);
    if (fe_args_value(v, kind, (int)p->size, lit, sizeof lit, err, sizeof err) < 0)
        return usage(g, p->name, err, ex);
    const char *t = c_type(kind, (int)p->size);
    fe_buf_printf(&g->decl, "static %s irrt_a%u = (%s)%s;\n", t, i, t, lit);
    fe_buf_printf(&g->setup, "    irrt_args[%u] = &irrt_a%u;\n", i, i);
    return 0;
}

/* "s=4,1.5,0,...": one value per member, of the members' kinds. */
static void aggregate_example(const ir_param *p, char *ex, size_t n)
{
    size_t at = (size_t)snprintf(ex, n, "%s=", p->name);
    for (unsigned k = 0; k < p->nfields && k < 4 && at < n; k++)
        at += (size_t)snprintf(ex + at, n - at, "%s%s", k ? "," : "",
                               p->fields[k].kind == IR_P_FLOAT ? "1.5"
                               : p->fields[k].kind == IR_P_PTR ? "[64]" : "4");
    if (at < n)
        snprintf(ex + at, n - at, "%s", !p->nfields ? "0" : p->nfields > 4 ? ",..." : "");
}

/* A pointer member given a buffer, TYPE[LEN] or [LEN] (zero-filled): a
 * region named PARAM#K, created in the setup before the struct is filled. */
static int aggregate_buffer(glue *g, unsigned i, const ir_param *p, unsigned k, const char *v,
                            fe_buf *pre, fe_buf *body, const char *ex)
{
    const ir_field *f = &p->fields[k];
    char err[256], msg[400];
    fe_bufspec bs;
    memset(&bs, 0, sizeof bs);
    bs.len = -1;
    fe_ek kind;
    int esize = (int)f->elem_size;
    int rc = fe_args_buffer(v, &bs, err, sizeof err) < 0 ? -1
           : bs.nvals || bs.len <= 0 || bs.len > (1ll << 28) ? -2
           : bs.type[0] && fe_args_type(bs.type, &kind, &esize) < 0 ? -3 : 0;
    long long len = bs.len;
    fe_bufspec_free(&bs);
    if (rc) {
        snprintf(msg, sizeof msg, "member %u is a pointer: give 0 (null) or a zero-filled buffer "
                 "TYPE[LEN] or [LEN]%s%s", k + 1, rc == -1 ? ": " : "", rc == -1 ? err : "");
        return usage(g, p->name, msg, ex);
    }
    fe_buf_printf(pre, "static void *irrt_a%u_m%u;\n", i, k);
    fe_buf_printf(&g->setup, "    irrt_a%u_m%u = gpumc_region(s, \"%s#%u\", %lluull, 0);\n"
                  "    if (!irrt_a%u_m%u)\n        return -1;\n",
                  i, k, p->name, k + 1, (unsigned long long)len * (unsigned)esize, i, k);
    fe_buf_printf(body, "    memcpy(irrt_a%u + %u, &irrt_a%u_m%u, sizeof(void *));\n", i,
                  f->offset, i, k);
    return 0;
}

/* Member k's value: a C statement (into body) storing it into irrt_a<i>. */
static int aggregate_member(glue *g, unsigned i, const ir_param *p, unsigned k, const char *v,
                            fe_buf *pre, fe_buf *body, const char *ex)
{
    const ir_field *f = &p->fields[k];
    char lit[96];
    if (f->kind == IR_P_PTR) {
        if (null_literal(v))
            return 0; /* the bytes are zero already */
        return aggregate_buffer(g, i, p, k, v, pre, body, ex);
    }
    const char *t;
    int rc = member_literal(g, p, f, k + 1, v, lit, sizeof lit, &t, ex);
    if (rc)
        return rc;
    fe_buf_printf(body, "    { %s v = (%s)%s; memcpy(irrt_a%u + %u, &v, sizeof v); }\n", t, t,
                  lit, i, f->offset);
    return 0;
}

/* A struct of up to 8 bytes given as one number by --kernel-args: its
 * bits, as GPUVerify takes it (little-endian, as the GPU lays it out). */
static int aggregate_bits(glue *g, unsigned i, const ir_param *p, const char *text)
{
    char *end;
    errno = 0;
    unsigned long long bits = strtoull(text, &end, 0);
    if (!*text || *end || errno)
        return usage(g, p->name, "a struct given by --kernel-args is one number, its bits",
                     "--kernel-args=k,0x0000000300000003");
    fe_buf_printf(&g->decl, "static unsigned char irrt_a%u[8] __attribute__((aligned(16)));\n"
                  "static void irrt_fill%u(void)\n{\n"
                  "    unsigned long long v = %lluull;\n    memcpy(irrt_a%u, &v, 8);\n}\n",
                  i, i, bits, i);
    fe_buf_printf(&g->setup, "    irrt_fill%u();\n    irrt_args[%u] = irrt_a%u;\n", i, i, i);
    return 0;
}

/* The members of a struct the user gave no value, as --arg would list
 * them: numbers as a scalar's (chosen_value), pointers to zero-filled
 * buffers of one element per global thread; all zero when its members
 * are unknown, and from the first that takes no value on.  malloc'd, or
 * NULL when out of memory. */
static char *chosen_members(const glue *g, const ir_param *p)
{
    fe_buf b = {0};
    char val[48];
    for (unsigned k = 0; k < p->nfields; k++) {
        const ir_field *f = &p->fields[k];
        if ((f->kind == IR_P_FLOAT && f->size != 4 && f->size != 8) ||
            (f->kind == IR_P_INT && f->size > 8))
            break; /* (a half, an __int128: no value can be listed; it and the rest are 0) */
        if (f->kind == IR_P_PTR)
            snprintf(val, sizeof val, "[%llu]", global_threads(g));
        else
            unset_number(g, f->kind, f->size, f->has_required, f->required, NULL, val,
                         sizeof val);
        fe_buf_printf(&b, "%s%s", k ? "," : "", val);
    }
    if (!b.len)
        fe_buf_puts(&b, "0");
    return fe_buf_take(&b);
}

/* Fill struct parameter i from its members' values, "v1,v2,..." (layout
 * order, nested structs and arrays flattened, the rest zero, as a C
 * initialiser does; "0" is all zero). */
static int aggregate_fill(glue *g, unsigned i, const ir_param *p, const char *text,
                          const char *ex)
{
    char err[256];
    fe_buf vals = {0};
    fe_buf_printf(&vals, ":%s", text);
    fe_bufspec spec;
    memset(&spec, 0, sizeof spec);
    spec.len = -1;
    if (vals.oom || fe_args_buffer(fe_buf_str(&vals), &spec, err, sizeof err) < 0) {
        fe_buf_free(&vals);
        return usage(g, p->name, vals.oom ? "out of memory" : err, ex);
    }
    fe_buf_free(&vals);
    int zero = spec.nvals == 1 && !strcmp(spec.vals[0], "0");
    int rc = 0;
    if (!zero && !p->nfields)
        rc = usage(g, p->name, "this struct's members cannot be listed (too many, or of a kind "
                   "gpumc does not know): only 0 (all zero) can be given", ex);
    else if (!zero && (unsigned)spec.nvals > p->nfields) {
        char msg[160];
        snprintf(msg, sizeof msg, "%d values for a struct of %u scalar members", spec.nvals,
                 p->nfields);
        rc = usage(g, p->name, msg, ex);
    }
    /* the buffers of pointer members are declared before the filling function */
    fe_buf pre = {0}, body = {0};
    for (int k = 0; k < spec.nvals && !zero && !rc; k++)
        rc = aggregate_member(g, i, p, (unsigned)k, spec.vals[k], &pre, &body, ex);
    fe_buf_append(&g->decl, &pre);
    fe_buf_printf(&g->decl, "static unsigned char irrt_a%u[%u] __attribute__((aligned(16)));\n"
                  "static void irrt_fill%u(void)\n{\n", i, p->size ? p->size : 1, i);
    fe_buf_append(&g->decl, &body);
    fe_buf_puts(&g->decl, "}\n");
    fe_buf_printf(&g->setup, "    irrt_fill%u();\n    irrt_args[%u] = irrt_a%u;\n", i, i, i);
    fe_buf_free(&pre);
    fe_buf_free(&body);
    fe_bufspec_free(&spec);
    return rc;
}

/* A struct passed by value: --arg s=v1,v2,... (aggregate_fill); from
 * --kernel-args one number, its bits.  Without a value its members are
 * chosen as a scalar's are (chosen_members). */
static int aggregate_arg(glue *g, unsigned i, const ir_param *p, const fe_arg *a)
{
    char ex[200];
    aggregate_example(p, ex, sizeof ex);
    if (a) {
        const char *text = a->value ? a->value : "";
        if (a->name[0] == '@' && !strchr(text, ',') && p->size <= 8)
            return aggregate_bits(g, i, p, text);
        return aggregate_fill(g, i, p, text, ex);
    }
    char *chosen = chosen_members(g, p);
    if (!chosen) {
        snprintf(g->d->msg, sizeof g->d->msg, "out of memory");
        return g->d->code = 7;
    }
    if (!p->unused) /* (an empty tag type, std::true_type: nothing to choose) */
        fe_buf_printf(&g->chosen_agg, "%s'%s'", g->chosen_agg.len ? ", " : "", p->name);
    int rc = aggregate_fill(g, i, p, chosen, ex);
    free(chosen);
    return rc;
}

/* A __constant__ array of structs given values, by member as a buffer of
 * structs (fill_members), filled in before the window is set up. */
static int constant_struct_values(glue *g, unsigned i, const ir_global *v,
                                  const fe_bufspec *spec)
{
    static const char ex[] = "table=1,0.5,2,1.5 (two structs of an int and a float)";
    char msg[200], array[32];
    unsigned long long n = v->size / v->struct_size;
    if ((unsigned long long)spec->nvals > n * v->nfields) {
        snprintf(msg, sizeof msg, "the variable holds %llu structs of %u members: list at "
                 "most %llu values", n, v->nfields, n * v->nfields);
        return usage(g, v->name, msg, ex);
    }
    ir_param named; /* what the messages name */
    memset(&named, 0, sizeof named);
    snprintf(named.name, sizeof named.name, "%s", v->name);
    snprintf(array, sizeof array, "irrt_cinit%u", i);
    fe_buf_printf(&g->cinit, "static unsigned char %s[%llu];\n", array,
                  (unsigned long long)v->size);
    g->has_cinit[i] = 1;
    return fill_members(g, &named, v->fields, v->nfields, v->struct_size, spec, &g->cinit,
                        &g->cfill, array, ex);
}

/* A __constant__ or __device__ variable named by --arg: its contents,
 * listed as for a buffer (the rest zero), replace its initialiser -- what
 * the host's cudaMemcpyToSymbol would have put there. */
static int constant_arg(glue *g, unsigned i, const ir_global *v, const fe_arg *a)
{
    fe_bufspec spec;
    char err[256];
    memset(&spec, 0, sizeof spec);
    spec.len = -1;
    const char *text = a->value ? a->value : "";
    if (strchr(text, '[')) /* a buffer's TYPE[LEN] or [LEN]: a pointer member's too */
        return var_usage(g, v->name, "it has its own type and length: give its values only "
                         "(a pointer in it can only be 0)", "c=1,2,3,4");
    char *vals = malloc(strlen(text) + 2); /* "1,2,3" is the buffer syntax's ":1,2,3" */
    if (!vals) {
        snprintf(g->d->msg, sizeof g->d->msg, "out of memory");
        return g->d->code = 7;
    }
    sprintf(vals, "%s%s", strchr(text, ':') ? "" : ":", text);
    int bad = fe_args_buffer(vals, &spec, err, sizeof err) < 0;
    free(vals);
    if (bad)
        return var_usage(g, v->name, err, "c=1,2,3,4");
    if (v->nfields && v->struct_size && !spec.type[0]) {
        int rc = constant_struct_values(g, i, v, &spec);
        fe_bufspec_free(&spec);
        return rc;
    }
    fe_ek kind = ek_of(v->elem_kind, v->elem_size, NULL);
    for (int k = 0; k < spec.nvals && v->elem_kind == IR_P_INT; k++)
        if (spec.vals[k][0] == '-')
            kind = FE_E_SINT; /* the variable's signedness is not known: its values tell */
    int esize = (int)(v->elem_kind == IR_P_INT || v->elem_kind == IR_P_FLOAT ? v->elem_size : 1);
    int rc = 0;
    if (spec.type[0])
        rc = var_usage(g, v->name, "it has its own type: give values only", "c=1,2,3,4");
    unsigned long long n = v->size / (unsigned)esize;
    if (!rc && (unsigned long long)spec.nvals > n) {
        char msg[160];
        snprintf(msg, sizeof msg, "it holds %llu values of %d bytes: list at most that many", n,
                 esize);
        rc = var_usage(g, v->name, msg, "c=1,2,3,4");
    }
    const char *t = c_type(kind, esize);
    fe_buf_printf(&g->cinit, "static %s irrt_cinit%u[%llu] = {", t, i, n ? n : 1);
    for (int k = 0; k < spec.nvals && !rc; k++) {
        char lit[96];
        if (fe_args_value(spec.vals[k], kind, esize, lit, sizeof lit, err, sizeof err) < 0)
            rc = var_usage(g, v->name, err, "c=1,2,3,4");
        else
            fe_buf_printf(&g->cinit, "%s(%s)%s", k ? ", " : "", t, lit);
    }
    fe_buf_puts(&g->cinit, spec.nvals ? "};\n" : "0};\n");
    g->has_cinit[i] = 1;
    fe_bufspec_free(&spec);
    return rc;
}

/* The __constant__ or __device__ variable --arg names (the host sets
 * either with cudaMemcpyToSymbol), or NULL. */
static const ir_global *constant_named(const glue *g, const char *name, unsigned *at)
{
    for (unsigned i = 0; i < g->r->nglobals; i++)
        if ((g->r->globals[i].kind == IR_G_CONST || g->r->globals[i].kind == IR_G_DEVICE) &&
            !strcmp(g->r->globals[i].name, name)) {
            *at = i;
            return &g->r->globals[i];
        }
    return NULL;
}

/* Is name a texture reference of the kernel? */
static int texture_ref_named(const glue *g, const char *name)
{
    for (unsigned j = 0; j < g->r->ntexrefs; j++)
        if (!strcmp(g->r->texrefs[j].name, name))
            return 1;
    return 0;
}

/* Is name a texture's setting, TEXTURE.KEY? */
static int texture_setting(const glue *g, const char *name)
{
    static const char *const keys[] = {"filter", "address", "coords", "read", NULL};
    const char *dot = strrchr(name, '.');
    for (unsigned i = 0; dot && i < g->r->nparams + g->r->ntexrefs; i++) {
        const ir_param *p = i < g->r->nparams ? &g->r->params[i]
                                              : &g->r->texrefs[i - g->r->nparams];
        if (p->texture && strlen(p->name) == (size_t)(dot - name) &&
            !strncmp(p->name, name, (size_t)(dot - name)))
            for (int k = 0; keys[k]; k++)
                if (!strcmp(dot + 1, keys[k]))
                    return 1;
    }
    return 0;
}

/* @K names the K-th parameter that is not a pointer: is there one? */
static int positional_arg(glue *g, const char *name)
{
    char *end;
    unsigned long k = strtoul(name + 1, &end, 10), n = 0;
    for (unsigned i = 0; i < g->r->nparams; i++)
        n += g->r->params[i].kind != IR_P_PTR;
    if (k >= 1 && k <= n && !*end)
        return 0;
    snprintf(g->d->msg, sizeof g->d->msg, "%s: error: --kernel-args gives a value for "
             "parameter %s, and kernel '%s' has %lu that %s", g->opt->input,
             name + 1, g->r->kernel, n, n == 1 ? "is not a pointer" : "are not pointers");
    return g->d->code = 17;
}

static int check_unknown_args(glue *g)
{
    for (int k = 0; k < g->opt->nargs; k++) {
        if (g->opt->args[k].name[0] == '@') {
            if (positional_arg(g, g->opt->args[k].name))
                return 17;
            continue;
        }
        unsigned i = 0;
        while (i < g->r->nparams && strcmp(g->r->params[i].name, g->opt->args[k].name))
            i++;
        if (i == g->r->nparams && (texture_setting(g, g->opt->args[k].name) ||
                                   texture_ref_named(g, g->opt->args[k].name)))
            continue;
        if (i == g->r->nparams && !constant_named(g, g->opt->args[k].name, &i)) {
            char list[600] = "";
            for (unsigned j = 0, l = 0; j < g->r->nparams && l + 40 < sizeof list; j++)
                l += (unsigned)snprintf(list + l, sizeof list - l, "%s%s", j ? ", " : "",
                                        g->r->params[j].name);
            snprintf(g->d->msg, sizeof g->d->msg, "%s: error: unknown kernel argument '%s'; "
                     "kernel '%s' has no such parameter, __constant__ or __device__ variable "
                     "or texture reference (its parameters: %s)",
                     g->opt->input, g->opt->args[k].name, g->r->kernel,
                     list[0] ? list : "none");
            g->d->code = 17;
            return 17;
        }
    }
    return 0;
}

/* --arg out=@in[+K]: an in-place launch -- the kernel's pointer out is in's,
 * K elements of out's type further on.  Set once every buffer exists. */
static int is_alias(const ir_param *p, const fe_arg *a)
{
    return p->kind == IR_P_PTR && a && a->value && a->value[0] == '@';
}

static int alias_arg(glue *g, unsigned i, const ir_param *p, const fe_arg *a)
{
    static const char ex[] = "out=@in";
    const char *v = a->value + 1, *end = v;
    if (p->local || p->texture || p->required_fn[0])
        return usage(g, p->name, "only a pointer to a buffer can share one (not __local, a "
                     "texture or a function)", ex);
    while (isalnum((unsigned char)*end) || *end == '_')
        end++;
    long long k = 0;
    if (*end == '+') {
        char *stop;
        errno = 0;
        k = strtoll(end + 1, &stop, 10);
        if (stop == end + 1 || *stop || errno || k < 0 || k > (1ll << 28))
            return usage(g, p->name, "the offset in @NAME+K must be a number of elements, "
                         "0 to 2^28", ex);
    } else if (*end) {
        return usage(g, p->name, "expected @NAME or @NAME+K, NAME another pointer parameter", ex);
    }
    for (unsigned j = 0; j < g->r->nparams; j++) {
        const ir_param *q = &g->r->params[j];
        if (j == i || strlen(q->name) != (size_t)(end - v) || strncmp(q->name, v, end - v))
            continue;
        if (q->kind != IR_P_PTR || q->local || q->texture || q->required_fn[0] ||
            is_alias(q, param_arg(g, j)))
            return usage(g, p->name, "the parameter named after @ must be a pointer to a "
                         "buffer of its own (not a scalar, __local, a texture, a function or "
                         "another @)", ex);
        fe_buf_printf(&g->decl, "static void *irrt_a%u; /* = %s */\n", i, q->name);
        fe_buf_printf(&g->setup, "    irrt_a%u = irrt_a%u ? (char *)irrt_a%u + %lld : 0;\n"
                      "    irrt_args[%u] = &irrt_a%u;\n",
                      i, j, j, k * (long long)(p->elem_size ? p->elem_size : 1), i, i);
        return 0;
    }
    return usage(g, p->name, "no pointer parameter of that name to share a buffer with", ex);
}

static int emit_args(glue *g)
{
    int rc = check_unknown_args(g);
    for (int k = 0; k < g->opt->nargs && !rc; k++) {
        unsigned i = 0;
        const ir_global *v = constant_named(g, g->opt->args[k].name, &i);
        int param = 0;
        for (unsigned j = 0; j < g->r->nparams; j++)
            param |= !strcmp(g->r->params[j].name, g->opt->args[k].name);
        if (v && !param) /* a parameter of the same name is what --arg means */
            rc = constant_arg(g, i, v, &g->opt->args[k]);
    }
    for (unsigned i = 0; i < g->r->nparams && !rc; i++) {
        const ir_param *p = &g->r->params[i];
        const fe_arg *a = param_arg(g, i);
        if (is_alias(p, a))
            continue; /* below, once the buffer it names exists */
        if (p->kind == IR_P_PTR && p->local)
            rc = local_arg(g, i, p, a);
        else if (p->kind == IR_P_PTR && p->texture)
            rc = texture_arg(g, i, p, a);
        else if (p->kind == IR_P_PTR && p->required_fn[0])
            rc = required_function_arg(g, i, p);
        else if (p->kind == IR_P_PTR)
            rc = buffer_arg(g, i, p, a);
        else if (p->kind == IR_P_AGG)
            rc = aggregate_arg(g, i, p, a);
        else
            rc = scalar_arg(g, i, p, a);
    }
    for (unsigned i = 0; i < g->r->nparams && !rc; i++)
        if (is_alias(&g->r->params[i], param_arg(g, i)))
            rc = alias_arg(g, i, &g->r->params[i], param_arg(g, i));
    if (g->r->ntexrefs)
        fe_buf_printf(&g->decl, "void *__gpumc_ir_texrefs[%u];\n", g->r->ntexrefs);
    for (unsigned j = 0; j < g->r->ntexrefs && !rc; j++) {
        const ir_param *p = &g->r->texrefs[j];
        rc = texture_arg(g, g->r->nparams + j, p, find_arg(g->opt, p->name));
    }
    return rc;
}

/* "'a', 'b'": the __constant__ variables the kernel uses that are
 * declared without an initialiser and given no --arg: what the host
 * copies into them is not known (a table of offsets or coefficients
 * reads as zeros). */
static void zeroed_constants(const glue *g, fe_buf *out)
{
    for (unsigned i = 0; i < g->r->nglobals; i++) {
        const ir_global *v = &g->r->globals[i];
        if (v->no_initialiser && !g->has_cinit[i])
            fe_buf_printf(out, "%s'%s'", out->len ? ", " : "", v->name);
    }
}

/* Say which kernel arguments and function results gpumc chose
 * (gpumc_harness_notes, harness.h).  The driver recognises these notes by
 * " without a value were checked", " zero-filled, no values given" and
 * " without a definition (": a report of an error then says the inputs
 * may be its cause. */
static void emit_notes(const glue *g, fe_buf *o)
{
    fe_buf n = {0};
    if (g->chosen.len)
        fe_buf_printf(&n, "kernel arguments without a value were checked as %s (%s); give the "
                      "program's with --arg NAME=VALUE\n", fe_buf_str(&g->chosen),
                      g->opt->value_choice ? "with the global thread count the kernel's "
                      "preconditions failed, or a thread ran past its event budget" : "a number "
                      "is its C++ default argument or what the kernel's __requires(x == K) "
                      "demands, else the global thread count, a default buffer's length");
    if (g->chosen_agg.len) {
        char num[48];
        chosen_value(g, IR_P_INT, 8, num, sizeof num);
        fe_buf_printf(&n, "structs without a value (%s) were checked with their numbers set to "
                      "%s (bytes and small types clamped; a member the kernel's __requires(s.m "
                      "== K) pins, K) and their pointers to zero-filled buffers of %llu "
                      "elements; give the program's with --arg NAME=v1,v2,...\n",
                      fe_buf_str(&g->chosen_agg), num, global_threads(g));
    }
    if (g->zeroed.len)
        fe_buf_printf(&n, "buffers the kernel reads were checked zero-filled, no values given "
                      "(%s); give the program's with --arg NAME=[N]:v0,v1,...\n",
                      fe_buf_str(&g->zeroed));
    fe_buf consts = {0};
    zeroed_constants(g, &consts);
    if (consts.len)
        fe_buf_printf(&n, "__constant__ variables without an initialiser were checked "
                      "zero-filled, no values given (%s); the host sets them "
                      "(cudaMemcpyToSymbol): give their contents with --arg NAME=v0,v1,...\n",
                      fe_buf_str(&consts));
    fe_buf_free(&consts);
    if (g->r->stubbed[0])
        fe_buf_printf(&n, "functions without a definition (%s) were checked as returning 0 "
                      "and doing nothing else (they take and return no pointer); define them, "
                      "or name the files that do after the kernel's (gpumc FILE MORE-FILES), "
                      "to check what they do\n", g->r->stubbed);
    for (unsigned i = 0; i < g->r->nwarnings; i++) { /* "k.cu:3:9: text (also at 7:5)" */
        const char *w = g->r->warnings[i].where, *more = strstr(w, "; ");
        fe_buf_printf(&n, "%.*s: %s", (int)(more ? (size_t)(more - w) : strlen(w)), w,
                      g->r->warnings[i].text);
        fe_buf_printf(&n, more ? " (also at %s)\n" : "\n", more ? more + 2 : "");
    }
    if (g->chosen.len || g->chosen_agg.len) /* the driver may try other values */
        fe_buf_puts(o, "const int gpumc_harness_chose_values = 1;\n");
    if (n.len) {
        fe_buf_puts(o, "const char gpumc_harness_notes[] = ");
        fe_buf_cstr(o, fe_buf_str(&n));
        fe_buf_puts(o, ";\n\n");
    }
    if (n.oom)
        o->oom = 1;
    fe_buf_free(&n);
}

static void emit_sources(glue *g, fe_buf *o)
{
    fe_buf_puts(o, "static const gpumc_srcloc __gpumc_src[] = {\n");
    for (unsigned i = 0; i < g->r->nsrcs; i++) {
        const ir_srcloc *s = &g->r->srcs[i];
        fe_buf_puts(o, "    { ");
        fe_buf_cstr(o, s->file);
        fe_buf_printf(o, ", %u, %u, ", s->line, s->col);
        int post = !strcmp(s->file, "<postcondition>") && s->line >= 1 &&
                   (int)s->line <= g->opt->npost;
        if (post)
            fe_buf_cstr(o, g->opt->post[s->line - 1]);
        else
            fe_buf_puts(o, "0");
        const char *opt[2] = {s->func, s->callers};
        for (int k = 0; k < 2; k++) {
            fe_buf_puts(o, ", ");
            if (opt[k])
                fe_buf_cstr(o, opt[k]);
            else
                fe_buf_puts(o, "0");
        }
        fe_buf_puts(o, s->vkind == IR_VALUE_FLOAT     ? ", GPUMC_VALUE_FLOAT"
                       : s->vkind == IR_VALUE_POINTER ? ", GPUMC_VALUE_POINTER"
                                                      : ", 0");
        fe_buf_printf(o, ", %d, %u },\n", s->is_volatile, s->vsize);
    }
    fe_buf_puts(o, "};\n\n");
}

static int has_fnreloc(const ir_result *r, unsigned global)
{
    for (unsigned k = 0; k < r->nfnrelocs; k++)
        if (r->fnrelocs[k].global == global)
            return 1;
    return 0;
}

/* The setup's first statements: the addresses the loader decided
 * (functions, string literals) into the variables' initial data
 * (ir_result.fnrelocs), before any region copies it.  Contents the user
 * gave a __constant__ variable replace its own. */
static void fill_fnrelocs(const glue *g, fe_buf *o)
{
    const ir_result *r = g->r;
    if (!r->nfnrelocs)
        return;
    fe_buf_puts(o, "    extern void *const __gpumc_ir_fnrelocs[];\n");
    for (unsigned k = 0; k < r->nfnrelocs; k++)
        if (!g->has_cinit[r->fnrelocs[k].global])
            fe_buf_printf(o, "    __builtin_memcpy(irrt_init%u + %lluull, &__gpumc_ir_fnrelocs[%u], "
                          "sizeof(void *));\n", r->fnrelocs[k].global, r->fnrelocs[k].off, k);
}

static void emit_slots(glue *g, fe_buf *o)
{
    const ir_result *r = g->r;
    fe_buf_puts(o, "typedef struct irrt_slot {\n"
                   "    const char *name;\n"
                   "    unsigned long long size;\n"
                   "    int kind; /* 0 device, 1 shared, 2 dynamic shared, 3 thread-local, 4 constant */\n"
                   "    unsigned slot;\n"
                   "    const void *init;\n"
                   "    const char *hint; /* a memory error's advice (gpumc_region_hint) */\n"
                   "    int values; /* gpumc_region_values' kind of its 2-byte values, or -1 */\n"
                   "} irrt_slot;\n");
    fe_buf_append(o, &g->cinit);
    for (unsigned i = 0; i < r->nglobals; i++) {
        if (!r->globals[i].init || g->has_cinit[i])
            continue;
        /* (written by fill_fnrelocs when it holds an address the loader decides) */
        fe_buf_printf(o, "static %sunsigned char irrt_init%u[] = {",
                      has_fnreloc(r, i) ? "" : "const ", i);
        for (unsigned long long b = 0; b < r->globals[i].size; b++)
            fe_buf_printf(o, "%s%u", !b ? "\n    " : b % 24 ? "," : ",\n    ",
                          r->globals[i].init[b]);
        fe_buf_puts(o, "\n};\n");
    }
    fe_buf_printf(o, "#define IRRT_NSLOTS %u\nstatic const irrt_slot irrt_slots[] = {\n",
                  r->nglobals + g->nlocals);
    for (unsigned i = 0; i < r->nglobals; i++) {
        const ir_global *v = &r->globals[i];
        fe_buf_puts(o, "    { ");
        fe_buf_cstr(o, v->name);
        fe_buf_printf(o, ", %lluull, %d, %u, ", (unsigned long long)v->size, (int)v->kind, v->slot);
        if (g->has_cinit[i])
            fe_buf_printf(o, "irrt_cinit%u, 0", i);
        else if (v->init)
            fe_buf_printf(o, "irrt_init%u, 0", i);
        else
            fe_buf_puts(o, "0, 0");
        fe_buf_printf(o, ", %s },\n", v->elem_fp16 == IR_FP16_HALF   ? "GPUMC_VALUE_FLOAT"
                                      : v->elem_fp16 == IR_FP16_BF16 ? "GPUMC_VALUE_BFLOAT16"
                                                                      : "-1");
    }
    for (unsigned k = 0; k < g->nlocals; k++) {
        fe_buf_puts(o, "    { ");
        fe_buf_cstr(o, g->locals[k].name);
        fe_buf_printf(o, ", %lluull, 1, %u, 0, ", g->locals[k].size, r->nglobals + k);
        if (g->locals[k].default_len)
            fe_buf_printf(o, "\"'%s' has the default length, one element per work-group "
                          "thread (%llu): give the length the kernel expects with --arg "
                          "%s=[N]\", -1 },\n", g->locals[k].name, block_threads(g),
                          g->locals[k].name);
        else
            fe_buf_puts(o, "0, -1 },\n");
    }
    if (!r->nglobals && !g->nlocals)
        fe_buf_puts(o, "    { 0, 0, 0, 0, 0, 0, -1 },\n");
    fe_buf_puts(o, "};\n");
}

static void emit_launch(glue *g, fe_buf *o)
{
    static const char *const axis = "XYZ";
    for (int k = 0; k < 3; k++)
        fe_buf_printf(o, "#define IRRT_GRID_%c %u\n", axis[k], g->dims[0][k]);
    for (int k = 0; k < 3; k++)
        fe_buf_printf(o, "#define IRRT_BLOCK_%c %u\n", axis[k], g->dims[1][k]);
    for (int k = 0; k < 3; k++)
        fe_buf_printf(o, "#define IRRT_OFFSET_%c %uu\n", axis[k], (unsigned)g->opt->offset[k]);
    int work_dim = 1;
    for (int k = 1; k < 3; k++)
        if (g->dims[0][k] > 1 || g->dims[1][k] > 1)
            work_dim = k + 1;
    fe_buf_printf(o, "#define IRRT_NGPUS %d\n#define IRRT_DYNSHARED %uu\n#define IRRT_WORK_DIM %d\n"
                     "#define IRRT_WARP_SIZE %du\n#define IRRT_COOPERATIVE %d\n",
                  g->opt->ngpus > 0 ? g->opt->ngpus : 1,
                  g->opt->shared_mem_given ? g->opt->shared_mem : IR_DEFAULT_DYNSHARED,
                  work_dim,
                  g->opt->subgroup > 0 ? g->opt->subgroup : 32, g->opt->cooperative != 0);
    fe_buf_printf(o, "static void *irrt_args[%u];\n\n", g->r->nparams ? g->r->nparams : 1);
}

int ir_glue_emit(const fe_options *opt, const ir_result *r, const char *adapter, char **out,
                 fe_diag *d)
{
    glue g;
    memset(&g, 0, sizeof g);
    g.opt = opt;
    g.r = r;
    g.d = d;
    for (int k = 0; k < 3; k++) {
        g.dims[0][k] = opt->grid[k] > 0 ? (unsigned)opt->grid[k] : 1;
        g.dims[1][k] = opt->block[k] > 0 ? (unsigned)opt->block[k] : 1;
    }
    int rc = emit_args(&g);
    fe_buf o = {0};
    if (!rc) {
        fe_buf_printf(&o, "/*\n * Generated by gpumc from %s (kernel %s). Do not edit.\n */\n"
                          "#include <gpumc/harness.h>\n\n", opt->input, r->kernel);
        emit_notes(&g, &o);
        emit_sources(&g, &o);
        emit_slots(&g, &o);
        emit_launch(&g, &o);
        if (r->has_post)
            fe_buf_puts(&o, "#define IRRT_POST 1\n");
        if (r->mem_barriers)
            fe_buf_puts(&o, "#define IRRT_TRACK_SPACES 1\n");
        if (r->access_log)
            fe_buf_puts(&o, "#define IRRT_ACCESS_LOG 1\n");
        if (r->device_heap)
            fe_buf_puts(&o, "#define IRRT_HEAP 1\n");
        if (r->prints)
            fe_buf_puts(&o, "#define IRRT_PRINTF 1\n");
        if (r->lang == FE_LANG_OPENCL)
            fe_buf_puts(&o, "#define IRRT_OPENCL 1\n");
        fe_buf_puts(&o, adapter);
        fe_buf_puts(&o, "\n/* ---- kernel arguments ---- */\n");
        fe_buf_append(&o, &g.decl);
        fe_buf_puts(&o, "\nint gpumc_harness_setup(gpumc_setup *s)\n{\n"
                        "    if (gpumc_sources(s, __gpumc_src, (unsigned)(sizeof __gpumc_src / "
                        "sizeof __gpumc_src[0])) < 0)\n        return -1;\n");
        fill_fnrelocs(&g, &o);
        if (r->lang == FE_LANG_SCOPED_C) { /* threads and globals: the program's own */
            fe_buf_puts(&o, "    return scrt_setup(s);\n}\n");
        } else {
            fe_buf_puts(&o, "    gpumc_warp_size(s, IRRT_WARP_SIZE);\n");
            fe_buf_append(&o, &g.cfill);
            fe_buf_puts(&o, "    if (irrt_setup_window(s) < 0)\n        return -1;\n");
            fe_buf_append(&o, &g.setup);
            fe_buf_printf(&o, "    return irrt_add_threads(s, %d);\n}\n",
                          r->has_post ? g.opt->npost : 0);
        }
    }
    if (!rc && o.oom) {
        snprintf(d->msg, sizeof d->msg, "out of memory");
        rc = d->code = 7;
    }
    fe_buf_free(&g.decl);
    fe_buf_free(&g.setup);
    fe_buf_free(&g.cinit);
    fe_buf_free(&g.cfill);
    fe_buf_free(&g.chosen);
    fe_buf_free(&g.zeroed);
    fe_buf_free(&g.chosen_agg);
    if (rc) {
        fe_buf_free(&o);
        return rc;
    }
    *out = fe_buf_take(&o);
    return 0;
}
