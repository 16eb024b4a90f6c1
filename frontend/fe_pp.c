/*
 * fe_pp.c -- expand macro invocations inside function bodies.
 * See fe_pp.h for the contract and the reason this exists.
 */
#include "fe_pp.h"

#include <stdlib.h>
#include <string.h>

#include "fe_buf.h"

/* ---- token lists ------------------------------------------------------ */

typedef struct toklist {
    char **v;
    int n, cap;
} toklist;

static int tl_push(toklist *t, const char *s)
{
    if (t->n == t->cap) {
        int cap = t->cap ? 2 * t->cap : 16;
        char **v = realloc(t->v, (size_t)cap * sizeof *v);
        if (!v)
            return -1;
        t->v = v;
        t->cap = cap;
    }
    t->v[t->n] = strdup(s);
    return t->v[t->n++] ? 0 : -1;
}

static void tl_free(toklist *t)
{
    for (int i = 0; i < t->n; i++)
        free(t->v[i]);
    free(t->v);
    memset(t, 0, sizeof *t);
}

static int tl_append(toklist *t, const toklist *u)
{
    for (int i = 0; i < u->n; i++)
        if (tl_push(t, u->v[i]) < 0)
            return -1;
    return 0;
}

static int tl_from_range(CXTranslationUnit tu, CXSourceRange r, toklist *t)
{
    CXToken *toks = NULL;
    unsigned n = 0;
    int rc = 0;
    clang_tokenize(tu, r, &toks, &n);
    for (unsigned i = 0; i < n && rc == 0; i++) {
        CXString s = clang_getTokenSpelling(tu, toks[i]);
        rc = tl_push(t, clang_getCString(s));
        clang_disposeString(s);
    }
    if (toks)
        clang_disposeTokens(tu, toks, n);
    return rc;
}

