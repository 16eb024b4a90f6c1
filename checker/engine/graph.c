/* graph.c -- see graph.h. */
#include "graph.h"

#include <stdlib.h>
#include <string.h>

static int grow(void **p, uint32_t *cap, uint32_t need, size_t elem)
{
    if (need <= *cap)
        return 0;
    uint32_t c = *cap ? *cap : 8;
    while (c < need)
        c *= 2;
    void *q = realloc(*p, (size_t)c * elem);
    if (!q)
        return -1;
    *p = q;
    *cap = c;
    return 0;
}

/* The row pool grows far slower than events: one row per synchronisation,
 * not per access, and one per barrier instance, not per member. */
static int rows_reserve(graph *g, uint32_t need)
{
    if (need <= g->caprows)
        return 0;
    uint32_t c = g->caprows ? g->caprows : 16;
    while (c < need)
        c *= 2;
    vrow *v = realloc(g->rows, (size_t)c * sizeof(vrow));
    if (!v)
        return -1;
    memset(v + g->caprows, 0, (size_t)(c - g->caprows) * sizeof(vrow));
    g->rows = v;
    uint32_t *r = realloc(g->refs, (size_t)c * sizeof(uint32_t));
    if (!r)
        return -1;
    g->refs = r;
    uint32_t *f = realloc(g->freerows, (size_t)c * sizeof(uint32_t));
    if (!f)
        return -1;
    g->freerows = f;
    g->caprows = c;
    return 0;
}

/* A row for one event (its reference counted), GRAPH_NO_ROW when out of
 * memory. */
static uint32_t row_alloc(graph *g)
{
    uint32_t r;
    if (g->nfree)
        r = g->freerows[--g->nfree];
    else if (rows_reserve(g, g->nrows + 1) == 0)
        r = g->nrows++;
    else
        return GRAPH_NO_ROW;
    g->refs[r] = 1;
    return r;
}

/* Row r holds the window [lo, lo+len) of nviews views: room for it. */
static int row_size(vrow *r, uint32_t lo, uint32_t len, uint32_t nviews)
{
    uint32_t need = len * nviews;
    if (need > r->cap) {
        uint32_t *v = realloc(r->v, (size_t)need * sizeof(uint32_t));
        if (!v)
            return -1;
        r->v = v;
        r->cap = need;
    }
    r->lo = lo;
    r->len = len;
    return 0;
}

static void row_release(graph *g, uint32_t r)
{
    if (r == GRAPH_NO_ROW || --g->refs[r] != 0)
        return;
    g->freerows[g->nfree++] = r;
    if (r == g->zero_row)
        g->zero_row = GRAPH_NO_ROW;
}

/* Per-thread event capacity: events and their row indices. */
static int thread_reserve(gthread *th, uint32_t need)
{
    if (need <= th->cap)
        return 0;
    uint32_t c = th->cap ? th->cap : 16;
    while (c < need)
        c *= 2;
    event *ev = realloc(th->ev, (size_t)c * sizeof(event));
    if (!ev)
        return -1;
    th->ev = ev;
    uint32_t *row = realloc(th->row, (size_t)c * sizeof(uint32_t));
    if (!row)
        return -1;
    th->row = row;
    th->cap = c;
    return 0;
}

int graph_init(graph *g, uint32_t nthreads)
{
    memset(g, 0, sizeof *g);
    g->nthreads = nthreads;
    g->nviews = 2;
    g->th = calloc(nthreads ? nthreads : 1, sizeof(gthread));
    g->next_stamp = 1;
    g->zero_row = GRAPH_NO_ROW;
    for (uint32_t t = 0; g->th && t < nthreads; t++)
        g->th[t].spawn = EID_NONE;
    if (view_acc_init(&g->scratch, nthreads, GRAPH_MAX_VIEWS) != 0)
        return -1;
    g->scratch.nviews = g->nviews;
    return g->th ? 0 : -1;
}

