/*
 * futil.h -- small file helpers shared by the CLI modules.
 *
 * Contract: errors are values (-1 / NULL with errno set); nothing prints.
 * futil_write_atomic() never leaves a partial file at `path`: it writes a
 * sibling temporary -- created under a random name with O_EXCL, so a
 * planted file or symlink there is never followed -- fsyncs it, gives it
 * `mode` and renames it into place (and removes the temporary when
 * anything fails).  A symlink at `path` itself is replaced, not followed:
 * callers that mean to edit through a link resolve it first.
 */
#ifndef GPUMC_FUTIL_H
#define GPUMC_FUTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <signal.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/types.h>

/* The whole file, NUL-terminated, malloc'd; *len (may be NULL) its size. */
char *futil_read(const char *path, size_t *len);

/* futil_read, but only a regular file of at most `max` bytes: a FIFO, a
 * device or a directory is refused at once without reading it (errno
 * EINVAL, EISDIR) and a larger file too (EFBIG). */
char *futil_read_regular(const char *path, size_t max, size_t *len);

int futil_write_atomic(const char *path, const char *data, size_t len, mode_t mode);
/* The same for replacing an existing file whose stat is `like`: the new
 * file keeps its mode and its owner and group (-1, EPERM, nothing changed,
 * when this process may not give the file that owner). */
int futil_replace_like(const char *path, const char *data, size_t len, const struct stat *like);

/* Create `path` exclusively (O_EXCL, never through a symlink) with `mode`
 * and write data to it: -1 with errno EEXIST when something is there. */
int futil_write_new(const char *path, const char *data, size_t len, mode_t mode);

/* Plain write (truncate or create): for user-named outputs, which may be
 * special files such as /dev/stdout that a rename would replace. */
int futil_write(const char *path, const char *data, size_t len);

/* Remove dir and everything under it (symlinks are removed, not
 * followed); 0, or -1 if it could not be walked. */
int futil_remove_tree(const char *dir);

/* mkdir -p with `mode` for the directories it creates. */
int futil_mkdirs(const char *path, mode_t mode);

/* Run argv (PATH searched) with stdin from /dev/null and stdout+stderr
 * captured into *output (malloc'd, NUL-terminated, the first
 * FUTIL_MAX_OUTPUT bytes).  Returns the exit status, 128 + the signal if
 * it was killed, or -1 if it could not be started (errno set). */
#define FUTIL_MAX_OUTPUT (64 * 1024)
int futil_run_captured(char *const argv[], char **output);
/* The same until `deadline` (futil_now() seconds; 0: none) or until *stop
 * is set (a signal handler's flag; stop may be NULL): then the command and
 * everything it started (its own process group) are killed and
 * FUTIL_TIMED_OUT or FUTIL_STOPPED is returned, with what it printed.
 * Such a command runs with TMPDIR a fresh directory of its own, removed
 * with all it holds when the command ends: what it leaves there when
 * killed (clang's and the C compiler's temporaries) does not pile up. */
#define FUTIL_TIMED_OUT (-2)
#define FUTIL_STOPPED (-3)
int futil_run_captured_until(char *const argv[], char **output, double deadline,
                             const volatile sig_atomic_t *stop);

/* FNV-1a 64 of n bytes, continuing from h (start: 0xcbf29ce484222325). */
uint64_t futil_fnv(uint64_t h, const void *p, size_t n);

/* Monotonic seconds, for timings. */
double futil_now(void);

/* "gpumc: PREFIX<message>\n" on stderr (PREFIX may be ""). */
void futil_vmessage(const char *prefix, const char *fmt, va_list ap);

#endif
