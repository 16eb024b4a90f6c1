/*
 * test_shadow.c -- the shadow state of plain accesses (shadow.c) against
 * a detector that keeps every access: on random traces of threads that
 * access a few locations and synchronise through release/acquire pairs,
 * both find the first race at the same access (or none), and the reader
 * lists stay within their bound.  Then a few hand-made cases: ordered
 * writes, many unordered readers then an ordered write, a race with one
 * reader of many.
 */
#include <stdint.h>
#include <string.h>

#include "shadow.h"
#include "tap.h"

#define NT 4
#define NL NT /* location i: mostly thread i's */
#define STEPS 16

typedef struct world {
    uint32_t vc[NT][NT]; /* vc[u][t]: t's events u has seen (vc[u][u]: its own) */
    uint32_t rel[NT][NT];/* the view t released last */
    uint32_t cur;        /* the accessing thread, for sees() */
} world;

static int sees(void *ud, uint32_t t, uint32_t p)
{
    world *w = ud;
    return w->vc[w->cur][t] > p;
}

typedef struct access {
    uint32_t loc, t, p;
    int write;
} access;

static uint32_t next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return (uint32_t)(*s >> 11);
}

/* Does access a race with any earlier one (all kept)? */
static int reference_race(const world *w, const access *all, uint32_t n, access a)
{
    for (uint32_t i = 0; i < n; i++)
        if (all[i].loc == a.loc && all[i].t != a.t && (all[i].write || a.write) &&
            !(w->vc[a.t][all[i].t] > all[i].p))
            return 1;
    return 0;
}

/* One trace; 1 when shadow state and the reference agree throughout. */
static int one_trace(uint64_t seed, int *raced)
{
    world w;
    memset(&w, 0, sizeof w);
    shadow_cell cells[NL];
    memset(cells, 0, sizeof cells);
    shadow_lists L = {0};
    access all[STEPS];
    uint32_t n = 0;
    uint64_t s = seed * 2654435761u + 1;
    int ok = 1;
    *raced = 0;
    for (int step = 0; step < STEPS && ok; step++) {
        uint32_t u = next(&s) % NT, k = next(&s) % 10;
        if (k < 6 && next(&s) % 2) /* mostly synchronisation: race-free runs too */
            k = k % 2;
        if (k == 0) { /* u releases: a new event, its view published */
            w.vc[u][u]++;
            memcpy(w.rel[u], w.vc[u], sizeof w.rel[u]);
        } else if (k == 1) { /* u acquires what t released */
            uint32_t t = next(&s) % NT;
            w.vc[u][u]++;
            for (uint32_t i = 0; i < NT; i++)
                if (i != u && w.rel[t][i] > w.vc[u][i])
                    w.vc[u][i] = w.rel[t][i];
        } else {
            uint32_t loc = next(&s) % 3 ? u : next(&s) % NL;
            access a = {loc, u, w.vc[u][u], loc == u ? k < 6 : k < 3};
            w.cur = u;
            int ref = reference_race(&w, all, n, a);
            int got = a.write ? shadow_write(&L, &cells[a.loc], u, a.p, sees, &w)
                              : shadow_read(&L, &cells[a.loc], u, a.p, sees, &w);
            ok = got == ref;
            if (ref) {
                *raced = 1;
                break; /* the first race ends a run */
            }
            all[n++] = a;
        }
    }
    for (uint32_t i = 0; i < L.n; i++)
        ok &= L.l[i].n <= 2 * NT + 8;
    shadow_lists_free(&L);
    return ok;
}

static void test_random(tap *T)
{
    int bad = 0, races = 0;
    uint64_t first_bad = 0;
    for (uint64_t seed = 1; seed <= 20000; seed++) {
        int raced;
        if (!one_trace(seed, &raced) && !bad++)
            first_bad = seed;
        races += raced;
    }
    CHECK(T, bad == 0, "%d of 20000 traces disagree with the reference (first: seed %llu)", bad,
          (unsigned long long)first_bad);
    CHECK(T, races > 2000 && races < 18000, "the traces cover races and race-free runs (%d racy)",
          races);
}

/* Thread-by-thread views set by hand: vc[u][t] for the checks below. */
static void test_cases(tap *T)
{
    world w;
    memset(&w, 0, sizeof w);
    shadow_lists L = {0};
    shadow_cell c = {0, 0, 0, 0};
    /* T0 writes at point 0; T1, having seen T0's first event, writes. */
    w.cur = 0;
    CHECK(T, shadow_write(&L, &c, 0, 0, sees, &w) == 0, "a first write races with nothing");
    w.cur = 1;
    w.vc[1][0] = 1;
    CHECK(T, shadow_write(&L, &c, 1, 0, sees, &w) == 0, "an ordered write does not race");
    /* T2 and T3 read, each having seen T1's event: two unordered reads. */
    w.vc[2][1] = w.vc[3][1] = 1;
    w.cur = 2;
    CHECK(T, shadow_read(&L, &c, 2, 0, sees, &w) == 0, "an ordered read does not race");
    w.cur = 3;
    CHECK(T, shadow_read(&L, &c, 3, 0, sees, &w) == 0 && c.rt == SHADOW_MANY,
          "a second unordered reader makes a list");
    /* T0 writes having seen T2's reads but not T3's: a race. */
    w.cur = 0;
    w.vc[0][1] = 1;
    w.vc[0][2] = 1;
    CHECK(T, shadow_write(&L, &c, 0, 1, sees, &w) == 1, "a write unordered with one reader races");
    /* having seen both: none, and the list goes */
    w.vc[0][3] = 1;
    CHECK(T, shadow_write(&L, &c, 0, 1, sees, &w) == 0 && c.rt == 0 && L.nfree == 1,
          "a write after every reader does not race and frees the list");
    shadow_lists_free(&L);
}

int main(void)
{
    tap T = {0, 0};
    test_random(&T);
    test_cases(&T);
    return tap_done(&T);
}
