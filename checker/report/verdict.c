/* verdict.c -- see verdict.h. */
#include "verdict.h"
#include "sigstop.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int verdict_bound_hit(const checker_result *r)
{
    for (unsigned i = 0; i < r->nfindings; i++)
        if (r->findings[i].kind == FINDING_LOOP_BOUND)
            return 1;
    return 0;
}

static int stopped_early(const checker_result *r)
{
    return r->status != CHECKER_EXPLORED;
}

verdict_kind verdict_of(const checker_result *r)
{
    if (report_first_error(r))
        return VERDICT_ERROR;
    if (stopped_early(r) || verdict_bound_hit(r) || r->complete == 0)
        return VERDICT_INCOMPLETE;
    return VERDICT_VERIFIED;
}

int verdict_exit_code(verdict_kind k)
{
    return k == VERDICT_ERROR ? CLI_EXIT_VERIFY
         : k == VERDICT_INCOMPLETE ? CLI_EXIT_INCOMPLETE : CLI_EXIT_OK;
}

int verdict_run_exit_code(const checker_result *r)
{
    if (r->status == CHECKER_INTERRUPTED && r->signal)
        return sigstop_exit_code(r->signal);
    return verdict_exit_code(verdict_of(r));
}

const char *verdict_name(verdict_kind k)
{
    return k == VERDICT_ERROR ? "error" : k == VERDICT_INCOMPLETE ? "incomplete" : "verified";
}

/* Append "; " (unless first) and the formatted reason. */
static void add(char *out, size_t n, size_t *used, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void add(char *out, size_t n, size_t *used, const char *fmt, ...)
{
    if (*used + 1 >= n)
        return;
    if (*used) {
        int k = snprintf(out + *used, n - *used, "; ");
        *used += k > 0 ? (size_t)k : 0;
        if (*used + 1 >= n)
            return;
    }
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(out + *used, n - *used, fmt, ap);
    va_end(ap);
    if (k > 0)
        *used = *used + (size_t)k < n ? *used + (size_t)k : n - 1;
}

static void why_stopped(const checker_result *r, const report_ctx *c, char *out,
                        size_t n, size_t *used)
{
    const cli_opts *o = c ? c->opts : NULL;
    switch (r->status) {
    case CHECKER_INTERRUPTED:
        if (r->signal)
            add(out, n, used, "interrupted by %s", sigstop_name(r->signal));
        else
            add(out, n, used, "interrupted");
        break;
    case CHECKER_TIMEOUT:
        if (o && c->compile_timed_out == 2)
            add(out, n, used, "timeout of %g s reached while compiling the kernel again for "
                "longer buffers (give their lengths with --arg NAME=[N])", o->timeout);
        else if (o && c->compile_timed_out)
            add(out, n, used, "timeout of %g s reached while compiling the kernel (nothing "
                "was explored)", o->timeout);
        else if (o)
            add(out, n, used, "timeout of %g s reached", o->timeout);
        else
            add(out, n, used, "timeout reached");
        break;
    case CHECKER_ESTIMATED:
        add(out, n, used, "--estimate explores for half a second only");
        break;
    case CHECKER_MEMORY:
        if (o)
            add(out, n, used, "memory limit of %" PRIu64 " MB reached (--max-memory; long "
                "executions take the most, such as those of a retry loop that threads can "
                "keep failing)", o->max_memory_mb);
        else
            add(out, n, used, "memory limit reached");
        break;
    case CHECKER_LOST:
        add(out, n, used, "%u of %u ranks were lost", r->lost_ranks, r->nranks);
        break;
    case CHECKER_LIMIT:
        if (o)
            add(out, n, used, "--max-executions=%" PRIu64 " reached", o->max_executions);
        else
            add(out, n, used, "execution limit reached");
        break;
    default:
        add(out, n, used, "the exploration stopped early");
        break;
    }
}

void verdict_no_error_in(const checker_result *r, char *out, size_t n)
{
    snprintf(out, n, "%" PRIu64 " complete execution%s, no error among them", r->complete,
             r->complete == 1 ? "" : "s");
}

void verdict_why(const checker_result *r, const report_ctx *c, char *out, size_t n)
{
    size_t used = 0;
    if (n)
        out[0] = '\0';
    if (!n || verdict_of(r) != VERDICT_INCOMPLETE)
        return;
    if (stopped_early(r))
        why_stopped(r, c, out, n, &used);
    else if (r->complete == 0)
        add(out, n, &used, "0 complete executions (every execution was blocked "
            "or cut by the loop bound)");
    if ((r->status == CHECKER_TIMEOUT || r->status == CHECKER_LIMIT) && r->float_orders)
        add(out, n, &used, "every order of floating-point atomic adds whose sum is read "
            "was explored; --commute-float runs them in one order");
    if (!verdict_bound_hit(r))
        return;
    /* only a pre-lowered harness has loop bounds: compiled loops run natively */
    add(out, n, &used, "the harness's loop bound cut some executions");
}
