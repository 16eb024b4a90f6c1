/*
 * patch.h -- a repair as a unified diff, and applying it to the files.
 *
 * Contract: patch_diff() writes a unified diff (`--- a/PATH`, `+++ b/PATH`,
 * hunks of the shortest line edit script with 3 lines of context, "\ No
 * newline at end of file" where it applies) between each original text
 * and its patched text, for the files that changed, with paths as
 * patch_relpath() names them, so that `patch -p1` and `git apply` accept
 * it from the root of the file's work tree.  Repairs change a few lines:
 * more than 2000 changed lines in one file is an error (-1).  patch_apply_files()
 * keeps the user's files intact: it refuses (changing nothing) when a file
 * to patch is read-only or not a regular file; it saves each original as
 * FILE.orig, or FILE.orig.1, .2 ... when that exists (never overwriting
 * one); it edits through a symlink (the link stays a link) and replaces
 * the file atomically (a random sibling temporary, fsync'ed, given the
 * file's mode, renamed over it).  Errors are values (-1 with a message in
 * err); nothing is printed.
 */
#ifndef GPUMC_PATCH_H
#define GPUMC_PATCH_H

#include <stdio.h>

/* Diff of files[i]: old[i] -> new[i] (n files) to f.  0 or -1. */
int patch_diff(FILE *f, const char *const *paths, const char *const *old,
               char *const *new_, int n);

/* The diff as a malloc'd string (NULL when out of memory). */
char *patch_diff_text(const char *const *paths, const char *const *old,
                      char *const *new_, int n);

/* Write new[i] over paths[i] where it differs, keeping the original. */
int patch_apply_files(const char *const *paths, const char *const *old,
                      char *const *new_, int n, char *err, size_t errsz);

/* PATH as a patch names it: relative to the root of the git work tree that
 * holds it, else to the working directory when it lies below it, else its
 * base name (the patch then applies in the file's directory). */
void patch_relpath(const char *path, char *out, size_t n);

#endif
