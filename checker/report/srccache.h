/*
 * srccache.h -- the user's source files, read once per gpumc run.
 *
 * Contract: a report quotes the source line of every event; several events
 * (and, with `gpumc check`, several kernels) point into the same few files,
 * so each file is read at most once and kept until srccache_free.  A file
 * that cannot be read is remembered as missing (and not retried): the
 * report then simply shows no quote.  Returned lines point into the cache,
 * are not NUL-terminated (use the length), and exclude the line ending.
 * Nothing here prints; there is no global state -- the owner (the driver,
 * or the CI gate for all its kernels) passes the cache along.
 */
#ifndef GPUMC_SRCCACHE_H
#define GPUMC_SRCCACHE_H

#include <stddef.h>

typedef struct srccache_file srccache_file;

typedef struct srccache {
    srccache_file *files;
    unsigned n, cap;
} srccache;

void srccache_init(srccache *c);
void srccache_free(srccache *c);

/* Line `line` (1-based) of `path`: its text in *out and length in *len.
 * Returns 0, or -1 when the file is unreadable or has no such line. */
int srccache_line(srccache *c, const char *path, int line, const char **out,
                  size_t *len);

/* A 1-based byte column of a line, as a 1-based count of Unicode code
 * points (UTF-8), for outputs that count characters (SARIF). */
int srccache_char_column(const char *line, size_t len, int byte_col);

#endif