static int is_ident(const char *s)
{
    return (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '_';
}

/* ---- macro definitions ------------------------------------------------ */

typedef struct macro {
    char *name;
    int fnlike, variadic, dup, unsafe;
    toklist params;      /* parameter names (__VA_ARGS__ for ...) */
    toklist body;
} macro;

typedef struct pp_state {
    CXTranslationUnit tu;
    macro *m; int nm, capm;
    int active[64]; int nactive;
    int reject;          /* this invocation cannot be rewritten */
} pp_state;

static macro *find_macro(pp_state *p, const char *name)
{
    for (int i = p->nm - 1; i >= 0; i--)
        if (!strcmp(p->m[i].name, name))
            return &p->m[i];
    return NULL;
}

static int same_tokens(const toklist *a, const toklist *b)
{
    if (a->n != b->n)
        return 0;
    for (int i = 0; i < a->n; i++)
        if (strcmp(a->v[i], b->v[i]))
            return 0;
    return 1;
}

/* Split the definition's tokens NAME [( params )] body. */
static int parse_def(macro *m, const toklist *all, int fnlike)
{
    int i = 1;
    m->fnlike = fnlike;
    if (fnlike) {
        for (i = 2; i < all->n && strcmp(all->v[i], ")"); i++) {
            const char *s = all->v[i];
            if (!strcmp(s, ","))
                continue;
            if (!strcmp(s, "...")) {
                m->variadic = 1;
                if (tl_push(&m->params, "__VA_ARGS__") < 0)
                    return -1;
            } else if (i + 1 < all->n && !strcmp(all->v[i + 1], "...")) {
                m->variadic = 1; /* GNU named variadic: args... */
                if (tl_push(&m->params, s) < 0)
                    return -1;
                i++;
            } else if (tl_push(&m->params, s) < 0) {
                return -1;
            }
        }
        i++;
    }
    for (; i < all->n; i++) {
        const char *s = all->v[i];
        if (!strcmp(s, "#") || !strcmp(s, "##") || !strcmp(s, "%:") ||
            !strcmp(s, "__VA_OPT__"))
            m->unsafe = 1; /* stringizing/pasting: leave it to clang */
        if (tl_push(&m->body, s) < 0)
            return -1;
    }
    return 0;
}

static int add_def(pp_state *p, CXCursor c)
{
    toklist all = {0};
    macro m = {0};
    if (tl_from_range(p->tu, clang_getCursorExtent(c), &all) < 0 || all.n < 1)
        goto fail;
    m.name = strdup(all.v[0]);
    if (!m.name || parse_def(&m, &all, clang_Cursor_isMacroFunctionLike(c)) < 0)
        goto fail;
    tl_free(&all);
    macro *old = find_macro(p, m.name);
    if (old) {
        int same = old->fnlike == m.fnlike && same_tokens(&old->body, &m.body) &&
                   same_tokens(&old->params, &m.params);
        if (!same)
            old->dup = 1; /* which one applies depends on position */
        free(m.name);
        tl_free(&m.params);
        tl_free(&m.body);
        return 0;
    }
    if (p->nm == p->capm) {
        int cap = p->capm ? 2 * p->capm : 64;
        macro *v = realloc(p->m, (size_t)cap * sizeof *v);
        if (!v)
            goto fail;
        p->m = v;
        p->capm = cap;
    }
    p->m[p->nm++] = m;
    return 0;
fail:
    tl_free(&all);
    free(m.name);
    tl_free(&m.params);
    tl_free(&m.body);
    return -1;
}

/* ---- expansion -------------------------------------------------------- */

static int expand(pp_state *p, const toklist *in, toklist *out);

static int is_active(pp_state *p, int idx)
{
    for (int i = 0; i < p->nactive; i++)
        if (p->active[i] == idx)
            return 1;
    return 0;
}

/* Collect the arguments of an invocation whose '(' is at in->v[*i]. */
static int collect_args(const toklist *in, int *i, toklist *args, int max,
                        int *nargs)
{
    int depth = 0, n = 0;
    for ((*i)++; *i < in->n; (*i)++) {
        const char *s = in->v[*i];
        if (!strcmp(s, "(") || !strcmp(s, "[") || !strcmp(s, "{"))
            depth++;
        if (!strcmp(s, ")") && depth == 0) {
            *nargs = n + 1;
            (*i)++;
            return 0;
        }
        if (!strcmp(s, ")") || !strcmp(s, "]") || !strcmp(s, "}"))
            depth--;
        if (!strcmp(s, ",") && depth == 0) {
            if (++n >= max)
                return -1;
            continue;
        }
        if (tl_push(&args[n], s) < 0)
            return -1;
    }
    return -1; /* unbalanced */
}

/* Join the variadic tail args[from..n) with commas into args[from]. */
static int join_variadic(toklist *args, int from, int n)
{
    for (int k = from + 1; k < n; k++) {
        if (tl_push(&args[from], ",") < 0 || tl_append(&args[from], &args[k]) < 0)
            return -1;
    }
    return 0;
}

static int substitute(pp_state *p, macro *m, toklist *args, int nargs,
                      toklist *out)
{
    int np = m->params.n;
    if (np == 0 && nargs == 1 && args[0].n == 0)
        nargs = 0;
    if (m->variadic && nargs > np) {
        if (join_variadic(args, np - 1, nargs) < 0)
            return -1;
        nargs = np;
    }
    if (m->variadic && nargs == np - 1)
        nargs = np; /* empty variadic part */
    if (nargs != np) {
        p->reject = 1;
        return 0;
    }
    for (int i = 0; i < m->body.n; i++) {
        const char *s = m->body.v[i];
        int k = -1;
        for (int j = 0; j < np && k < 0; j++)
            if (!strcmp(s, m->params.v[j]))
                k = j;
        if (k < 0) {
            if (tl_push(out, s) < 0)
                return -1;
            continue;
        }
        toklist ex = {0};
        int rc = expand(p, &args[k], &ex);
        if (rc == 0)
            rc = tl_append(out, &ex);
        tl_free(&ex);
        if (rc < 0)
            return -1;
    }
    return 0;
}

static int expand_call(pp_state *p, macro *m, const toklist *in, int *i,
                       toklist *out)
{
    toklist args[32];
    int nargs = 0, rc = -1;
    memset(args, 0, sizeof args);
    if (collect_args(in, i, args, 32, &nargs) < 0) {
        p->reject = 1;
        rc = 0;
        goto out;
    }
    toklist body = {0};
    if (substitute(p, m, args, nargs, &body) == 0) {
        p->active[p->nactive++] = (int)(m - p->m);
        rc = expand(p, &body, out);
        p->nactive--;
    }
    tl_free(&body);
out:
    for (int k = 0; k < 32; k++)
        tl_free(&args[k]);
    return rc;
}

static int expand_one(pp_state *p, const toklist *in, int *i, toklist *out)
{
    const char *s = in->v[*i];
    macro *m = is_ident(s) ? find_macro(p, s) : NULL;
    if (!m) {
        (*i)++;
        return tl_push(out, s);
    }
    if (m->dup || m->unsafe || is_active(p, (int)(m - p->m)) ||
        p->nactive >= 63) {
        p->reject = 1; /* clang would expand it differently than we can */
        (*i)++;
        return tl_push(out, s);
    }
    if (!m->fnlike) {
        (*i)++;
        p->active[p->nactive++] = (int)(m - p->m);
        int rc = expand(p, &m->body, out);
        p->nactive--;
        return rc;
    }
    if (*i + 1 >= in->n || strcmp(in->v[*i + 1], "(")) {
        p->reject = 1; /* the arguments might follow the invocation */
        (*i)++;
        return tl_push(out, s);
    }
    (*i)++;
    return expand_call(p, m, in, i, out);
}

static int expand(pp_state *p, const toklist *in, toklist *out)
{
    int i = 0;
    while (i < in->n && !p->reject)
        if (expand_one(p, in, &i, out) < 0)
            return -1;
    return 0;
}

/* ---- function bodies and invocations ---------------------------------- */

typedef struct span {
    CXFile file;
    unsigned b, e;       /* offsets */
    unsigned bl, bc, el, ec;
    char *text;          /* expansion (for invocations) */
} span;

typedef struct spans {
    span *v;
    int n, cap;
} spans;

static int spans_push(spans *s, span x)
{
    if (s->n == s->cap) {
        int cap = s->cap ? 2 * s->cap : 16;
        span *v = realloc(s->v, (size_t)cap * sizeof *v);
        if (!v)
            return -1;
        s->v = v;
        s->cap = cap;
    }
    s->v[s->n++] = x;
    return 0;
}

static span span_of(CXSourceRange r)
{
    span s;
    memset(&s, 0, sizeof s);
    clang_getFileLocation(clang_getRangeStart(r), &s.file, &s.bl, &s.bc, &s.b);
    clang_getFileLocation(clang_getRangeEnd(r), NULL, &s.el, &s.ec, &s.e);
    return s;
}

typedef struct collect {
    pp_state *p;
    spans bodies, calls;
    int oom;
} collect;

static int is_fn_kind(enum CXCursorKind k)
{
    return k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod ||
           k == CXCursor_FunctionTemplate || k == CXCursor_Constructor ||
           k == CXCursor_Destructor;
}

static enum CXChildVisitResult body_cb(CXCursor c, CXCursor parent,
                                       CXClientData data)
{
    (void)parent;
    collect *col = data;
    if (clang_getCursorKind(c) == CXCursor_CompoundStmt) {
        if (spans_push(&col->bodies, span_of(clang_getCursorExtent(c))) < 0)
            col->oom = 1;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Continue;
}

static enum CXChildVisitResult top_cb(CXCursor c, CXCursor parent,
                                      CXClientData data)
{
    (void)parent;
    collect *col = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_MacroDefinition) {
        if (add_def(col->p, c) < 0)
            col->oom = 1;
        return CXChildVisit_Continue;
    }
    if (clang_Location_isInSystemHeader(clang_getCursorLocation(c)))
        return CXChildVisit_Continue;
    if (k == CXCursor_MacroExpansion) {
        if (spans_push(&col->calls, span_of(clang_getCursorExtent(c))) < 0)
            col->oom = 1;
    } else if (is_fn_kind(k)) {
        clang_visitChildren(c, body_cb, col);
    } else if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec ||
               k == CXCursor_StructDecl || k == CXCursor_ClassDecl) {
        clang_visitChildren(c, top_cb, col);
    }
    return col->oom ? CXChildVisit_Break : CXChildVisit_Continue;
}