void graph_free(graph *g)
{
    if (g->th) {
        for (uint32_t t = 0; t < g->nthreads; t++) {
            free(g->th[t].ev);
            free(g->th[t].row);
            for (int l = 0; l < GRAPH_BAR_LEVELS; l++)
                free(g->th[t].bar[l]);
        }
    }
    for (uint32_t l = 0; l < g->caplocs; l++) {
        free(g->loc[l].co);
        free(g->loc[l].rd);
        free(g->loc[l].rx.v);
        free(g->loc[l].wx.v);
        free(g->loc[l].na.v);
    }
    free(g->th);
    free(g->loc);
    view_acc_free(&g->scratch);
    for (uint32_t r = 0; r < g->caprows; r++)
        free(g->rows[r].v);
    free(g->rows);
    free(g->refs);
    free(g->freerows);
    free(g->stamp_t);
    memset(g, 0, sizeof *g);
}

static void loc_clear(gloc *l)
{
    l->nco = l->nrd = l->nclassed = l->rx.n = l->wx.n = l->na.n = l->top = 0;
}

void graph_clear(graph *g)
{
    for (uint32_t t = 0; t < g->nthreads; t++) {
        g->th[t].n = 0;
        memset(g->th[t].nbar, 0, sizeof g->th[t].nbar);
        g->th[t].spawn = EID_NONE;
    }
    for (uint32_t l = 0; l < g->nlocs; l++)
        loc_clear(&g->loc[l]);
    g->next_stamp = 1;
    g->gen++;
    g->nrows = g->nfree = 0;
    g->zero_row = GRAPH_NO_ROW;
}

int graph_ensure_locs(graph *g, uint32_t n)
{
    if (n > g->caplocs) {
        uint32_t c = g->caplocs ? g->caplocs : 8;
        while (c < n)
            c *= 2;
        gloc *l = realloc(g->loc, (size_t)c * sizeof(gloc));
        if (!l)
            return -1;
        memset(l + g->caplocs, 0, (size_t)(c - g->caplocs) * sizeof(gloc));
        g->loc = l;
        g->caplocs = c;
    }
    if (n > g->nlocs)
        g->nlocs = n;
    return 0;
}

int graph_track_spaces(graph *g)
{
    if (g->caprows)
        return -1; /* rows already have their layout */
    g->nviews = GRAPH_MAX_VIEWS;
    g->scratch.nviews = g->nviews;
    return 0;
}

/* Thread t's events that stay in a copy: all, or its first keep[t]. */
static uint32_t kept_of(const graph *src, const uint32_t *keep, uint32_t t)
{
    uint32_t n = src->th[t].n;
    return keep && keep[t] < n ? keep[t] : n;
}

static int kept(const graph *src, const uint32_t *keep, eid e)
{
    return EID_I(e) < kept_of(src, keep, EID_T(e));
}

/* The rows the kept events use: the dropped events' references go, each
 * thread's from its last event down (as popping them would: rows are
 * reused in the same order), then the live rows' contents are copied. */
static int copy_rows(graph *dst, const graph *src, const uint32_t *keep)
{
    if (rows_reserve(dst, src->nrows) != 0)
        return -1;
    if (src->nrows)
        memcpy(dst->refs, src->refs, (size_t)src->nrows * sizeof(uint32_t));
    if (src->nfree)
        memcpy(dst->freerows, src->freerows, (size_t)src->nfree * sizeof(uint32_t));
    dst->nrows = src->nrows;
    dst->nfree = src->nfree;
    dst->zero_row = src->zero_row;
    for (uint32_t t = 0; keep && t < src->nthreads; t++)
        for (uint32_t i = src->th[t].n; i-- > kept_of(src, keep, t);)
            row_release(dst, src->th[t].row[i]);
    for (uint32_t r = 0; r < src->nrows; r++) {
        const vrow *s = &src->rows[r];
        vrow *d = &dst->rows[r];
        if (!dst->refs[r])
            continue; /* free: its contents do not matter */
        if (row_size(d, s->lo, s->len, src->nviews) != 0)
            return -1;
        if (s->len)
            memcpy(d->v, s->v, (size_t)s->len * src->nviews * sizeof(uint32_t));
    }
    return 0;
}

