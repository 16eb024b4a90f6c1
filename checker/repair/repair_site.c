/* repair_site.c -- see repair_site.h. */
#include "repair_site.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "futil.h"
#include "repair_lex.h"

#define RS_MAX_DEPTH 16

/* ---- files and macros -------------------------------------------------- */

static int add_file(repair_src *s, const char *path)
{
    int known = repair_src_file(s, path);
    if (known >= 0)
        return known;
    size_t len = 0;
    char *text = futil_read(path, &len);
    if (!text)
        return -1;
    if (s->nfiles == s->capfiles) {
        int cap = s->capfiles ? s->capfiles * 2 : 4;
        repair_file *v = realloc(s->files, (size_t)cap * sizeof *v);
        if (!v) {
            free(text);
            return -1;
        }
        s->files = v;
        s->capfiles = cap;
    }
    repair_file *f = &s->files[s->nfiles];
    *f = (repair_file){strdup(path), text, strlen(text), {0}};
    if (rlex_file(f->text, f->len, &f->toks) != 0) {
        free(f->path);
        free(text);
        return -1;
    }
    return s->nfiles++;
}

static void set_macro(repair_src *s, const char *name, size_t nlen, int file,
                      size_t off, size_t len)
{
    if (s->nmacros == s->capmacros) {
        int cap = s->capmacros ? s->capmacros * 2 : 32;
        repair_macro *v = realloc(s->macros, (size_t)cap * sizeof *v);
        if (!v)
            return;
        s->macros = v;
        s->capmacros = cap;
    }
    char *n = strndup(name, nlen);
    if (n)
        s->macros[s->nmacros++] = (repair_macro){n, file, off, len};
}

/* The last definition of name (a -U or #undef has body_len (size_t)-1). */
static const repair_macro *find_macro(const repair_src *s, const char *name,
                                      size_t nlen)
{
    for (int i = s->nmacros - 1; i >= 0; i--)
        if (strlen(s->macros[i].name) == nlen &&
            memcmp(s->macros[i].name, name, nlen) == 0)
            return s->macros[i].body_len == (size_t)-1 ? NULL : &s->macros[i];
    return NULL;
}

/* ---- #if expressions ---------------------------------------------------- */

typedef struct rs_expr {
    const repair_src *s;
    const char *p, *end;
} rs_expr;

static void ex_ws(rs_expr *e)
{
    while (e->p < e->end && isspace((unsigned char)*e->p))
        e->p++;
}

static size_t ex_ident(rs_expr *e, const char **name)
{
    ex_ws(e);
    *name = e->p;
    while (e->p < e->end && rlex_is_id((unsigned char)*e->p))
        e->p++;
    return (size_t)(e->p - *name);
}

static long ex_or(rs_expr *e);

static long ex_unary(rs_expr *e)
{
    ex_ws(e);
    if (e->p >= e->end)
        return 0;
    if (*e->p == '!') {
        e->p++;
        return !ex_unary(e);
    }
    if (*e->p == '(') {
        e->p++;
        long v = ex_or(e);
        ex_ws(e);
        if (e->p < e->end && *e->p == ')')
            e->p++;
        return v;
    }
    if (isdigit((unsigned char)*e->p))
        return strtol(e->p, (char **)&e->p, 0);
    const char *n;
    size_t len = ex_ident(e, &n);
    if (len == 0) {
        e->p = e->end;
        return 0;
    }
    if (len == 7 && memcmp(n, "defined", 7) == 0) {
        ex_ws(e);
        int paren = e->p < e->end && *e->p == '(';
        if (paren)
            e->p++;
        len = ex_ident(e, &n);
        ex_ws(e);
        if (paren && e->p < e->end && *e->p == ')')
            e->p++;
        return find_macro(e->s, n, len) != NULL;
    }
    return 0; /* other identifiers: 0, as the preprocessor says */
}

static long ex_and(rs_expr *e)
{
    long v = ex_unary(e);
    for (ex_ws(e); e->end - e->p >= 2 && e->p[0] == '&' && e->p[1] == '&'; ex_ws(e)) {
        e->p += 2;
        long w = ex_unary(e);
        v = v && w;
    }
    return v;
}

