/* report_text.c -- see report_text.h. */
#include "report_text.h"

#include <inttypes.h>
#include <string.h>

#include "report_explain.h"
#include "sigstop.h"
#include "verdict.h"

static void print_src(FILE *f, const checker_result *r, const finding_event *e)
{
    const gpumc_srcloc *s = report_src(r, e);
    if (s)
        fprintf(f, "%s:%d:%d: ", s->file ? s->file : "<unknown>", s->line, s->col);
    else
        fprintf(f, "<unknown location>: ");
}

/* "write 42 to data+0", "read 0 from data+0", "fence", "assertion failed" */
static void print_access(FILE *f, finding_kind k, const finding_event *e)
{
    char loc[160], val[64];
    report_location(e, loc, sizeof loc);
    if (e->kind == EV_ERROR && k == FINDING_ASSERT) {
        fputs("assertion failed", f);
        return;
    }
    if (e->kind == EV_ERROR && k == FINDING_MEMORY) {
        if (e->addr) /* else no address: a null pointer, a division by zero (the message says) */
            fprintf(f, "invalid access to %s", loc);
        else
            fputs("fault", f);
        return;
    }
    fputs(report_op(e), f);
    if (!report_is_memory(e))
        return;
    report_value(e, val, sizeof val);
    fprintf(f, " %s %s %s", val, e->kind == EV_WRITE ? "to" : "from", loc);
}

/* "     44 |     data[0] = 42;" and a caret under byte column col.  Tabs
 * are kept in the caret's indentation so that it lines up in a terminal. */
static void print_quote(FILE *f, const report_ctx *c, const char *file,
                        int line, int col)
{
    const char *text;
    size_t len;
    if (!c->src || !file || srccache_line(c->src, file, line, &text, &len) != 0)
        return;
    fprintf(f, "  %6d | %.*s\n", line, (int)len, text);
    if (col < 1)
        return;
    fprintf(f, "  %6s | ", "");
    for (size_t i = 0; i + 1 < (size_t)col; i++)
        fputc(i < len && text[i] == '\t' ? '\t' : ' ', f);
    fputs("^\n", f);
}

static void print_event(FILE *f, const report_ctx *c, const checker_result *r,
                        finding_kind k, const finding_event *e)
{
    char who[128], os[48];
    const gpumc_srcloc *s = report_src(r, e);
    report_thread(c, e, who, sizeof who);
    fputs("  ", f);
    print_src(f, r, e);
    print_access(f, k, e);
    if (e->kind == EV_BARRIER)
        fprintf(f, " (%s)", report_barrier_kind(c, e));
    else if (report_is_memory(e) || e->kind == EV_FENCE)
        fprintf(f, " (%s)", report_order_scope(c, e, os, sizeof os));
    fprintf(f, " by %s", who);
    if (s && s->text && *s->text)
        fprintf(f, ": %s", s->text);
    fputc('\n', f);
    if (s && s->callers && *s->callers)
        fprintf(f, "    in %s, %s\n", s->func && *s->func ? s->func : "a helper", s->callers);
    if (s)
        print_quote(f, c, s->file, s->line, s->col);
}

/* One edit of a fix: the line before and after when it stays on one line,
 * else where it goes and what it inserts. */
static void print_edit(FILE *f, const report_ctx *c, const report_edit *e)
{
    const char *text;
    size_t len;
    fprintf(f, "    %s:%d:%d: %s\n", e->file, e->line, e->col,
            e->description ? e->description : "edit");
    int one_line = e->line == e->end_line && e->col >= 1 && e->end_col >= e->col;
    if (!one_line || !c->src ||
        srccache_line(c->src, e->file, e->line, &text, &len) != 0 ||
        (size_t)e->end_col > len + 1) {
        fprintf(f, "    up to %d:%d, put: %s\n", e->end_line, e->end_col,
                e->replacement);
        return;
    }
    size_t from = (size_t)e->col - 1, to = (size_t)e->end_col - 1;
    fprintf(f, "  %6d | - %.*s\n", e->line, (int)len, text);
    fprintf(f, "  %6s | + %.*s", "", (int)from, text);
    for (const char *r = e->replacement; *r; r++) { /* a barrier adds a line */
        if (*r == '\n')
            fprintf(f, "\n  %6s | + ", "");
        else if (*r != '\r')
            fputc(*r, f);
    }
    fprintf(f, "%.*s\n", (int)(len - to), text + to);
}