static int copy_threads(graph *dst, const graph *src, const uint32_t *keep)
{
    for (uint32_t t = 0; t < src->nthreads; t++) {
        const gthread *s = &src->th[t];
        gthread *d = &dst->th[t];
        uint32_t n = kept_of(src, keep, t);
        if (thread_reserve(d, n) != 0)
            return -1;
        for (int l = 0; l < GRAPH_BAR_LEVELS; l++) {
            uint32_t nb = s->nbar[l]; /* barrier indices ascend: the kept ones first */
            while (nb && s->bar[l][nb - 1] >= n)
                nb--;
            if (grow((void **)&d->bar[l], &d->capbar[l], nb, sizeof(uint32_t)) != 0)
                return -1;
            d->nbar[l] = nb;
            if (nb)
                memcpy(d->bar[l], s->bar[l], (size_t)nb * sizeof(uint32_t));
        }
        d->n = n;
        d->spawn = s->spawn != EID_NONE && kept(src, keep, s->spawn) ? s->spawn : EID_NONE;
        if (n) {
            memcpy(d->ev, s->ev, (size_t)n * sizeof(event));
            memcpy(d->row, s->row, (size_t)n * sizeof(uint32_t));
        }
    }
    return 0;
}

/* The n events of s into the array *d of capacity *cap. */
static int ids_set(eid **d, uint32_t *cap, const eid *s, uint32_t n)
{
    if (n == 0)
        return 0;
    if (grow((void **)d, cap, n, sizeof(eid)) != 0)
        return -1;
    memcpy(*d, s, (size_t)n * sizeof(eid));
    return 0;
}

/* The whole of a list into l (the unclassed subsets, when a location's
 * first classed event comes). */
static int evlist_set(evlist *l, const eid *v, uint32_t n)
{
    l->n = 0;
    if (ids_set(&l->v, &l->cap, v, n) != 0)
        return -1;
    l->n = n;
    return 0;
}

/* The kept events of s, in their order, into d. */
static int copy_evlist(evlist *d, const evlist *s, const graph *src, const uint32_t *keep)
{
    d->n = 0;
    if (s->n == 0)
        return 0;
    if (grow((void **)&d->v, &d->cap, s->n, sizeof(eid)) != 0)
        return -1;
    for (uint32_t i = 0; i < s->n; i++)
        if (kept(src, keep, s->v[i]))
            d->v[d->n++] = s->v[i];
    return 0;
}

/* The unclassed subsets of d (co and rd copied from s), when some kept
 * event has a class. */
static int copy_classed(const graph *dst, gloc *d, const gloc *s, const graph *src,
                        const uint32_t *keep)
{
    for (uint32_t i = 0; i < d->nco; i++)
        d->nclassed += graph_ev(dst, d->co[i])->comm != 0;
    for (uint32_t i = 0; i < d->nrd; i++)
        d->nclassed += graph_ev(dst, d->rd[i])->comm != 0;
    if (!d->nclassed)
        return 0;
    return copy_evlist(&d->rx, &s->rx, src, keep) != 0 ||
                   copy_evlist(&d->wx, &s->wx, src, keep) != 0
               ? -1 : 0;
}

/* A location none of whose events is dropped, as it is: every list whole,
 * every co position unchanged. */
static int copy_loc_whole(gloc *d, const gloc *s)
{
    if (evlist_set(&d->na, s->na.v, s->na.n) != 0 || evlist_set(&d->rx, s->rx.v, s->rx.n) != 0 ||
        evlist_set(&d->wx, s->wx.v, s->wx.n) != 0 || ids_set(&d->co, &d->capco, s->co, s->nco) != 0 ||
        ids_set(&d->rd, &d->caprd, s->rd, s->nrd) != 0)
        return -1;
    d->nco = s->nco;
    d->nrd = s->nrd;
    d->nclassed = s->nclassed;
    d->top = s->top;
    return 0;
}

