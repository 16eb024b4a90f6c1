/* repair.c -- see repair.h. */
#include "repair.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <z3.h>

#include "repair_insert.h"
#include "repair_rmw.h"

/* ---- collecting races ----------------------------------------------------- */

static int map_file(const repair_src *s, const char *path, const char *tmpdir)
{
    if (!path)
        return -1;
    /* a patched copy under the working directory is named relative to it
     * (as a run from /tmp names /tmp/gpumc-repair-X/k.cu) */
    char cwd[4096], abs[8200];
    if (tmpdir && path[0] != '/' && getcwd(cwd, sizeof cwd) &&
        snprintf(abs, sizeof abs, "%s/%s", cwd, path) < (int)sizeof abs)
        path = abs;
    size_t tl = tmpdir ? strlen(tmpdir) : 0;
    if (tmpdir && strncmp(path, tmpdir, tl) == 0 && path[tl] == '/') {
        const char *base = path + tl + 1;
        for (int i = 0; i < s->nfiles; i++) {
            const char *sl = strrchr(s->files[i].path, '/');
            if (strcmp(sl ? sl + 1 : s->files[i].path, base) == 0)
                return i;
        }
        return -1;
    }
    return repair_src_file(s, path);
}

/* A patched column back to the original: undo the edits before it. */
static int map_col(int file, int line, int col, const repair_edit *e, int n)
{
    int delta = 0;
    for (int i = 0; i < n; i++)
        if (e[i].file == file && e[i].line == line &&
            e[i].col + delta < col)
            delta += (int)strlen(e[i].text) - (int)e[i].len;
    return col - delta;
}

static int newlines(const char *t, size_t n)
{
    int k = 0;
    for (size_t i = 0; i < n && t[i]; i++)
        k += t[i] == '\n';
    return k;
}

/* A patched line back to the original: edits before it that inserted
 * lines (a barrier on a line of its own) moved it down; a line an edit
 * inserted is the edit's own.  *col_ok: 0 when the line is an inserted one. */
static int map_line(const repair_src *s, int file, int line, const repair_edit *e, int n,
                    int *col_ok)
{
    *col_ok = 1;
    for (int i = 0; i < n; i++) {
        if (e[i].file != file)
            continue;
        int added = newlines(e[i].text, strlen(e[i].text)) -
                    newlines(s->files[file].text + e[i].off, e[i].len);
        if (added <= 0 || line <= e[i].line)
            continue;
        if (line <= e[i].line + added) {
            *col_ok = 0;
            return e[i].line;
        }
        line -= added;
    }
    return line;
}

static void place(repair_event *ev, const repair_src *s, const char *path, int line,
                  int col, const char *tmpdir, const repair_edit *ap, int nap)
{
    ev->file = map_file(s, path, tmpdir);
    int col_ok = 1;
    ev->line = ev->file >= 0 ? map_line(s, ev->file, line, ap, nap, &col_ok) : line;
    ev->col = ev->file >= 0 && col_ok ? map_col(ev->file, ev->line, col, ap, nap) : col;
}

static void from_finding(repair_event *ev, const finding_event *f, const checker_result *r)
{
    memset(ev, 0, sizeof *ev);
    ev->thread = f->thread;
    ev->op = f->kind == EV_READ ? 'R' : f->kind == EV_WRITE ? 'W'
           : f->kind == EV_FENCE ? 'F' : 0;
    ev->rmw = f->is_rmw;
    ev->order = f->order;
    ev->scope = f->scope;
    ev->file = -1;
    (void)r;
}

static int word_index(const char *w, size_t n, const char *const *names, int k)
{
    for (int i = 0; i < k; i++)
        if (strlen(names[i]) == n && memcmp(names[i], w, n) == 0)
            return i;
    return -1;
}

/* One trace line: "T0.1 W(rmw) l+0 rlx cta = 1  @ file:27:12". */
static int parse_trace_line(const char *p, const char *end, repair_event *ev)
{
    static const char *const orders[] = {"na", "rlx", "acq", "rel", "acq_rel", "sc"};
    static const char *const scopes[] = {"thread", "cta", "gpu", "sys"};
    while (p < end && *p == ' ')
        p++;
    unsigned t, i;
    char op[16];
    if (sscanf(p, "T%u.%u %15s", &t, &i, op) != 3)
        return -1;
    memset(ev, 0, sizeof *ev);
    ev->thread = (int)t;
    ev->op = op[0] == 'R' || op[0] == 'W' || (op[0] == 'F' && !op[1]) ? op[0] : 0;
    ev->rmw = strstr(op, "(rmw)") != NULL;
    ev->order = -1;
    ev->scope = -1;
    const char *w = p;
    while (w < end) {
        while (w < end && *w == ' ')
            w++;
        const char *we = w;
        while (we < end && *we != ' ')
            we++;
        int o = word_index(w, (size_t)(we - w), orders, 6);
        if (o >= 0 && ev->order < 0)
            ev->order = o;
        int sc = word_index(w, (size_t)(we - w), scopes, 4);
        if (sc >= 0 && ev->order >= 0 && ev->scope < 0)
            ev->scope = sc;
        w = we;
    }
    return 0;
}