static int in_body(const collect *col, const span *s)
{
    for (int i = 0; i < col->bodies.n; i++) {
        const span *b = &col->bodies.v[i];
        if (clang_File_isEqual(b->file, s->file) && b->b <= s->b && s->e <= b->e)
            return 1;
    }
    return 0;
}

/* Expand one invocation; s->text stays NULL when it must be left alone. */
static int expand_invocation(pp_state *p, span *s)
{
    toklist in = {0}, out = {0};
    CXSourceRange r = clang_getRange(
        clang_getLocationForOffset(p->tu, s->file, s->b),
        clang_getLocationForOffset(p->tu, s->file, s->e));
    int rc = tl_from_range(p->tu, r, &in);
    p->reject = 0;
    p->nactive = 0;
    if (rc == 0)
        rc = expand(p, &in, &out);
    if (rc == 0 && !p->reject && out.n >= 0) {
        fe_buf b = {0};
        fe_buf_putc(&b, ' '); /* never glue onto the previous token */
        for (int i = 0; i < out.n; i++) {
            fe_buf_puts(&b, out.v[i]);
            fe_buf_putc(&b, ' ');
        }
        s->text = fe_buf_take(&b);
        rc = s->text ? 0 : -1;
    }
    tl_free(&in);
    tl_free(&out);
    return rc;
}

