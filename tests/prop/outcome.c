/*
 * outcome.c -- execution multisets, finding sets, comparison.
 * See outcome.h for the contract.
 */
#include "outcome.h"

#include <stdlib.h>
#include <string.h>

#include "gpumc/checker.h"

static void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n);
    if (!q)
        abort(); /* a test tool: out of memory is fatal */
    return q;
}

void outcome_init(outcome *o)
{
    memset(o, 0, sizeof *o);
}

static void execset_free(execset *e)
{
    for (size_t i = 0; i < e->n; i++)
        free(e->v[i]);
    free(e->v);
    memset(e, 0, sizeof *e);
}

void outcome_clear_execs(outcome *o)
{
    execset_free(&o->complete);
    execset_free(&o->blocked);
    execset_free(&o->loads);
}

void outcome_free(outcome *o)
{
    execset_free(&o->complete);
    execset_free(&o->blocked);
    execset_free(&o->loads);
    free(o->findings.v);
    memset(o, 0, sizeof *o);
}

void execset_add_owned(execset *e, char *s)
{
    if (e->n == e->cap) {
        e->cap = e->cap ? 2 * e->cap : 16;
        e->v = xrealloc(e->v, e->cap * sizeof *e->v);
    }
    e->v[e->n++] = s;
}

int findset_has(const findset *f, int kind, unsigned a, unsigned b)
{
    if (a > b) {
        unsigned t = a;
        a = b;
        b = t;
    }
    for (size_t i = 0; i < f->n; i++)
        if (f->v[i].kind == kind && f->v[i].a == a && f->v[i].b == b)
            return 1;
    return 0;
}

static int findset_within(const findset *a, const findset *b)
{
    for (size_t i = 0; i < a->n; i++)
        if (!findset_has(b, a->v[i].kind, a->v[i].a, a->v[i].b))
            return 0;
    return 1;
}

int findset_equal(const findset *a, const findset *b)
{
    return findset_within(a, b) && findset_within(b, a);
}

