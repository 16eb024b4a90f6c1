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

int main(void)
{
    tap T = {0, 0};
    test_co_positions(&T);
    test_cut_and_copy(&T);
    test_copy_keep(&T);
    return tap_done(&T);
}