/* "@ path:line:col" at the end of the line: path (malloc'd), line, col. */
static char *trace_loc(const char *p, const char *end, int *line, int *col)
{
    const char *at = NULL;
    for (const char *q = p; q + 1 < end; q++)
        if (q[0] == '@' && q[1] == ' ')
            at = q + 2;
    if (!at)
        return NULL;
    const char *c2 = end, *c1;
    while (c2 > at && c2[-1] != ':')
        c2--;
    c1 = c2 - 1;
    while (c1 > at && c1[-1] != ':')
        c1--;
    if (c1 <= at)
        return NULL;
    *line = atoi(c1);
    *col = atoi(c2);
    return strndup(at, (size_t)(c1 - 1 - at));
}

static void parse_trace(repair_race *rc, const char *trace, const repair_src *s,
                        const char *tmpdir, const repair_edit *ap, int nap)
{
    for (const char *p = trace; p && *p;) {
        const char *end = strchr(p, '\n');
        if (!end)
            end = p + strlen(p);
        repair_event ev;
        if (parse_trace_line(p, end, &ev) == 0 && ev.op) {
            int line = 0, col = 0;
            char *path = trace_loc(p, end, &line, &col);
            place(&ev, s, path, line, col, tmpdir, ap, nap);
            free(path);
            repair_event *v = realloc(rc->trace, (size_t)(rc->ntrace + 1) * sizeof *v);
            if (v) {
                rc->trace = v;
                rc->trace[rc->ntrace++] = ev;
            }
        }
        p = *end ? end + 1 : end;
    }
}

void repair_collect(repair_races *l, const repair_src *s, const checker_result *r,
                    const char *tmpdir, const repair_edit *applied, int napplied)
{
    for (unsigned i = 0; i < r->nfindings; i++) {
        const finding *f = &r->findings[i];
        l->ndivergent += f->kind == FINDING_DIVERGENCE || f->kind == FINDING_WARP_MISUSE;
        if ((f->kind != FINDING_DATA_RACE && f->kind != FINDING_HETERO_RACE) ||
            !f->b.valid)
            continue;
        if (l->n == l->cap) {
            int cap = l->cap ? l->cap * 2 : 8;
            repair_race *v = realloc(l->v, (size_t)cap * sizeof *v);
            if (!v)
                return;
            l->v = v;
            l->cap = cap;
        }
        repair_race *rc = &l->v[l->n++];
        memset(rc, 0, sizeof *rc);
        rc->kind = f->kind;
        rc->finding = tmpdir ? -1 : (int)i;
        from_finding(&rc->a, &f->a, r);
        from_finding(&rc->b, &f->b, r);
        rc->wa = f->a.where;
        rc->wb = f->b.where;
        const gpumc_srcloc *la = f->a.src < r->nsrcs ? &r->srcs[f->a.src] : NULL;
        const gpumc_srcloc *lb = f->b.src < r->nsrcs ? &r->srcs[f->b.src] : NULL;
        if (la)
            place(&rc->a, s, la->file, la->line, la->col, tmpdir, applied, napplied);
        if (lb)
            place(&rc->b, s, lb->file, lb->line, lb->col, tmpdir, applied, napplied);
        parse_trace(rc, f->trace, s, tmpdir, applied, napplied);
    }
}

void repair_races_free(repair_races *l)
{
    for (int i = 0; i < l->n; i++)
        free(l->v[i].trace);
    free(l->v);
    memset(l, 0, sizeof *l);
}

/* ---- candidate edits ------------------------------------------------------ */

enum { RQ_SCOPE = 0, RQ_REL, RQ_ACQ, RQ_ATOMIC, RQ_BARRIER, RQ_FENCE };

typedef struct rp_choice {
    repair_tok tok;
    char *text;          /* the token's new spelling */
    int what, level;     /* RQ_SCOPE with level, or an order spelling */
    Z3_ast var;
} rp_choice;

typedef struct rp {
    const repair_src *s;
    repair_lang lang;    /* the input's: which atomic calls exist */
    unsigned kinds;      /* REPAIR_* allowed */
    int base_divergent;  /* barrier divergences of the original program */
    Z3_context z;
    Z3_optimize opt;
    rp_choice *ch; int nch, capch;
    /* races that cannot be repaired, grouped by reason (a reason is long,
     * and races of one statement pair share it), and their text */
    struct rp_why {
        char races[320]; /* "data race k.cu:4 / k.cu:9, ..." */
        char reason[400];
    } whys[6];
    int nwhys;
    char why[1600];
} rp;