static long ex_or(rs_expr *e)
{
    long v = ex_and(e);
    for (ex_ws(e); e->end - e->p >= 2 && e->p[0] == '|' && e->p[1] == '|'; ex_ws(e)) {
        e->p += 2;
        long w = ex_and(e);
        v = v || w;
    }
    return v;
}

/* ---- directives --------------------------------------------------------- */

typedef struct rs_cond {
    int parent, taken, active;
} rs_cond;

typedef struct rs_pp {
    repair_src *s;
    char *const *incdirs; int nincdirs;
    int depth;
} rs_pp;

static int scan_file(rs_pp *pp, int file);

static void include_file(rs_pp *pp, int file, const char *name, size_t nlen)
{
    char path[4096];
    const char *from = pp->s->files[file].path;
    const char *slash = strrchr(from, '/');
    int dirlen = slash ? (int)(slash - from) : 0;
    for (int i = -1; i < pp->nincdirs; i++) {
        if (i < 0 && dirlen)
            snprintf(path, sizeof path, "%.*s/%.*s", dirlen, from, (int)nlen, name);
        else if (i < 0)
            snprintf(path, sizeof path, "%.*s", (int)nlen, name);
        else
            snprintf(path, sizeof path, "%s/%.*s", pp->incdirs[i], (int)nlen, name);
        int before = pp->s->nfiles;
        int f = add_file(pp->s, path);
        if (f >= 0) {
            if (f == before && pp->depth < RS_MAX_DEPTH) {
                pp->depth++;
                scan_file(pp, f);
                pp->depth--;
            }
            return;
        }
    }
}

/* One directive line d[0..n) (after the '#'), body offset base in file. */
static void directive(rs_pp *pp, int file, const char *d, size_t n, size_t base,
                      rs_cond *st, int *sp)
{
    rs_expr e = {pp->s, d, d + n};
    const char *w;
    size_t wl = ex_ident(&e, &w);
    int active = *sp == 0 || st[*sp - 1].active;
#define IS(word) (wl == strlen(word) && memcmp(w, word, wl) == 0)
    if (IS("if") || IS("ifdef") || IS("ifndef")) {
        long v = 0;
        if (IS("if")) {
            v = ex_or(&e);
        } else {
            const char *m;
            size_t ml = ex_ident(&e, &m);
            v = (find_macro(pp->s, m, ml) != NULL) == (wl == 5);
        }
        if (*sp < 64) {
            st[*sp] = (rs_cond){active, active && v, active && v};
            (*sp)++;
        }
    } else if (IS("elif") && *sp > 0) {
        rs_cond *c = &st[*sp - 1];
        long v = c->parent && !c->taken && ex_or(&e);
        c->active = (int)v;
        c->taken |= (int)v;
    } else if (IS("else") && *sp > 0) {
        rs_cond *c = &st[*sp - 1];
        c->active = c->parent && !c->taken;
        c->taken = 1;
    } else if (IS("endif") && *sp > 0) {
        (*sp)--;
    } else if (!active) {
        return;
    } else if (IS("define")) {
        const char *m;
        size_t ml = ex_ident(&e, &m);
        if (ml == 0 || (e.p < e.end && *e.p == '('))
            return; /* function-like macros are not followed */
        ex_ws(&e);
        const char *b = e.p, *be = e.end;
        while (be > b && isspace((unsigned char)be[-1]))
            be--;
        set_macro(pp->s, m, ml, file, base + (size_t)(b - d), (size_t)(be - b));
    } else if (IS("undef")) {
        const char *m;
        size_t ml = ex_ident(&e, &m);
        set_macro(pp->s, m, ml, -1, 0, (size_t)-1);
    } else if (IS("include")) {
        ex_ws(&e);
        if (e.p < e.end && *e.p == '"') {
            const char *q = memchr(e.p + 1, '"', (size_t)(e.end - e.p - 1));
            if (q)
                include_file(pp, file, e.p + 1, (size_t)(q - e.p - 1));
        }
    }
#undef IS
}

/* The end of the directive starting at p (line continuations joined). */
static size_t directive_end(const char *t, size_t p, size_t len)
{
    while (p < len && !(t[p] == '\n' && (p == 0 || t[p - 1] != '\\')))
        p++;
    return p;
}

