/* futil.c -- see futil.h. */
#define _GNU_SOURCE /* mkostemp */
#include "futil.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

char *futil_read(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = NULL;
    size_t used = 0, cap = 0;
    int bad = 0;
    for (;;) {
        if (cap - used < 4096) {
            char *b = realloc(buf, cap ? 2 * cap : 8192);
            if (!b) {
                bad = ENOMEM;
                break;
            }
            buf = b;
            cap = cap ? 2 * cap : 8192;
        }
        errno = 0;
        size_t n = fread(buf + used, 1, cap - used - 1, f);
        used += n;
        if (n == 0) {
            if (ferror(f))
                bad = errno ? errno : EIO; /* e.g. EISDIR */
            break;
        }
    }
    fclose(f);
    if (bad) {
        free(buf);
        errno = bad;
        return NULL;
    }
    buf[used] = '\0';
    if (len)
        *len = used;
    return buf;
}

char *futil_read_regular(const char *path, size_t max, size_t *len)
{
    /* O_NONBLOCK: opening a FIFO must not wait for a writer. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    struct stat st;
    if (fd < 0)
        return NULL;
    int bad = fstat(fd, &st) != 0 ? errno
            : S_ISDIR(st.st_mode) ? EISDIR
            : !S_ISREG(st.st_mode) ? EINVAL
            : (uintmax_t)st.st_size > max ? EFBIG : 0;
    close(fd);
    if (bad) {
        errno = bad;
        return NULL;
    }
    size_t n = 0;
    char *text = futil_read(path, &n);
    if (text && n > max) { /* it grew meanwhile */
        free(text);
        errno = EFBIG;
        return NULL;
    }
    if (text && len)
        *len = n;
    return text;
}

/* Write all of data to fd, then flush it to disk.  0 or -1. */
static int write_synced(int fd, const char *data, size_t len)
{
    while (len) {
        ssize_t w = write(fd, data, len);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        data += w;
        len -= (size_t)w;
    }
    return fsync(fd);
}

/* Give fd mode and, when owner is set and differs from what the file got,
 * that owner (a replaced file keeps its owner: only root may change it). */
static int set_mode_owner(int fd, mode_t mode, const struct stat *owner)
{
    struct stat now;
    if (fchmod(fd, mode) != 0)
        return -1;
    if (!owner)
        return 0;
    if (fstat(fd, &now) != 0)
        return -1;
    if (now.st_uid == owner->st_uid && now.st_gid == owner->st_gid)
        return 0;
    /* fchown clears set-id bits: set the mode again after it */
    return fchown(fd, owner->st_uid, owner->st_gid) == 0 ? fchmod(fd, mode) : -1;
}

static int write_atomic(const char *path, const char *data, size_t len, mode_t mode,
                        const struct stat *owner)
{
    char tmp[4096 + 32];
    if (snprintf(tmp, sizeof tmp, "%s.tmp.XXXXXX", path) >= (int)sizeof tmp) {
        errno = ENAMETOOLONG;
        return -1;
    }
    int fd = mkostemp(tmp, O_CLOEXEC); /* random name, O_CREAT|O_EXCL */
    if (fd < 0)
        return -1;
    int ok = write_synced(fd, data, len) == 0 && set_mode_owner(fd, mode, owner) == 0;
    int saved = errno;
    ok = close(fd) == 0 && ok;
    if (ok && rename(tmp, path) == 0)
        return 0;
    saved = errno ? errno : saved ? saved : EIO;
    unlink(tmp);
    errno = saved;
    return -1;
}

int futil_write_atomic(const char *path, const char *data, size_t len, mode_t mode)
{
    return write_atomic(path, data, len, mode, NULL);
}

int futil_replace_like(const char *path, const char *data, size_t len, const struct stat *like)
{
    return write_atomic(path, data, len, like->st_mode & 07777, like);
}

int futil_write_new(const char *path, const char *data, size_t len, mode_t mode)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
    if (fd < 0)
        return -1;
    int ok = write_synced(fd, data, len) == 0;
    int saved = errno;
    ok = close(fd) == 0 && ok;
    if (ok)
        return 0;
    unlink(path);
    errno = saved ? saved : EIO;
    return -1;
}

int futil_write(const char *path, const char *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    int ok = fwrite(data, 1, len, f) == len;
    if (fclose(f) != 0 || !ok) {
        if (!errno)
            errno = EIO;
        return -1;
    }
    return 0;
}

int futil_mkdirs(const char *path, mode_t mode)
{
    char buf[4096];
    size_t n = strlen(path);
    if (n == 0 || n >= sizeof buf) {
        errno = ENAMETOOLONG;
        return -1;
    }
    memcpy(buf, path, n + 1);
    for (char *p = buf + 1; ; p++) {
        if (*p != '/' && *p != '\0')
            continue;
        char c = *p;
        *p = '\0';
        if (mkdir(buf, mode) != 0 && errno != EEXIST)
            return -1;
        *p = c;
        if (c == '\0')
            break;
    }
    struct stat st;
    if (stat(path, &st) != 0)
        return -1;
    if (!S_ISDIR(st.st_mode)) {
        errno = ENOTDIR;
        return -1;
    }
    return 0;
}

