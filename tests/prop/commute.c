/*
 * commute.c -- normal forms up to commuting blind RMWs.  See commute.h.
 */
#include "commute.h"

#include <stdlib.h>
#include <string.h>

#include "canon.h"

int prog_has_blind(const prog *p)
{
    for (int t = 0; t < p->nthreads; t++)
        for (int i = 0; i < p->th[t].n; i++)
            if (p->th[t].ins[i].blind)
                return 1;
    return 0;
}

int prog_may_reduce(const prog *p)
{
    unsigned writes[PROG_NLOCS] = {0}, plain[PROG_NLOCS] = {0};
    for (int t = 0; t < p->nthreads; t++)
        for (int i = 0; i < p->th[t].n; i++) {
            const prog_instr *in = &p->th[t].ins[i];
            if (in->blind)
                return 1;
            if (in->op == OP_FENCE || in->op == OP_BARRIER || in->op == OP_LOAD ||
                in->op == OP_AWAIT || in->op == OP_ARRIVE || in->op == OP_WAIT)
                continue;
            writes[in->loc] += in->reps > 1 ? 2 : 1;
            plain[in->loc] += in->op == OP_STORE && in->order == GPUMC_NA;
        }
    for (int l = 0; l < PROG_NLOCS; l++)
        if (plain[l] && writes[l] > 1)
            return 1;
    return 0;
}

static const prog_instr *instr_of(const prog *p, unsigned src)
{
    for (int t = 0; t < p->nthreads; t++)
        for (int i = 0; i < p->th[t].n; i++)
            if (p->th[t].ins[i].src == src)
                return &p->th[t].ins[i];
    return NULL;
}

/* The commuting class of a write, 0 if it commutes with nothing: blind
 * relaxed fetch_adds of one scope (scope + 1), or blind relaxed exchanges
 * of one scope and one value (identical functions of what they find). */
static int class_of(const prog *p, canon_write w)
{
    if (w.init || !w.rmw)
        return 0;
    const prog_instr *in = instr_of(p, w.src);
    if (!in || !in->blind || in->order != GPUMC_RLX)
        return 0;
    if (in->op == OP_FADD)
        return (int)in->scope + 1;
    if (in->op == OP_XCHG)
        return 8 + (int)in->value * 8 + (int)in->scope;
    return 0;
}

/* ---- parsing a canonical string back (canon.c's format) --------------- */

/* "<src>" or "<src>.<iter>" */
static int parse_name(const char **s, unsigned *src, unsigned *iter)
{
    char *end;
    unsigned long v = strtoul(*s, &end, 10);
    if (end == *s)
        return -1;
    *src = (unsigned)v;
    *iter = 0;
    *s = end;
    if (**s == '.') {
        v = strtoul(*s + 1, &end, 10);
        if (end == *s + 1)
            return -1;
        *iter = (unsigned)v;
        *s = end;
    }
    return 0;
}

static int parse_write(const char **s, canon_write *w)
{
    memset(w, 0, sizeof *w);
    if (!strncmp(*s, "init", 4)) {
        w->init = 1;
        *s += 4;
        return 0;
    }
    if (parse_name(s, &w->src, &w->iter))
        return -1;
    if (**s == 'w') {
        w->rmw = 1;
        (*s)++;
    }
    return 0;
}

static int parse(const char *s, canon *c)
{
    canon_init(c);
    while (*s == ' ') /* (an execution without reads: " | x0:...") */
        s++;
    while (*s == 'r') {
        unsigned src, iter;
        canon_write w;
        s++;
        if (parse_name(&s, &src, &iter) || strncmp(s, "<-", 2))
            return -1;
        s += 2;
        if (parse_write(&s, &w))
            return -1;
        canon_read(c, src, iter, w);
        while (*s == ' ')
            s++;
    }
    if (*s++ != '|')
        return -1;
    for (int l = 0; l < CANON_NLOCS; l++) {
        char head[8];
        snprintf(head, sizeof head, " x%d:", l);
        if (strncmp(s, head, strlen(head)))
            return -1;
        s += strlen(head);
        while (*s && *s != ' ') {
            canon_write w;
            if (parse_write(&s, &w))
                return -1;
            canon_co(c, l, w);
            if (*s == ',')
                s++;
        }
    }
    return *s ? -1 : 0; /* " OVERFLOW" or junk: not normalised */
}