static int same_tok(const repair_tok *a, const repair_tok *b)
{
    return a->file == b->file && a->off == b->off;
}

/* The Boolean for "token t is respelled as text"; creates it once, with
 * "at most one spelling per token" and its soft weight. */
static Z3_ast choice(rp *P, const repair_tok *t, const char *text, int what, int level)
{
    for (int i = 0; i < P->nch; i++)
        if (same_tok(&P->ch[i].tok, t) && strcmp(P->ch[i].text, text) == 0)
            return P->ch[i].var;
    if (P->nch == P->capch) {
        int cap = P->capch ? P->capch * 2 : 16;
        rp_choice *v = realloc(P->ch, (size_t)cap * sizeof *v);
        if (!v)
            return NULL;
        P->ch = v;
        P->capch = cap;
    }
    char name[32];
    snprintf(name, sizeof name, "e%d", P->nch);
    Z3_ast var = Z3_mk_const(P->z, Z3_mk_string_symbol(P->z, name), Z3_mk_bool_sort(P->z));
    for (int i = 0; i < P->nch; i++)
        if (same_tok(&P->ch[i].tok, t)) {
            Z3_ast both[2] = {var, P->ch[i].var};
            Z3_optimize_assert(P->z, P->opt, Z3_mk_not(P->z, Z3_mk_and(P->z, 2, both)));
        }
    /* Fewest edits first (1000 each); among those, the narrowest scopes
     * and plain release/acquire rather than acq_rel.  Turning a statement
     * into an atomic changes what the code does, not only how it
     * synchronises: it costs as much as a hundred other edits. */
    char weight[16];
    snprintf(weight, sizeof weight, "%d", what == RQ_ATOMIC ? 100000
             : what == RQ_FENCE ? 5000
             : what == RQ_BARRIER ? 10000 + 10 * level
             : 1000 + (what == RQ_SCOPE ? level : strcmp(text, "memory_order_acq_rel") == 0));
    Z3_optimize_assert_soft(P->z, P->opt, Z3_mk_not(P->z, var), weight,
                            Z3_mk_string_symbol(P->z, "edits"));
    P->ch[P->nch++] = (rp_choice){*t, strdup(text), what, level, var};
    return var;
}

/* "scope token t names at least `level`": an OR over the widenings. */
static Z3_ast need_scope(rp *P, const repair_tok *t, int level)
{
    Z3_ast alts[4];
    int n = 0;
    if (!(P->kinds & REPAIR_SCOPE))
        return Z3_mk_false(P->z);
    for (int l = level; l <= GPUMC_SCOPE_SYS; l++) {
        char *txt = repair_tok_widen(P->s, t, l);
        if (txt && l > repair_tok_scope(P->s, t))
            alts[n++] = choice(P, t, txt, RQ_SCOPE, l);
        free(txt);
    }
    return n ? Z3_mk_or(P->z, (unsigned)n, alts) : Z3_mk_false(P->z);
}

/* "order token t releases" (RQ_REL) or "acquires" (RQ_ACQ). */
static Z3_ast need_order(rp *P, const repair_tok *t, int what)
{
    Z3_ast alts[2];
    if (!(P->kinds & REPAIR_ORDER))
        return Z3_mk_false(P->z);
    alts[0] = choice(P, t, what == RQ_REL ? "memory_order_release"
                                          : "memory_order_acquire", what, 0);
    alts[1] = choice(P, t, "memory_order_acq_rel", what, 0);
    return Z3_mk_or(P->z, 2, alts);
}

/* The narrowest scope that includes both threads. */
static int scope_needed(const gpumc_coord *a, const gpumc_coord *b)
{
    if (a->host || b->host || a->gpu != b->gpu)
        return GPUMC_SCOPE_SYS;
    if (memcmp(a->cta, b->cta, sizeof a->cta) != 0)
        return GPUMC_SCOPE_GPU;
    return GPUMC_SCOPE_CTA;
}

/* P->why from P->whys: "RACES: REASON; RACES: REASON". */
static void render_whys(rp *P)
{
    size_t n = 0;
    P->why[0] = 0;
    for (int i = 0; i < P->nwhys && n + 1 < sizeof P->why; i++) {
        int k = snprintf(P->why + n, sizeof P->why - n, "%s%s: %s", i ? "; " : "",
                         P->whys[i].races, P->whys[i].reason);
        n += k > 0 ? (size_t)k : 0;
    }
}