/* The stamp below which every event of src is kept: a thread's events
 * are kept up to its first dropped one, and stamps grow along po. */
static uint32_t kept_below(const graph *src, const uint32_t *keep)
{
    uint32_t below = UINT32_MAX;
    for (uint32_t t = 0; keep && t < src->nthreads; t++)
        if (keep[t] < src->th[t].n && src->th[t].ev[keep[t]].stamp < below)
            below = src->th[t].ev[keep[t]].stamp;
    return below;
}

/* co and the reads of each location, without the dropped events; a kept
 * write's co position is its place among the kept.  A revisit drops the
 * events of few locations: the others are copied whole. */
static int copy_locs(graph *dst, const graph *src, const uint32_t *keep)
{
    if (graph_ensure_locs(dst, src->nlocs) != 0)
        return -1;
    uint32_t below = kept_below(src, keep);
    for (uint32_t l = 0; l < src->nlocs; l++) {
        const gloc *s = &src->loc[l];
        gloc *d = &dst->loc[l];
        if (s->top <= below) {
            if (copy_loc_whole(d, s) != 0)
                return -1;
            continue;
        }
        d->top = s->top;
        if (grow((void **)&d->co, &d->capco, s->nco, sizeof(eid)) != 0 ||
            grow((void **)&d->rd, &d->caprd, s->nrd, sizeof(eid)) != 0 ||
            copy_evlist(&d->na, &s->na, src, keep) != 0)
            return -1;
        d->nco = d->nrd = d->nclassed = 0;
        for (uint32_t i = 0; i < s->nco; i++)
            if (kept(src, keep, s->co[i])) {
                d->co[d->nco++] = s->co[i];
                graph_ev(dst, s->co[i])->aux = d->nco;
            }
        for (uint32_t i = 0; i < s->nrd; i++)
            if (kept(src, keep, s->rd[i]))
                d->rd[d->nrd++] = s->rd[i];
        if (s->nclassed && copy_classed(dst, d, s, src, keep) != 0)
            return -1;
    }
    for (uint32_t l = src->nlocs; l < dst->nlocs; l++)
        loc_clear(&dst->loc[l]);
    dst->nlocs = src->nlocs;
    return 0;
}

int graph_copy_keep(graph *dst, const graph *src, const uint32_t *keep)
{
    if (dst->nthreads != src->nthreads || dst->nviews != src->nviews)
        return -1;
    if (copy_threads(dst, src, keep) != 0 || copy_rows(dst, src, keep) != 0 ||
        copy_locs(dst, src, keep) != 0)
        return -1;
    if (grow((void **)&dst->stamp_t, &dst->capstamps, src->next_stamp, sizeof(uint32_t)) != 0)
        return -1;
    memcpy(dst->stamp_t, src->stamp_t, (size_t)src->next_stamp * sizeof(uint32_t));
    dst->next_stamp = src->next_stamp;
    dst->gen++;
    return 0;
}

int graph_copy(graph *dst, const graph *src)
{
    return graph_copy_keep(dst, src, NULL);
}

event *graph_append(graph *g, uint32_t t)
{
    gthread *th = &g->th[t];
    if (th->n >= GRAPH_MAX_EVENTS || thread_reserve(th, th->n + 1) != 0 ||
        grow((void **)&g->stamp_t, &g->capstamps, g->next_stamp + 1, sizeof(uint32_t)) != 0)
        return NULL;
    g->stamp_t[g->next_stamp] = t;
    th->row[th->n] = GRAPH_NO_ROW; /* until hb_compute gives it views */
    event *e = &th->ev[th->n++];
    memset(e, 0, sizeof *e);
    e->stamp = g->next_stamp++;
    e->rf = EID_NONE;
    return e;
}

static int evlist_push(evlist *l, eid e)
{
    if (grow((void **)&l->v, &l->cap, l->n + 1, sizeof(eid)) != 0)
        return -1;
    l->v[l->n++] = e;
    return 0;
}