double futil_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Read the child's output, keeping the first FUTIL_MAX_OUTPUT bytes. */
/* Read fd to its end into a malloc'd string of at most FUTIL_MAX_OUTPUT
 * bytes (the rest is read and dropped), or until `deadline` (0: none) or
 * *stop: then *cut says which (FUTIL_TIMED_OUT, FUTIL_STOPPED; else 0). */
static char *drain(int fd, double deadline, const volatile sig_atomic_t *stop, int *cut)
{
    char *buf = malloc(FUTIL_MAX_OUTPUT + 1);
    size_t used = 0;
    char sink[4096];
    *cut = 0;
    for (;;) {
        if (deadline > 0 || stop) {
            if (stop && *stop) {
                *cut = FUTIL_STOPPED;
                break;
            }
            double left = deadline > 0 ? deadline - futil_now() : 1;
            struct pollfd p = {fd, POLLIN, 0};
            /* a signal (EINTR) or a tenth of a second: look at *stop again */
            int r = left > 0 ? poll(&p, 1, left > 0.1 ? 100 : (int)(left * 1000) + 1) : 0;
            if (r < 0 && errno == EINTR)
                continue;
            if (r == 0 && deadline > 0 && futil_now() >= deadline) {
                *cut = FUTIL_TIMED_OUT;
                break;
            }
            if (r == 0)
                continue;
        }
        char *dst = buf && used < FUTIL_MAX_OUTPUT ? buf + used : sink;
        size_t room = buf && used < FUTIL_MAX_OUTPUT ? FUTIL_MAX_OUTPUT - used : sizeof sink;
        ssize_t n = read(fd, dst, room);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        if (dst != sink)
            used += (size_t)n;
    }
    if (buf)
        buf[used] = '\0';
    return buf;
}

int futil_run_captured(char *const argv[], char **output)
{
    return futil_run_captured_until(argv, output, 0, NULL);
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *f)
{
    (void)st;
    (void)f;
    if (flag == FTW_DP)
        rmdir(path);
    else
        unlink(path);
    return 0;
}

int futil_remove_tree(const char *dir)
{
    return nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* environ with TMPDIR set to tmpdir (malloc'd array; its strings are
 * environ's but for the first, `tmpvar`, the caller's buffer). */
static char **env_with_tmpdir(char *tmpvar)
{
    size_t n = 0;
    while (environ[n])
        n++;
    char **env = malloc((n + 2) * sizeof *env);
    if (!env)
        return NULL;
    size_t k = 0;
    env[k++] = tmpvar;
    for (size_t i = 0; i < n; i++)
        if (strncmp(environ[i], "TMPDIR=", 7) != 0)
            env[k++] = environ[i];
    env[k] = NULL;
    return env;
}

int futil_run_captured_until(char *const argv[], char **output, double deadline,
                             const volatile sig_atomic_t *stop)
{
    int fds[2];
    *output = NULL;
    int cuttable = deadline > 0 || stop;
    /* One that may be cut short is killed with everything it started, and
     * they cannot remove their temporaries then: it gets a temporary
     * directory of its own (TMPDIR), removed here whatever happened. */
    char tmpvar[4200] = "";
    char **env = environ;
    if (cuttable) {
        const char *tmp = getenv("TMPDIR");
        snprintf(tmpvar, sizeof tmpvar, "TMPDIR=%.4000s/gpumc-run-XXXXXX",
                 tmp && *tmp ? tmp : "/tmp");
        if (!mkdtemp(tmpvar + 7) || !(env = env_with_tmpdir(tmpvar))) {
            if (env != environ)
                futil_remove_tree(tmpvar + 7);
            return -1;
        }
    }
    if (pipe(fds) != 0) {
        if (cuttable) {
            futil_remove_tree(tmpvar + 7);
            free(env);
        }
        return -1;
    }
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&fa, fds[1], 1);
    posix_spawn_file_actions_adddup2(&fa, fds[1], 2);
    posix_spawn_file_actions_addclose(&fa, fds[0]);
    posix_spawn_file_actions_addclose(&fa, fds[1]);
    /* its own process group, so that what it started (clang) dies with it */
    posix_spawnattr_t at;
    posix_spawnattr_init(&at);
    if (cuttable) {
        posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP);
        posix_spawnattr_setpgroup(&at, 0);
    }
    pid_t pid;
    int rc = posix_spawnp(&pid, argv[0], &fa, &at, argv, env);
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&at);
    close(fds[1]);
    int cut = 0, st = 0;
    if (rc == 0) {
        *output = drain(fds[0], deadline, stop, &cut);
        if (cut)
            kill(-pid, SIGKILL);
        while (waitpid(pid, &st, 0) < 0)
            if (errno != EINTR) {
                rc = errno;
                break;
            }
    }
    close(fds[0]);
    if (cuttable) {
        futil_remove_tree(tmpvar + 7);
        free(env);
    }
    if (rc != 0) {
        errno = rc;
        return -1;
    }
    if (cut)
        return cut;
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

uint64_t futil_fnv(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) {
        h ^= b[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

void futil_vmessage(const char *prefix, const char *fmt, va_list ap)
{
    fprintf(stderr, "gpumc: %s", prefix);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}