/* Cut a trailing comment off a directive. */
static size_t cut_comment(const char *d, size_t n)
{
    for (size_t i = 0; i + 1 < n; i++)
        if (d[i] == '/' && (d[i + 1] == '/' || d[i + 1] == '*'))
            return i;
    return n;
}

static int scan_file(rs_pp *pp, int file)
{
    rs_cond st[64];
    int sp = 0;
    size_t p = 0;
    while (p < pp->s->files[file].len) {
        const char *t = pp->s->files[file].text; /* may move when files grow */
        size_t len = pp->s->files[file].len;
        size_t q = p;
        while (q < len && (t[q] == ' ' || t[q] == '\t'))
            q++;
        if (q < len && t[q] == '/' && q + 1 < len && t[q + 1] == '*') {
            int line = 0;
            size_t bol = 0;
            p = rlex_skip(t, q, len, &line, &bol);
            continue;
        }
        if (q < len && t[q] == '#') {
            size_t e = directive_end(t, q, len);
            size_t n = cut_comment(t + q + 1, e - q - 1);
            char *d = strndup(t + q + 1, n);
            if (d) {
                directive(pp, file, d, n, q + 1, st, &sp);
                free(d);
            }
            p = e;
        }
        while (p < pp->s->files[file].len && pp->s->files[file].text[p] != '\n')
            p++;
        p++;
    }
    return 0;
}

static void cc_defines(repair_src *s, char *const *a, int n, char **inc, int *ninc)
{
    for (int i = 0; i < n; i++) {
        const char *v = a[i];
        int flag = v[0] == '-' && (v[1] == 'D' || v[1] == 'U' || v[1] == 'I') ? v[1] : 0;
        if (!flag)
            continue;
        const char *arg = v[2] ? v + 2 : (i + 1 < n ? a[++i] : "");
        if (flag == 'I') {
            inc[(*ninc)++] = (char *)arg;
            continue;
        }
        const char *eq = strchr(arg, '=');
        size_t nl = eq ? (size_t)(eq - arg) : strlen(arg);
        if (flag == 'U')
            set_macro(s, arg, nl, -1, 0, (size_t)-1);
        else
            set_macro(s, arg, nl, -1, 0, 0);
    }
}

int repair_src_open(repair_src *s, const char *input, char *const *cc_args,
                    int ncc_args, char *err, size_t errsz)
{
    memset(s, 0, sizeof *s);
    if (add_file(s, input) != 0) {
        snprintf(err, errsz, "cannot read '%s'", input);
        return -1;
    }
    char **inc = calloc((size_t)ncc_args + 1, sizeof *inc);
    int ninc = 0;
    if (!inc) {
        snprintf(err, errsz, "out of memory");
        return -1;
    }
    cc_defines(s, cc_args, ncc_args, inc, &ninc);
    rs_pp pp = {s, inc, ninc, 0};
    scan_file(&pp, 0);
    free(inc);
    return 0;
}

void repair_src_free(repair_src *s)
{
    for (int i = 0; i < s->nfiles; i++) {
        free(s->files[i].path);
        free(s->files[i].text);
        free(s->files[i].toks.v);
    }
    for (int i = 0; i < s->nmacros; i++)
        free(s->macros[i].name);
    free(s->files);
    free(s->macros);
    memset(s, 0, sizeof *s);
}

/* The same name, else the same file: the command line and the debug info
 * may name one file differently (absolute, relative, through a symlink). */
int repair_src_file(const repair_src *s, const char *path)
{
    for (int i = 0; i < s->nfiles; i++)
        if (strcmp(s->files[i].path, path) == 0)
            return i;
    struct stat want, st;
    if (stat(path, &want) != 0)
        return -1;
    for (int i = 0; i < s->nfiles; i++)
        if (stat(s->files[i].path, &st) == 0 && st.st_dev == want.st_dev &&
            st.st_ino == want.st_ino)
            return i;
    return -1;
}

/* ---- classifying tokens -------------------------------------------------- */

static int has_prefix(const char *s, size_t n, const char *p)
{
    size_t pl = strlen(p);
    return n >= pl && memcmp(s, p, pl) == 0;
}

static int has_suffix(const char *s, size_t n, const char *x)
{
    size_t xl = strlen(x);
    return n >= xl && memcmp(s + n - xl, x, xl) == 0;
}