static void say_why(rp *P, const repair_race *rc, const char *why)
{
    const repair_src *s = P->s;
    const char *fa = rc->a.file >= 0 ? s->files[rc->a.file].path : "?";
    const char *fb = rc->b.file >= 0 ? s->files[rc->b.file].path : "?";
    char race[160];
    snprintf(race, sizeof race, "%s race %s:%d / %s:%d",
             rc->kind == FINDING_HETERO_RACE ? "heterogeneous" : "data", fa, rc->a.line, fb,
             rc->b.line);
    int i = 0;
    while (i < P->nwhys && strcmp(P->whys[i].reason, why))
        i++;
    if (i == P->nwhys) {
        if (P->nwhys == (int)(sizeof P->whys / sizeof P->whys[0]))
            return; /* the first reasons are the ones said */
        P->nwhys++;
        snprintf(P->whys[i].reason, sizeof P->whys[i].reason, "%s", why);
        P->whys[i].races[0] = 0;
    }
    char *races = P->whys[i].races;
    if (strstr(races, race))
        return; /* the same lines race in several pairs of threads */
    size_t n = strlen(races);
    if (n + strlen(race) + 3 < sizeof P->whys[i].races)
        snprintf(races + n, sizeof P->whys[i].races - n, "%s%s", n ? ", " : "", race);
    render_whys(P);
}

static void site_of(const rp *P, const repair_event *e, repair_site *out)
{
    memset(out, 0, sizeof *out);
    if (e->file >= 0)
        repair_site_at(P->s, e->file, e->line, e->col, out);
}

/* (a) both accesses' scopes at least the scope holding both threads. */
static Z3_ast hetero_option(rp *P, const repair_race *rc)
{
    int need = scope_needed(&rc->wa, &rc->wb);
    const repair_event *ev[2] = {&rc->a, &rc->b};
    Z3_ast parts[2];
    int n = 0;
    for (int i = 0; i < 2; i++) {
        if (ev[i]->scope >= need)
            continue;
        repair_site st;
        site_of(P, ev[i], &st);
        if (st.scope.kind == RTOK_NONE) {
            say_why(P, rc, "the scope of an access is not written in the source "
                    "(or not in a form the repair can edit)");
            return NULL;
        }
        parts[n++] = need_scope(P, &st.scope, need);
    }
    return n ? Z3_mk_and(P->z, (unsigned)n, parts) : NULL;
}

/* (b) with thread x releasing to thread y: widen the atomics and fences
 * both ran; strengthen x's relaxed writes after its access and y's
 * relaxed reads before its access. */
static Z3_ast data_option(rp *P, const repair_race *rc, const repair_event *x,
                          const repair_event *y, int need)
{
    Z3_ast parts[128];
    int n = 0, xpast = 0;
    for (int i = 0; i < rc->ntrace && n < 126; i++) {
        const repair_event *e = &rc->trace[i];
        if (e->thread == x->thread && e->line == x->line && e->col == x->col)
            xpast = 1;
        int yfuture = e->thread == y->thread && e->line == y->line && e->col == y->col;
        if ((e->thread != x->thread && e->thread != y->thread) || e->order <= GPUMC_NA)
            continue;
        repair_site st;
        site_of(P, e, &st);
        if (e->scope >= 0 && e->scope < need && st.scope.kind != RTOK_NONE &&
            repair_tok_scope(P->s, &st.scope) < need)
            parts[n++] = need_scope(P, &st.scope, need);
        if (e->order != GPUMC_RLX || !repair_tok_is_relaxed(P->s, &st.order))
            continue;
        if (e->thread == x->thread && xpast && e->op == 'W')
            parts[n++] = need_order(P, &st.order, RQ_REL);
        else if (e->thread == y->thread && !yfuture && e->op == 'R')
            parts[n++] = need_order(P, &st.order, RQ_ACQ);
    }
    return n ? Z3_mk_and(P->z, (unsigned)n, parts) : NULL;
}

/* (c) the racing plain accesses are read-modify-write statements
 * (`x += v`, `x++`): each becomes the matching atomic call. */
static Z3_ast atomic_option(rp *P, const repair_race *rc)
{
    const repair_event *ev[2] = {&rc->a, &rc->b};
    Z3_ast parts[2];
    int n = 0;
    if (!(P->kinds & REPAIR_ATOMIC))
        return NULL;
    for (int i = 0; i < 2; i++) {
        if (ev[i]->order > GPUMC_NA)
            continue; /* already atomic */
        repair_tok range;
        char *text = NULL;
        if (repair_rmw_at(P->s, ev[i]->file, ev[i]->line, ev[i]->col, P->lang, &range,
                          &text) != 1)
            return NULL;
        parts[n] = choice(P, &range, text, RQ_ATOMIC, 0);
        free(text);
        if (!parts[n])
            return NULL;
        n++;
    }
    return n ? Z3_mk_and(P->z, (unsigned)n, parts) : NULL;
}

