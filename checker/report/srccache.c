/* srccache.c -- see srccache.h. */
#include "srccache.h"

#include <stdlib.h>
#include <string.h>

#include "futil.h"

struct srccache_file {
    char *path;
    char *text;      /* NULL: unreadable */
    size_t *starts;  /* offset of each line's first byte */
    int nlines;
};

void srccache_init(srccache *c)
{
    memset(c, 0, sizeof *c);
}

void srccache_free(srccache *c)
{
    for (unsigned i = 0; i < c->n; i++) {
        free(c->files[i].path);
        free(c->files[i].text);
        free(c->files[i].starts);
    }
    free(c->files);
    srccache_init(c);
}

/* Index the line starts; a failed allocation leaves the file lineless. */
static void index_lines(srccache_file *f)
{
    int n = 1;
    for (const char *p = f->text; *p; p++)
        n += *p == '\n';
    f->starts = malloc((size_t)n * sizeof *f->starts);
    if (!f->starts)
        return;
    f->starts[0] = 0;
    f->nlines = 1;
    for (size_t i = 0; f->text[i]; i++)
        if (f->text[i] == '\n')
            f->starts[f->nlines++] = i + 1;
}

static srccache_file *lookup(srccache *c, const char *path)
{
    for (unsigned i = 0; i < c->n; i++)
        if (strcmp(c->files[i].path, path) == 0)
            return &c->files[i];
    if (c->n == c->cap) {
        unsigned cap = c->cap ? 2 * c->cap : 8;
        srccache_file *f = realloc(c->files, cap * sizeof *f);
        if (!f)
            return NULL;
        c->files = f;
        c->cap = cap;
    }
    srccache_file *f = &c->files[c->n];
    memset(f, 0, sizeof *f);
    f->path = strdup(path);
    if (!f->path)
        return NULL;
    c->n++;
    f->text = futil_read(path, NULL);
    if (f->text)
        index_lines(f);
    return f;
}

int srccache_line(srccache *c, const char *path, int line, const char **out,
                  size_t *len)
{
    if (!c || !path || line < 1)
        return -1;
    srccache_file *f = lookup(c, path);
    if (!f || !f->text || line > f->nlines)
        return -1;
    const char *s = f->text + f->starts[line - 1];
    size_t n = strcspn(s, "\n");
    if (n > 0 && s[n - 1] == '\r')
        n--;
    *out = s;
    *len = n;
    return 0;
}

int srccache_char_column(const char *line, size_t len, int byte_col)
{
    int col = 1;
    for (size_t i = 0; i + 1 < (size_t)byte_col && i < len; i++)
        col += ((unsigned char)line[i] & 0xC0) != 0x80; /* not a continuation */
    if ((size_t)byte_col > len + 1)
        col += byte_col - (int)len - 1; /* past the end: keep the excess */
    return col;
}