/* Drops e from l, searching from the end (e is usually the last). */
static int evlist_drop(evlist *l, eid e)
{
    for (uint32_t i = l->n; i-- > 0;) {
        if (l->v[i] == e) {
            memmove(l->v + i, l->v + i + 1, (size_t)(l->n - i - 1) * sizeof(eid));
            l->n--;
            return 1;
        }
    }
    return 0;
}

/* e (not yet in co or rd) enters the subsets of its location it belongs
 * to; unclassed is its kind's (rx or wx). */
static int subsets_add(gloc *l, const event *ev, eid e, evlist *unclassed)
{
    if (ev->order != GPUMC_NA && !ev->comm && !l->nclassed)
        return 0; /* (most events: in no subset) */
    if (ev->order == GPUMC_NA && evlist_push(&l->na, e) != 0)
        return -1;
    if (!ev->comm)
        return l->nclassed ? evlist_push(unclassed, e) : 0;
    if (!l->nclassed++ && (evlist_set(&l->rx, l->rd, l->nrd) != 0 ||
                           evlist_set(&l->wx, l->co, l->nco) != 0))
        return -1;
    return 0;
}

static void subsets_drop(gloc *l, const event *ev, eid e, evlist *unclassed)
{
    if (ev->order != GPUMC_NA && !ev->comm && !l->nclassed)
        return;
    if (ev->order == GPUMC_NA)
        evlist_drop(&l->na, e);
    if (ev->comm)
        l->nclassed--;
    else if (l->nclassed)
        evlist_drop(unclassed, e);
}

int graph_co_insert(graph *g, eid w, uint32_t pos)
{
    event *ev = graph_ev(g, w);
    gloc *l = &g->loc[ev->loc];
    if (grow((void **)&l->co, &l->capco, l->nco + 1, sizeof(eid)) != 0 ||
        subsets_add(l, ev, w, &l->wx) != 0)
        return -1;
    if (ev->stamp >= l->top)
        l->top = ev->stamp + 1;
    memmove(l->co + pos + 1, l->co + pos, (size_t)(l->nco - pos) * sizeof(eid));
    l->co[pos] = w;
    l->nco++;
    for (uint32_t i = pos; i < l->nco; i++)
        graph_ev(g, l->co[i])->aux = i + 1;
    return 0;
}

void graph_co_remove(graph *g, eid w)
{
    event *ev = graph_ev(g, w);
    if (ev->aux == 0)
        return; /* not placed */
    gloc *l = &g->loc[ev->loc];
    uint32_t pos = ev->aux - 1;
    memmove(l->co + pos, l->co + pos + 1, (size_t)(l->nco - pos - 1) * sizeof(eid));
    l->nco--;
    subsets_drop(l, ev, w, &l->wx);
    ev->aux = 0;
    for (uint32_t i = pos; i < l->nco; i++)
        graph_ev(g, l->co[i])->aux = i + 1;
}

int graph_rd_add(graph *g, eid r)
{
    const event *ev = graph_ev(g, r);
    gloc *l = &g->loc[ev->loc];
    if (grow((void **)&l->rd, &l->caprd, l->nrd + 1, sizeof(eid)) != 0 ||
        subsets_add(l, ev, r, &l->rx) != 0)
        return -1;
    if (ev->stamp >= l->top)
        l->top = ev->stamp + 1;
    l->rd[l->nrd++] = r;
    return 0;
}

uint32_t graph_rd_after(const graph *g, uint32_t loc, uint32_t stamp)
{
    const gloc *l = &g->loc[loc];
    uint32_t i = l->nrd;
    while (i > 0 && graph_ev(g, l->rd[i - 1])->stamp > stamp)
        i--;
    return i;
}

