/*
 * fe_ctx.c -- errors, source locations and small utilities of the
 * lowering context.  See fe_ctx.h for the contract.
 */
#include "fe_ctx.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *fe_strdup(const char *s)
{
    return s ? strdup(s) : NULL;
}

int fe_failed(const fe_ctx *c)
{
    return c->diag->code != 0;
}

void fe_where(fe_ctx *c, CXCursor at, char *file, size_t nfile,
              unsigned *line, unsigned *col)
{
    CXSourceRange r = clang_getCursorExtent(at);
    CXSourceLocation l = clang_getRangeStart(r);
    if (clang_Range_isNull(r))
        l = clang_getCursorLocation(at);
    CXFile f = NULL;
    unsigned pline = 0, pcol = 0;
    clang_getFileLocation(l, &f, &pline, &pcol, NULL);
    CXString fn = clang_getFileName(f);
    const char *phys = f ? clang_getCString(fn) : NULL;
    /* the column of the user's text (macro rewriting undone), the file and
     * line as #line directives present them */
    unsigned mcol = fe_pp_col(c->pp, phys ? phys : "", pline, pcol);
    CXString pf;
    unsigned pl = 0, pc = 0;
    clang_getPresumedLocation(l, &pf, &pl, &pc);
    const char *ps = clang_getCString(pf);
    int presumed = ps && *ps && pl > 0;
    snprintf(file, nfile, "%s", presumed ? ps : phys ? phys : c->opt->input);
    *line = presumed ? pl : pline;
    *col = mcol;
    clang_disposeString(pf);
    clang_disposeString(fn);
}

static int vfail(fe_ctx *c, CXCursor at, const char *prefix, const char *fmt,
                 va_list ap)
{
    if (fe_failed(c))
        return -1;
    char file[512];
    unsigned line, col;
    fe_where(c, at, file, sizeof file, &line, &col);
    int n = snprintf(c->diag->msg, sizeof c->diag->msg, "%s:%u:%u: error: %s",
                     file, line, col, prefix);
    if (n > 0 && (size_t)n < sizeof c->diag->msg)
        vsnprintf(c->diag->msg + n, sizeof c->diag->msg - (size_t)n, fmt, ap);
    c->diag->code = 5;
    return -1;
}

int fe_fail(fe_ctx *c, CXCursor at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfail(c, at, "", fmt, ap);
    va_end(ap);
    return -1;
}

int fe_unsup(fe_ctx *c, CXCursor at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfail(c, at, "unsupported: ", fmt, ap);
    va_end(ap);
    return -1;
}

int fe_fail_plain(fe_ctx *c, int code, const char *fmt, ...)
{
    if (fe_failed(c))
        return -1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->diag->msg, sizeof c->diag->msg, fmt, ap);
    va_end(ap);
    c->diag->code = code;
    return -1;
}

int fe_grow(fe_ctx *c, void **v, int *cap, int n, size_t elem)
{
    if (n < *cap)
        return 0;
    int nc = *cap ? 2 * *cap : 16;
    void *p = realloc(*v, (size_t)nc * elem);
    if (!p)
        return fe_fail_plain(c, 5, "%s: error: out of memory", c->opt->input);
    *v = p;
    *cap = nc;
    return 0;
}

const char *fe_tmp(fe_ctx *c, char *buf)
{
    snprintf(buf, 24, "__gpumc_t%u", ++c->ntmp);
    return buf;
}

/* Byte offset of (line, col) in text, or -1. */
static long line_col_offset(const char *text, unsigned long len, unsigned line,
                            unsigned col)
{
    unsigned long i = 0;
    for (unsigned l = 1; l < line && i < len; i++)
        if (text[i] == '\n')
            l++;
    return i + col - 1 <= len ? (long)(i + col - 1) : -1;
}

/* The user's text between two positions, whitespace collapsed. */
static char *slice_text(const char *text, unsigned long len, long b, long e)
{
    if (b < 0 || e <= b || (unsigned long)e > len)
        return NULL;
    fe_buf o = {0};
    int space = 0;
    for (long i = b; i < e && o.len < 90; i++) {
        char ch = text[i];
        if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r') {
            space = o.len > 0;
            continue;
        }
        if (space)
            fe_buf_putc(&o, ' ');
        space = 0;
        fe_buf_putc(&o, ch);
    }
    if (o.len > 80) {
        o.len = 77;
        fe_buf_puts(&o, "...");
    }
    return fe_buf_take(&o);
}

/* Short source text of the access for reports ("s[threadIdx.x]"), taken
 * from the user's file (not the macro-rewritten copy). */
static char *src_text(fe_ctx *c, CXCursor at)
{
    CXSourceRange r = clang_getCursorExtent(at);
    CXFile f = NULL, f2 = NULL;
    unsigned l1, c1, o1, l2, c2, o2;
    clang_getFileLocation(clang_getRangeStart(r), &f, &l1, &c1, &o1);
    clang_getFileLocation(clang_getRangeEnd(r), &f2, &l2, &c2, &o2);
    char *t = NULL;
    if (f && f2 && clang_File_isEqual(f, f2)) {
        CXString fn = clang_getFileName(f);
        const char *path = clang_getCString(fn);
        unsigned long len = 0;
        const char *orig = path ? fe_pp_orig(c->pp, path, &len) : NULL;
        if (orig) {
            long b = line_col_offset(orig, len, l1, fe_pp_col(c->pp, path, l1, c1));
            fe_pp_end(c->pp, path, &l2, &c2);
            long e = line_col_offset(orig, len, l2, c2);
            t = slice_text(orig, len, b, e);
        }
        if (!t) { /* not rewritten, or text appended after the user's */
            size_t size = 0;
            const char *text = clang_getFileContents(c->tu, f, &size);
            t = text ? slice_text(text, size, o1, o2) : NULL;
        }
        clang_disposeString(fn);
    }
    return t ? t : fe_strdup("");
}

unsigned fe_src_id(fe_ctx *c, CXCursor at)
{
    char file[512];
    unsigned line, col;
    fe_where(c, at, file, sizeof file, &line, &col);
    char *text = src_text(c, at);
    for (int i = 0; i < c->nsrcs; i++) {
        fe_src *s = &c->srcs[i];
        if (s->line == line && s->col == col && !strcmp(s->file, file) &&
            !strcmp(s->text, text ? text : "")) {
            free(text);
            return (unsigned)i;
        }
    }
    if (fe_grow(c, (void **)&c->srcs, &c->capsrcs, c->nsrcs, sizeof *c->srcs) < 0) {
        free(text);
        return 0;
    }
    fe_src *s = &c->srcs[c->nsrcs];
    s->file = fe_strdup(file);
    s->line = line;
    s->col = col;
    s->text = text ? text : fe_strdup("");
    return (unsigned)c->nsrcs++;
}

int fe_locals_push(fe_ctx *c, const char *name)
{
    if (!name || !*name)
        return 0;
    if (c->nlocals == c->caplocals) {
        int cap = c->caplocals ? c->caplocals * 2 : 16;
        char **v = realloc(c->locals, sizeof(char *) * (size_t)cap);
        if (!v)
            return fe_fail_plain(c, 5, "out of memory");
        c->locals = v;
        c->caplocals = cap;
    }
    c->locals[c->nlocals] = strdup(name);
    if (!c->locals[c->nlocals])
        return fe_fail_plain(c, 5, "out of memory");
    c->nlocals++;
    return 0;
}

void fe_locals_pop(fe_ctx *c, int mark)
{
    while (c->nlocals > mark)
        free(c->locals[--c->nlocals]);
}
