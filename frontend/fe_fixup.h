/*
 * fe_fixup.h -- source text nvcc accepts and clang 14 does not, made
 * acceptable without moving anything to another line or column range.
 *
 * Contract: fe_fixup_cuda(text) returns a malloc'd copy of text with the
 * fix-ups applied, or NULL when none applies (or memory ran out: then the
 * file is compiled as it is and clang says what it says).  The copy has
 * exactly the length and the line breaks of the original, so clang's
 * locations in it are the original's.
 *
 * The fix-ups: an alignment specifier after declaration specifiers,
 * `__shared__ alignas(16) float tile[64]` or `extern __shared__ alignas(16)
 * char smem[]` (EDG takes it, clang only at the start of the declaration):
 * the alignas(...) group trades places with the specifiers before it,
 * `alignas(16) __shared__ float tile[64]`; and a PTX special register
 * written with one '%' in an asm statement's template (`%globaltimer`,
 * which clang takes for an unknown operand modifier) gets two, the literal
 * giving up a blank after a comma or a second blank for each -- a literal
 * without one is left as it is; and a launch spaced `k << < g, b >> > (a)`
 * becomes `k <<<  g, b >>>  (a)`.  Comments, and literals other than asm
 * templates, are left alone.
 */
#ifndef GPUMC_FE_FIXUP_H
#define GPUMC_FE_FIXUP_H

char *fe_fixup_cuda(const char *text);

#endif
