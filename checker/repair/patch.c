/* patch.c -- see patch.h. */
#include "patch.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "futil.h"

#define PATCH_CONTEXT 3

typedef struct pt_lines {
    const char **p;   /* line starts */
    size_t *len;      /* lengths without the newline */
    int n;
    int last_nl;      /* the last line ends with a newline */
} pt_lines;

static int split(const char *t, pt_lines *l)
{
    size_t tl = strlen(t);
    int cap = 1;
    for (size_t i = 0; i < tl; i++)
        cap += t[i] == '\n';
    l->p = malloc((size_t)cap * sizeof *l->p);
    l->len = malloc((size_t)cap * sizeof *l->len);
    l->n = 0;
    l->last_nl = tl == 0 || t[tl - 1] == '\n';
    if (!l->p || !l->len)
        return -1;
    for (const char *q = t; *q;) {
        const char *e = strchr(q, '\n');
        size_t len = e ? (size_t)(e - q) : strlen(q);
        l->p[l->n] = q;
        l->len[l->n++] = len;
        q += len + (e != NULL);
    }
    return 0;
}

static void lines_free(pt_lines *l)
{
    free(l->p);
    free(l->len);
}

static void put_line(FILE *f, char mark, const pt_lines *l, int i)
{
    fputc(mark, f);
    fwrite(l->p[i], 1, l->len[i], f);
    fputc('\n', f);
    if (i == l->n - 1 && !l->last_nl)
        fputs("\\ No newline at end of file\n", f);
}

/* Line i of a equals line j of b (a last line without its newline
 * differs from the same text with one). */
static int same_line(const pt_lines *a, int i, const pt_lines *b, int j)
{
    int ai = i == a->n - 1 && !a->last_nl, bj = j == b->n - 1 && !b->last_nl;
    return ai == bj && a->len[i] == b->len[j] && memcmp(a->p[i], b->p[j], a->len[i]) == 0;
}

enum { OP_SAME, OP_DEL, OP_INS };

#define PATCH_MAX_D 2000 /* edit distance in lines: repairs change a few */

/* The shortest edit script from a to b (Myers, "An O(ND) difference
 * algorithm", 1986), as ops in order; -1 when out of memory or when more
 * than PATCH_MAX_D lines differ.  v[d] keeps the furthest x of each
 * diagonal k in [-d, d] for the walk back. */
static int script(const pt_lines *a, const pt_lines *b, char **ops, int *nops)
{
    int n = a->n, m = b->n, D = -1;
    int **v = calloc(PATCH_MAX_D + 1, sizeof *v);
    for (int d = 0; v && d <= PATCH_MAX_D && D < 0; d++) {
        if (!(v[d] = malloc((size_t)(2 * d + 1) * sizeof **v)))
            break;
        for (int k = -d; k <= d; k += 2) {
            int down = k == -d || (k != d && v[d - 1][k - 1 + d - 1] < v[d - 1][k + 1 + d - 1]);
            int x = d == 0 ? 0 : down ? v[d - 1][k + 1 + d - 1] : v[d - 1][k - 1 + d - 1] + 1;
            int y = x - k;
            while (x < n && y < m && same_line(a, x, b, y))
                x++, y++;
            v[d][k + d] = x;
            if (x >= n && y >= m) {
                D = d;
                break;
            }
        }
    }
    int rc = -1;
    char *o = D >= 0 ? malloc((size_t)(n + m) + 1) : NULL;
    if (o) { /* walk back from (n, m), writing ops from the end */
        int x = n, y = m, at = n + m;
        for (int d = D; d >= 0; d--) {
            int k = x - y, px = 0, py = 0, down = 0;
            if (d > 0) {
                down = k == -d || (k != d && v[d - 1][k - 1 + d - 1] < v[d - 1][k + 1 + d - 1]);
                int pk = down ? k + 1 : k - 1;
                px = v[d - 1][pk + d - 1];
                py = px - pk;
            }
            while (x > px + (d > 0 && !down) && y > py + (d > 0 && down))
                o[--at] = OP_SAME, x--, y--;
            if (d > 0) {
                o[--at] = down ? OP_INS : OP_DEL;
                x = px;
                y = py;
            }
        }
        memmove(o, o + at, (size_t)(n + m - at));
        *ops = o;
        *nops = n + m - at;
        rc = 0;
    }
    for (int d = 0; v && d <= PATCH_MAX_D && v[d]; d++)
        free(v[d]);
    free(v);
    return rc;
}

