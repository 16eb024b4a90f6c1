/*
 * lcache.h -- the lowering cache: a kernel's harness (C glue and
 * instrumented bitcode) kept under a key, so that checking an unchanged
 * kernel again runs neither clang nor the instrumentation pass.
 *
 * Contract:
 *  - The key covers everything the lowering depends on except file
 *    contents: gpumc version, language, input path, working directory,
 *    launch, arguments, postconditions, compiler arguments and tools.
 *  - An entry records the files clang read (its dependency list) with a
 *    hash of each one's contents; it is used only while every one of them
 *    still has those contents.  Files appear in the cache only by rename(),
 *    private (0600); an entry that is not a regular file of the user's that
 *    only they can write is never used (it becomes code gpumc runs).
 *  - Errors are values; a cache that cannot be read or written is a miss,
 *    never a failure of the run.
 */
#ifndef GPUMC_LCACHE_H
#define GPUMC_LCACHE_H

#include <stddef.h>
#include <stdint.h>

/* Fold the NUL-terminated string s (NULL counts as empty) into key h;
 * start from LCACHE_SEED. */
#define LCACHE_SEED 0xcbf29ce484222325ull
uint64_t lcache_add(uint64_t h, const char *s);

/* 0 and the harness (malloc'd) on a valid hit, -1 otherwise. */
int lcache_get(const char *dir, uint64_t key, char **c, void **bc, size_t *bclen);

/* Store the harness with the dependency list deps (one path per line). */
int lcache_put(const char *dir, uint64_t key, const char *deps, const char *c, const void *bc,
               size_t bclen);

#endif
