/*
 * shrink.c -- greedy program minimisation.  See shrink.h for the contract.
 */
#include "shrink.h"

static void drop_thread(prog *p, int t)
{
    for (int u = t; u + 1 < p->nthreads; u++)
        p->th[u] = p->th[u + 1];
    p->nthreads--;
}

static void drop_instr(prog *p, int t, int i)
{
    prog_thread *th = &p->th[t];
    for (int k = i; k + 1 < th->n; k++)
        th->ins[k] = th->ins[k + 1];
    th->n--;
}

/* Variant number v of p (an enumeration of all one-step
 * simplifications); returns 0 when v is past the last one or the step
 * does not apply (nothing to simplify there). */
static int variant(const prog *p, int v, prog *out)
{
    *out = *p;
    if (v < p->nthreads)
        return p->nthreads > 1 ? (drop_thread(out, v), 1) : 0;
    v -= p->nthreads;
    if (v < p->nthreads)
        return p->th[v].cta != 0 ? (out->th[v].cta = 0, 1) : 0;
    v -= p->nthreads;
    for (int t = 0; t < p->nthreads; t++) {
        if (v >= 4 * p->th[t].n) {
            v -= 4 * p->th[t].n;
            continue;
        }
        int i = v / 4;
        prog_instr *in = &out->th[t].ins[i];
        switch (v % 4) {
        case 0:
            drop_instr(out, t, i);
            return 1;
        case 3:
            if (prog_reps(in) == 1)
                return 0;
            in->reps = 1;
            return 1;
        case 1:
            if (prog_is_barrier(in->op) || in->scope == GPUMC_SCOPE_SYS)
                return 0;
            in->scope = GPUMC_SCOPE_SYS;
            return 1;
        default:
            if (in->op == OP_FENCE || prog_is_barrier(in->op) ||
                in->order == GPUMC_RLX || in->order == GPUMC_NA)
                return 0;
            in->order = GPUMC_RLX;
            return 1;
        }
    }
    return -1; /* past the end */
}

int prog_shrink(prog *p, shrink_pred fails, void *ud)
{
    int steps = 0, changed = 1;
    while (changed) {
        changed = 0;
        for (int v = 0;; v++) {
            prog q;
            int r = variant(p, v, &q);
            if (r < 0)
                break;
            if (r == 1 && fails(&q, ud)) {
                *p = q;
                steps++;
                changed = 1;
                break; /* variant numbering changed: restart */
            }
        }
    }
    return steps;
}