/* ---- rewriting files -------------------------------------------------- */

static int add_seg(fe_pp_file *f, unsigned line, unsigned col, int pin, int val,
                   unsigned eline, unsigned ecol)
{
    if (f->nsegs == f->capsegs) {
        int cap = f->capsegs ? 2 * f->capsegs : 16;
        fe_pp_seg *v = realloc(f->segs, (size_t)cap * sizeof *v);
        if (!v)
            return -1;
        f->segs = v;
        f->capsegs = cap;
    }
    f->segs[f->nsegs++] = (fe_pp_seg){ line, col, pin, val, eline, ecol };
    return 0;
}

/* Column (1-based) of the text position just written to `b`. */
static unsigned cur_col(const fe_buf *b)
{
    size_t i = b->len;
    while (i > 0 && b->s[i - 1] != '\n')
        i--;
    return (unsigned)(b->len - i) + 1;
}

static int rewrite_file(CXTranslationUnit tu, spans *calls, CXFile file,
                        fe_pp_file *f)
{
    size_t size = 0;
    const char *src = clang_getFileContents(tu, file, &size);
    if (!src)
        return -1;
    CXString name = clang_getFileName(file);
    f->path = strdup(clang_getCString(name));
    clang_disposeString(name);
    f->orig = malloc(size + 1);
    if (!f->orig)
        return -1;
    memcpy(f->orig, src, size);
    f->orig[size] = 0;
    f->origlen = size;
    fe_buf b = {0};
    unsigned pos = 0;
    for (int i = 0; i < calls->n; i++) {
        span *s = &calls->v[i];
        if (!s->text || !clang_File_isEqual(s->file, file))
            continue;
        fe_buf_putn(&b, src + pos, s->b - pos);
        unsigned c0 = cur_col(&b);
        fe_buf_puts(&b, s->text);
        if (add_seg(f, s->bl, c0, 1, (int)s->bc, s->el, s->ec) < 0)
            goto fail;
        for (unsigned l = s->bl; l < s->el; l++)
            fe_buf_putc(&b, '\n');
        unsigned c1 = cur_col(&b);
        if (add_seg(f, s->el, c1, 0, (int)s->ec - (int)c1, 0, 0) < 0)
            goto fail;
        pos = s->e;
    }
    fe_buf_putn(&b, src + pos, size - pos);
    f->len = b.len;
    f->text = fe_buf_take(&b);
    return f->text && f->path ? 0 : -1;
fail:
    fe_buf_free(&b);
    return -1;
}

static int add_file(fe_pp *pp, CXTranslationUnit tu, spans *calls, CXFile file)
{
    for (int i = 0; i < pp->n; i++) {
        CXString n = clang_getFileName(file);
        int same = !strcmp(pp->files[i].path, clang_getCString(n));
        clang_disposeString(n);
        if (same)
            return 0;
    }
    if (pp->n == pp->cap) {
        int cap = pp->cap ? 2 * pp->cap : 4;
        fe_pp_file *v = realloc(pp->files, (size_t)cap * sizeof *v);
        if (!v)
            return -1;
        pp->files = v;
        pp->cap = cap;
    }
    fe_pp_file *f = &pp->files[pp->n++];
    memset(f, 0, sizeof *f);
    return rewrite_file(tu, calls, file, f);
}

static void pp_state_free(pp_state *p)
{
    for (int i = 0; i < p->nm; i++) {
        free(p->m[i].name);
        tl_free(&p->m[i].params);
        tl_free(&p->m[i].body);
    }
    free(p->m);
}

