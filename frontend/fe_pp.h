/*
 * fe_pp.h -- rewrite macro invocations inside function bodies.
 *
 * Why: libclang 14 tells neither the operator of a BinaryOperator nor the
 * spelling location of a token inside a macro body, so an operator written
 * in a macro (`#define IDX(i,j) ((i)*W+(j))`) cannot be recovered.  This
 * module expands every macro invocation that lies inside a function body
 * of a user file (object-like and function-like macros without # or ##)
 * into its token text, producing rewritten copies of those files.  The
 * frontend parses them again (as unsaved files under the same names), so
 * every operator it lowers is a real token.  Line numbers are preserved
 * (expansions are written on one line and followed by the newlines the
 * invocation spanned); columns are mapped back with fe_pp_col(): a column
 * inside an expansion maps to the start of the invocation, as clang's
 * expansion locations do.
 *
 * Invocations that cannot be expanded safely (stringizing, token pasting,
 * __VA_OPT__, a macro defined twice differently, self-reference) are left
 * alone; clang expands them as usual.
 */
#ifndef GPUMC_FE_PP_H
#define GPUMC_FE_PP_H

#include <clang-c/Index.h>

typedef struct fe_pp_seg {
    unsigned line, col;  /* first rewritten column of the segment */
    int pin;             /* 1: every column maps to `val`; 0: col + val */
    int val;
    unsigned eline, ecol; /* pin: where the invocation ends (one past) */
} fe_pp_seg;

typedef struct fe_pp_file {
    char *path;          /* as clang names the file */
    char *text;          /* rewritten contents */
    unsigned long len;
    char *orig;          /* the user's contents (for report texts) */
    unsigned long origlen;
    fe_pp_seg *segs; int nsegs, capsegs;
} fe_pp_file;

typedef struct fe_pp {
    fe_pp_file *files;
    int n, cap;
    int expanded;        /* number of invocations rewritten */
} fe_pp;

/* Compute the rewritten files for `tu` (parsed with a detailed
 * preprocessing record).  Returns 0 (pp->n may be 0: nothing to do) or
 * < 0 on allocation failure. */
int fe_pp_rewrite(CXTranslationUnit tu, fe_pp *pp);
void fe_pp_free(fe_pp *pp);

/* The user's text of a rewritten file, or NULL if it was not rewritten. */
const char *fe_pp_orig(const fe_pp *pp, const char *path, unsigned long *len);

/* Map a (line, col) of a rewritten file back to the user's column. */
unsigned fe_pp_col(const fe_pp *pp, const char *path, unsigned line,
                   unsigned col);
/* Map the end (one past) of a range: inside an expansion it maps to the
 * end of the invocation. */
void fe_pp_end(const fe_pp *pp, const char *path, unsigned *line,
               unsigned *col);

#endif
