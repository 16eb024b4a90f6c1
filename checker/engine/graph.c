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

/* Per-thread view rows: they grow on their own, far slower than events
 * (one per synchronisation, not per access). */
static int rows_reserve(graph *g, gthread *th, uint32_t need)
{
    if (need <= th->caprows)
        return 0;
    uint32_t c = th->caprows ? th->caprows : 4;
    while (c < need)
        c *= 2;
    uint32_t *v = realloc(th->views, (size_t)c * graph_row_len(g) * sizeof(uint32_t));
    if (!v)
        return -1;
    th->views = v;
    th->caprows = c;
    return 0;
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
    g->scratch = calloc(GRAPH_MAX_VIEWS * (size_t)(nthreads ? nthreads : 1), sizeof(uint32_t));
    g->next_stamp = 1;
    for (uint32_t t = 0; g->th && t < nthreads; t++)
        g->th[t].spawn = EID_NONE;
    return g->th && g->scratch ? 0 : -1;
}

void graph_free(graph *g)
{
    if (g->th) {
        for (uint32_t t = 0; t < g->nthreads; t++) {
            free(g->th[t].ev);
            free(g->th[t].row);
            free(g->th[t].views);
            for (int l = 0; l < GRAPH_BAR_LEVELS; l++)
                free(g->th[t].bar[l]);
        }
    }
    for (uint32_t l = 0; l < g->caplocs; l++) {
        free(g->loc[l].co);
        free(g->loc[l].rd);
    }
    free(g->th);
    free(g->loc);
    free(g->scratch);
    memset(g, 0, sizeof *g);
}

void graph_clear(graph *g)
{
    for (uint32_t t = 0; t < g->nthreads; t++) {
        g->th[t].n = 0;
        g->th[t].nrows = 0;
        memset(g->th[t].nbar, 0, sizeof g->th[t].nbar);
        g->th[t].spawn = EID_NONE;
    }
    for (uint32_t l = 0; l < g->nlocs; l++)
        g->loc[l].nco = g->loc[l].nrd = 0;
    g->next_stamp = 1;
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
    for (uint32_t t = 0; t < g->nthreads; t++)
        if (g->th[t].caprows)
            return -1; /* rows already have their layout */
    g->nviews = GRAPH_MAX_VIEWS;
    return 0;
}

int graph_copy(graph *dst, const graph *src)
{
    if (dst->nthreads != src->nthreads || dst->nviews != src->nviews)
        return -1;
    uint32_t nt = src->nthreads;
    for (uint32_t t = 0; t < nt; t++) {
        const gthread *s = &src->th[t];
        gthread *d = &dst->th[t];
        if (thread_reserve(d, s->n) != 0 || rows_reserve(dst, d, s->nrows) != 0)
            return -1;
        for (int l = 0; l < GRAPH_BAR_LEVELS; l++) {
            if (grow((void **)&d->bar[l], &d->capbar[l], s->nbar[l], sizeof(uint32_t)) != 0)
                return -1;
            d->nbar[l] = s->nbar[l];
            if (s->nbar[l])
                memcpy(d->bar[l], s->bar[l], (size_t)s->nbar[l] * sizeof(uint32_t));
        }
        d->n = s->n;
        d->nrows = s->nrows;
        d->spawn = s->spawn;
        if (s->n) {
            memcpy(d->ev, s->ev, (size_t)s->n * sizeof(event));
            memcpy(d->row, s->row, (size_t)s->n * sizeof(uint32_t));
        }
        if (s->nrows)
            memcpy(d->views, s->views, (size_t)s->nrows * graph_row_len(src) * sizeof(uint32_t));
    }
    if (graph_ensure_locs(dst, src->nlocs) != 0)
        return -1;
    for (uint32_t l = 0; l < src->nlocs; l++) {
        const gloc *s = &src->loc[l];
        gloc *d = &dst->loc[l];
        if (grow((void **)&d->co, &d->capco, s->nco, sizeof(eid)) != 0 ||
            grow((void **)&d->rd, &d->caprd, s->nrd, sizeof(eid)) != 0)
            return -1;
        d->nco = s->nco;
        d->nrd = s->nrd;
        if (s->nco)
            memcpy(d->co, s->co, (size_t)s->nco * sizeof(eid));
        if (s->nrd)
            memcpy(d->rd, s->rd, (size_t)s->nrd * sizeof(eid));
    }
    for (uint32_t l = src->nlocs; l < dst->nlocs; l++)
        dst->loc[l].nco = dst->loc[l].nrd = 0;
    dst->nlocs = src->nlocs;
    dst->next_stamp = src->next_stamp;
    return 0;
}

