/*
 * lcache.c -- see lcache.h.  An entry is one file <key>.lower:
 *
 *   gpumc-lowered 1
 *   dep <hash> <path>        one per file clang read
 *   c <bytes>                then the C glue
 *   bc <bytes>               then the bitcode
 */
#include "lcache.h"
#include "futil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

uint64_t lcache_add(uint64_t h, const char *s)
{
    return s ? futil_fnv(h, s, strlen(s) + 1) : futil_fnv(h, "", 1);
}

/* Hash of a file's contents; 0 if it cannot be read. */
static uint64_t file_hash(const char *path)
{
    size_t n;
    char *data = futil_read(path, &n);
    if (!data)
        return 0;
    uint64_t h = futil_fnv(LCACHE_SEED, data, n);
    free(data);
    return h ? h : 1;
}

static void entry_path(char *out, size_t n, const char *dir, uint64_t key)
{
    snprintf(out, n, "%s/%016llx.lower", dir, (unsigned long long)key);
}

/* Read "<tag> <len>\n" then len bytes at *p; advance *p. */
static int take_blob(const char **p, const char *end, const char *tag, const char **blob,
                     size_t *len)
{
    size_t tl = strlen(tag);
    char *after;
    if ((size_t)(end - *p) < tl + 2 || strncmp(*p, tag, tl) || (*p)[tl] != ' ')
        return -1;
    unsigned long long n = strtoull(*p + tl + 1, &after, 10);
    if (*after != '\n' || n > (unsigned long long)(end - after - 1))
        return -1;
    *blob = after + 1;
    *len = (size_t)n;
    *p = after + 1 + n;
    return 0;
}

/* Check every "dep" line; leave *p after them. */
static int deps_unchanged(const char **p, const char *end)
{
    while (end - *p > 4 && !strncmp(*p, "dep ", 4)) {
        char path[4096];
        unsigned long long h;
        const char *nl = memchr(*p, '\n', (size_t)(end - *p));
        if (!nl || sscanf(*p, "dep %llx ", &h) != 1)
            return -1;
        const char *name = strchr(*p + 4, ' ');
        if (!name || name >= nl || (size_t)(nl - name - 1) >= sizeof path)
            return -1;
        snprintf(path, sizeof path, "%.*s", (int)(nl - name - 1), name + 1);
        if (file_hash(path) != h)
            return -1;
        *p = nl + 1;
    }
    return 0;
}

/* An entry becomes code gpumc runs: only a regular file of ours that
 * nobody else can write is trusted. */
static int private_file(const char *path)
{
    struct stat st;
    return lstat(path, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == getuid() &&
           (st.st_mode & 022) == 0;
}

int lcache_get(const char *dir, uint64_t key, char **c, void **bc, size_t *bclen)
{
    char path[4200];
    size_t n;
    entry_path(path, sizeof path, dir, key);
    if (!private_file(path))
        return -1;
    char *data = futil_read(path, &n);
    if (!data)
        return -1;
    const char *p = data, *end = data + n, *cs, *bs;
    size_t cl, bl;
    static const char magic[] = "gpumc-lowered 1\n";
    int ok = n > sizeof magic && !strncmp(data, magic, sizeof magic - 1);
    p += sizeof magic - 1;
    ok = ok && deps_unchanged(&p, end) == 0 && take_blob(&p, end, "c", &cs, &cl) == 0 &&
         take_blob(&p, end, "bc", &bs, &bl) == 0;
    *c = ok ? malloc(cl + 1) : NULL;
    *bc = ok ? malloc(bl ? bl : 1) : NULL;
    if (!*c || !*bc) {
        free(*c);
        free(*bc);
        free(data);
        *c = NULL;
        *bc = NULL;
        return -1;
    }
    memcpy(*c, cs, cl);
    (*c)[cl] = '\0';
    memcpy(*bc, bs, bl);
    *bclen = bl;
    free(data);
    return 0;
}

static int append(char **buf, size_t *len, size_t *cap, const void *p, size_t n)
{
    if (*len + n + 1 > *cap) {
        size_t c = (*len + n + 1) * 2;
        char *nb = realloc(*buf, c);
        if (!nb)
            return -1;
        *buf = nb;
        *cap = c;
    }
    memcpy(*buf + *len, p, n);
    *len += n;
    return 0;
}

int lcache_put(const char *dir, uint64_t key, const char *deps, const char *c, const void *bc,
               size_t bclen)
{
    char *buf = NULL, line[4300], path[4200];
    size_t len = 0, cap = 0;
    int rc = append(&buf, &len, &cap, "gpumc-lowered 1\n", 16);
    for (const char *d = deps; d && *d && !rc;) {
        const char *nl = strchr(d, '\n');
        size_t dn = nl ? (size_t)(nl - d) : strlen(d);
        snprintf(path, sizeof path, "%.*s", (int)(dn < 4000 ? dn : 4000), d);
        uint64_t h = file_hash(path);
        if (!h) { /* a file that cannot be read again: do not cache */
            free(buf);
            return -1;
        }
        int k = snprintf(line, sizeof line, "dep %016llx %s\n", (unsigned long long)h, path);
        rc = append(&buf, &len, &cap, line, (size_t)k);
        d += dn + (nl != NULL);
    }
    int k = snprintf(line, sizeof line, "c %zu\n", strlen(c));
    rc = rc || append(&buf, &len, &cap, line, (size_t)k) || append(&buf, &len, &cap, c, strlen(c));
    k = snprintf(line, sizeof line, "bc %zu\n", bclen);
    rc = rc || append(&buf, &len, &cap, line, (size_t)k) || append(&buf, &len, &cap, bc, bclen);
    entry_path(path, sizeof path, dir, key);
    if (!rc)
        rc = futil_write_atomic(path, buf, len, 0600);
    free(buf);
    return rc;
}