/* ---- the normal form ----------------------------------------------------- */

/* Do reads other than the RMW `next` read w? */
static int observed(const canon *c, canon_write w, canon_write next)
{
    for (int i = 0; i < c->nr; i++)
        if (canon_same_write(c->rd[i].from, w) &&
            !(next.rmw && c->rd[i].src == next.src && c->rd[i].iter == next.iter))
            return 1;
    return 0;
}

/* The read part of the RMW whose write part is w. */
static int read_index(const canon *c, canon_write w)
{
    for (int i = 0; i < c->nr; i++)
        if (c->rd[i].src == w.src && c->rd[i].iter == w.iter)
            return i;
    return -1;
}

static int cmp_src(const void *a, const void *b)
{
    const canon_write *x = a, *y = b;
    if (x->src != y->src)
        return x->src < y->src ? -1 : 1;
    return x->iter < y->iter ? -1 : x->iter > y->iter;
}

/* Sort run co[l][i..j] (j > i) and re-point the reads it affects. */
static void sort_run(canon *c, int l, int i, int j)
{
    canon_write pred = {1, 0, 0, 0}, oldlast = c->co[l][j];
    if (i > 0)
        pred = c->co[l][i - 1];
    qsort(&c->co[l][i], (size_t)(j - i + 1), sizeof(canon_write), cmp_src);
    for (int k = 0; k < c->nr; k++) /* readers of the last write, not in the run */
        if (canon_same_write(c->rd[k].from, oldlast)) {
            int in_run = 0;
            for (int m = i; m <= j; m++)
                in_run |= c->rd[k].src == c->co[l][m].src && c->rd[k].iter == c->co[l][m].iter;
            if (!in_run)
                c->rd[k].from = c->co[l][j];
        }
    for (int m = i; m <= j; m++) {
        int r = read_index(c, c->co[l][m]);
        if (r >= 0)
            c->rd[r].from = m == i ? pred : c->co[l][m - 1];
    }
}

static void normalise_loc(const prog *p, canon *c, int l)
{
    int n = c->nco[l];
    for (int i = 0; i < n;) {
        int cls = class_of(p, c->co[l][i]), j = i;
        while (cls && j + 1 < n && class_of(p, c->co[l][j + 1]) == cls &&
               !observed(c, c->co[l][j], c->co[l][j + 1]))
            j++;
        if (j > i)
            sort_run(c, l, i, j);
        i = j + 1;
    }
}

/* Does the engine explore one order of in's writes at a write-only
 * location: a blind RMW's, a plain store's? */
static int unobserved_write(const prog_instr *in)
{
    return in && (in->blind || (in->op == OP_STORE && in->order == GPUMC_NA));
}

/* At a write-only location (commute.h) the blind RMWs' events and the
 * plain stores leave the execution: their order and what the RMWs read is
 * what the engine explores one of. */
static void drop_blind(const prog *p, canon *c, int l)
{
    int k = 0;
    for (int i = 0; i < c->nco[l]; i++)
        if (!unobserved_write(instr_of(p, c->co[l][i].src)))
            c->co[l][k++] = c->co[l][i];
    c->nco[l] = k;
    k = 0;
    for (int i = 0; i < c->nr; i++) {
        const prog_instr *in = instr_of(p, c->rd[i].src);
        if (!in || !in->blind || in->loc != l)
            c->rd[k++] = c->rd[i];
    }
    c->nr = k;
}

/* The locations some read other than a blind RMW's reads in an execution
 * of e, or'ed into *read (all of them if one cannot be parsed). */