event *graph_append(graph *g, uint32_t t)
{
    gthread *th = &g->th[t];
    if (th->n >= GRAPH_MAX_EVENTS || thread_reserve(th, th->n + 1) != 0)
        return NULL;
    th->row[th->n] = th->nrows; /* graph_set_views decides; until then a fresh row */
    event *e = &th->ev[th->n++];
    memset(e, 0, sizeof *e);
    e->stamp = g->next_stamp++;
    e->rf = EID_NONE;
    return e;
}

int graph_co_insert(graph *g, eid w, uint32_t pos)
{
    event *ev = graph_ev(g, w);
    gloc *l = &g->loc[ev->loc];
    if (grow((void **)&l->co, &l->capco, l->nco + 1, sizeof(eid)) != 0)
        return -1;
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
    ev->aux = 0;
    for (uint32_t i = pos; i < l->nco; i++)
        graph_ev(g, l->co[i])->aux = i + 1;
}

int graph_rd_add(graph *g, eid r)
{
    gloc *l = &g->loc[graph_ev(g, r)->loc];
    if (grow((void **)&l->rd, &l->caprd, l->nrd + 1, sizeof(eid)) != 0)
        return -1;
    l->rd[l->nrd++] = r;
    return 0;
}

void graph_rd_remove(graph *g, eid r)
{
    gloc *l = &g->loc[graph_ev(g, r)->loc];
    for (uint32_t i = l->nrd; i-- > 0;) {
        if (l->rd[i] == r) {
            memmove(l->rd + i, l->rd + i + 1, (size_t)(l->nrd - i - 1) * sizeof(eid));
            l->nrd--;
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
    th->n--;
    th->nrows = th->n ? th->row[th->n - 1] + 1 : 0;
}

void graph_cut_after(graph *g, uint32_t stamp)
{
    uint32_t maxs = 0;
    for (uint32_t t = 0; t < g->nthreads; t++) {
        gthread *th = &g->th[t];
        while (th->n && th->ev[th->n - 1].stamp > stamp)
            pop_event(g, t);
        if (th->n && th->ev[th->n - 1].stamp > maxs)
            maxs = th->ev[th->n - 1].stamp;
    }
    g->next_stamp = (maxs > stamp ? maxs : stamp) + 1;
}

void graph_restrict(graph *g, const uint32_t *keep)
{
    for (uint32_t t = 0; t < g->nthreads; t++) {
        gthread *th = &g->th[t];
        while (th->n > keep[t])
            pop_event(g, t);
    }
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

void graph_join_view(const graph *g, eid e, unsigned v, uint32_t *dst)
{
    view_join(dst, graph_view(g, e, v), g->nthreads);
    if (dst[EID_T(e)] < EID_I(e) + 1)
        dst[EID_T(e)] = EID_I(e) + 1;
}

/* Do rows a and b agree on every thread but `own`, in each of their views? */
static int same_but(const uint32_t *a, const uint32_t *b, uint32_t n, uint32_t nviews,
                    uint32_t own)
{
    for (uint32_t v = 0; v < nviews; v++, a += n, b += n)
        for (uint32_t u = 0; u < n; u++)
            if (u != own && a[u] != b[u])
                return 0;
    return 1;
}

int graph_set_views(graph *g, eid e, const uint32_t *views)
{
    uint32_t t = EID_T(e), i = EID_I(e), len = graph_row_len(g);
    gthread *th = &g->th[t];
    if (i + 1 != th->n)
        return -1; /* only the last event of a thread gets (new) views */
    if (i > 0) {
        uint32_t prev = th->row[i - 1];
        if (same_but(th->views + (size_t)prev * len, views, g->nthreads, g->nviews, t)) {
            th->row[i] = prev;
            th->nrows = prev + 1;
            return 0;
        }
    }
    uint32_t r = i > 0 ? th->row[i - 1] + 1 : 0; /* rows follow po: never shared backwards */
    if (rows_reserve(g, th, r + 1) != 0)
        return -1;
    th->row[i] = r;
    th->nrows = r + 1;
    memcpy(th->views + (size_t)r * len, views, len * sizeof(uint32_t));
    return 0;
}