#define RP_MAX_POINTS 16

/* (d) a fence pair for thread x releasing to thread y: after x's access,
 * before its first atomic write W that follows; after y's last atomic read
 * R before its access.  A side whose W (R) already releases (acquires)
 * needs no fence.  Writes pts (0-2 points); -1 when the direction has no
 * such W and R, or no place for a fence it needs. */
static int fence_points(rp *P, const repair_race *rc, const repair_event *x,
                        const repair_event *y, repair_point *pts)
{
    int need = scope_needed(&rc->wa, &rc->wb);
    const char *call = repair_insert_fence(P->lang, need);
    const repair_event *w = NULL, *r = NULL;
    int xpast = 0, x_fenced = 0, y_fenced = 0; /* a fence of scope >= need between */
    for (int i = 0; call && i < rc->ntrace; i++) {
        const repair_event *e = &rc->trace[i];
        int fence = e->op == 'F' && e->scope >= need;
        if (e->thread == y->thread && e->line == y->line && e->col == y->col)
            break;
        if (e->thread == x->thread && e->line == x->line && e->col == x->col)
            xpast = 1;
        else if (xpast && !w && e->thread == x->thread && e->op == 'W' && e->order > GPUMC_NA)
            w = e;
        else if (xpast && !w && e->thread == x->thread && fence)
            x_fenced = 1;
        else if (e->thread == y->thread && e->op == 'R' && e->order > GPUMC_NA)
            r = e, y_fenced = 0;
        else if (r && e->thread == y->thread && fence)
            y_fenced = 1;
    }
    if (!w || !r)
        return -1;
    int n = 0;
    if ((w->order == GPUMC_RLX || w->order == GPUMC_ACQ) && !x_fenced) {
        if (w->file != x->file || repair_insert_points(P->s, x->file, x->line, x->col,
                                                       w->line, w->col, call, 0, &pts[n], 1) != 1)
            return -1;
        n++;
    }
    if ((r->order == GPUMC_RLX || r->order == GPUMC_REL) && !y_fenced) {
        if (y->file != r->file || repair_insert_points(P->s, r->file, r->line, r->col,
                                                       y->line, y->col, call, 0, &pts[n], 1) != 1)
            return -1;
        n++;
    }
    return n;
}

static Z3_ast fence_option(rp *P, const repair_race *rc, const repair_event *x,
                           const repair_event *y)
{
    repair_point pts[2];
    int n = P->kinds & REPAIR_FENCE ? fence_points(P, rc, x, y, pts) : 0;
    Z3_ast parts[2];
    for (int i = 0; i < n; i++)
        if (!(parts[i] = choice(P, &pts[i].at, pts[i].text, RQ_FENCE, 0)))
            return NULL;
    return n > 0 ? Z3_mk_and(P->z, (unsigned)n, parts) : NULL;
}

/* (e) a CTA barrier between the two accesses, after either one's
 * statement (which one comes first depends on the schedule). */
static int barrier_applies(const rp *P, const repair_race *rc)
{
    return repair_insert_barrier(P->lang) && !rc->wa.host && !rc->wb.host &&
           rc->wa.gpu == rc->wb.gpu && !memcmp(rc->wa.cta, rc->wb.cta, sizeof rc->wa.cta) &&
           rc->a.file >= 0 && rc->a.file == rc->b.file;
}

/* After a's statement (to = b), then after b's (to = a): n points. */
static int barrier_points(rp *P, const repair_race *rc, int d, repair_point *pts, int max)
{
    const repair_event *from = d ? &rc->b : &rc->a, *to = d ? &rc->a : &rc->b;
    if (!(P->kinds & REPAIR_BARRIER) || !barrier_applies(P, rc))
        return 0;
    return repair_insert_points(P->s, from->file, from->line, from->col, to->line, to->col,
                                repair_insert_barrier(P->lang), 1, pts, max);
}

/* Every point where a barrier or fence of some option of the race goes. */
static int race_points(rp *P, const repair_race *rc, repair_point *pts, int max)
{
    int n = 0;
    for (int d = 0; d < 2; d++) {
        n += barrier_points(P, rc, d, pts + n, max - n);
        if (max - n >= 2) {
            int k = fence_points(P, rc, d ? &rc->b : &rc->a, d ? &rc->a : &rc->b, pts + n);
            n += k < 0 ? 0 : k;
        }
    }
    return n;
}

