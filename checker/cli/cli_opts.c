/*
 * cli_opts.c -- see cli_opts.h.  Options live in one table (name, value
 * placeholder, help text, handler) so that parsing, --help and the
 * "did you mean" suggestion can never disagree about what exists.
 */
#include "cli_opts.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef GPUMC_VERSION
#define GPUMC_VERSION "0.0.0"
#endif


int cli_fail_usage(char *err, size_t errsz, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errsz, fmt, ap);
    va_end(ap);
    return CLI_EXIT_USAGE;
}

static char *dup_or_die(const char *s)
{
    /* Out of memory while parsing argv: nothing sensible to recover. */
    char *d = strdup(s);
    if (!d)
        abort();
    return d;
}

static void set_str(char **slot, const char *val)
{
    free(*slot);
    *slot = dup_or_die(val);
}

/* --max-memory's default: an exploration that would take more stops,
 * incomplete, before the machine runs out (0 when not known: no limit). */
static uint64_t half_the_memory_mb(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    return pages > 0 && size > 0 ? (uint64_t)pages * (uint64_t)size / 2 >> 20 : 0;
}

void cli_opts_init(cli_opts *o)
{
    memset(o, 0, sizeof *o);
    o->model = o->unroll = o->races = o->divergence = o->liveness = o->benign_races = -1;
    o->uninit = -1;
    o->progress = -1;
    o->threads = 1;
    o->gpus = -1;
    o->sub_group_size = -1;
    o->cooperative = -1;
    o->shared_mem = -1;
    o->max_memory_mb = half_the_memory_mb();
}

void cli_opts_free(cli_opts *o)
{
    free(o->input);
    for (int i = 0; i < o->nmore_inputs; i++)
        free(o->more_inputs[i]);
    free(o->more_inputs);
    free(o->emit_harness);
    free(o->dump_graph);
    free(o->sarif_out);
    free(o->patch_out);
    free(o->baseline);
    free(o->config);
    free(o->kernel);
    for (int i = 0; i < o->nargs; i++) {
        free(o->args[i].name);
        free(o->args[i].value);
    }
    free(o->args);
    for (int i = 0; i < o->npost; i++)
        free(o->post[i]);
    free(o->post);
    for (int i = 0; i < o->ncc_args; i++)
        free(o->cc_args[i]);
    free(o->cc_args);
    cli_opts_init(o);
}

/* ---- value parsers --------------------------------------------------- */