/* One hunk: ops [lo, hi), starting at line ai of a and bj of b. */
static void hunk(FILE *f, const pt_lines *a, const pt_lines *b, const char *ops, int lo,
                 int hi, int ai, int bj)
{
    int na = 0, nb = 0;
    for (int k = lo; k < hi; k++) {
        na += ops[k] != OP_INS;
        nb += ops[k] != OP_DEL;
    }
    fprintf(f, "@@ -%d,%d +%d,%d @@\n", na ? ai + 1 : ai, na, nb ? bj + 1 : bj, nb);
    for (int k = lo; k < hi; k++) {
        if (ops[k] == OP_SAME)
            put_line(f, ' ', a, ai++), bj++;
        else if (ops[k] == OP_DEL)
            put_line(f, '-', a, ai++);
        else
            put_line(f, '+', b, bj++);
    }
}

/* The root of the git work tree holding the file abs (the nearest
 * ancestor directory with a .git entry, a directory or a submodule's file)
 * into root; 0 when there is one. */
static int git_root(const char *abs, char *root, size_t n)
{
    char dir[PATH_MAX], probe[PATH_MAX + 8];
    snprintf(dir, sizeof dir, "%s", abs);
    char *slash;
    while ((slash = strrchr(dir, '/')) != NULL) {
        *slash = '\0';
        snprintf(probe, sizeof probe, "%s/.git", slash == dir ? "" : dir);
        struct stat st;
        if (lstat(probe, &st) == 0) {
            snprintf(root, n, "%s", slash == dir ? "/" : dir);
            return 0;
        }
    }
    return -1;
}

/* abs below dir: the rest of abs after "dir/", else NULL. */
static const char *below(const char *abs, const char *dir)
{
    size_t dl = strlen(dir);
    if (dl == 1 && dir[0] == '/')
        return abs + 1;
    return strncmp(abs, dir, dl) == 0 && abs[dl] == '/' ? abs + dl + 1 : NULL;
}

void patch_relpath(const char *path, char *out, size_t n)
{
    char abs[PATH_MAX], base[PATH_MAX];
    const char *rel = NULL;
    if (realpath(path, abs)) {
        if (git_root(abs, base, sizeof base) == 0)
            rel = below(abs, base);
        if (!rel && getcwd(base, sizeof base))
            rel = below(abs, base);
        if (!rel) /* outside both: apply it in the file's directory */
            rel = strrchr(abs, '/') + 1;
    } else {
        rel = path;
        while (rel[0] == '.' && rel[1] == '/')
            rel += 2;
    }
    snprintf(out, n, "%s", rel);
}

static int diff_one(FILE *f, const char *path, const char *old, const char *new_)
{
    pt_lines a, b;
    char *ops = NULL;
    int nops = 0;
    int rc = split(old, &a) | split(new_, &b);
    if (rc == 0)
        rc = script(&a, &b, &ops, &nops);
    if (rc == 0) {
        char rel[PATH_MAX];
        patch_relpath(path, rel, sizeof rel);
        fprintf(f, "--- a/%s\n+++ b/%s\n", rel, rel);
        /* hunks: changes with PATCH_CONTEXT lines around them, merged
         * when fewer than 2 * PATCH_CONTEXT unchanged lines separate them */
        int ai = 0, bj = 0;
        for (int k = 0; k < nops;) {
            if (ops[k] == OP_SAME) {
                k++, ai++, bj++;
                continue;
            }
            int lo = k - PATCH_CONTEXT < 0 ? 0 : k - PATCH_CONTEXT;
            int hi = k, same = 0;
            while (hi < nops && same <= 2 * PATCH_CONTEXT) {
                same = ops[hi] == OP_SAME ? same + 1 : 0;
                hi++;
            }
            hi -= same > PATCH_CONTEXT ? same - PATCH_CONTEXT : 0;
            hunk(f, &a, &b, ops, lo, hi, ai - (k - lo), bj - (k - lo));
            for (; k < hi; k++) {
                ai += ops[k] != OP_INS;
                bj += ops[k] != OP_DEL;
            }
        }
    }
    free(ops);
    lines_free(&a);
    lines_free(&b);
    return rc;
}