static void print_fixes(FILE *f, const report_ctx *c, unsigned i)
{
    unsigned n;
    const report_fix *fx = report_fixes_of(c, i, &n);
    for (unsigned k = 0; k < n; k++) {
        fprintf(f, "  Fix: %s\n", fx[k].description ? fx[k].description : "");
        for (unsigned j = 0; j < fx[k].nedits; j++)
            print_edit(f, c, &fx[k].edits[j]);
    }
}

/* The engine's trace, indented under its finding. */
/* A run that repairs records whole traces; the reader sees the first 20
 * and last 100 events of a long one, as a run that does not. */
#define SHOWN_HEAD 20
#define SHOWN_TAIL 100

static void print_trace(FILE *f, const char *trace)
{
    size_t lines = 0;
    for (const char *p = trace; *p; p += strcspn(p, "\n") + (p[strcspn(p, "\n")] == '\n'))
        lines++;
    fputs("  Trace:\n", f);
    size_t i = 0;
    for (const char *p = trace; *p; i++) {
        size_t n = strcspn(p, "\n");
        if (lines > SHOWN_HEAD + SHOWN_TAIL + 1 && i == SHOWN_HEAD)
            fprintf(f, "    ... %zu more events ...\n", lines - SHOWN_HEAD - SHOWN_TAIL);
        if (lines <= SHOWN_HEAD + SHOWN_TAIL + 1 || i < SHOWN_HEAD || i >= lines - SHOWN_TAIL)
            fprintf(f, "  %.*s\n", (int)n, p);
        p += n + (p[n] == '\n');
    }
}

static void print_finding(FILE *f, const report_ctx *c, const checker_result *r,
                          unsigned index, int number)
{
    const finding *x = &r->findings[index];
    const int err = report_is_error(x->kind);
    char why[1024];
    fprintf(f, "%s %d: %s", err ? "Error" : "Warning", number,
            finding_kind_name(x->kind));
    if (x->a.valid && report_is_memory(&x->a)) {
        char loc[160];
        report_location(&x->a, loc, sizeof loc);
        fprintf(f, " on %s", loc);
    }
    fputc('\n', f);
    if (x->a.valid)
        print_event(f, c, r, x->kind, &x->a);
    if (x->b.valid)
        print_event(f, c, r, x->kind, &x->b);
    if (x->msg[0])
        fprintf(f, "  %s\n", x->msg);
    report_explain(c, x, why, sizeof why);
    if (why[0])
        fprintf(f, "  Why: %s\n", why);
    print_fixes(f, c, index);
    if (x->kind == FINDING_LOOP_BOUND)
        fprintf(f, "  The exploration was bounded by the harness (gpumc_loop_bound).\n");
    if (x->trace && (c->opts->verbose || (err && c->opts->stop_on_error)))
        print_trace(f, x->trace);
    fputc('\n', f);
}

/* Under an error verdict: what stopped the exploration before its end. */
static void print_stopped(FILE *f, const report_ctx *c, const checker_result *r)
{
    if (r->status == CHECKER_STOPPED && c->opts->keep_going)
        fprintf(f, "Exploration stopped at the first race (--races=stop).\n");
    else if (r->status == CHECKER_STOPPED)
        fprintf(f, "Exploration stopped at the first error (--keep-going "
                "explores on and reports each distinct error).\n");
    else if (r->status == CHECKER_LIMIT)
        fprintf(f, "Warning: exploration stopped at --max-executions=%" PRIu64
                "; executions were left unexplored.\n", c->opts->max_executions);
    else if (r->status == CHECKER_TIMEOUT && c->compile_timed_out == 2)
        fprintf(f, "Warning: --timeout=%g s ran out while the kernel was compiled again for "
                "buffers it went past the default lengths of; give their lengths with "
                "--arg NAME=[N].\n", c->opts->timeout);
    else if (r->status == CHECKER_TIMEOUT && c->compile_timed_out)
        fprintf(f, "Warning: --timeout=%g s ran out while the kernel was compiled; "
                "nothing was explored.\n", c->opts->timeout);
    else if (r->status == CHECKER_TIMEOUT)
        fprintf(f, "Warning: exploration stopped at --timeout=%g s; executions "
                "were left unexplored.\n", c->opts->timeout);
    else if (r->status == CHECKER_MEMORY)
        fprintf(f, "Warning: exploration stopped at --max-memory=%" PRIu64 " MB; executions "
                "were left unexplored.\n", c->opts->max_memory_mb);
    else if (r->status == CHECKER_INTERRUPTED)
        fprintf(f, "Warning: exploration interrupted by %s; executions were left "
                "unexplored.\n", sigstop_name(r->signal));
    else if (r->status == CHECKER_LOST)
        fprintf(f, "Warning: %u of %u ranks were lost; their executions are missing.\n",
                r->lost_ranks, r->nranks);
}