static Z3_ast barrier_option(rp *P, const repair_race *rc)
{
    repair_point pts[RP_MAX_POINTS];
    Z3_ast alts[2 * RP_MAX_POINTS];
    int n = 0;
    for (int d = 0; d < 2; d++) {
        int k = barrier_points(P, rc, d, pts, RP_MAX_POINTS);
        for (int level = 0; level < k; level++) /* innermost first: cheapest */
            if (!(alts[n++] = choice(P, &pts[level].at, pts[level].text, RQ_BARRIER, level)))
                return NULL;
    }
    return n ? Z3_mk_or(P->z, (unsigned)n, alts) : NULL;
}

static void add_race(rp *P, const repair_race *rc)
{
    Z3_ast alts[6];
    int n = 0;
    if (rc->kind == FINDING_HETERO_RACE) {
        alts[0] = hetero_option(P, rc);
        n = alts[0] != NULL;
    } else {
        int need = scope_needed(&rc->wa, &rc->wb);
        Z3_ast o1 = data_option(P, rc, &rc->a, &rc->b, need);
        Z3_ast o2 = data_option(P, rc, &rc->b, &rc->a, need);
        if (o1)
            alts[n++] = o1;
        if (o2)
            alts[n++] = o2;
        Z3_ast o3 = atomic_option(P, rc);
        if (o3)
            alts[n++] = o3;
        Z3_ast o4 = barrier_option(P, rc);
        if (o4)
            alts[n++] = o4;
        Z3_ast o5 = fence_option(P, rc, &rc->a, &rc->b);
        if (o5)
            alts[n++] = o5;
        Z3_ast o6 = fence_option(P, rc, &rc->b, &rc->a);
        if (o6)
            alts[n++] = o6;
        if (!n)
            say_why(P, rc, P->kinds != REPAIR_ALL ? "none of the kinds of edit --repair allows "
                    "removes it" : "no atomic or fence on the racing threads' paths has "
                    "a scope or order to adjust, no atomic write after the first "
                    "access and atomic read before the second could be fenced, "
                    "the racing accesses are not read-modify-write statements "
                    "(x += v, x++) an atomic call could replace, and no "
                    "block-wide barrier can go between them (other blocks, or no "
                    "statement boundary in a function or loop body)");
    }
    if (n)
        Z3_optimize_assert(P->z, P->opt, Z3_mk_or(P->z, (unsigned)n, alts));
}

/* ---- solving ---------------------------------------------------------------- */

static int cmp_edit(const void *a, const void *b)
{
    const repair_edit *x = a, *y = b;
    if (x->file != y->file)
        return x->file - y->file;
    return x->off < y->off ? -1 : x->off > y->off;
}

static const char *scope_word(int kind, int level)
{
    static const char *const w[] = {"thread", "block (work-group)", "device", "system"};
    (void)kind;
    return level >= 0 && level <= 3 ? w[level] : "?";
}

static void describe(const rp *P, const rp_choice *c, repair_edit *e)
{
    const char *where = c->tok.via_macro ? " (in the macro definition)" : "";
    if (c->what == RQ_SCOPE)
        snprintf(e->desc, sizeof e->desc, "widen to %s scope%s",
                 scope_word(c->tok.kind, c->level), where);
    else if (c->what == RQ_BARRIER)
        snprintf(e->desc, sizeof e->desc, "insert a block-wide barrier after the statement");
    else if (c->what == RQ_FENCE)
        snprintf(e->desc, sizeof e->desc, "insert a fence after the statement");
    else if (c->what == RQ_ATOMIC)
        snprintf(e->desc, sizeof e->desc, "make the update atomic: %.*s",
                 (int)(strchr(c->text, '(') ? strchr(c->text, '(') - c->text : 0), c->text);
    else
        snprintf(e->desc, sizeof e->desc, "strengthen the order to %s%s",
                 c->text + 13, where);
    (void)P;
}

/* The chosen edits of the optimizer's model (-1: unsat/unknown). */
static int solve(rp *P, repair_edit **out, int *nout)
{
    *out = NULL;
    *nout = 0;
    if (Z3_optimize_check(P->z, P->opt, 0, NULL) != Z3_L_TRUE)
        return -1;
    Z3_model m = Z3_optimize_get_model(P->z, P->opt);
    Z3_model_inc_ref(P->z, m);
    repair_edit *v = calloc((size_t)P->nch + 1, sizeof *v);
    int n = 0;
    for (int i = 0; v && i < P->nch && n < REPAIR_MAX_EDITS; i++) {
        Z3_ast val;
        if (!Z3_model_eval(P->z, m, P->ch[i].var, 1, &val) ||
            Z3_get_bool_value(P->z, val) != Z3_L_TRUE)
            continue;
        const repair_tok *t = &P->ch[i].tok;
        v[n] = (repair_edit){t->file, t->off, t->len, t->line, t->col,
                             strdup(P->ch[i].text), ""};
        describe(P, &P->ch[i], &v[n]);
        n++;
    }
    Z3_model_dec_ref(P->z, m);
    if (!v)
        return -1;
    qsort(v, (size_t)n, sizeof *v, cmp_edit);
    *out = v;
    *nout = n;
    return 0;
}

