/*
 * futil.h -- small file helpers shared by the CLI modules.
 *
 * Contract: errors are values (-1 / NULL with errno set); nothing prints.
 * futil_write_atomic() never leaves a partial file at `path`: it writes a
 * sibling temporary and renames it into place (and removes the temporary
 * when anything fails).
 */
#ifndef GPUMC_FUTIL_H
#define GPUMC_FUTIL_H

#include <stddef.h>
#include <sys/types.h>

/* The whole file, NUL-terminated, malloc'd; *len (may be NULL) its size. */
char *futil_read(const char *path, size_t *len);

int futil_write_atomic(const char *path, const char *data, size_t len);

/* Plain write (truncate or create): for user-named outputs, which may be
 * special files such as /dev/stdout that a rename would replace. */
int futil_write(const char *path, const char *data, size_t len);

/* mkdir -p with `mode` for the directories it creates. */
int futil_mkdirs(const char *path, mode_t mode);

/* Run argv (PATH searched) with stdin from /dev/null and stdout+stderr
 * captured into *output (malloc'd, NUL-terminated, the first
 * FUTIL_MAX_OUTPUT bytes).  Returns the exit status, 128 + the signal if
 * it was killed, or -1 if it could not be started (errno set). */
#define FUTIL_MAX_OUTPUT (64 * 1024)
int futil_run_captured(char *const argv[], char **output);

/* Monotonic seconds, for timings. */
double futil_now(void);

#endif