void graph_rd_remove(graph *g, eid r)
{
    const event *ev = graph_ev(g, r);
    gloc *l = &g->loc[ev->loc];
    for (uint32_t i = l->nrd; i-- > 0;) {
        if (l->rd[i] == r) {
            memmove(l->rd + i, l->rd + i + 1, (size_t)(l->nrd - i - 1) * sizeof(eid));
            l->nrd--;
            subsets_drop(l, ev, r, &l->rx);
            return;
        }
    }
}

/* Unlink the last event of thread t from the per-location lists. */
static void pop_event(graph *g, uint32_t t)
{
    gthread *th = &g->th[t];
    eid e = EID(t, th->n - 1);
    event *ev = &th->ev[th->n - 1];
    if (ev->kind == EV_WRITE)
        graph_co_remove(g, e);
    else if (ev->kind == EV_READ && ev->rf != EID_NONE)
        graph_rd_remove(g, e);
    else if (ev->kind == EV_BARRIER && ev->scope < GRAPH_BAR_LEVELS && th->nbar[ev->scope])
        th->nbar[ev->scope]--;
    else if (ev->kind == EV_SPAWN && ev->loc < g->nthreads)
        g->th[ev->loc].spawn = EID_NONE;
    row_release(g, th->row[th->n - 1]);
    th->n--;
}

void graph_cut_after(graph *g, uint32_t stamp)
{
    /* The latest stamp still present is the last event of its thread;
     * stamps of events a prefix copy dropped are skipped. */
    if (stamp + 1 >= g->next_stamp)
        return;
    for (uint32_t st = g->next_stamp; st-- > stamp + 1;) {
        gthread *th = &g->th[g->stamp_t[st]];
        if (th->n && th->ev[th->n - 1].stamp == st)
            pop_event(g, g->stamp_t[st]);
    }
    g->next_stamp = stamp + 1;
    g->gen++;
}

int graph_note_barrier(graph *g, eid e)
{
    gthread *th = &g->th[EID_T(e)];
    uint32_t l = graph_ev(g, e)->scope;
    if (l >= GRAPH_BAR_LEVELS ||
        grow((void **)&th->bar[l], &th->capbar[l], th->nbar[l] + 1, sizeof(uint32_t)) != 0)
        return -1;
    th->bar[l][th->nbar[l]++] = EID_I(e);
    return 0;
}

int view_acc_init(view_acc *a, uint32_t n, uint32_t nviews)
{
    a->v = calloc((size_t)(n ? n : 1) * nviews, sizeof(uint32_t));
    a->n = n;
    a->nviews = nviews;
    a->lo = n;
    a->hi = 0;
    return a->v ? 0 : -1;
}

void view_acc_free(view_acc *a)
{
    free(a->v);
    memset(a, 0, sizeof *a);
}

void view_acc_clear(view_acc *a)
{
    if (a->lo < a->hi)
        for (uint32_t v = 0; v < a->nviews; v++)
            memset(a->v + (size_t)v * a->n + a->lo, 0, (size_t)(a->hi - a->lo) * sizeof(uint32_t));
    a->lo = a->n;
    a->hi = 0;
}

/* The accumulator's window grows to cover [lo, hi). */
static void acc_widen(view_acc *a, uint32_t lo, uint32_t hi)
{
    if (lo >= hi)
        return;
    if (lo < a->lo)
        a->lo = lo;
    if (hi > a->hi)
        a->hi = hi;
}

static void join_entries(uint32_t *dst, const uint32_t *src, uint32_t n)
{
    for (uint32_t u = 0; u < n; u++)
        if (src[u] > dst[u])
            dst[u] = src[u];
}

void view_acc_join(view_acc *a, unsigned v, const view_acc *b, unsigned w)
{
    if (b->lo >= b->hi)
        return;
    acc_widen(a, b->lo, b->hi);
    join_entries(a->v + (size_t)v * a->n + b->lo, b->v + (size_t)w * b->n + b->lo,
                 b->hi - b->lo);
}