static repair_tok_kind classify(const char *w, size_t n)
{
    if (has_prefix(w, n, "atomic") && n > 6 && isupper((unsigned char)w[6]))
        return RTOK_CUDA_ATOMIC;
    if (has_prefix(w, n, "__threadfence"))
        return RTOK_CUDA_FENCE;
    if (has_prefix(w, n, "thread_scope_"))
        return RTOK_CUDA_SCOPE;
    if (has_prefix(w, n, "memory_scope_"))
        return RTOK_CL_SCOPE;
    if (has_prefix(w, n, "__VERIFIER_memory_scope_"))
        return RTOK_VERIFIER;
    if (has_prefix(w, n, "memory_order_"))
        return RTOK_ORDER;
    return RTOK_NONE;
}

/* Resolve token t of file f through object-like macros whose body ends in
 * one identifier (`atomicCAS_block`, `cuda::memory_order_relaxed`): the
 * classified identifier, in the file where it is written. */
static repair_tok resolve(const repair_src *s, int f, rlex_tok t, int depth)
{
    repair_tok r = {RTOK_NONE, f, t.off, t.len, t.line, t.col, depth > 0};
    const char *w = s->files[f].text + t.off;
    r.kind = classify(w, t.len);
    if (r.kind != RTOK_NONE || depth > 8)
        return r;
    const repair_macro *m = find_macro(s, w, t.len);
    if (!m || m->file < 0 || m->body_len == 0)
        return r;
    rlex_toks body = {0};
    repair_tok out = r;
    if (rlex_lex(s->files[m->file].text, m->body_off, m->body_off + m->body_len, 1,
            &body) == 0 && body.n > 0 && body.v[body.n - 1].ident)
        out = resolve(s, m->file, body.v[body.n - 1], depth + 1);
    free(body.v);
    return out;
}

/* ---- the access at a location -------------------------------------------- */

/* The callee of the call starting at token i: the last identifier before
 * the first '(' among a few name tokens, or -1 when it is no call. */
static int callee(const char *s, const rlex_toks *t, int i)
{
    int last = -1;
    for (int k = i; k < t->n && k < i + 10; k++) {
        const rlex_tok *x = &t->v[k];
        if (x->ident)
            last = k;
        else if (rlex_is(s, x, "("))
            return last;
        else if (!rlex_is(s, x, ".") && !rlex_is(s, x, "->") && !rlex_is(s, x, "::"))
            return -1;
    }
    return -1;
}

/* Look at the call's top-level arguments for scope and order tokens. */
static void scan_args(const repair_src *s, int f, const rlex_toks *t, int open,
                      repair_site *out)
{
    const char *txt = s->files[f].text;
    int depth = 0;
    for (int k = open; k < t->n; k++) {
        const rlex_tok *x = &t->v[k];
        if (rlex_is(txt, x, "(") || rlex_is(txt, x, "[") || rlex_is(txt, x, "{"))
            depth++;
        else if (rlex_is(txt, x, ")") || rlex_is(txt, x, "]") || rlex_is(txt, x, "}")) {
            if (--depth == 0)
                return;
        } else if (x->ident && depth == 1) {
            repair_tok r = resolve(s, f, *x, 0);
            if ((r.kind == RTOK_CUDA_SCOPE || r.kind == RTOK_CL_SCOPE) &&
                out->scope.kind == RTOK_NONE)
                out->scope = r;
            else if (r.kind == RTOK_ORDER && out->order.kind == RTOK_NONE)
                out->order = r;
        }
    }
}

/* Scoped C: `__VERIFIER_memory_scope_X();` right before the statement. */
static void verifier_before(const repair_src *s, int f, const rlex_toks *t, int i,
                            repair_site *out)
{
    const char *txt = s->files[f].text;
    int k = i;
    while (k > 0 && !rlex_is(txt, &t->v[k - 1], ";") &&
           !rlex_is(txt, &t->v[k - 1], "{") && !rlex_is(txt, &t->v[k - 1], "}"))
        k--;
    if (k < 4 || !rlex_is(txt, &t->v[k - 1], ";") || !rlex_is(txt, &t->v[k - 2], ")") ||
        !rlex_is(txt, &t->v[k - 3], "("))
        return;
    repair_tok r = resolve(s, f, t->v[k - 4], 0);
    if (r.kind == RTOK_VERIFIER)
        out->scope = r;
}