/* "Error detected: <kind>!", "Verification incomplete: <why>" or "No
 * errors were detected." -- the last only when everything was explored. */
static void print_verdict(FILE *f, const report_ctx *c, const checker_result *r)
{
    char why[512], none[128];
    switch (verdict_of(r)) {
    case VERDICT_ERROR:
        fprintf(f, "Error detected: %s!\n", finding_kind_name(report_first_error(r)->kind));
        break;
    case VERDICT_INCOMPLETE:
        verdict_why(r, c, why, sizeof why);
        verdict_no_error_in(r, none, sizeof none);
        fprintf(f, "%s.\nVerification incomplete: %s\n", none, why);
        break;
    case VERDICT_VERIFIED:
        fputs("No errors were detected.\n", f);
        break;
    }
}

static int src_line(const checker_result *r, const finding_event *e)
{
    const gpumc_srcloc *s = report_src(r, e);
    return s ? s->line : 0;
}

static void print_races(FILE *f, const checker_result *r)
{
    int header = 0;
    for (unsigned i = 0; i < r->nfindings; i++) {
        const finding *x = &r->findings[i];
        if (!report_is_race(x->kind))
            continue;
        if (!header++)
            fputs("Races Detected:\n", f);
        const finding_event *b = x->b.valid ? &x->b : &x->a;
        fprintf(f, "\t[L.%d\tL.%d]-[%s,%s]\n", src_line(r, &x->a),
                src_line(r, b), report_scope_short(x->a.scope),
                report_scope_short(b->scope));
    }
}

static void print_spread(FILE *f, double mean, double se)
{
    char c[32];
    report_count(mean, c, sizeof c);
    fputs(c, f);
    if (mean > 0)
        fprintf(f, " (+/- %.1f%%)", 100.0 * se / mean);
}

/* --estimate: what the random walks say (checker_estimate). */
static void print_estimate(FILE *f, const checker_result *r)
{
    const checker_estimate *e = &r->estimate;
    fputs("Estimated executions: ", f);
    print_spread(f, e->complete, e->complete_se);
    fputs(" complete, ", f);
    print_spread(f, e->blocked, e->blocked_se);
    fprintf(f, " blocked (%" PRIu64 " random walk%s in %.2fs: %" PRIu64 " complete, %" PRIu64
            " blocked, %" PRIu64 " pruned)\n", e->walks, e->walks == 1 ? "" : "s", e->seconds,
            e->walks_complete, e->walks_blocked,
            e->walks - e->walks_complete - e->walks_blocked);
    char why[256], rate[32];
    report_count(e->rate, rate, sizeof rate);
    if (!report_estimate_reliable(r, why, sizeof why))
        fprintf(f, "Warning: the estimate is unreliable: %s.\n", why);
    else if (e->rate > 0 && r->status != CHECKER_EXPLORED)
        fprintf(f, "Estimated time to explore them all: %.3gs (the exploration ran at %s "
                "executions/s)\n", (e->complete + e->blocked) / e->rate, rate);
}

void report_text_print(FILE *f, const report_ctx *c, const checker_result *r)
{
    int nerr = 0, nwarn = 0;
    for (unsigned i = 0; i < r->nfindings; i++) {
        const finding *x = &r->findings[i];
        print_finding(f, c, r, i, report_is_error(x->kind) ? ++nerr : ++nwarn);
    }
    if (verdict_of(r) == VERDICT_ERROR)
        print_stopped(f, c, r);
    if (verdict_of(r) == VERDICT_ERROR && c->chosen_inputs)
        fputs("Note: gpumc chose some of the inputs checked (its notes name them): the error "
              "may come from them rather than from the kernel; give the program's with --arg "
              "NAME=VALUE and its launch size.\n", f);
    print_races(f, r);
    if (r->estimate.walks)
        print_estimate(f, r);
    print_verdict(f, c, r);
    fprintf(f, "Number of complete executions explored: %" PRIu64 "\n", r->complete);
    fprintf(f, "Number of blocked executions seen: %" PRIu64 "\n", r->blocked);
    fprintf(f, "Total wall-clock time: %.2fs\n", c->timing.total);
}
