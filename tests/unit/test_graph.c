/* test_graph.c -- unit tests of the execution graph (checker/engine/graph.c). */
#include "graph.h"
#include "tap.h"

static eid add(graph *g, uint32_t t, uint8_t kind, uint32_t loc)
{
    event *e = graph_append(g, t);
    e->kind = kind;
    e->loc = loc;
    return EID(t, g->th[t].n - 1);
}

static void test_co_positions(tap *T)
{
    graph g;
    graph_init(&g, 2);
    graph_ensure_locs(&g, 1);
    eid a = add(&g, 0, EV_WRITE, 0), b = add(&g, 1, EV_WRITE, 0), c = add(&g, 0, EV_WRITE, 0);
    graph_co_insert(&g, a, 0);
    graph_co_insert(&g, b, 0); /* b before a */
    graph_co_insert(&g, c, 1); /* b, c, a */
    CHECK(T, graph_copos(&g, b) == 1 && graph_copos(&g, c) == 2 && graph_copos(&g, a) == 3,
          "co positions %u %u %u", graph_copos(&g, b), graph_copos(&g, c), graph_copos(&g, a));
    CHECK(T, graph_co_next(&g, 0, b) == c && graph_co_next(&g, 0, a) == EID_NONE, "co next");
    graph_co_remove(&g, c);
    CHECK(T, graph_copos(&g, a) == 2 && graph_ev(&g, c)->aux == 0, "after remove");
    graph_free(&g);
}

static void test_cut_and_copy(tap *T)
{
    graph g, h;
    graph_init(&g, 2);
    graph_init(&h, 2);
    graph_ensure_locs(&g, 2);
    eid w = add(&g, 0, EV_WRITE, 0);
    graph_co_insert(&g, w, 0);
    uint32_t mark = graph_ev(&g, w)->stamp;
    eid r = add(&g, 1, EV_READ, 0);
    graph_ev(&g, r)->rf = w;
    graph_rd_add(&g, r);
    eid w2 = add(&g, 1, EV_WRITE, 1);
    graph_co_insert(&g, w2, 0);
    CHECK(T, graph_copy(&h, &g) == 0, "copy");
    graph_cut_after(&g, mark);
    CHECK(T, g.th[1].n == 0 && g.loc[0].nrd == 0 && g.loc[1].nco == 0 && g.loc[0].nco == 1,
          "cut: n=%u nrd=%u", g.th[1].n, g.loc[0].nrd);
    CHECK(T, g.next_stamp == mark + 1, "next stamp %u", g.next_stamp);
    CHECK(T, h.th[1].n == 2 && h.loc[0].nrd == 1 && h.loc[1].nco == 1, "copy intact");
    graph k;
    graph_init(&k, 2);
    uint32_t keep[2] = {1, 1};
    CHECK(T, graph_copy_keep(&k, &h, keep) == 0, "copy keeping a prefix");
    CHECK(T, k.th[1].n == 1 && k.loc[1].nco == 0 && k.loc[0].nrd == 1, "prefix kept");
    graph_free(&g);
    graph_free(&h);
    graph_free(&k);
}

/* A prefix copy renumbers co, drops the reads and the spawn it cut, and
 * leaves the source as it was. */
static void test_copy_keep(tap *T)
{
    graph g, h;
    graph_init(&g, 2);
    graph_init(&h, 2);
    graph_ensure_locs(&g, 1);
    eid s = add(&g, 0, EV_SPAWN, 1);
    g.th[1].spawn = s;
    eid b = add(&g, 1, EV_WRITE, 0), a = add(&g, 0, EV_WRITE, 0);
    graph_co_insert(&g, a, 0);
    graph_co_insert(&g, b, 0); /* co: b, a */
    eid r = add(&g, 1, EV_READ, 0);
    graph_ev(&g, r)->rf = a;
    graph_rd_add(&g, r);
    uint32_t keep[2] = {2, 0}; /* thread 1's write and read go */
    CHECK(T, graph_copy_keep(&h, &g, keep) == 0, "copy");
    CHECK(T, h.th[0].n == 2 && h.th[1].n == 0, "events kept: %u %u", h.th[0].n, h.th[1].n);
    CHECK(T, h.loc[0].nco == 1 && graph_copos(&h, a) == 1, "co renumbered: %u",
          graph_copos(&h, a));
    CHECK(T, h.loc[0].nrd == 0 && h.th[1].spawn == s, "reads dropped, spawn kept");
    uint32_t cut[2] = {0, 1}; /* (porf-closed, as a revisit's: r reads a) */
    CHECK(T, graph_copy_keep(&h, &g, cut) == 0 && h.th[1].spawn == EID_NONE &&
             h.loc[0].nco == 1 && graph_copos(&h, b) == 1 && h.loc[0].nrd == 0,
          "the spawn cut");
    CHECK(T, g.loc[0].nco == 2 && graph_copos(&g, a) == 2 && g.loc[0].nrd == 1,
          "the source intact");
    graph_free(&g);
    graph_free(&h);
}

