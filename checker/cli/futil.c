/* futil.c -- see futil.h. */
#include "futil.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

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

int futil_write_atomic(const char *path, const char *data, size_t len)
{
    char tmp[4096 + 32];
    if (snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid()) >= (int)sizeof tmp) {
        errno = ENAMETOOLONG;
        return -1;
    }
    FILE *f = fopen(tmp, "wb");
    if (!f)
        return -1;
    int ok = fwrite(data, 1, len, f) == len;
    ok = (fclose(f) == 0) && ok;
    if (ok && rename(tmp, path) == 0)
        return 0;
    int saved = errno ? errno : EIO;
    unlink(tmp);
    errno = saved;
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