void graph_join_row(const graph *g, eid e, unsigned v, view_acc *a)
{
    const vrow *r = graph_row(g, e);
    if (r->len) {
        acc_widen(a, r->lo, r->lo + r->len);
        join_entries(a->v + (size_t)v * a->n + r->lo, r->v + (size_t)v * r->len, r->len);
    }
}

void graph_join_view(const graph *g, eid e, unsigned v, view_acc *a)
{
    graph_join_row(g, e, v, a);
    view_acc_raise(a, v, EID_T(e), EID_I(e) + 1);
}

void graph_view_copy(const graph *g, eid e, unsigned v, uint32_t *dst)
{
    const vrow *r = graph_row(g, e);
    memset(dst, 0, (size_t)g->nthreads * sizeof(uint32_t));
    if (r->len)
        memcpy(dst + r->lo, r->v + (size_t)v * r->len, (size_t)r->len * sizeof(uint32_t));
    dst[EID_T(e)] = EID_I(e) + 1;
}

/* Do row r and accumulator a agree on every thread but `own`, in each of
 * their views?  Outside both windows both are zero. */
static int same_but(const vrow *r, const view_acc *a, uint32_t own)
{
    uint32_t lo = r->len && r->lo < a->lo ? r->lo : a->lo;
    uint32_t hi = r->len && r->lo + r->len > a->hi ? r->lo + r->len : a->hi;
    for (uint32_t v = 0; v < a->nviews; v++) {
        const uint32_t *av = a->v + (size_t)v * a->n;
        for (uint32_t u = lo; u < hi; u++)
            if (u != own && vrow_at(r, v, u) != av[u])
                return 0;
    }
    return 1;
}

/* e's views are about to be replaced (a read given another write). */
static void drop_row(graph *g, eid e)
{
    uint32_t *r = &g->th[EID_T(e)].row[EID_I(e)];
    row_release(g, *r);
    *r = GRAPH_NO_ROW;
}

int graph_new_row(graph *g, eid e, const view_acc *a)
{
    drop_row(g, e);
    uint32_t r = row_alloc(g);
    if (r == GRAPH_NO_ROW)
        return -1;
    uint32_t len = a->hi > a->lo ? a->hi - a->lo : 0;
    vrow *row = &g->rows[r];
    if (row_size(row, len ? a->lo : 0, len, g->nviews) != 0) {
        row_release(g, r);
        return -1;
    }
    g->th[EID_T(e)].row[EID_I(e)] = r;
    for (uint32_t v = 0; v < g->nviews && len; v++)
        memcpy(row->v + (size_t)v * len, a->v + (size_t)v * a->n + a->lo,
               (size_t)len * sizeof(uint32_t));
    return 0;
}

void graph_share_row(graph *g, eid e, eid src)
{
    uint32_t r = g->th[EID_T(src)].row[EID_I(src)];
    g->refs[r]++; /* before dropping e's own: it may be the same row */
    drop_row(g, e);
    g->th[EID_T(e)].row[EID_I(e)] = r;
}

int graph_set_views(graph *g, eid e, const view_acc *a)
{
    uint32_t t = EID_T(e), i = EID_I(e);
    if (i + 1 != g->th[t].n)
        return -1; /* only the last event of a thread gets (new) views */
    if (i > 0 && g->th[t].row[i - 1] != GRAPH_NO_ROW && same_but(graph_row(g, e - 1), a, t)) {
        graph_share_row(g, e, e - 1);
        return 0;
    }
    return graph_new_row(g, e, a);
}

int graph_share_zero_row(graph *g, eid e)
{
    drop_row(g, e);
    if (g->zero_row == GRAPH_NO_ROW) {
        uint32_t r = row_alloc(g);
        if (r == GRAPH_NO_ROW)
            return -1;
        g->rows[r].lo = g->rows[r].len = 0;
        g->th[EID_T(e)].row[EID_I(e)] = r;
        g->zero_row = r;
        return 0;
    }
    g->th[EID_T(e)].row[EID_I(e)] = g->zero_row;
    g->refs[g->zero_row]++;
    return 0;
}
