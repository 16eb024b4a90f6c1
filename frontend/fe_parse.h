/*
 * fe_parse.h -- parse a kernel file with libclang and the preludes.
 *
 * fe_parse() builds the clang command line for the language (CUDA device
 * side, OpenCL C 2.0 or GNU C11), adds the embedded prelude headers as
 * unsaved files, parses, and turns clang's errors into an fe_diag (code 5,
 * clang's own text with file:line:col).  Errors inside host-only functions
 * of a .cu file are ignored: host code is never lowered, and it may use
 * host APIs the prelude does not declare.
 *
 * It then rewrites macro invocations inside function bodies (fe_pp.h) and
 * parses once more, so that the returned translation unit has every
 * operator of the code to lower as a real token.  If the rewritten files
 * do not parse (a macro the rewriter got wrong), the first parse is kept.
 */
#ifndef GPUMC_FE_PARSE_H
#define GPUMC_FE_PARSE_H

#include <clang-c/Index.h>

#include "fe.h"
#include "fe_pp.h"

typedef struct fe_parsed {
    CXIndex index;
    CXTranslationUnit tu;
    fe_pp pp;            /* the rewriting the tu was parsed with */
    char *appended;      /* main file + fe_parse_append text, or NULL */
} fe_parsed;

int fe_parse(const fe_options *opt, fe_lang lang, fe_parsed *out,
             fe_diag *diag);
void fe_parsed_free(fe_parsed *p);

/* Parse again with `text` appended to the main file (postconditions);
 * p->tu is replaced (cursors of the old one become invalid).  Errors are
 * returned like fe_parse's. */
int fe_parse_append(const fe_options *opt, fe_lang lang, fe_parsed *p,
                    const char *text, fe_diag *diag);

#endif
