/*
 * runlib.h -- helpers shared by the tests that drive the gpumc command
 * (tests/e2e, tests/scopedc): run a program and capture its output, and
 * read the closing lines of a report.  Test code only.
 */
#ifndef GPUMC_RUNLIB_H
#define GPUMC_RUNLIB_H

#include <stddef.h>

#include <cjson/cJSON.h>

/* Everything readable from fd, NUL-terminated (malloc'd), or NULL. */
char *runlib_read_all(int fd);
/* Run argv[0] with argv; *out gets stdout and, if err is not NULL, *err
 * gets stderr (else stderr goes to ours); *exit_code is the exit status
 * (128 + signal when killed).  Returns 0, or -1 if it could not run. */
int runlib_capture(char *const argv[], char **out, char **err, int *exit_code);
/* The last n lines of text (modified in place), oldest first; returns how
 * many there were. */
int runlib_last_lines(char *text, char **lines, int n);
/* Is the n-byte string s one of the strings of a JSON array? */
int runlib_in_list(const cJSON *list, const char *s, size_t n);
/* A race finding kind ("Data race", "Heterogeneous race")? */
int runlib_is_race(const char *kind);

#endif
