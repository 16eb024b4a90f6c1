/*
 * fe_buf.h -- growable text buffer used to build the harness.
 *
 * Contract: a zeroed fe_buf is empty and valid.  Appends never fail from
 * the caller's point of view: on allocation failure the buffer sets `oom`
 * and ignores further appends, so a whole emission can be checked once at
 * the end (errors are values, not aborts).  fe_buf_take hands the text to
 * the caller (malloc'd, NUL-terminated) and leaves the buffer empty.
 */
#ifndef GPUMC_FE_BUF_H
#define GPUMC_FE_BUF_H

#include <stddef.h>

typedef struct fe_buf {
    char *s;      /* NUL-terminated when len > 0 */
    size_t len, cap;
    int oom;      /* an allocation failed; contents are incomplete */
} fe_buf;

void fe_buf_free(fe_buf *b);
void fe_buf_putn(fe_buf *b, const char *s, size_t n);
void fe_buf_puts(fe_buf *b, const char *s);
void fe_buf_putc(fe_buf *b, char ch);
void fe_buf_printf(fe_buf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Append `s` as the body of a C string literal (quotes included). */
void fe_buf_cstr(fe_buf *b, const char *s);
/* Append the contents of another buffer. */
void fe_buf_append(fe_buf *b, const fe_buf *other);
/* The text so far ("" when empty); valid until the next append. */
const char *fe_buf_str(const fe_buf *b);
/* Give the text away (malloc'd), or NULL after an allocation failure. */
char *fe_buf_take(fe_buf *b);

/* The whole of the file at path, NUL-terminated (malloc'd), or NULL when
 * it cannot be read. */
char *fe_buf_read_file(const char *path);

#endif