static int listed(const eid *v, uint32_t n, eid e)
{
    for (uint32_t i = 0; i < n; i++)
        if (v[i] == e)
            return 1;
    return 0;
}

/* The subsets of a location (its unclassed reads and writes, its
 * non-atomic accesses) follow its events through placement, removal,
 * cuts and prefix copies; with no classed event the unclassed ones are
 * all. */
static void test_subsets(tap *T)
{
    graph g, h;
    graph_init(&g, 2);
    graph_init(&h, 2);
    graph_ensure_locs(&g, 1);
    uint32_t nr, nw;
    const eid *rs, *ws;
    eid init = add(&g, 0, EV_WRITE, 0); /* a plain store */
    graph_co_insert(&g, init, 0);
    uint32_t mark = graph_ev(&g, init)->stamp;
    eid ra = add(&g, 1, EV_READ, 0), wa = add(&g, 1, EV_WRITE, 0); /* a blind add */
    graph_ev(&g, ra)->order = graph_ev(&g, wa)->order = GPUMC_RLX;
    graph_ev(&g, ra)->comm = graph_ev(&g, wa)->comm = 5;
    graph_ev(&g, ra)->rf = init;
    graph_rd_add(&g, ra);
    graph_co_insert(&g, wa, 1);
    eid rp = add(&g, 0, EV_READ, 0); /* a plain read of the sum */
    graph_ev(&g, rp)->rf = wa;
    graph_rd_add(&g, rp);
    const gloc *l = &g.loc[0];
    rs = graph_unclassed_reads(&g, 0, &nr);
    ws = graph_unclassed_writes(&g, 0, &nw);
    CHECK(T, nr == 1 && listed(rs, nr, rp) && nw == 1 && listed(ws, nw, init),
          "unclassed: %u reads, %u writes", nr, nw);
    CHECK(T, l->na.n == 2 && listed(l->na.v, l->na.n, init) && listed(l->na.v, l->na.n, rp),
          "plain: %u", l->na.n);
    graph_co_remove(&g, init);
    graph_unclassed_writes(&g, 0, &nw);
    CHECK(T, nw == 0 && l->na.n == 1, "a write taken out of co leaves both");
    graph_co_insert(&g, init, 0);
    CHECK(T, graph_copy(&h, &g) == 0, "copy");
    graph_unclassed_reads(&h, 0, &nr);
    graph_unclassed_writes(&h, 0, &nw);
    CHECK(T, nr == 1 && nw == 1 && h.loc[0].na.n == 2 && h.loc[0].nclassed == 2,
          "whole copy: %u %u %u", nr, nw, h.loc[0].na.n);
    uint32_t keep[2] = {2, 0}; /* thread 1's add goes: no class left */
    CHECK(T, graph_copy_keep(&h, &g, keep) == 0, "prefix copy");
    rs = graph_unclassed_reads(&h, 0, &nr);
    graph_unclassed_writes(&h, 0, &nw);
    CHECK(T, h.loc[0].nclassed == 0 && nr == 1 && rs[0] == rp && nw == 1 && h.loc[0].na.n == 2,
          "prefix copy: %u %u %u", nr, nw, h.loc[0].na.n);
    graph_cut_after(&g, mark);
    graph_unclassed_reads(&g, 0, &nr);
    graph_unclassed_writes(&g, 0, &nw);
    CHECK(T, l->nclassed == 0 && nr == 0 && nw == 1 && l->na.n == 1, "cut: %u %u %u", nr, nw,
          l->na.n);
    graph_clear(&g);
    graph_unclassed_writes(&g, 0, &nw);
    CHECK(T, nw == 0 && l->na.n == 0, "clear");
    graph_free(&g);
    graph_free(&h);
}

int main(void)
{
    tap T = {0, 0};
    test_co_positions(&T);
    test_cut_and_copy(&T);
    test_copy_keep(&T);
    test_subsets(&T);
    return tap_done(&T);
}
