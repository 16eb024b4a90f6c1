/*
 * fe_buf.c -- growable text buffer (see fe_buf.h for the contract).
 */
#include "fe_buf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fe_buf_reserve(fe_buf *b, size_t extra)
{
    if (b->oom)
        return -1;
    if (b->len + extra + 1 <= b->cap)
        return 0;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + extra + 1)
        cap *= 2;
    char *s = realloc(b->s, cap);
    if (!s) {
        b->oom = 1;
        return -1;
    }
    b->s = s;
    b->cap = cap;
    return 0;
}

void fe_buf_free(fe_buf *b)
{
    free(b->s);
    memset(b, 0, sizeof *b);
}

void fe_buf_putn(fe_buf *b, const char *s, size_t n)
{
    if (fe_buf_reserve(b, n) < 0)
        return;
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = 0;
}

void fe_buf_puts(fe_buf *b, const char *s)
{
    fe_buf_putn(b, s, strlen(s));
}

void fe_buf_putc(fe_buf *b, char ch)
{
    fe_buf_putn(b, &ch, 1);
}

void fe_buf_printf(fe_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || fe_buf_reserve(b, (size_t)n) < 0)
        return;
    va_start(ap, fmt);
    vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

void fe_buf_cstr(fe_buf *b, const char *s)
{
    fe_buf_putc(b, '"');
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            fe_buf_printf(b, "\\%c", ch);
        else if (ch == '\n')
            fe_buf_puts(b, "\\n");
        else if (ch == '\t')
            fe_buf_puts(b, "\\t");
        else if (ch < 32 || ch >= 127)
            /* octal escapes cannot swallow a following digit like \x can */
            fe_buf_printf(b, "\\%03o", ch);
        else if (ch == '?' && s[1] == '?')
            fe_buf_puts(b, "\\?"); /* no trigraphs */
        else
            fe_buf_putc(b, (char)ch);
    }
    fe_buf_putc(b, '"');
}

void fe_buf_append(fe_buf *b, const fe_buf *other)
{
    if (other->oom)
        b->oom = 1;
    if (other->len)
        fe_buf_putn(b, other->s, other->len);
}

const char *fe_buf_str(const fe_buf *b)
{
    return b->len ? b->s : "";
}

char *fe_buf_take(fe_buf *b)
{
    char *s = b->oom ? NULL : b->s;
    if (!s && !b->oom)
        s = calloc(1, 1);
    if (b->oom)
        free(b->s);
    memset(b, 0, sizeof *b);
    return s;
}

char *fe_buf_read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *s = NULL;
    size_t n = 0, cap = 0;
    for (;;) {
        if (n + 4096 + 1 > cap) {
            cap = cap ? cap * 2 : 65536;
            char *ns = realloc(s, cap);
            if (!ns) {
                free(s);
                fclose(f);
                return NULL;
            }
            s = ns;
        }
        size_t k = fread(s + n, 1, 4096, f);
        n += k;
        if (k < 4096)
            break;
    }
    fclose(f);
    if (s)
        s[n] = '\0';
    return s;
}