static void edits_free(repair_edit *e, int n)
{
    for (int i = 0; i < n; i++)
        free(e[i].text);
    free(e);
}

static int same_edits(const repair_edit *a, int na, const repair_edit *b, int nb)
{
    if (na != nb)
        return 0;
    for (int i = 0; i < na; i++)
        if (cmp_edit(&a[i], &b[i]) != 0 || strcmp(a[i].text, b[i].text) != 0)
            return 0;
    return 1;
}

char **repair_apply(const repair_src *s, const repair_edit *e, int n)
{
    char **t = calloc((size_t)s->nfiles, sizeof *t);
    if (!t)
        return NULL;
    for (int f = 0; f < s->nfiles; f++) {
        size_t cap = s->files[f].len + 1;
        for (int i = 0; i < n; i++)
            if (e[i].file == f)
                cap += strlen(e[i].text);
        char *o = malloc(cap);
        if (!o) {
            repair_texts_free(t, s->nfiles);
            return NULL;
        }
        size_t p = 0, k = 0;
        for (int i = 0; i < n; i++) {
            if (e[i].file != f)
                continue;
            memcpy(o + k, s->files[f].text + p, e[i].off - p);
            k += e[i].off - p;
            memcpy(o + k, e[i].text, strlen(e[i].text));
            k += strlen(e[i].text);
            p = e[i].off + e[i].len;
        }
        memcpy(o + k, s->files[f].text + p, s->files[f].len - p);
        o[k + s->files[f].len - p] = 0;
        t[f] = o;
    }
    return t;
}

void repair_texts_free(char **t, int n)
{
    for (int i = 0; t && i < n; i++)
        free(t[i]);
    free(t);
}

/* Which chosen edits serve race rc: those on tokens its clause names. */
/* Is edit e the atomic call that replaces the statement of access ev? */
static int is_rmw_edit(rp *P, const repair_event *ev, const repair_edit *e)
{
    repair_tok range;
    char *text = NULL;
    int r = repair_rmw_at(P->s, ev->file, ev->line, ev->col, P->lang, &range, &text);
    free(text);
    return r == 1 && range.file == e->file && range.off == e->off;
}

static uint64_t edits_of_race(rp *P, const repair_race *rc, const repair_edit *e, int n)
{
    uint64_t m = 0;
    repair_site st;
    const repair_event *ev[2] = {&rc->a, &rc->b};
    repair_point pts[2 * RP_MAX_POINTS];
    int npts = rc->kind == FINDING_DATA_RACE ? race_points(P, rc, pts, 2 * RP_MAX_POINTS) : 0;
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < npts; k++)
            if (e[i].len == 0 && pts[k].at.file == e[i].file && pts[k].at.off == e[i].off)
                m |= 1ull << i;
        for (int k = 0; k < 2; k++) {
            site_of(P, ev[k], &st);
            if ((st.scope.kind && st.scope.file == e[i].file && st.scope.off == e[i].off) ||
                (st.order.kind && st.order.file == e[i].file && st.order.off == e[i].off) ||
                (ev[k]->order <= GPUMC_NA && is_rmw_edit(P, ev[k], &e[i])))
                m |= 1ull << i;
        }
        for (int k = 0; rc->kind == FINDING_DATA_RACE && k < rc->ntrace; k++) {
            const repair_event *t = &rc->trace[k];
            if (t->thread != rc->a.thread && t->thread != rc->b.thread)
                continue;
            site_of(P, t, &st);
            if ((st.scope.kind && st.scope.file == e[i].file && st.scope.off == e[i].off) ||
                (st.order.kind && st.order.file == e[i].file && st.order.off == e[i].off))
                m |= 1ull << i;
        }
    }
    return m;
}

static void finish(rp *P, const repair_races *first, repair_outcome *out)
{
    out->fix_of = calloc(out->nfindings ? out->nfindings : 1, sizeof *out->fix_of);
    for (int i = 0; out->fix_of && i < first->n; i++) {
        int f = first->v[i].finding;
        if (f >= 0 && (unsigned)f < out->nfindings)
            out->fix_of[f] |= edits_of_race(P, &first->v[i], out->edits, out->nedits);
    }
}

/* One round: re-check the program with the edits; 0 clean, 1 races left,
 * or an error code. */
