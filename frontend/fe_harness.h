/*
 * fe_harness.h -- the fixed parts of a generated harness.
 *
 * Layout of a harness (fe_lower assembles it in this order):
 *   header comment, #include <gpumc/harness.h>
 *   struct definitions of the kernel's types           (fe_type)
 *   typedef struct __gpumc_ctx { ... }                 (fe_harness_ctx)
 *   runtime helpers __gpumc_ld/__gpumc_st/...          (fe_harness_helpers)
 *   region pointers and folded constants               (fe_harness_globals)
 *   prototypes and definitions of the lowered functions (fe_stmt)
 *   the source-location table                          (fe_harness_sources)
 *   thread entry points and gpumc_harness_setup()      (fe_launch / fe_scopedc)
 *
 * The context struct is what every lowered function receives as `__c`:
 * the gpumc thread, its coordinates, the per-CTA region pointers of the
 * thread's CTA, and for scoped C the pending scope annotation, the
 * thread's id and spawn count and the discovery state.
 */
#ifndef GPUMC_FE_HARNESS_H
#define GPUMC_FE_HARNESS_H

#include "fe_ctx.h"

int fe_harness_ctx(fe_ctx *c, fe_buf *o);
void fe_harness_helpers(fe_ctx *c, fe_buf *o);
void fe_harness_sources(fe_ctx *c, fe_buf *o);
/* Declarations of region pointers (decl) and the setup code that creates
 * the regions of global variables (setup).  Per-CTA variables get an array
 * of region pointers, filled by fe_harness_cta_regions. */
int fe_harness_globals(fe_ctx *c, fe_buf *decl, fe_buf *setup);
/* Setup code creating `ncta` regions for every per-CTA variable. */
int fe_harness_cta_regions(fe_ctx *c, unsigned ncta, fe_buf *decl,
                           fe_buf *setup);
/* Statements setting the per-CTA pointers of context `cv` for CTA `lin`. */
void fe_harness_cta_bind(fe_ctx *c, const char *cv, const char *lin,
                         fe_buf *o);

#endif
