/*
 * repair_site.h -- where the scope and order of a shared access are
 * written in the user's source: the editable tokens a repair may change.
 *
 * Contract: repair_src_open() reads the input file and, following the
 * active `#include "..."` files (relative to the including file, then the
 * -I directories of the compiler arguments), records the object-like
 * macro definitions that are active under the -D/-U arguments (simple
 * #if/#ifdef/#ifndef/#elif/#else conditions: defined(X), !, 0/1, &&, ||;
 * anything else counts as false).  repair_site_at() then finds, for the
 * access or fence whose source location is file:line:col, the token that
 * names its scope (`atomicAdd_block`, `__threadfence_block`,
 * `memory_scope_work_group`, `thread_scope_block`, the preceding
 * `__VERIFIER_memory_scope_*()` of scoped C) and the one that names its
 * memory order (`memory_order_relaxed`...).  A token reached through an
 * object-like macro is located in the macro's definition.  Plain accesses
 * and default forms have no tokens.  The analysis is lexical: it never
 * fails loudly; what it cannot see it leaves out (and the repair then
 * says the race could not be repaired).  Errors are values; nothing is
 * printed; files are only read.
 */
#ifndef GPUMC_REPAIR_SITE_H
#define GPUMC_REPAIR_SITE_H

#include <stddef.h>

#include "gpumc/harness.h"
#include "repair_lex.h"

/* Which vocabulary a token belongs to (decides how it is rewritten). */
typedef enum repair_tok_kind {
    RTOK_NONE = 0,
    RTOK_CUDA_ATOMIC,   /* atomicAdd_block / atomicAdd / atomicAdd_system */
    RTOK_CUDA_FENCE,    /* __threadfence_block / __threadfence / _system */
    RTOK_CUDA_SCOPE,    /* thread_scope_block / _device / _system */
    RTOK_CL_SCOPE,      /* memory_scope_work_group / _device / _all_svm_devices */
    RTOK_VERIFIER,      /* __VERIFIER_memory_scope_work_group / _device / _system */
    RTOK_ORDER,         /* memory_order_relaxed / _acquire / _release ... */
    RTOK_RMW_STMT,      /* a whole read-modify-write statement (repair_rmw.h) */
    RTOK_INSERT         /* an empty token where a call may go (repair_insert.h) */
} repair_tok_kind;

/* One token of one file: byte offset and length in that file's text. */
typedef struct repair_tok {
    repair_tok_kind kind;
    int file;            /* index into repair_src.files */
    size_t off, len;
    int line, col;       /* 1-based, col in bytes */
    int via_macro;       /* 1: inside a macro definition */
} repair_tok;

typedef struct repair_site {
    repair_tok scope;    /* kind RTOK_NONE: no scope token */
    repair_tok order;    /* kind RTOK_NONE: no order token */
} repair_site;

typedef struct repair_file {
    char *path;          /* as opened (input path, or joined include path) */
    char *text;          /* original contents */
    size_t len;
    rlex_toks toks;      /* its tokens (directives left out), lexed once */
} repair_file;

typedef struct repair_macro {
    char *name;
    int file;
    size_t body_off, body_len; /* the definition's replacement text */
} repair_macro;

typedef struct repair_src {
    repair_file *files; int nfiles, capfiles;
    repair_macro *macros; int nmacros, capmacros;
} repair_src;

/* Read `input` and its includes.  cc_args: the compiler arguments (-D,
 * -U, -I).  Returns 0, or -1 (input unreadable; err says why). */
int repair_src_open(repair_src *s, const char *input, char *const *cc_args,
                    int ncc_args, char *err, size_t errsz);
void repair_src_free(repair_src *s);

/* The file index of `path` (as the harness's source table names it), or -1. */
int repair_src_file(const repair_src *s, const char *path);

/* The editable tokens of the access at file:line:col (file index). */
void repair_site_at(const repair_src *s, int file, int line, int col,
                    repair_site *out);

/* The scope a scope token names (GPUMC_SCOPE_*), or -1. */
int repair_tok_scope(const repair_src *s, const repair_tok *t);
/* The token's text rewritten to name `scope` (malloc'd), or NULL. */
char *repair_tok_widen(const repair_src *s, const repair_tok *t, int scope);
/* The order token rewritten to name order `to` ("memory_order_release"...),
 * malloc'd, or NULL when the token is not an order. */
char *repair_tok_order(const repair_src *s, const repair_tok *t, const char *to);
/* 1 if the order token names memory_order_relaxed. */
int repair_tok_is_relaxed(const repair_src *s, const repair_tok *t);

#endif