void repair_site_at(const repair_src *s, int file, int line, int col,
                    repair_site *out)
{
    memset(out, 0, sizeof *out);
    if (file < 0 || file >= s->nfiles)
        return;
    const rlex_toks *t = &s->files[file].toks;
    const char *txt = s->files[file].text;
    int i = rlex_find(t, line, col);
    int c = i >= 0 ? callee(txt, t, i) : -1;
    if (c >= 0) {
        repair_tok r = resolve(s, file, t->v[c], 0);
        if (r.kind == RTOK_CUDA_ATOMIC || r.kind == RTOK_CUDA_FENCE)
            out->scope = r;
        scan_args(s, file, t, c + 1, out);
    }
    if (i >= 0 && out->scope.kind == RTOK_NONE)
        verifier_before(s, file, t, i, out);
}

/* ---- rewriting tokens ---------------------------------------------------- */

static const char *tok_text(const repair_src *s, const repair_tok *t)
{
    return s->files[t->file].text + t->off;
}

int repair_tok_scope(const repair_src *s, const repair_tok *t)
{
    const char *w = tok_text(s, t);
    size_t n = t->len;
    switch (t->kind) {
    case RTOK_CUDA_ATOMIC:
    case RTOK_CUDA_FENCE:
        return has_suffix(w, n, "_block") ? GPUMC_SCOPE_CTA
             : has_suffix(w, n, "_system") ? GPUMC_SCOPE_SYS : GPUMC_SCOPE_GPU;
    case RTOK_CUDA_SCOPE:
    case RTOK_CL_SCOPE:
    case RTOK_VERIFIER:
        if (has_suffix(w, n, "_work_item") || has_suffix(w, n, "_thread"))
            return GPUMC_SCOPE_THREAD;
        if (has_suffix(w, n, "_block") || has_suffix(w, n, "_work_group"))
            return GPUMC_SCOPE_CTA;
        if (has_suffix(w, n, "_device"))
            return GPUMC_SCOPE_GPU;
        return GPUMC_SCOPE_SYS;
    default:
        return -1;
    }
}

/* name = stem + suffix; the stem is the text before the scope word. */
static char *join(const char *stem, size_t n, const char *suffix)
{
    size_t sl = strlen(suffix);
    char *r = malloc(n + sl + 1);
    if (r) {
        memcpy(r, stem, n);
        memcpy(r + n, suffix, sl + 1);
    }
    return r;
}

char *repair_tok_widen(const repair_src *s, const repair_tok *t, int scope)
{
    const char *w = tok_text(s, t);
    size_t n = t->len;
    static const char *const cuda_fn[] = {NULL, "_block", "", "_system"};
    static const char *const cuda_sc[] = {"thread", "block", "device", "system"};
    static const char *const cl_sc[] = {"work_item", "work_group", "device",
                                        "all_svm_devices"};
    static const char *const ver_sc[] = {NULL, "work_group", "device", "system"};
    if (scope < GPUMC_SCOPE_CTA || scope > GPUMC_SCOPE_SYS)
        return NULL;
    switch (t->kind) {
    case RTOK_CUDA_ATOMIC:
    case RTOK_CUDA_FENCE: {
        size_t stem = has_suffix(w, n, "_block") ? n - 6
                    : has_suffix(w, n, "_system") ? n - 7 : n;
        return join(w, stem, cuda_fn[scope]);
    }
    case RTOK_CUDA_SCOPE:
        return join("thread_scope_", 13, cuda_sc[scope]);
    case RTOK_CL_SCOPE:
        return join("memory_scope_", 13, cl_sc[scope]);
    case RTOK_VERIFIER:
        return join("__VERIFIER_memory_scope_", 24, ver_sc[scope]);
    default:
        return NULL;
    }
}

char *repair_tok_order(const repair_src *s, const repair_tok *t, const char *to)
{
    (void)s;
    return t->kind == RTOK_ORDER ? strdup(to) : NULL;
}

int repair_tok_is_relaxed(const repair_src *s, const repair_tok *t)
{
    return t->kind == RTOK_ORDER && t->len == 20 &&
           memcmp(tok_text(s, t), "memory_order_relaxed", 20) == 0;
}
