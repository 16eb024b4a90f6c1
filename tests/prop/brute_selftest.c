/*
 * brute_selftest.c -- unit tests of the brute-force enumerator alone.
 *
 * Runs every litmus shape of shapes.c through brute_run and compares with
 * the hand-derived counts and findings there.  Needs no engine.
 * Usage: brute_selftest [-v]; exit 0 iff all pass.
 */
#include <stdio.h>
#include <string.h>

#include "shapes.h"

typedef struct tally {
    shape_sink sink; /* first: the sink callback receives &tally.sink */
    int pass, fail;
    int verbose;
} tally;

static void check(shape_sink *s, const char *name, const prog *p, checker_model m,
                  size_t complete, size_t blocked, const char *finds)
{
    tally *t = (tally *)s;
    outcome o;
    char got[1024];
    outcome_init(&o);
    brute_run(p, m, &o);
    shapes_findings_str(&o, got, sizeof got);
    int ok = !o.error && o.complete.n == complete && o.blocked.n == blocked &&
             strcmp(got, finds) == 0;
    if (ok) {
        t->pass++;
    } else {
        t->fail++;
        printf("FAIL %s [%s]: got %zu complete, %zu blocked, findings '%s';"
               " expected %zu, %zu, '%s'\n",
               name, shapes_model_name(m), o.complete.n, o.blocked.n, got,
               complete, blocked, finds);
        prog_print(p, stdout);
    }
    if (!ok || t->verbose)
        outcome_print(&o, name, stdout);
    outcome_free(&o);
}

int main(int argc, char **argv)
{
    tally t = {{check}, 0, 0, argc > 1 && strcmp(argv[1], "-v") == 0};
    shapes_run(&t.sink);
    printf("%d passed, %d failed\n", t.pass, t.fail);
    return t.fail ? 1 : 0;
}