void findset_add(findset *f, int kind, unsigned a, unsigned b)
{
    if (findset_has(f, kind, a, b))
        return;
    if (f->n == f->cap) {
        f->cap = f->cap ? 2 * f->cap : 16;
        f->v = xrealloc(f->v, f->cap * sizeof *f->v);
    }
    fkey k = {kind, a < b ? a : b, a < b ? b : a};
    f->v[f->n++] = k;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int cmp_key(const void *pa, const void *pb)
{
    const fkey *a = pa, *b = pb;
    if (a->kind != b->kind)
        return a->kind < b->kind ? -1 : 1;
    if (a->a != b->a)
        return a->a < b->a ? -1 : 1;
    return a->b < b->b ? -1 : a->b > b->b;
}

void outcome_sort(outcome *o)
{
    if (o->complete.n)
        qsort(o->complete.v, o->complete.n, sizeof(char *), cmp_str);
    if (o->blocked.n)
        qsort(o->blocked.v, o->blocked.n, sizeof(char *), cmp_str);
    if (o->loads.n)
        qsort(o->loads.v, o->loads.n, sizeof(char *), cmp_str);
    if (o->findings.n)
        qsort(o->findings.v, o->findings.n, sizeof(fkey), cmp_key);
}

/* Merge two sorted lists; "-" only in ref, "+" only in got, "dup" a
 * repeated string in got (ref never repeats: distinct rf/co choices). */
static int diff_execs(const execset *ref, const execset *got,
                      const char *what, FILE *f)
{
    int bad = 0;
    size_t i = 0, j = 0;
    while (i < ref->n || j < got->n) {
        int c = i == ref->n   ? 1
                : j == got->n ? -1
                              : strcmp(ref->v[i], got->v[j]);
        if (c == 0) {
            i++;
            j++;
        } else if (c < 0) {
            if (f)
                fprintf(f, "  %s -brute %s\n", what, ref->v[i]);
            bad++;
            i++;
        } else {
            if (j > 0 && strcmp(got->v[j], got->v[j - 1]) == 0) {
                if (f)
                    fprintf(f, "  %s dup %s\n", what, got->v[j]);
            } else if (f) {
                fprintf(f, "  %s +engine %s\n", what, got->v[j]);
            }
            bad++;
            j++;
        }
    }
    return bad;
}

/* Own names: this module must not need the engine library (the brute
 * selftest links without it). */
static const char *kind_name(int kind)
{
    switch (kind) {
    case FINDING_DATA_RACE:
        return "data-race";
    case FINDING_HETERO_RACE:
        return "hetero-race";
    case FINDING_DIVERGENCE:
        return "divergence";
    default:
        return "other-finding";
    }
}

static void print_key(const fkey *k, FILE *f)
{
    const char *name = kind_name(k->kind);
    if (k->a == OUTCOME_NOSRC)
        fprintf(f, "%s (no barrier named)", name);
    else
        fprintf(f, "%s #%u #%u", name, k->a, k->b);
}

static int diff_races(const findset *ref, const findset *got, FILE *f)
{
    int bad = 0;
    for (size_t i = 0; i < ref->n; i++)
        if (ref->v[i].kind != FINDING_DIVERGENCE &&
            !findset_has(got, ref->v[i].kind, ref->v[i].a, ref->v[i].b)) {
            if (f) {
                fprintf(f, "  finding -brute ");
                print_key(&ref->v[i], f);
                fputc('\n', f);
            }
            bad++;
        }
    for (size_t i = 0; i < got->n; i++)
        if (got->v[i].kind != FINDING_DIVERGENCE &&
            !findset_has(ref, got->v[i].kind, got->v[i].a, got->v[i].b)) {
            if (f) {
                fprintf(f, "  finding +engine ");
                print_key(&got->v[i], f);
                fputc('\n', f);
            }
            bad++;
        }
    return bad;
}

static int count_kind(const findset *s, int kind)
{
    int n = 0;
    for (size_t i = 0; i < s->n; i++)
        n += s->v[i].kind == kind;
    return n;
}

static int diff_divergence(const findset *ref, const findset *got, FILE *f)
{
    int r = count_kind(ref, FINDING_DIVERGENCE) > 0;
    int g = count_kind(got, FINDING_DIVERGENCE) > 0;
    int bad = 0;
    if (r != g) {
        if (f)
            fprintf(f, "  divergence: brute %s, engine %s\n",
                    r ? "yes" : "no", g ? "yes" : "no");
        bad++;
    }
    for (size_t i = 0; i < got->n; i++) {
        const fkey *k = &got->v[i];
        if (k->kind != FINDING_DIVERGENCE || k->a == OUTCOME_NOSRC)
            continue;
        if (!findset_has(ref, k->kind, k->a, k->b)) {
            if (f)
                fprintf(f, "  divergence +engine names barrier #%u\n", k->a);
            bad++;
        }
    }
    return bad;
}

int outcome_compare(const outcome *ref, const outcome *got, FILE *diff)
{
    if (ref->error || got->error) {
        if (diff)
            fprintf(diff, "  error: brute '%s' engine '%s'\n",
                    ref->error ? ref->msg : "", got->error ? got->msg : "");
        return 1;
    }
    int bad = diff_execs(&ref->complete, &got->complete, "complete", diff);
    bad += diff_execs(&ref->blocked, &got->blocked, "blocked", diff);
    bad += diff_races(&ref->findings, &got->findings, diff);
    bad += diff_divergence(&ref->findings, &got->findings, diff);
    return bad;
}

void outcome_print(const outcome *o, const char *title, FILE *f)
{
    fprintf(f, "%s: %zu complete, %zu blocked, %zu findings\n", title,
            o->complete.n, o->blocked.n, o->findings.n);
    for (size_t i = 0; i < o->complete.n; i++)
        fprintf(f, "  C %s\n", o->complete.v[i]);
    for (size_t i = 0; i < o->blocked.n; i++)
        fprintf(f, "  B %s\n", o->blocked.v[i]);
    for (size_t i = 0; i < o->loads.n; i++)
        fprintf(f, "  L %s\n", o->loads.v[i]);
    for (size_t i = 0; i < o->findings.n; i++) {
        fprintf(f, "  F ");
        print_key(&o->findings.v[i], f);
        fputc('\n', f);
    }
}