static void note_reads(const prog *p, const execset *e, unsigned *read)
{
    for (size_t k = 0; k < e->n; k++) {
        canon c;
        if (parse(e->v[k], &c) != 0) {
            *read = ~0u;
            return;
        }
        for (int i = 0; i < c.nr; i++) {
            const prog_instr *in = instr_of(p, c.rd[i].src);
            if (!in || !in->blind)
                *read |= in ? 1u << in->loc : ~0u;
        }
    }
}

unsigned commute_write_only(const prog *p, const outcome *a, const outcome *b)
{
    unsigned read = 0;
    note_reads(p, &a->complete, &read);
    note_reads(p, &a->blocked, &read);
    note_reads(p, &b->complete, &read);
    note_reads(p, &b->blocked, &read);
    return ~read & ((1u << CANON_NLOCS) - 1);
}

static void normalise_set(const prog *p, unsigned write_only, const execset *in, execset *out)
{
    for (size_t k = 0; k < in->n; k++) {
        canon c;
        char *s;
        if (parse(in->v[k], &c) == 0) {
            for (int l = 0; l < CANON_NLOCS; l++) {
                if (write_only >> l & 1)
                    drop_blind(p, &c, l);
                else
                    normalise_loc(p, &c, l);
            }
            s = canon_str(&c);
        } else {
            s = strdup(in->v[k]);
        }
        execset_add_owned(out, s);
    }
}

static void dedup(execset *e)
{
    size_t k = 0;
    for (size_t i = 0; i < e->n; i++) {
        if (k && !strcmp(e->v[k - 1], e->v[i]))
            free(e->v[i]);
        else
            e->v[k++] = e->v[i];
    }
    e->n = k;
}

void commute_normalize(const prog *p, unsigned write_only, const outcome *in, outcome *out)
{
    normalise_set(p, write_only, &in->complete, &out->complete);
    normalise_set(p, write_only, &in->blocked, &out->blocked);
    for (size_t i = 0; i < in->findings.n; i++)
        findset_add(&out->findings, in->findings.v[i].kind, in->findings.v[i].a,
                    in->findings.v[i].b);
    out->error = in->error;
    memcpy(out->msg, in->msg, sizeof out->msg);
    outcome_sort(out);
    dedup(&out->complete);
    dedup(&out->blocked);
}

/* Every string of got (sorted) is in ref (sorted), none twice. */
static int subset(const execset *ref, const execset *got, const char *what, FILE *diff)
{
    int bad = 0;
    size_t i = 0;
    for (size_t j = 0; j < got->n; j++) {
        if (j && !strcmp(got->v[j - 1], got->v[j])) {
            bad++;
            if (diff)
                fprintf(diff, "  dup %s %s\n", what, got->v[j]);
            continue;
        }
        while (i < ref->n && strcmp(ref->v[i], got->v[j]) < 0)
            i++;
        if (i == ref->n || strcmp(ref->v[i], got->v[j])) {
            bad++;
            if (diff)
                fprintf(diff, "  +%s %s (not an execution)\n", what, got->v[j]);
        }
    }
    return bad;
}

int commute_compare(const prog *p, const outcome *ref, const outcome *got, FILE *diff)
{
    if (ref->error || got->error)
        return outcome_compare(ref, got, diff);
    int bad = subset(&ref->complete, &got->complete, "complete", diff) +
              subset(&ref->blocked, &got->blocked, "blocked", diff);
    outcome nr, ng;
    outcome_init(&nr);
    outcome_init(&ng);
    unsigned write_only = commute_write_only(p, ref, got);
    commute_normalize(p, write_only, ref, &nr);
    commute_normalize(p, write_only, got, &ng);
    if (diff && bad == 0)
        fprintf(diff, "  (normal forms up to commuting blind RMWs)\n");
    bad += outcome_compare(&nr, &ng, diff);
    outcome_free(&nr);
    outcome_free(&ng);
    return bad;
}