/* Is offset `off` on a preprocessor directive line?  (#ifdef X and
 * defined(X) are recorded as expansions of X but must stay as written.) */
static int in_directive(CXTranslationUnit tu, CXFile f, unsigned off)
{
    size_t size = 0;
    const char *t = clang_getFileContents(tu, f, &size);
    if (!t || off > size)
        return 1;
    size_t i = off;
    for (;;) {
        while (i > 0 && t[i - 1] != '\n')
            i--;
        /* a continued line belongs to the directive above it */
        size_t prev = i;
        if (prev >= 2 && t[prev - 2] == '\\') {
            i = prev - 1;
            continue;
        }
        break;
    }
    while (i < size && (t[i] == ' ' || t[i] == '\t'))
        i++;
    return i < size && t[i] == '#';
}

static int select_calls(pp_state *p, collect *col, fe_pp *pp)
{
    unsigned last_end = 0;
    CXFile last_file = NULL;
    for (int i = 0; i < col->calls.n; i++) {
        span *s = &col->calls.v[i];
        int nested = last_file && clang_File_isEqual(last_file, s->file) &&
                     s->b < last_end;
        if (nested || !in_body(col, s) || in_directive(p->tu, s->file, s->b))
            continue;
        /* nested invocations belong to this one, expanded or not: an
         * outer macro left to clang may stringize its arguments */
        last_file = s->file;
        last_end = s->e;
        if (expand_invocation(p, s) < 0)
            return -1;
        if (s->text)
            pp->expanded++;
    }
    return 0;
}

int fe_pp_rewrite(CXTranslationUnit tu, fe_pp *pp)
{
    pp_state p;
    memset(&p, 0, sizeof p);
    memset(pp, 0, sizeof *pp);
    p.tu = tu;
    collect col;
    memset(&col, 0, sizeof col);
    col.p = &p;
    clang_visitChildren(clang_getTranslationUnitCursor(tu), top_cb, &col);
    int rc = col.oom ? -1 : select_calls(&p, &col, pp);
    for (int i = 0; rc == 0 && i < col.calls.n; i++)
        if (col.calls.v[i].text)
            rc = add_file(pp, tu, &col.calls, col.calls.v[i].file);
    for (int i = 0; i < col.calls.n; i++)
        free(col.calls.v[i].text);
    free(col.calls.v);
    free(col.bodies.v);
    pp_state_free(&p);
    return rc;
}

void fe_pp_free(fe_pp *pp)
{
    for (int i = 0; i < pp->n; i++) {
        free(pp->files[i].path);
        free(pp->files[i].text);
        free(pp->files[i].orig);
        free(pp->files[i].segs);
    }
    free(pp->files);
    memset(pp, 0, sizeof *pp);
}

const char *fe_pp_orig(const fe_pp *pp, const char *path, unsigned long *len)
{
    for (int i = 0; pp && i < pp->n; i++)
        if (!strcmp(pp->files[i].path, path)) {
            *len = pp->files[i].origlen;
            return pp->files[i].orig;
        }
    return NULL;
}

static const fe_pp_seg *find_seg(const fe_pp *pp, const char *path,
                                 unsigned line, unsigned col)
{
    for (int i = 0; pp && i < pp->n; i++) {
        const fe_pp_file *f = &pp->files[i];
        if (strcmp(f->path, path))
            continue;
        const fe_pp_seg *best = NULL;
        for (int k = 0; k < f->nsegs; k++)
            if (f->segs[k].line == line && f->segs[k].col <= col)
                best = &f->segs[k]; /* segments are in text order */
        return best;
    }
    return NULL;
}

unsigned fe_pp_col(const fe_pp *pp, const char *path, unsigned line,
                   unsigned col)
{
    const fe_pp_seg *s = find_seg(pp, path, line, col);
    if (!s)
        return col;
    return s->pin ? (unsigned)s->val : (unsigned)((int)col + s->val);
}

void fe_pp_end(const fe_pp *pp, const char *path, unsigned *line, unsigned *col)
{
    const fe_pp_seg *s = *col > 1 ? find_seg(pp, path, *line, *col - 1) : NULL;
    if (!s)
        return;
    if (s->pin) {
        *line = s->eline;
        *col = s->ecol;
    } else {
        *col = (unsigned)((int)*col + s->val);
    }
}