int patch_diff(FILE *f, const char *const *paths, const char *const *old,
               char *const *new_, int n)
{
    for (int i = 0; i < n; i++)
        if (new_[i] && strcmp(old[i], new_[i]) != 0 &&
            diff_one(f, paths[i], old[i], new_[i]) != 0)
            return -1;
    return ferror(f) ? -1 : 0;
}

char *patch_diff_text(const char *const *paths, const char *const *old,
                      char *const *new_, int n)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return NULL;
    int rc = patch_diff(f, paths, old, new_, n);
    fclose(f);
    if (rc != 0) {
        free(buf);
        return NULL;
    }
    return buf;
}

static int changed(const char *old, const char *new_)
{
    return new_ && strcmp(old, new_) != 0;
}

/* The file behind `path` (through symlinks) and its mode; -1 with a
 * message when it cannot be patched in place. */
static int target_of(const char *path, char *target, struct stat *st,
                     char *err, size_t errsz)
{
    if (!realpath(path, target) || stat(target, st) != 0) {
        snprintf(err, errsz, "%s: %s", path, strerror(errno));
        return -1;
    }
    if (!S_ISREG(st->st_mode)) {
        snprintf(err, errsz, "%s is not a regular file", path);
        return -1;
    }
    if ((st->st_mode & 0222) == 0 || access(target, W_OK) != 0) {
        snprintf(err, errsz, "%s is read-only; nothing was changed (make it "
                 "writable, or write the fix with --patch=FILE)", path);
        return -1;
    }
    return 0;
}

/* Save old as path.orig, or path.orig.1, .2 ... (never over a file). */
static int save_original(const char *path, const char *old, mode_t mode,
                         char *err, size_t errsz)
{
    char orig[PATH_MAX];
    for (int k = 0; k < 1000; k++) {
        int w = k ? snprintf(orig, sizeof orig, "%s.orig.%d", path, k)
                  : snprintf(orig, sizeof orig, "%s.orig", path);
        if (w < 0 || (size_t)w >= sizeof orig)
            break;
        if (futil_write_new(orig, old, strlen(old), mode) == 0)
            return 0;
        if (errno != EEXIST)
            break;
    }
    snprintf(err, errsz, "cannot keep the original of %s: %s", path,
             strerror(errno ? errno : EEXIST));
    return -1;
}

int patch_apply_files(const char *const *paths, const char *const *old,
                      char *const *new_, int n, char *err, size_t errsz)
{
    char target[PATH_MAX];
    struct stat st;
    for (int i = 0; i < n; i++) /* all or nothing: check every file first */
        if (changed(old[i], new_[i]) && target_of(paths[i], target, &st, err, errsz) != 0)
            return -1;
    for (int i = 0; i < n; i++) {
        if (!changed(old[i], new_[i]))
            continue;
        if (target_of(paths[i], target, &st, err, errsz) != 0 ||
            save_original(paths[i], old[i], st.st_mode & 07777, err, errsz) != 0)
            return -1;
        if (futil_replace_like(target, new_[i], strlen(new_[i]), &st) != 0) {
            snprintf(err, errsz, "cannot write %s: %s", paths[i], strerror(errno));
            return -1;
        }
    }
    return 0;
}