static int parse_long(const char *s, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (!*s || *end || errno || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

static int parse_int_opt(const char *name, const char *s, long lo, int *out,
                         char *err, size_t errsz)
{
    long v;
    if (parse_long(s, lo, INT_MAX, &v) < 0)
        return cli_fail_usage(err, errsz, "%s=%s: expected an integer >= %ld", name, s, lo);
    *out = (int)v;
    return CLI_EXIT_OK;
}

/* X[,Y,Z] with lo <= each <= CLI_MAX_DIM, the rest `rest`. */
static int dims_parse(const char *text, cli_dims *d, char *err, size_t errsz, const char *what,
                      int lo, int rest)
{
    cli_dims r = {1, {rest, rest, rest}};
    int bracket = text[0] == '['; /* GPUVerify's [X,Y,Z] */
    const char *p = text + bracket;
    for (int i = 0; i < 3; i++) {
        char *end;
        errno = 0;
        long v = strtol(p, &end, 10);
        if (end == p || errno || v < lo || v > CLI_MAX_DIM)
            break;
        r.v[i] = (int)v;
        if (bracket && end[0] == ']' && end[1] == '\0') {
            end++;
            bracket = 0;
        }
        if (*end == '\0' && !bracket) {
            *d = r;
            return CLI_EXIT_OK;
        }
        if (*end != ',' && *end != 'x') /* 16,16 or 16x16 */
            break;
        p = end + 1;
    }
    return cli_fail_usage(err, errsz,
                "%s=%s: expected X[,Y,Z] (or XxYxZ) with %d <= each <= %d, e.g. %s=2,1",
                what, text, lo, CLI_MAX_DIM, what);
}

int cli_dims_parse(const char *text, cli_dims *d, char *err, size_t errsz,
                   const char *what)
{
    return dims_parse(text, d, err, errsz, what, 1, 1);
}

static const char *const model_names[] = {"src11", "rc11", "sc"};

int cli_model_parse(const char *s)
{
    for (int i = 0; i < 3; i++)
        if (strcmp(s, model_names[i]) == 0)
            return i;
    return -1;
}

const char *cli_model_name(int model)
{
    return model >= 0 && model < 3 ? model_names[model] : "src11";
}

/* Index of s in the NULL-terminated list, or -1. */
static int pick(const char *s, const char *const *list)
{
    for (int i = 0; list[i]; i++)
        if (strcmp(s, list[i]) == 0)
            return i;
    return -1;
}

int cli_opts_find_arg(const cli_opts *o, const char *name)
{
    for (int i = 0; i < o->nargs; i++)
        if (strcmp(o->args[i].name, name) == 0)
            return i;
    return -1;
}

static int ident_char(char c, int first)
{
    if (c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
        return 1;
    return !first && c >= '0' && c <= '9';
}

static int valid_ident(const char *s)
{
    if (!*s)
        return 0;
    for (size_t i = 0; s[i]; i++)
        if (!ident_char(s[i], i == 0))
            return 0;
    return 1;
}

/* A parameter name, or a texture's setting NAME.KEY (the frontend checks
 * that NAME is a texture and KEY a setting). */
static int valid_arg_name(const char *s)
{
    const char *dot = strchr(s, '.');
    if (!dot)
        return valid_ident(s);
    char head[256];
    size_t n = (size_t)(dot - s);
    if (n >= sizeof head)
        return 0;
    memcpy(head, s, n);
    head[n] = 0;
    return valid_ident(head) && valid_ident(dot + 1);
}

/* An argument by name, or by position (@K, GPUVerify's --kernel-args). */
static int add_arg(cli_opts *o, const char *name, const char *value, char *err, size_t errsz);

int cli_opts_add_arg(cli_opts *o, const char *name, const char *value,
                     char *err, size_t errsz)
{
    if (!valid_arg_name(name))
        return cli_fail_usage(err, errsz, "--arg %s=...: '%s' is not a parameter name",
                    name, name);
    return add_arg(o, name, value, err, errsz);
}

static int add_arg(cli_opts *o, const char *name, const char *value, char *err, size_t errsz)
{
    if (!*value)
        return cli_fail_usage(err, errsz, "--arg %s=: give a value, e.g. --arg %s=4 "
                    "or --arg %s=int[8]:1,2", name, name, name);
    if (cli_opts_find_arg(o, name) >= 0)
        return cli_fail_usage(err, errsz, "--arg %s given twice; keep one", name);
    if (o->nargs == o->capargs) {
        int cap = o->capargs ? 2 * o->capargs : 8;
        cli_kv *a = realloc(o->args, (size_t)cap * sizeof *a);
        if (!a)
            abort();
        o->args = a;
        o->capargs = cap;
    }
    o->args[o->nargs].name = dup_or_die(name);
    o->args[o->nargs].value = dup_or_die(value);
    o->nargs++;
    return CLI_EXIT_OK;
}

void cli_opts_add_cc_arg(cli_opts *o, const char *arg)
{
    if (o->ncc_args == o->capcc_args) {
        int cap = o->capcc_args ? 2 * o->capcc_args : 8;
        char **a = realloc(o->cc_args, (size_t)cap * sizeof *a);
        if (!a)
            abort();
        o->cc_args = a;
        o->capcc_args = cap;
    }
    o->cc_args[o->ncc_args++] = dup_or_die(arg);
}

void cli_opts_add_post(cli_opts *o, const char *expr)
{
    if (o->npost == o->cappost) {
        int cap = o->cappost ? 2 * o->cappost : 4;
        char **a = realloc(o->post, (size_t)cap * sizeof *a);
        if (!a)
            abort();
        o->post = a;
        o->cappost = cap;
    }
    o->post[o->npost++] = dup_or_die(expr);
}

/* ---- option handlers ------------------------------------------------- */

typedef int (*opt_fn)(cli_opts *o, const char *val, char *err, size_t errsz);

static int on_model(cli_opts *o, const char *v, char *err, size_t errsz)
{
    o->model = cli_model_parse(v);
    if (o->model < 0)
        return cli_fail_usage(err, errsz, "--model=%s: choose src11, rc11 or sc", v);
    return CLI_EXIT_OK;
}

/* A note for an option taken with no effect (a static string), said once
 * the command line is read (so -q anywhere silences it). */
static void add_note(cli_opts *o, const char *msg)
{
    for (int i = 0; i < o->nnotes; i++)
        if (o->notes[i] == msg)
            return;
    if (o->nnotes < CLI_MAX_NOTES)
        o->notes[o->nnotes++] = msg;
}

/* Loops used to be unrolled; a command line that still says so works. */
static int on_unroll(cli_opts *o, const char *v, char *err, size_t errsz)
{
    int rc = parse_int_opt("--unroll", v, 1, &o->unroll, err, errsz);
    if (rc == CLI_EXIT_OK)
        add_note(o, "--unroll has no effect: loops run natively, without a bound");
    return rc;
}

static int on_races(cli_opts *o, const char *v, char *err, size_t errsz)
{
    static const char *const names[] = {"report", "stop", "ignore", NULL};
    o->races = pick(v, names);
    if (o->races < 0)
        return cli_fail_usage(err, errsz, "--races=%s: choose report, stop or ignore", v);
    return CLI_EXIT_OK;
}

static int on_divergence(cli_opts *o, const char *v, char *err, size_t errsz)
{
    static const char *const names[] = {"report", "ignore", NULL};
    o->divergence = pick(v, names);
    if (o->divergence < 0)
        return cli_fail_usage(err, errsz, "--divergence=%s: choose report or ignore", v);
    return CLI_EXIT_OK;
}

static int on_exit_releases(cli_opts *o, const char *v, char *err, size_t errsz)
{
    (void)v, (void)err, (void)errsz;
    o->exit_releases = 1;
    return CLI_EXIT_OK;
}

static int on_liveness(cli_opts *o, const char *v, char *err, size_t errsz)
{
    static const char *const names[] = {"report", "ignore", NULL};
    o->liveness = pick(v, names);
    if (o->liveness < 0)
        return cli_fail_usage(err, errsz, "--liveness=%s: choose report or ignore", v);
    return CLI_EXIT_OK;
}

static int on_uninit(cli_opts *o, const char *v, char *err, size_t errsz)
{
    static const char *const names[] = {"ignore", "report", NULL};
    o->uninit = pick(v, names);
    if (o->uninit < 0)
        return cli_fail_usage(err, errsz, "--uninit=%s: choose report or ignore", v);
    return CLI_EXIT_OK;
}

static int on_warp_sync(cli_opts *o, const char *v, char *err, size_t errsz)
{
    int rc = parse_int_opt("--warp-sync", v, 1, &o->warp_sync, err, errsz);
    if (rc == CLI_EXIT_OK && o->warp_sync > 32)
        return cli_fail_usage(err, errsz, "--warp-sync=%s: a warp has at most 32 threads", v);
    return rc;
}

static int on_benign_races(cli_opts *o, const char *v, char *err, size_t errsz)
{
    static const char *const names[] = {"report", "tolerate", NULL};
    o->benign_races = pick(v, names);
    if (o->benign_races < 0)
        return cli_fail_usage(err, errsz, "--benign-races=%s: choose report or tolerate", v);
    return CLI_EXIT_OK;
}

static int on_volatile(cli_opts *o, const char *v, char *err, size_t errsz)
{
    static const char *const names[] = {"plain", "relaxed", NULL};
    o->volatile_relaxed = pick(v, names);
    if (o->volatile_relaxed < 0)
        return cli_fail_usage(err, errsz, "--volatile=%s: choose plain or relaxed", v);
    return CLI_EXIT_OK;
}

static int on_format(cli_opts *o, const char *v, char *err, size_t errsz)
{
    static const char *const names[] = {"text", "json", "sarif", NULL};
    int f = pick(v, names);
    if (f < 0)
        return cli_fail_usage(err, errsz, "--format=%s: choose text, json or sarif", v);
    o->format = (cli_format)f;
    return CLI_EXIT_OK;
}

static int on_threads(cli_opts *o, const char *v, char *err, size_t errsz)
{
    return parse_int_opt("--threads", v, 1, &o->threads, err, errsz);
}

static int on_timeout(cli_opts *o, const char *v, char *err, size_t errsz)
{
    char *end;
    errno = 0;
    double t = strtod(v, &end);
    if (!*v || *end || errno || !(t >= 0) || t > 1e9)
        return cli_fail_usage(err, errsz, "--timeout=%s: expected seconds >= 0 "
                    "(e.g. --timeout=60; 0 = none)", v);
    o->timeout = t;
    return CLI_EXIT_OK;
}

/* A whole number >= 0 in v: 0, or -1 when v is anything else. */
static int parse_count(const char *v, uint64_t *n)
{
    char *end;
    errno = 0;
    unsigned long long k = strtoull(v, &end, 10);
    if (!*v || *end || errno || v[0] == '-')
        return -1;
    *n = (uint64_t)k;
    return 0;
}

static int on_max_exec(cli_opts *o, const char *v, char *err, size_t errsz)
{
    if (parse_count(v, &o->max_executions) != 0)
        return cli_fail_usage(err, errsz, "--max-executions=%s: expected an integer "
                    ">= 0 (0 = unlimited)", v);
    return CLI_EXIT_OK;
}

static int on_max_memory(cli_opts *o, const char *v, char *err, size_t errsz)
{
    if (parse_count(v, &o->max_memory_mb) != 0)
        return cli_fail_usage(err, errsz, "--max-memory=%s: expected a number of MB "
                    ">= 0 (0 = unlimited)", v);
    return CLI_EXIT_OK;
}

static int on_max_events(cli_opts *o, const char *v, char *err, size_t errsz)
{
    uint64_t n;
    if (parse_count(v, &n) != 0 || n == 0 || n > (1ull << 32))
        return cli_fail_usage(err, errsz, "--max-events-per-thread=%s: expected an integer "
                    "from 1 to 2^32 (default %d)", v, CHECKER_DEFAULT_EVENT_BUDGET);
    o->max_events_per_thread = n;
    return CLI_EXIT_OK;
}

static int on_progress(cli_opts *o, const char *v, char *err, size_t errsz)
{
    (void)v, (void)err, (void)errsz;
    o->progress = 1;
    return CLI_EXIT_OK;
}

static int on_quiet(cli_opts *o, const char *v, char *err, size_t errsz)
{
    (void)v, (void)err, (void)errsz;
    o->quiet = 1;
    return CLI_EXIT_OK;
}

static int on_verbose(cli_opts *o, const char *v, char *err, size_t errsz)
{
    (void)v, (void)err, (void)errsz;
    o->verbose++;
    return CLI_EXIT_OK;
}

static int on_stop(cli_opts *o, const char *v, char *err, size_t errsz)
{
    (void)v, (void)err, (void)errsz;
    o->stop_on_error = 1;
    return CLI_EXIT_OK;
}

static int on_keep_going(cli_opts *o, const char *v, char *err, size_t errsz)
{
    (void)v, (void)err, (void)errsz;
    o->keep_going = 1;
    return CLI_EXIT_OK;
}

static int on_no_commute(cli_opts *o, const char *v, char *err, size_t errsz)
{
    (void)v, (void)err, (void)errsz;
    o->no_commute = 1;
    return CLI_EXIT_OK;
}

static int on_commute_float(cli_opts *o, const char *v, char *err, size_t errsz)
{
    (void)v, (void)err, (void)errsz;
    o->commute_float = 1;
    return CLI_EXIT_OK;
}

#define CLI_ESTIMATE_WALKS 1000

static int on_estimate(cli_opts *o, const char *v, char *err, size_t errsz)
{
    if (!v) {
        o->estimate = CLI_ESTIMATE_WALKS;
        return CLI_EXIT_OK;
    }
    return parse_int_opt("--estimate", v, 1, &o->estimate, err, errsz);
}

static int on_distributed(cli_opts *o, const char *v, char *err, size_t errsz)
{
    (void)v, (void)err, (void)errsz;
    o->distributed = 1;
    return CLI_EXIT_OK;
}

static int on_emit(cli_opts *o, const char *v, char *err, size_t errsz)
{
    if (!*v)
        return cli_fail_usage(err, errsz, "--emit-harness=FILE: give a file name");
    set_str(&o->emit_harness, v);
    return CLI_EXIT_OK;
}

static int on_dump_graph(cli_opts *o, const char *v, char *err, size_t errsz)
{
    if (!*v)
        return cli_fail_usage(err, errsz, "--dump-error-graph=FILE.dot: give a file name");
    set_str(&o->dump_graph, v);
    return CLI_EXIT_OK;
}

static int on_sarif(cli_opts *o, const char *v, char *err, size_t errsz)
{
    if (!*v)
        return cli_fail_usage(err, errsz, "--sarif=FILE: give a file name");
    set_str(&o->sarif_out, v);
    return CLI_EXIT_OK;
}

/* --repair or --repair=KIND,KIND...: which kinds of edit it may make. */
static int on_repair(cli_opts *o, const char *v, char *err, size_t errsz)
{
    static const char *const kinds[] = {"scope", "order", "fence", "barrier", "atomic"};
    o->repair = 1;
    if (!v)
        return CLI_EXIT_OK; /* every kind, or the ones --repair=KINDS named */
    unsigned mask = 0;
    for (const char *p = v; *p;) {
        size_t n = strcspn(p, ",");
        unsigned k = 0;
        while (k < 5 && (strlen(kinds[k]) != n || strncmp(p, kinds[k], n) != 0))
            k++;
        if (k == 5)
            return cli_fail_usage(err, errsz, "--repair=%s: unknown kind '%.*s' (kinds: "
                                  "scope,order,fence,barrier,atomic)", v, (int)n, p);
        mask |= 1u << k;
        p += n + (p[n] == ',');
    }
    if (!mask)
        return cli_fail_usage(err, errsz, "--repair=: name at least one kind "
                              "(scope,order,fence,barrier,atomic)");
    o->repair_kinds = mask;
    return CLI_EXIT_OK;
}

static int on_patch(cli_opts *o, const char *v, char *err, size_t errsz)
{
    if (!*v)
        return cli_fail_usage(err, errsz, "--patch=FILE: give a file name for the diff");
    set_str(&o->patch_out, v);
    o->repair = 1;
    return CLI_EXIT_OK;
}

static int on_apply(cli_opts *o, const char *v, char *err, size_t errsz)
{
    (void)v, (void)err, (void)errsz;
    o->apply = 1;
    o->repair = 1;
    return CLI_EXIT_OK;
}

static int on_baseline(cli_opts *o, const char *v, char *err, size_t errsz)
{
    if (!*v)
        return cli_fail_usage(err, errsz, "--baseline=FILE.sarif: give a file name");
    set_str(&o->baseline, v);
    return CLI_EXIT_OK;
}

static int on_config(cli_opts *o, const char *v, char *err, size_t errsz)
{
    if (!*v)
        return cli_fail_usage(err, errsz, "--config=FILE.json: give a file name");
    set_str(&o->config, v);
    return CLI_EXIT_OK;
}

/* A kernel name as C++ writes it: an identifier, possibly qualified
 * (ns::k) and with template arguments (k<int, 256>), which gpumc pastes
 * into an instantiating line: nothing that could end that line. */
static int valid_kernel_name(const char *v)
{
    int depth = 0;
    if (!*v || !(isalpha((unsigned char)*v) || *v == '_' || *v == ':'))
        return 0;
    for (const char *c = v; *c; c++) {
        if (*c == '<')
            depth++;
        else if (*c == '>') {
            if (--depth < 0)
                return 0;
        } else if (!isalnum((unsigned char)*c) && !strchr("_:, *&()-+.", *c))
            return 0;
    }
    return depth == 0;
}

static int on_kernel(cli_opts *o, const char *v, char *err, size_t errsz)
{
    if (!valid_kernel_name(v))
        return cli_fail_usage(err, errsz, "--kernel=%s: expected a kernel function name "
                              "(a template with its arguments: --kernel='k<int, 4>')", v);
    set_str(&o->kernel, v);
    return CLI_EXIT_OK;
}

static int on_post(cli_opts *o, const char *v, char *err, size_t errsz)
{
    if (!*v)
        return cli_fail_usage(err, errsz, "--post: expected a C expression over the kernel's "
                              "arguments, e.g. --post='out[0] == 10'");
    cli_opts_add_post(o, v);
    return CLI_EXIT_OK;
}

static int on_gpus(cli_opts *o, const char *v, char *err, size_t errsz)
{
    return parse_int_opt("--gpus", v, 1, &o->gpus, err, errsz);
}

static int on_cooperative(cli_opts *o, const char *v, char *err, size_t errsz)
{
    (void)v, (void)err, (void)errsz;
    o->cooperative = 1;
    return CLI_EXIT_OK;
}

static int on_shared_mem(cli_opts *o, const char *v, char *err, size_t errsz)
{
    return parse_int_opt("--shared-mem", v, 0, &o->shared_mem, err, errsz);
}

static int on_sub_group_size(cli_opts *o, const char *v, char *err, size_t errsz)
{
    return parse_int_opt("--sub-group-size", v, 1, &o->sub_group_size, err, errsz);
}

static int on_arg(cli_opts *o, const char *v, char *err, size_t errsz)
{
    const char *eq = strchr(v, '=');
    if (!eq)
        return cli_fail_usage(err, errsz, "--arg %s: expected NAME=VALUE, e.g. --arg n=4", v);
    char name[128];
    size_t n = (size_t)(eq - v);
    if (n >= sizeof name)
        return cli_fail_usage(err, errsz, "--arg: parameter name too long");
    memcpy(name, v, n);
    name[n] = '\0';
    return cli_opts_add_arg(o, name, eq + 1, err, errsz);
}

#define DIMS_HANDLER(fn, field, flag)                                         \
    static int fn(cli_opts *o, const char *v, char *err, size_t errsz)        \
    {                                                                         \
        return cli_dims_parse(v, &o->field, err, errsz, flag);                \
    }
DIMS_HANDLER(on_grid, grid, "--grid")
DIMS_HANDLER(on_block, block, "--block")
DIMS_HANDLER(on_num_groups, num_groups, "--num-groups")
DIMS_HANDLER(on_global_size, global_size, "--global-size")
DIMS_HANDLER(on_local_size, local_size, "--local-size")

/* OpenCL's global work offset: added to every global id, 0 allowed. */
static int on_global_offset(cli_opts *o, const char *v, char *err, size_t errsz)
{
    return dims_parse(v, &o->global_offset, err, errsz, "--global-offset", 0, 0);
}

static int on_help(cli_opts *o, const char *v, char *err, size_t errsz)
{
    (void)v, (void)err, (void)errsz;
    o->want_help = 1;
    return CLI_EXIT_OK;
}

static int on_version(cli_opts *o, const char *v, char *err, size_t errsz)
{
    (void)v, (void)err, (void)errsz;
    o->want_version = 1;
    return CLI_EXIT_OK;
}

/* ---- GPUVerify's options ---------------------------------------------- */

/* A kernel written for GPUVerify carries its command line in its header.
 * Options about how GPUVerify builds and proves its verification
 * conditions mean nothing when every execution of a concrete launch is
 * explored: they are taken, with a note, so that the line works as it is.
 * Options that change what is checked in a way exploring cannot follow
 * are usage errors that say so.  (--clang-opt, --only-divergence,
 * --only-log, --only-intra-group, the annotation switches, --kernel-args
 * and the launch spellings do something: they are in the table below.) */
typedef struct gv_opt {
    const char *name;
    int refused;      /* a usage error, else a note */
    int valued;       /* takes a value: NAME=V or NAME V */
    const char *msg;  /* the note, or the usage error */
} gv_opt;

#define GV_NOTE(name, valued, why) {name, 0, valued, "GPUVerify's " name " has no effect: " why}
#define GV_REFUSE(name, valued, why)                                                       \
    {name, 1, valued, "GPUVerify's " name " has no gpumc equivalent: " why}
#define GV_PROVER "gpumc explores executions, it proves nothing"
#define GV_CHANGES "it changes what is checked (drop it to check everything)"
static const gv_opt gv_opts[] = {
    GV_NOTE("--no-inline", 0, "kernels run as compiled"),
    GV_NOTE("--inline", 0, "kernels run as compiled"),
    GV_NOTE("--check-array-bounds", 0, "every access is bounds-checked"),
    GV_NOTE("--loop-unwind", 1, "loops run natively, without a bound"),
    GV_NOTE("--no-infer", 0, GV_PROVER), GV_NOTE("--infer-info", 0, GV_PROVER),
    GV_NOTE("--debug", 0, GV_PROVER), GV_NOTE("--equality-abstraction", 0, GV_PROVER),
    GV_NOTE("--boogie-file", 1, GV_PROVER), GV_NOTE("--vcgen-opt", 1, GV_PROVER),
    GV_NOTE("--vcgen-op", 1, GV_PROVER), /* (argparse's prefix) */
    GV_NOTE("--boogie-opt", 1, GV_PROVER), GV_NOTE("--cruncher-opt", 1, GV_PROVER),
    GV_NOTE("--k-induction-depth", 1, GV_PROVER),
    GV_NOTE("--no-barrier-access-checks", 0, "barrier invariants are not evaluated"),
    GV_NOTE("--asymmetric-asserts", 0, "every thread's assertions are checked"),
    GV_REFUSE("--adversarial-abstraction", 0, GV_CHANGES),
    GV_REFUSE("--array-equalities", 0, GV_CHANGES),
};

/* The GPUVerify option named by arg's first n characters, or NULL. */
static const gv_opt *find_gv_opt(const char *arg, size_t n)
{
    for (size_t k = 0; k < sizeof gv_opts / sizeof gv_opts[0]; k++)
        if (strlen(gv_opts[k].name) == n && !strncmp(gv_opts[k].name, arg, n))
            return &gv_opts[k];
    return NULL;
}

/* Note or refuse g, given at argv[*i]; a value in the next word is consumed. */
static int gv_option(cli_opts *o, const gv_opt *g, const char *arg, int argc, int *i,
                     char *err, size_t errsz)
{
    if (g->valued && !strchr(arg, '=')) {
        if (*i + 1 >= argc)
            return cli_fail_usage(err, errsz, "%s needs a value: %s=X", g->name, g->name);
        ++*i;
    }
    if (g->refused)
        return cli_fail_usage(err, errsz, "%s", g->msg);
    add_note(o, g->msg);
    return CLI_EXIT_OK;
}

static int on_gv_clang_opt(cli_opts *o, const char *v, char *err, size_t errsz)
{
    (void)err, (void)errsz;
    cli_opts_add_cc_arg(o, v);
    return CLI_EXIT_OK;
}

static int on_gv_no_benign(cli_opts *o, const char *v, char *err, size_t errsz)
{
    (void)v, (void)err, (void)errsz;
    o->benign_races = 0;
    return CLI_EXIT_OK;
}

/* --kernel-args=K,v1,v2,...: kernel K, and the values of its parameters
 * that are not pointers, in order ("*": none given, which GPUVerify leaves
 * symbolic).  They reach the frontend as --arg @1=v1 ... (ir_glue.c). */
static int on_gv_kernel_args(cli_opts *o, const char *v, char *err, size_t errsz)
{
    char *list = dup_or_die(v), *save = NULL;
    const char *k = strtok_r(list, ",", &save);
    int rc = k && valid_kernel_name(k)
                 ? CLI_EXIT_OK
                 : cli_fail_usage(err, errsz, "--kernel-args=%s: expected KERNEL,V1,V2,... "
                                  "(GPUVerify's: values of the non-pointer parameters)", v);
    if (rc == CLI_EXIT_OK && !o->kernel)
        set_str(&o->kernel, k);
    const char *val;
    for (int i = 1; rc == CLI_EXIT_OK && (val = strtok_r(NULL, ",", &save)); i++) {
        char name[16];
        snprintf(name, sizeof name, "@%d", i);
        if (strcmp(val, "*"))
            rc = add_arg(o, name, val, err, errsz);
    }
    free(list);
    return rc;
}

/* --only-divergence, --only-log: no race is checked. */
static int on_gv_no_races(cli_opts *o, const char *v, char *err, size_t errsz)
{
    (void)v, (void)err, (void)errsz;
    o->races = CLI_RACES_IGNORE;
    return CLI_EXIT_OK;
}

static int on_gv_only_intra_group(cli_opts *o, const char *v, char *err, size_t errsz)
{
    (void)v, (void)err, (void)errsz;
    o->intra_group_races = 1;
    return CLI_EXIT_OK;
}

/* The annotation switches select what gpumc_gpuverify.h makes of the
 * annotations, through a macro of its own; the lowering cache keys on it. */
static int on_gv_no_annotations(cli_opts *o, const char *v, char *err, size_t errsz)
{
    (void)v, (void)err, (void)errsz;
    cli_opts_add_cc_arg(o, "-D__GPUMC_GV_NO_ANNOTATIONS");
    return CLI_EXIT_OK;
}

static int on_gv_only_requires(cli_opts *o, const char *v, char *err, size_t errsz)
{
    (void)v, (void)err, (void)errsz;
    cli_opts_add_cc_arg(o, "-D__GPUMC_GV_ONLY_REQUIRES");
    return CLI_EXIT_OK;
}

static int on_gv_candidate_invariants(cli_opts *o, const char *v, char *err, size_t errsz)
{
    (void)v, (void)err, (void)errsz;
    cli_opts_add_cc_arg(o, "-D__GPUMC_GV_CANDIDATE_INVARIANTS");
    return CLI_EXIT_OK;
}

/* ---- the table ------------------------------------------------------- */

#define GPUMC_STR_(x) #x
#define GPUMC_STR(x) GPUMC_STR_(x)

typedef struct opt_def {
    const char *name;  /* NULL: a section title in `help` */
    const char *alias; /* short spelling, or NULL */
    const char *meta;  /* value placeholder; NULL: a flag */
    opt_fn fn;
    const char *help;  /* NULL: accepted but not listed */
} opt_def;

static const opt_def opts[] = {
    {NULL, NULL, NULL, NULL, "Exploration:"},
    {"--model", NULL, "src11|rc11|sc", on_model,
     "memory model: src11 scoped RC11 (default),\n"
     "rc11 ignores scopes, sc interleavings"},
    {"--unroll", NULL, "N", on_unroll,
     "no effect, kept for old command lines: loops\n"
     "run natively, without a bound"},
    {"--keep-going", NULL, NULL, on_keep_going,
     "explore on past errors and report each distinct\n"
     "error once (default: stop at the first error)"},
    {"--races", NULL, "report|stop|ignore", on_races,
     "ignore: do not check for races; report (=\n"
     "--keep-going for races) and stop (the default)\n"
     "are kept for compatibility"},
    {"--no-commute", NULL, NULL, on_no_commute,
     "explore atomics whose result is unused in every\n"
     "order (default: one order when no read can tell)"},
    {"--commute-float", NULL, NULL, on_commute_float,
     "float/double atomicAdds whose result is unused\n"
     "commute too: one order of them is explored (their\n"
     "sum's rounding differs by order; that is not)"},
    {"--divergence", NULL, "report|ignore", on_divergence,
     "barrier divergence check (default report)"},
    {"--exit-releases-barriers", NULL, NULL, on_exit_releases,
     "a thread that returned counts as arrived at its\n"
     "block's later __syncthreads, as PTX's exit does\n"
     "(default: CUDA C++'s rule, barrier divergence)"},
    {"--liveness", NULL, "report|ignore", on_liveness,
     "a spin loop that can never exit is an error\n"
     "(default report); ignore: the execution is only\n"
     "blocked (GenMC without -check-liveness)"},
    {"--uninit", NULL, "report|ignore", on_uninit,
     "a read of __shared__ / __local memory that no\n"
     "write came before is a Memory error (default\n"
     "ignore: the value is unspecified, as GPUVerify\n"
     "takes it)"},
    {"--warp-sync", NULL, "N", on_warp_sync,
     "warps of N threads run in lockstep (before\n"
     "Volta; GPUVerify's --warp-sync): the lanes of a\n"
     "warp finish each shared access together. Default:\n"
     "independent thread scheduling"},
    {"--benign-races", NULL, "report|tolerate", on_benign_races,
     "tolerate a data race whose two accesses write,\n"
     "or read and write, the same value (default\n"
     "report)"},
    {"--volatile", NULL, "plain|relaxed", on_volatile,
     "volatile loads and stores: plain accesses, which\n"
     "race (C++, CUDA C++ and OpenCL; the default), or\n"
     "relaxed atomics at system scope, which do not (PTX's\n"
     "ld/st.volatile, what nvcc emits for them)"},
    {"--stop-on-error", NULL, NULL, on_stop,
     "stop at the first error of any kind (the default)"},
    {"--timeout", NULL, "SEC", on_timeout, "stop after SEC seconds, compiling included (0: none)"},
    {"--max-executions", NULL, "N", on_max_exec,
     "stop after N complete executions (0: no limit)"},
    {"--max-memory", NULL, "MB", on_max_memory,
     "stop (incomplete) when the exploration holds more\n"
     "than MB megabytes (0: no limit; default: half\n"
     "the machine's memory)"},
    {"--max-events-per-thread", NULL, "N", on_max_events,
     "a thread with more than N events (or 1000*N loop\n"
     "iterations) in one execution is a possible\n"
     "non-termination (default " GPUMC_STR(CHECKER_DEFAULT_EVENT_BUDGET) ")"},
    {"--threads", NULL, "N", on_threads,
     "explore with N worker processes (default 1);\n"
     "same results, split across cores"},
    {"--estimate", NULL, "[=N]", on_estimate,
     "explore nothing: estimate how many executions\n"
     "there are from N random walks (default 1000)\n"
     "and how long exploring them would take"},
    {"--distributed", NULL, NULL, on_distributed,
     "one exploration across the ranks of an MPI job:\n"
     "mpirun -np N gpumc --distributed FILE (rank 0\n"
     "prints the report; docs/distributed.md)"},
    {NULL, NULL, NULL, NULL, "Launch configuration (ignored for pre-lowered harnesses):"},
    {"--grid", NULL, "X[,Y,Z]", on_grid, "CUDA: CTAs (blocks) per grid"},
    {"--block", NULL, "X[,Y,Z]", on_block, "CUDA: threads per CTA"},
    {"--num-groups", NULL, "X[,Y,Z]", on_num_groups, "OpenCL: work-groups (same as --grid)"},
    {"--global-size", NULL, "X[,Y,Z]", on_global_size,
     "OpenCL: work-items in all; needs --local-size,\n"
     "which must divide it"},
    {"--local-size", NULL, "X[,Y,Z]", on_local_size,
     "OpenCL: work-items per work-group (= --block)\n"
     "(GPUVerify's --blockDim, --gridDim, --local_size,\n"
     "--num_groups, --global_size and [X,Y] work too)"},
    {"--blockDim", NULL, "X[,Y,Z]", on_block, NULL},
    {"--gridDim", NULL, "X[,Y,Z]", on_grid, NULL},
    {"--local_size", NULL, "X[,Y,Z]", on_local_size, NULL},
    {"--num_groups", NULL, "X[,Y,Z]", on_num_groups, NULL},
    {"--global_size", NULL, "X[,Y,Z]", on_global_size, NULL},
    {"--global-offset", NULL, "X[,Y,Z]", on_global_offset,
     "OpenCL: the global work offset, added to every\n"
     "get_global_id (get_global_offset; default 0)"},
    {"--global_offset", NULL, "X[,Y,Z]", on_global_offset, NULL},
    /* GPUVerify's that do something (the rest: gv_opts; docs/cli.md) */
    {"--clang-opt", NULL, "X", on_gv_clang_opt, NULL},
    {"--only-divergence", NULL, NULL, on_gv_no_races, NULL},
    {"--only-log", NULL, NULL, on_gv_no_races, NULL},
    {"--only-intra-group", NULL, NULL, on_gv_only_intra_group, NULL},
    {"--no-annotations", NULL, NULL, on_gv_no_annotations, NULL},
    {"--only-requires", NULL, NULL, on_gv_only_requires, NULL},
    {"--invariants-as-candidates", NULL, NULL, on_gv_candidate_invariants, NULL},
    {"--no-benign-tolerance", NULL, NULL, on_gv_no_benign, NULL},
    {"--kernel-args", NULL, "K,V1,...", on_gv_kernel_args, NULL},
    {"--gpus", NULL, "N", on_gpus, "GPUs the kernel runs on (default 1)"},
    {"--cooperative", NULL, NULL, on_cooperative,
     "CUDA: the kernel is launched cooperatively\n"
     "(cudaLaunchCooperativeKernel), so its grid may\n"
     "sync() (default: a grid sync() is a finding)"},
    {"--shared-mem", NULL, "BYTES", on_shared_mem,
     "CUDA: dynamic shared memory per block, the\n"
     "launch's third <<<>>> argument: every extern\n"
     "__shared__ array is this one buffer (default\n"
     "49152, 48 KiB)"},
    {"--sub-group-size", NULL, "N", on_sub_group_size,
     "OpenCL: work-items per sub-group, 1..32\n(default 32)"},
    {"--kernel", NULL, "NAME", on_kernel, "the kernel to check if FILE has several"},
    {"--post", NULL, "EXPR", on_post,
     "host-side postcondition checked after the kernel\n"
     "(repeatable): a C expression over the kernel's\n"
     "arguments, --post='out[0] == 10'"},
    {"--arg", NULL, "NAME=VALUE", on_arg,
     "a kernel argument (repeatable): a scalar,\n"
     "--arg n=4, or a buffer TYPE[LEN][:v0,v1,...],\n"
     "--arg in=int[4]:1,2,3,4 (unlisted elements\n"
     "are 0); unset buffers are zero-filled, one\n"
     "element per global thread"},
    {"--config", NULL, "FILE.json", on_config,
     "launch configuration and arguments as JSON\n"
     "(the command line wins)"},
    {NULL, NULL, NULL, NULL, "Output:"},
    {"--format", NULL, "text|json|sarif", on_format,
     "report format (default text); sarif: SARIF\n"
     "2.1.0 for code-scanning tools"},
    {"--sarif", NULL, "FILE", on_sarif, "also write the SARIF log to FILE"},
    {"--dump-error-graph", NULL, "FILE.dot", on_dump_graph,
     "write what explains the first error as a\n"
     "graph: FILE.dot (Graphviz DOT), or FILE.svg /\n"
     "FILE.png rendered by Graphviz's dot"},
    {"--repair", NULL, "[=KINDS]", on_repair,
     "propose a verified cheapest fix for the races;\n"
     "KINDS (default all): scope,order,fence,\n"
     "barrier,atomic (docs/repair.md)"},
    {"--patch", NULL, "FILE", on_patch,
     "write the repair as a unified diff to FILE\n"
     "(patch -p1, git apply); implies --repair"},
    {"--apply", NULL, NULL, on_apply,
     "apply the repair to the input files (the\n"
     "originals are kept as FILE.orig)"},
    {"--progress", NULL, NULL, on_progress,
     "progress line on stderr (default: only when\n"
     "stderr is a terminal)"},
    {"--quiet", "-q", NULL, on_quiet, "no progress line, notes or warnings"},
    {"--verbose", "-v", NULL, on_verbose,
     "say what happens (lowering, compiling, cache)\n"
     "and print the trace of each finding"},
    {"--emit-harness", NULL, "FILE", on_emit, "also write the generated C harness to FILE"},
    {"--version", NULL, NULL, on_version, "print the version and exit"},
    {"--help", "-h", NULL, on_help, "print this help and exit"},
    {NULL, NULL, NULL, NULL, "CI gate (gpumc check --config=GATE.json; also takes the exploration\n"
     "and output options above, applied to every kernel):"},
    {"--baseline", NULL, "FILE.sarif", on_baseline,
     "a previous SARIF log: fail (exit 42) only on\n"
     "findings not in it"},
};
#define NOPTS (sizeof opts / sizeof opts[0])

static const opt_def *find_opt(const char *name, size_t n)
{
    for (size_t i = 0; i < NOPTS; i++) {
        const opt_def *d = &opts[i];
        if (!d->name)
            continue;
        if ((strlen(d->name) == n && strncmp(d->name, name, n) == 0) ||
            (d->alias && strlen(d->alias) == n && strncmp(d->alias, name, n) == 0))
            return d;
    }
    return NULL;
}

/* Edit distance, for "did you mean"; option names are short. */
static size_t edit_distance(const char *a, size_t na, const char *b)
{
    size_t nb = strlen(b), row[64];
    if (na >= 63 || nb >= 63)
        return 99;
    for (size_t j = 0; j <= nb; j++)
        row[j] = j;
    for (size_t i = 1; i <= na; i++) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= nb; j++) {
            size_t up = row[j];
            size_t best = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[nb];
}

static const char *closest_opt(const char *name, size_t n)
{
    const char *best = NULL;
    size_t bestd = 4;
    for (size_t i = 0; i < NOPTS; i++) {
        if (!opts[i].name || !opts[i].help)
            continue;
        size_t d = edit_distance(name, n, opts[i].name);
        if (d < bestd) {
            bestd = d;
            best = opts[i].name;
        }
    }
    return best;
}

static int unknown_opt(const char *arg, char *err, size_t errsz)
{
    size_t n = strcspn(arg, "=");
    const char *near = closest_opt(arg, n);
    if (near)
        return cli_fail_usage(err, errsz, "unknown option '%.*s'; did you mean '%s'?",
                    (int)n, arg, near);
    return cli_fail_usage(err, errsz, "unknown option '%.*s'", (int)n, arg);
}

/* Values given so far, by option (argv strings): the same option twice
 * must say the same thing. */
typedef struct opt_seen {
    const char *val[NOPTS];
} opt_seen;

static int repeatable(const opt_def *d)
{
    return d->fn == on_arg || d->fn == on_post; /* checked per name / additive */
}

static int call_opt(const opt_def *d, opt_seen *seen, cli_opts *o, const char *v,
                    char *err, size_t errsz)
{
    const char **prev = &seen->val[d - opts];
    if (*prev && !repeatable(d) && strcmp(*prev, v) != 0)
        return cli_fail_usage(err, errsz, "%s given twice with different values (%s "
                              "and %s); keep one", d->name, *prev, v);
    *prev = v;
    return d->fn(o, v, err, errsz);
}

/* One option at argv[*i]; may consume the next word as its value. */
static int parse_one(cli_opts *o, opt_seen *seen, int argc, char **argv, int *i,
                     char *err, size_t errsz)
{
    const char *arg = argv[*i];
    size_t n = strcspn(arg, "=");
    const opt_def *d = find_opt(arg, n);
    const gv_opt *g = d ? NULL : find_gv_opt(arg, n);
    if (g)
        return gv_option(o, g, arg, argc, i, err, errsz);
    if (!d)
        return unknown_opt(arg, err, errsz);
    if (!d->meta || d->meta[0] == '[') { /* a flag, or one whose value is optional */
        if (arg[n] == '=' && !d->meta)
            return cli_fail_usage(err, errsz, "%s takes no value; write just %s",
                        d->name, d->name);
        return d->fn(o, arg[n] == '=' ? arg + n + 1 : NULL, err, errsz);
    }
    if (arg[n] == '=')
        return call_opt(d, seen, o, arg + n + 1, err, errsz);
    if (*i + 1 >= argc)
        return cli_fail_usage(err, errsz, "%s needs a value: %s=%s", d->name, d->name,
                    d->meta);
    ++*i;
    return call_opt(d, seen, o, argv[*i], err, errsz);
}

/* Options that ask to stop at the first error and to explore on. */
static int stopping_ok(const cli_opts *o, char *err, size_t errsz)
{
    if (o->stop_on_error && o->keep_going)
        return cli_fail_usage(err, errsz, "--keep-going and --stop-on-error contradict "
                    "each other; give one (stopping at the first error is the default)");
    if (o->repair && (o->stop_on_error || o->races == CLI_RACES_STOP))
        return cli_fail_usage(err, errsz, "--repair needs every race, so it explores "
                    "past the first error; drop %s",
                    o->stop_on_error ? "--stop-on-error" : "--races=stop");
    if (o->baseline && (o->stop_on_error || o->races == CLI_RACES_STOP))
        return cli_fail_usage(err, errsz, "--baseline compares every error with the "
                    "baseline, so the gate explores past the first error; drop %s",
                    o->stop_on_error ? "--stop-on-error" : "--races=stop");
    return CLI_EXIT_OK;
}

/* What `gpumc check` cannot take: each kernel's launch lives in the
 * config file, and per-run outputs would be overwritten kernel by kernel. */
static int check_mode_ok(const cli_opts *o, char *err, size_t errsz)
{
    if (o->input)
        return cli_fail_usage(err, errsz, "gpumc check takes no FILE ('%s'): list the "
                    "kernels in the --config file", o->input);
    if (!o->config)
        return cli_fail_usage(err, errsz, "gpumc check needs --config=GATE.json listing "
                    "the kernels to check (see docs/ci.md)");
    if (o->grid.set || o->block.set || o->num_groups.set ||
        o->global_size.set || o->local_size.set || o->nargs || o->kernel ||
        o->gpus >= 0 || o->sub_group_size >= 0 || o->cooperative >= 0 || o->shared_mem >= 0 ||
        o->ncc_args)
        return cli_fail_usage(err, errsz, "gpumc check: launch options (--grid, --block, "
                    "--arg, --kernel, --gpus, --cooperative, --shared-mem, compiler arguments) "
                    "belong in "
                    "the --config file's kernel entries");
    if (o->emit_harness || o->dump_graph)
        return cli_fail_usage(err, errsz, "gpumc check: --emit-harness and "
                    "--dump-error-graph work on one kernel; run gpumc FILE");
    if (o->repair)
        return cli_fail_usage(err, errsz, "gpumc check: --repair, --patch and --apply "
                    "work on one kernel; run gpumc FILE --repair");
    if (o->distributed)
        return cli_fail_usage(err, errsz, "gpumc check: --distributed explores one "
                    "kernel; run mpirun ... gpumc --distributed FILE");
    if (o->estimate)
        return cli_fail_usage(err, errsz, "gpumc check: --estimate verifies nothing; "
                    "run gpumc --estimate FILE");
    if (o->format == CLI_FORMAT_JSON)
        return cli_fail_usage(err, errsz, "gpumc check: --format=json is not supported; "
                    "use the SARIF log (--sarif=FILE or --format=sarif)");
    return CLI_EXIT_OK;
}

static int single_mode_ok(const cli_opts *o, char *err, size_t errsz)
{
    if (o->baseline)
        return cli_fail_usage(err, errsz, "--baseline works with the CI gate: gpumc "
                    "check --config=GATE.json --baseline=%s", o->baseline);
    if (!o->input && !o->want_help && !o->want_version)
        return cli_fail_usage(err, errsz, "no input file; usage: gpumc [options] FILE "
                    "[-- compiler-args...] or gpumc check --config=GATE.json");
    return CLI_EXIT_OK;
}

int cli_opts_parse(cli_opts *o, int argc, char **argv, char *err, size_t errsz)
{
    int rc;
    opt_seen seen;
    memset(&seen, 0, sizeof seen);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--") == 0) {
            for (int j = i + 1; j < argc; j++)
                cli_opts_add_cc_arg(o, argv[j]);
            break;
        }
        if (a[0] == '-' && (a[1] == 'D' || a[1] == 'I') && a[2] != '\0') {
            /* -DNAME=V, -IDIR: the compiler's, as GPUVerify takes them */
            cli_opts_add_cc_arg(o, a);
            continue;
        }
        if (a[0] == '-' && a[1] != '\0') {
            if ((rc = parse_one(o, &seen, argc, argv, &i, err, errsz)) != CLI_EXIT_OK)
                return rc;
            continue;
        }
        if (!o->input && !o->check && strcmp(a, "check") == 0) {
            o->check = 1; /* the subcommand: the first word that is no option */
            continue;
        }
        if (o->input) { /* another file of the same program */
            char **v = realloc(o->more_inputs, (size_t)(o->nmore_inputs + 1) * sizeof *v);
            if (!v)
                return cli_fail_usage(err, errsz, "out of memory");
            o->more_inputs = v;
            o->more_inputs[o->nmore_inputs++] = dup_or_die(a);
            continue;
        }
        o->input = dup_or_die(a);
    }
    for (int k = 0; k < o->nnotes && !o->quiet; k++)
        fprintf(stderr, "gpumc: note: %s\n", o->notes[k]);
    if (o->want_help || o->want_version)
        return CLI_EXIT_OK;
    if ((rc = stopping_ok(o, err, errsz)) != CLI_EXIT_OK)
        return rc;
    return o->check ? check_mode_ok(o, err, errsz) : single_mode_ok(o, err, errsz);
}

/* ---- launch geometry ------------------------------------------------- */

static int dims_equal(const cli_dims *a, const cli_dims *b)
{
    return memcmp(a->v, b->v, sizeof a->v) == 0;
}

/* Merge `from` into `into` (both optional), refusing conflicting values. */
static int merge_dims(cli_dims *into, const char *into_name,
                      const cli_dims *from, const char *from_name,
                      char *err, size_t errsz)
{
    if (!from->set)
        return CLI_EXIT_OK;
    if (into->set && !dims_equal(into, from))
        return cli_fail_usage(err, errsz, "%s and %s disagree; give only one of them",
                    into_name, from_name);
    *into = *from;
    return CLI_EXIT_OK;
}

static int grid_from_global(cli_opts *o, char *err, size_t errsz)
{
    if (!o->block.set)
        return cli_fail_usage(err, errsz, "--global-size needs --local-size (the "
                    "work-group size), e.g. --global-size=4 --local-size=2");
    cli_dims g = {1, {1, 1, 1}};
    for (int i = 0; i < 3; i++) {
        if (o->global_size.v[i] % o->block.v[i] != 0)
            return cli_fail_usage(err, errsz, "--global-size (%d) is not a multiple "
                        "of --local-size (%d) in dimension %d",
                        o->global_size.v[i], o->block.v[i], i);
        g.v[i] = o->global_size.v[i] / o->block.v[i];
    }
    return merge_dims(&o->grid, "--grid/--num-groups", &g, "--global-size",
                      err, errsz);
}

/* First error fast unless something asks to explore on (cli_opts.h). */
static void resolve_stopping(cli_opts *o)
{
    int asked_stop = o->stop_on_error || o->races == CLI_RACES_STOP;
    int keep = o->keep_going || o->repair || o->baseline ||
               (o->races == CLI_RACES_REPORT && !o->stop_on_error) ||
               (o->check && !asked_stop);
    o->keep_going = keep;
    o->stop_on_error = !keep;
    if (o->races < 0)
        o->races = keep ? CLI_RACES_REPORT : CLI_RACES_STOP;
}

/* What an unset option means, decided once, so reports show real values. */
static void apply_defaults(cli_opts *o)
{
    if (o->model < 0)
        o->model = 0; /* src11 */
    if (o->unroll < 0)
        o->unroll = CLI_DEFAULT_UNROLL;
    resolve_stopping(o);
    if (o->divergence < 0)
        o->divergence = 0;
    if (o->liveness < 0)
        o->liveness = 0;
    if (o->uninit < 0)
        o->uninit = 0;
    if (o->benign_races < 0)
        o->benign_races = 0;
    if (o->gpus < 0)
        o->gpus = 1;
    if (o->sub_group_size < 0)
        o->sub_group_size = 0;
    if (o->cooperative < 0)
        o->cooperative = 0;
}

static uint64_t dims_product(const cli_dims *d)
{
    return d->set ? (uint64_t)d->v[0] * (uint64_t)d->v[1] * (uint64_t)d->v[2] : 1;
}

uint64_t cli_opts_block_threads(const cli_opts *o)
{
    return dims_product(&o->block);
}

uint64_t cli_opts_threads(const cli_opts *o)
{
    return dims_product(&o->grid) * dims_product(&o->block) *
           (uint64_t)(o->gpus > 0 ? o->gpus : 1);
}

static int thread_limit(const cli_opts *o, char *err, size_t errsz)
{
    uint64_t n = cli_opts_threads(o);
    if (n <= GPUMC_MAX_THREADS)
        return CLI_EXIT_OK;
    return cli_fail_usage(err, errsz, "the launch has %llu threads (grid x block x "
                          "gpus); gpumc checks at most %d: make it smaller",
                          (unsigned long long)n, GPUMC_MAX_THREADS);
}

int cli_opts_finish(cli_opts *o, char *err, size_t errsz)
{
    apply_defaults(o);
    int rc = merge_dims(&o->block, "--block", &o->local_size, "--local-size",
                        err, errsz);
    if (rc == CLI_EXIT_OK)
        rc = merge_dims(&o->grid, "--grid", &o->num_groups, "--num-groups",
                        err, errsz);
    if (rc == CLI_EXIT_OK && o->global_size.set)
        rc = grid_from_global(o, err, errsz);
    if (rc == CLI_EXIT_OK)
        rc = thread_limit(o, err, errsz);
    if (rc == CLI_EXIT_OK && o->shared_mem > CLI_MAX_SHARED_MEM)
        rc = cli_fail_usage(err, errsz, "--shared-mem=%d: a block has at most %d bytes "
                            "(227 KiB) of dynamic shared memory on any CUDA GPU",
                            o->shared_mem, CLI_MAX_SHARED_MEM);
    if (rc == CLI_EXIT_OK && o->sub_group_size > 32)
        rc = cli_fail_usage(err, errsz, "--sub-group-size=%d: a sub-group has at most 32 "
                            "work-items", o->sub_group_size);
    if (rc == CLI_EXIT_OK && o->estimate && (o->repair || o->distributed))
        rc = cli_fail_usage(err, errsz, "--estimate explores nothing: it does not go with "
                            "%s", o->repair ? "--repair, --patch or --apply" : "--distributed");
    if (rc == CLI_EXIT_OK && o->distributed && o->repair)
        rc = cli_fail_usage(err, errsz, "--repair, --patch and --apply re-check the "
                            "kernel many times; they do not run --distributed");
    return rc;
}

/* ---- help ------------------------------------------------------------ */

static void print_help_text(FILE *f, const char *text)
{
    /* Continuation lines of a help text line up under its first line. */
    for (const char *p = text; *p;) {
        size_t n = strcspn(p, "\n");
        fprintf(f, "%.*s\n", (int)n, p);
        p += n;
        if (*p == '\n') {
            p++;
            fprintf(f, "%32s", "");
        }
    }
}

void cli_print_help(FILE *f)
{
    fprintf(f,
            "usage: gpumc [options] FILE [MORE-FILES...] [-- compiler-args...]\n"
            "       gpumc check --config=GATE.json [--baseline=OLD.sarif] "
            "[--sarif=OUT.sarif]\n\n"
            "Explores every execution of a GPU kernel under the scoped RC11 memory\n"
            "model and reports data races, heterogeneous races, barrier divergence,\n"
            "assertion violations, memory errors and deadlocks.\n\n"
            "FILE is a CUDA kernel (.cu), an OpenCL C kernel (.cl), a scoped-C\n"
            "program (.c), or a pre-lowered harness (.c including gpumc/harness.h).\n"
            "MORE-FILES are the other CUDA or OpenCL files of the same program\n"
            "(built with -rdc / -dc): compiled and linked with FILE, which comes first.\n"
            "Arguments after -- go to the compiler (-D, -I).\n");
    for (size_t i = 0; i < NOPTS; i++) {
        const opt_def *d = &opts[i];
        if (!d->help)
            continue;
        if (!d->name) {
            fprintf(f, "\n%s\n", d->help);
            continue;
        }
        char left[64];
        /* A value that itself holds '=' reads better after a space. */
        const char *sep = !d->meta || d->meta[0] == '[' ? "" : strchr(d->meta, '=') ? " " : "=";
        snprintf(left, sizeof left, "%s%s%s%s%s", d->alias ? d->alias : "",
                 d->alias ? ", " : "", d->name, sep, d->meta ? d->meta : "");
        if (strlen(left) > 28)
            fprintf(f, "  %s\n%32s", left, "");
        else
            fprintf(f, "  %-30s", left);
        print_help_text(f, d->help);
    }
    fprintf(f,
            "\nExit codes: 0 verified, 42 verification error, 3 incomplete, 5 input could\n"
            "not be parsed or lowered, 17 bad usage, 7 internal error; 130, 143, 129:\n"
            "interrupted by SIGINT, SIGTERM, SIGHUP (the report so far is printed).\n"
            "Verified: every execution was explored to its end without an error.\n"
            "Incomplete: no error was found, but a limit, the loop bound or an interrupt\n"
            "left executions unexplored (or none completed).\n"
            "Environment: GPUMC_CC (harness compiler, default cc), GPUMC_CACHE_DIR\n"
            "(harness cache, default $XDG_CACHE_HOME/gpumc or ~/.cache/gpumc),\n"
            "GPUMC_INCLUDE_DIR (directory holding gpumc/harness.h).\n"
            "Full documentation: docs/cli.md; the CI gate: docs/ci.md.\n");
}

void cli_print_version(FILE *f)
{
    fprintf(f, "gpumc %s\n", GPUMC_VERSION);
}