static int recheck(rp *P, repair_check_fn check, void *ud, const repair_edit *e,
                   int n, repair_races *left, char *why, size_t whysz)
{
    char **texts = repair_apply(P->s, e, n);
    if (!texts)
        return -1;
    int rc = check(ud, P->s, texts, e, n, left, why, whysz);
    repair_texts_free(texts, P->s->nfiles);
    if (rc != 0)
        return rc;
    return left->n > 0 || left->ndivergent > P->base_divergent;
}

/* The patched program diverges where the original did not: a barrier of
 * this round is not reached by every thread.  Never choose them again. */
static void rule_out_barriers(rp *P, const repair_edit *e, int n)
{
    for (int i = 0; i < n; i++)
        for (int c = 0; c < P->nch; c++)
            if (P->ch[c].what == RQ_BARRIER && P->ch[c].tok.file == e[i].file &&
                P->ch[c].tok.off == e[i].off && e[i].len == 0)
                Z3_optimize_assert(P->z, P->opt, Z3_mk_not(P->z, P->ch[c].var));
}

static void note_left(rp *P, const repair_races *left, repair_outcome *out)
{
    size_t n = strlen(out->note);
    snprintf(out->note + n, sizeof out->note - n,
             "%s%d race(s) remain after the edits%s%s", n ? "; " : "", left->n,
             P->why[0] ? ": " : "", P->why);
}

static int iterate(rp *P, const repair_races *first, repair_check_fn check, void *ud,
                   repair_outcome *out)
{
    for (int i = 0; i < first->n; i++)
        add_race(P, &first->v[i]);
    for (int round = 0; round < REPAIR_MAX_ITER; round++) {
        repair_edit *e;
        int n;
        if (solve(P, &e, &n) != 0) {
            char tried[200]; /* what the last round's edits did */
            snprintf(tried, sizeof tried, "%.190s", out->note);
            snprintf(out->note, sizeof out->note, "no set of edits removes every "
                     "race%s%s%s%s%s", P->why[0] ? ": " : "", P->why,
                     tried[0] ? " (the last edits tried: " : "",
                     tried, tried[0] ? ")" : "");
            return 0;
        }
        if (n == 0 || (round > 0 && same_edits(e, n, out->edits, out->nedits))) {
            edits_free(e, n);
            snprintf(out->note, sizeof out->note, "%s", P->why[0] ? P->why
                     : "no candidate edit is left to try");
            return 0;
        }
        edits_free(out->edits, out->nedits);
        out->edits = e;
        out->nedits = n;
        repair_races left = {0};
        char why[512] = "";
        int rc = recheck(P, check, ud, e, n, &left, why, sizeof why);
        out->rounds++;
        if (rc == 0) {
            out->verified = 1;
            out->note[0] = 0;
            return 0;
        }
        if (rc < 0 || rc > 1) {
            repair_races_free(&left);
            snprintf(out->note, sizeof out->note, "the patched program could not "
                     "be checked (exit %d)%s%s", rc, why[0] ? ": " : "", why);
            return 0;
        }
        out->note[0] = 0;
        if (left.ndivergent > P->base_divergent) {
            /* worse than no edit: never proposed */
            rule_out_barriers(P, e, n);
            edits_free(out->edits, out->nedits);
            out->edits = NULL;
            out->nedits = 0;
            snprintf(out->note, sizeof out->note, "an inserted barrier is not reached by "
                     "every thread of its block (barrier divergence)");
        }
        note_left(P, &left, out);
        for (int i = 0; i < left.n; i++)
            add_race(P, &left.v[i]);
        repair_races_free(&left);
    }
    return 0;
}

int repair_run(const repair_src *s, const repair_races *first, unsigned nfindings,
               unsigned kinds, repair_check_fn check, void *ud, repair_outcome *out)
{
    memset(out, 0, sizeof *out);
    out->nfindings = nfindings;
    rp P;
    memset(&P, 0, sizeof P);
    P.s = s;
    P.kinds = kinds ? kinds & REPAIR_ALL : REPAIR_ALL;
    P.lang = s->nfiles ? repair_lang_of(s->files[0].path) : REPAIR_LANG_OTHER;
    P.base_divergent = first->ndivergent;
    Z3_config cfg = Z3_mk_config();
    P.z = Z3_mk_context(cfg);
    Z3_del_config(cfg);
    P.opt = Z3_mk_optimize(P.z);
    Z3_optimize_inc_ref(P.z, P.opt);
    int rc = iterate(&P, first, check, ud, out);
    finish(&P, first, out);
    for (int i = 0; i < P.nch; i++)
        free(P.ch[i].text);
    free(P.ch);
    Z3_optimize_dec_ref(P.z, P.opt);
    Z3_del_context(P.z);
    return rc;
}

void repair_outcome_free(repair_outcome *o)
{
    edits_free(o->edits, o->nedits);
    free(o->fix_of);
    memset(o, 0, sizeof *o);
}
