/*
 * fe_ctx.h -- the lowering context shared by the frontend modules.
 *
 * One fe_ctx lives for one fe_lower() call and holds everything the
 * modules need: the options, the parsed translation unit, the tables of
 * things discovered while lowering (shared variables that become regions,
 * functions to emit, struct types to define, source locations), counters
 * for generated names and ids, and the output sections.  There is no other
 * state: every module function takes the context explicitly.
 *
 * Errors: the first error is recorded in ctx->diag (fe_fail / fe_unsup)
 * and every function returns < 0 from then on up to fe_lower.
 */
#ifndef GPUMC_FE_CTX_H
#define GPUMC_FE_CTX_H

#include <clang-c/Index.h>

#include "fe.h"
#include "fe_ast.h"
#include "fe_buf.h"
#include "fe_pp.h"

/* A variable with static storage that lives in a gpumc region. */
typedef enum fe_var_kind {
    FE_VAR_GLOBAL = 0, /* one region (__device__, OpenCL global, C global) */
    FE_VAR_CTA,        /* one region per CTA (__shared__, __local) */
    FE_VAR_CONST       /* a folded constant (static const in the harness) */
} fe_var_kind;

typedef struct fe_var {
    CXCursor decl;     /* canonical declaration */
    char *name;        /* user's name */
    char *cname;       /* harness name of the pointer to the region */
    fe_var_kind kind;
    CXType type;
    long long size;    /* bytes; -1: sized at launch (extern __shared__ []) */
} fe_var;

typedef struct fe_fn {
    CXCursor decl;     /* canonical declaration */
    CXCursor def;      /* the definition that is emitted */
    char *cname;       /* harness name */
    int entry;         /* scoped C: started by pthread_create */
} fe_fn;

typedef struct fe_call_edge {
    int from, to;
    CXCursor site;
} fe_call_edge;

typedef struct fe_rec {
    CXCursor decl;     /* canonical record declaration */
    char *cname;       /* C tag: struct/union name in the harness */
    int is_union;
    int state;         /* 0 new, 1 being defined, 2 defined */
} fe_rec;

typedef struct fe_src {
    char *file;
    unsigned line, col;
    char *text;
} fe_src;

typedef struct fe_ctx {
    const fe_options *opt;
    fe_lang lang;
    CXTranslationUnit tu;
    fe_diag *diag;
    fe_toks toks;        /* token cache for operator spelling */
    const fe_pp *pp;     /* macro rewriting: maps columns back */
    int unroll;
    unsigned grid[3], block[3], ngpus;

    fe_var *vars; int nvars, capvars;
    fe_fn *fns; int nfns, capfns;
    fe_call_edge *edges; int nedges, capedges;
    fe_rec *recs; int nrecs, caprecs;
    fe_src *srcs; int nsrcs, capsrcs;

    unsigned ntmp;       /* __gpumc_tN temporaries */
    unsigned nloop;      /* loop counters */
    unsigned nbarrier;   /* barrier statement ids */
    int cur_fn;          /* index of the function being emitted, or -1 */
    int loop_depth;      /* nesting of bounded loops being emitted */
    char **locals; int nlocals, caplocals; /* private variables in scope, for gpumc_spin */
    int const_ctx;       /* emitting a constant initializer (no __c) */
    fe_buf *fn_pro;      /* declarations hoisted to the function start */

    fe_buf types;        /* struct definitions */
    fe_buf protos;       /* function prototypes */
    fe_buf fnbodies;     /* function definitions */
} fe_ctx;

/* Scope of private variables (parameters and locals) while a function is
 * emitted: bounded loops hash them to detect iterations that change
 * nothing (gpumc_spin).  fe_locals_mark/fe_locals_pop bracket a block. */
int fe_locals_push(fe_ctx *c, const char *name);
static inline int fe_locals_mark(const fe_ctx *c) { return c->nlocals; }
void fe_locals_pop(fe_ctx *c, int mark);

/* Record the first error: "file:line:col: error: <msg>" (code 5). */
int fe_fail(fe_ctx *c, CXCursor at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Same, with "unsupported: " before the message. */
int fe_unsup(fe_ctx *c, CXCursor at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* An error without location (code 5, or 17 for usage). */
int fe_fail_plain(fe_ctx *c, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
int fe_failed(const fe_ctx *c);

/* Where a cursor starts in the user's source (macro-rewriting undone). */
void fe_where(fe_ctx *c, CXCursor at, char *file, size_t nfile,
              unsigned *line, unsigned *col);
/* The id of the source-table entry for `at` (deduplicated). */
unsigned fe_src_id(fe_ctx *c, CXCursor at);

/* A fresh temporary name: writes "__gpumc_tN" into buf (>= 24 bytes). */
const char *fe_tmp(fe_ctx *c, char *buf);

/* Grow a table so that one more element fits; < 0 on OOM (recorded). */
int fe_grow(fe_ctx *c, void **v, int *cap, int n, size_t elem);

char *fe_strdup(const char *s);

#endif
