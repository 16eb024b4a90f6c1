/* driver.c -- see driver.h. */
#include "driver.h"

#include <dlfcn.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "futil.h"
#include "gpumc/checker.h"
#include "hbuild.h"
#include "fechild.h"
#include "lcache.h"
#include "progress.h"
#include "sigstop.h"

typedef enum drv_lang { LANG_HARNESS = 0, LANG_CUDA, LANG_OPENCL, LANG_SCOPED_C } drv_lang;

static const char *const lang_names[] = {"harness", "cuda", "opencl", "scoped-c"};

typedef struct run {
    const cli_opts *o;
    const driver_hooks *h;
    report_ctx ctx;
    drv_lang lang;
    char *text;               /* the harness C text (owned) */
    void *bc;                 /* its instrumented kernel bitcode, or NULL (owned) */
    size_t bclen;
    char *emit_text;          /* --emit-harness of a lowered kernel (owned) */
    char *input_text;         /* the input file (owned) */
    hbuild_out built;
    void *handle;             /* dlopen handle of the harness */
    checker_setup_fn setup;
    double t_start;           /* when the run started: --timeout counts from it */
    /* buffers the kernel read or wrote past their default length, and the
     * length they are checked with now: "NAME=[N]" (owned; kept across the
     * rounds of one run) */
    char **grown;
    unsigned char *grown_cta; /* per entry: an OpenCL __local buffer, one per
                                 work-group (its default: one element per
                                 work-group thread) */
    int ngrown;
    int value_choice;         /* fe_options.value_choice of this round */
    char *notes;              /* the notes printed with the verdict, a line each
                                 (owned; the JSON report's "notes") */
} run;

/* stages(): check again, with a default-length buffer grown (grow_defaults). */
#define DRIVER_AGAIN (-1)
static unsigned long long grown_len(const run *R, const char *name, int *at);

/* ---- messages -------------------------------------------------------- */

/* Hand an error that ends the run to the hooks (which may also put it in
 * a JSON or SARIF report, so a consumer always gets one) and return its
 * exit code.  The message is already on stderr (unless the hooks asked
 * for quiet failures). */
static int failed(run *R, int code, const char *msg)
{
    if (R->h->on_failure)
        R->h->on_failure(R->h->ud, &R->ctx, code, msg);
    return code;
}

/* Report an error that ends the run on stderr, then as failed(). */
static int fail(run *R, int code, const char *fmt, ...)
{
    char msg[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (!R->h->quiet_failures)
        fprintf(stderr, "gpumc: %s: %s\n",
                code == CLI_EXIT_INTERNAL ? "internal error" : "error", msg);
    return failed(R, code, msg);
}

static void note(const run *R, const char *fmt, ...)
{
    if (R->o->quiet)
        return;
    va_list ap;
    va_start(ap, fmt);
    futil_vmessage("note: ", fmt, ap);
    va_end(ap);
}

static void say(const run *R, const char *fmt, ...)
{
    if (!R->o->verbose)
        return;
    va_list ap;
    va_start(ap, fmt);
    futil_vmessage("", fmt, ap);
    va_end(ap);
}

/* ---- input ----------------------------------------------------------- */

static int is_prelowered(const char *text)
{
    return strstr(text, "gpumc/harness.h") && strstr(text, "gpumc_harness_setup");
}

static int classify(run *R)
{
    const char *path = R->o->input;
    const char *slash = strrchr(path, '/');
    const char *dot = strrchr(slash ? slash : path, '.');
    const char *ext = dot ? dot : "";
    if (strcmp(ext, ".cu") == 0 || strcmp(ext, ".cuh") == 0)
        R->lang = LANG_CUDA;
    else if (strcmp(ext, ".cl") == 0)
        R->lang = LANG_OPENCL;
    else if (strcmp(ext, ".c") == 0)
        R->lang = is_prelowered(R->input_text) ? LANG_HARNESS : LANG_SCOPED_C;
    else
        return fail(R, CLI_EXIT_USAGE, "cannot tell the language of '%s' from "
                    "its name: use .cu (CUDA), .cl (OpenCL C) or .c (scoped C "
                    "or a harness including gpumc/harness.h)", path);
    for (int i = 0; i < R->o->nmore_inputs; i++) {
        const char *m = R->o->more_inputs[i], *ms = strrchr(m, '/');
        const char *md = strrchr(ms ? ms : m, '.');
        int same = md && (R->lang == LANG_CUDA ? !strcmp(md, ".cu") || !strcmp(md, ".cuh")
                          : R->lang == LANG_OPENCL && !strcmp(md, ".cl"));
        if (!same)
            return fail(R, CLI_EXIT_USAGE, "'%s' cannot be linked with '%s': more files are "
                        "for a CUDA (.cu) or OpenCL (.cl) program, in its language", m, path);
        if (access(m, R_OK) != 0)
            return fail(R, CLI_EXIT_USAGE, "cannot open '%s': %s", m, strerror(errno));
    }
    if (R->o->sub_group_size && R->lang != LANG_OPENCL)
        return fail(R, CLI_EXIT_USAGE, "--sub-group-size is for OpenCL kernels: CUDA's warps "
                    "are 32 threads, and a harness declares its own");
    if (R->o->cooperative > 0 && R->lang != LANG_CUDA)
        return fail(R, CLI_EXIT_USAGE, "--cooperative is for CUDA kernels: it says the kernel "
                    "is launched with cudaLaunchCooperativeKernel, so its grid may sync()");
    if (R->o->shared_mem >= 0 && R->lang != LANG_CUDA)
        return fail(R, CLI_EXIT_USAGE, "--shared-mem is for CUDA kernels: it sizes their "
                    "extern __shared__ arrays (OpenCL sizes a __local parameter with --arg)");
    if (R->o->npost && R->lang != LANG_CUDA && R->lang != LANG_OPENCL)
        return fail(R, CLI_EXIT_USAGE, "--post is for CUDA and OpenCL kernels: it checks their "
                    "arguments after the launch (a %s program asserts in its own code%s)",
                    lang_names[R->lang], R->lang == LANG_SCOPED_C ? ", in main after the "
                    "pthread_join calls" : "");
    if (R->o->global_offset.set && R->lang != LANG_OPENCL)
        return fail(R, CLI_EXIT_USAGE, "--global-offset is for OpenCL kernels (CUDA has no "
                    "global work offset)");
    R->ctx.language = lang_names[R->lang];
    R->ctx.style = R->lang == LANG_OPENCL ? REPORT_STYLE_OPENCL
                 : R->lang == LANG_SCOPED_C ? REPORT_STYLE_SCOPED_C
                 : REPORT_STYLE_CUDA;
    return CLI_EXIT_OK;
}

static int read_input(run *R)
{
    R->input_text = futil_read(R->o->input, NULL);
    if (!R->input_text)
        return fail(R, CLI_EXIT_USAGE, "cannot open '%s': %s", R->o->input,
                    strerror(errno));
    return classify(R);
}

/* Launch options mean nothing to a harness that declares its own threads. */
static void warn_ignored(const run *R)
{
    const cli_opts *o = R->o;
    if (o->grid.set || o->block.set || o->nargs || o->kernel || o->gpus > 1)
        note(R, "%s is a pre-lowered harness: its threads and buffers are its "
             "own, so --grid/--block/--arg/--kernel/--gpus are ignored",
             o->input);
}

/* The clang that builds compile-pipeline harnesses: the one the frontend
 * was built with, or $GPUMC_CLANG. */
static const char *clang_path(void)
{
    const char *env = getenv("GPUMC_CLANG");
#ifdef GPUMC_CLANG
    return env && *env ? env : GPUMC_CLANG;
#else
    return env && *env ? env : "clang";
#endif
}

#if GPUMC_HAVE_FRONTEND
/* A file's identity: device, inode, modification time, size. */
static uint64_t add_file_identity(uint64_t h, const char *path)
{
    struct stat st;
    char id[128] = "";
    if (stat(path, &st) == 0)
        snprintf(id, sizeof id, "%llu:%llu:%lld.%09ld:%lld", (unsigned long long)st.st_dev,
                 (unsigned long long)st.st_ino, (long long)st.st_mtim.tv_sec,
                 st.st_mtim.tv_nsec, (long long)st.st_size);
    return lcache_add(h, id);
}

/* gpumc and its frontend as built (a rebuilt one lowers differently). */
static uint64_t add_build_identity(uint64_t h)
{
    return add_file_identity(add_file_identity(h, "/proc/self/exe"), fechild_path());
}

/* Everything the lowering depends on but the files clang reads. */
static uint64_t lowering_key(const fechild_req *rq)
{
    char cwd[4096], v[160];
    uint64_t h = add_build_identity(LCACHE_SEED);
    h = lcache_add(lcache_add(h, rq->lang), rq->input);
    for (int i = 0; i < rq->nmore_inputs; i++)
        h = lcache_add(h, rq->more_inputs[i]);
    h = lcache_add(h, getcwd(cwd, sizeof cwd) ? cwd : "?");
    h = lcache_add(h, rq->kernel);
    for (int k = 0; k < 2; k++) {
        const int *d = k ? rq->block : rq->grid;
        snprintf(v, sizeof v, "%d,%d,%d", d ? d[0] : 0, d ? d[1] : 0, d ? d[2] : 0);
        h = lcache_add(h, v);
    }
    snprintf(v, sizeof v, "%d/%d/%d/%d/%d/%d/%d,%d,%d", rq->gpus, rq->sub_group,
             rq->value_choice, rq->volatile_relaxed, rq->cooperative, rq->shared_mem,
             rq->offset ? rq->offset[0] : 0, rq->offset ? rq->offset[1] : 0,
             rq->offset ? rq->offset[2] : 0);
    h = lcache_add(h, v);
    for (int i = 0; i < rq->nargs; i++)
        h = lcache_add(h, rq->args[i]);
    h = lcache_add(h, "--");
    for (int i = 0; i < rq->ncc_args; i++)
        h = lcache_add(h, rq->cc_args[i]);
    h = lcache_add(h, "--");
    for (int i = 0; i < rq->npost; i++)
        h = lcache_add(h, rq->post[i]);
    return lcache_add(lcache_add(h, clang_path()), fechild_path());
}

/* A cached lowering of the same kernel, if still valid. */
static int lower_cached(run *R, const fechild_req *rq, uint64_t *key, char *cache, size_t n)
{
    char why[512];
    if (hbuild_cache_dir(cache, n, why, sizeof why) != 0)
        return -1; /* build() reports it */
    *key = lowering_key(rq);
    if (lcache_get(cache, *key, &R->text, &R->bc, &R->bclen) != 0)
        return -1;
    say(R, "lowering cached: %s", rq->input);
    return 0;
}

static int interrupted(run *R, int rc);

static int lower_in_child(run *R, const fechild_req *rq, uint64_t key, const char *cache)
{
    say(R, "lowering %s (%s) with %s", rq->input, R->ctx.language, fechild_path());
    fechild_out out;
    char *msg = NULL;
    int rc = fechild_lower(rq, &out, &msg);
    if (rc == FECHILD_TIMED_OUT) { /* stages() reports it as an incomplete run */
        R->ctx.compile_timed_out = R->ngrown ? 2 : 1;
        return CLI_EXIT_INCOMPLETE;
    }
    if (rc == FECHILD_STOPPED)
        return interrupted(R, CLI_EXIT_INTERNAL);
    if (rc != 0) {
        /* The frontend's message starts with file:line:col like a compiler's. */
        const char *m = msg ? msg : "the frontend failed";
        if (!R->h->quiet_failures)
            fprintf(stderr, "%s%s", m, m[0] && m[strlen(m) - 1] == '\n' ? "" : "\n");
        int code = rc == CLI_EXIT_USAGE ? CLI_EXIT_USAGE
                   : rc == CLI_EXIT_INTERNAL ? CLI_EXIT_INTERNAL : CLI_EXIT_INPUT;
        rc = failed(R, code, m);
        free(msg);
        return rc;
    }
    if (out.deps && key)
        lcache_put(cache, key, out.deps, out.c, out.bc, out.bclen); /* a failure: a later miss */
    R->text = out.c;
    R->bc = out.bc;
    R->bclen = out.bclen;
    R->emit_text = out.text;
    free(out.deps);
    return CLI_EXIT_OK;
}

static int lower_with_frontend(run *R)
{
    const cli_opts *o = R->o;
    static const char *const langs[] = {"auto", "cuda", "opencl", "c"};
    /* the user's arguments, then the grown buffers (each replacing the
     * user's type-only argument of that name, if any) */
    char **args = calloc((size_t)(o->nargs + R->ngrown) + 1, sizeof *args);
    if (!args)
        return fail(R, CLI_EXIT_INTERNAL, "out of memory");
    int rc = CLI_EXIT_OK, nargs = 0;
    for (int i = 0, at; i < o->nargs && rc == CLI_EXIT_OK; i++) {
        size_t n = strlen(o->args[i].name) + strlen(o->args[i].value) + 2;
        if (grown_len(R, o->args[i].name, &at))
            continue;
        if (!(args[nargs] = malloc(n)))
            rc = fail(R, CLI_EXIT_INTERNAL, "out of memory");
        else
            snprintf(args[nargs++], n, "%s=%s", o->args[i].name, o->args[i].value);
    }
    for (int i = 0; i < R->ngrown && rc == CLI_EXIT_OK; i++)
        if (!(args[nargs++] = strdup(R->grown[i])))
            rc = fail(R, CLI_EXIT_INTERNAL, "out of memory");
    fechild_req rq = {
        .input = o->input, .lang = langs[R->lang], .kernel = o->kernel,
        .more_inputs = (const char *const *)o->more_inputs, .nmore_inputs = o->nmore_inputs,
        .grid = o->grid.set ? o->grid.v : NULL, .block = o->block.set ? o->block.v : NULL,
        .gpus = o->gpus, .sub_group = o->sub_group_size, .value_choice = R->value_choice,
        .volatile_relaxed = o->volatile_relaxed, .cooperative = o->cooperative,
        .shared_mem = o->shared_mem,
        .offset = o->global_offset.set ? o->global_offset.v : NULL,
        .args = (const char *const *)args, .nargs = nargs,
        .post = (const char *const *)o->post, .npost = o->npost,
        .cc_args = (const char *const *)o->cc_args, .ncc_args = o->ncc_args,
        .want_text = o->emit_harness != NULL,
        .deadline = o->timeout > 0 ? R->t_start + o->timeout : 0,
        .stop = sigstop_flag(),
    };
    char cache[HBUILD_PATH_MAX];
    uint64_t key = 0;
    if (rc == CLI_EXIT_OK && !rq.want_text && lower_cached(R, &rq, &key, cache, sizeof cache) == 0)
        goto out;
    if (rc == CLI_EXIT_OK)
        rc = lower_in_child(R, &rq, key, cache);
out:
    for (int i = 0; i < nargs; i++)
        free(args[i]);
    free(args);
    return rc;
}
#endif

static int lower(run *R)
{
    if (R->lang == LANG_HARNESS) {
        warn_ignored(R);
        R->text = strdup(R->input_text);
        return R->text ? CLI_EXIT_OK : fail(R, CLI_EXIT_INTERNAL, "out of memory");
    }
#if GPUMC_HAVE_FRONTEND
    return lower_with_frontend(R);
#else
    return fail(R, CLI_EXIT_USAGE, "this gpumc was built without the frontend "
                "(GPUMC_FRONTEND=OFF or libclang missing), so it only checks "
                "pre-lowered harnesses (.c files including gpumc/harness.h)");
#endif
}

static int emit_harness(run *R)
{
    const char *path = R->o->emit_harness;
    if (!path)
        return CLI_EXIT_OK;
    const char *text = R->emit_text ? R->emit_text : R->text;
    int bad = futil_write(path, text, strlen(text)) != 0;
    int err = errno;
    if (bad)
        return fail(R, CLI_EXIT_USAGE, "--emit-harness=%s: cannot write it: %s",
                    path, strerror(err));
    say(R, "harness written to %s", path);
    return CLI_EXIT_OK;
}

/* ---- building and loading -------------------------------------------- */

/* A signal before the exploration: nothing explored, nothing to report,
 * exit 128 + sig; else rc.  (A compiler killed by the same Ctrl-C is no
 * compile error.) */
static int interrupted(run *R, int rc)
{
    int sig = sigstop_signal();
    if (!sig)
        return rc;
    return fail(R, sigstop_exit_code(sig), "interrupted by %s before the "
                "exploration started", sigstop_name(sig));
}

/* A harness the user wrote is input (exit 5); one we generated is ours (7). */
static int build_error(run *R, int what, const char *diag)
{
    if (sigstop_signal())
        return interrupted(R, CLI_EXIT_INTERNAL);
    if (R->lang == LANG_HARNESS && what == HBUILD_COMPILE) {
        if (!R->h->quiet_failures)
            fprintf(stderr, "%s", diag ? diag : "");
        return fail(R, CLI_EXIT_INPUT, "the harness %s does not compile",
                    R->o->input);
    }
    if (what == HBUILD_COMPILE)
        return fail(R, CLI_EXIT_INTERNAL, "the generated harness does not "
                    "compile (kept at %s; please report it with the kernel):\n%s",
                    R->built.c_path, diag ? diag : "");
    return fail(R, CLI_EXIT_INTERNAL, "%s", diag ? diag : "harness build failed");
}

static int compile_harness(run *R, const hbuild_opts *ho)
{
    char *diag = NULL;
    int what = hbuild_compile(ho, R->lang == LANG_HARNESS ? R->o->input : NULL,
                              R->text, &R->built, &diag);
    if (what == HBUILD_TIMED_OUT) { /* stages() reports it as an incomplete run */
        R->ctx.compile_timed_out = R->ngrown ? 2 : 1;
        return CLI_EXIT_INCOMPLETE;
    }
    int rc = what == HBUILD_OK ? CLI_EXIT_OK : build_error(R, what, diag);
    free(diag);
    return rc;
}

static int load_harness(run *R, const hbuild_opts *ho)
{
    char err[1024];
    if (hbuild_load(R->built.so_path, &R->handle, &R->setup, err, sizeof err) == 0)
        return CLI_EXIT_OK;
    if (R->built.cached) {
        /* A stale or damaged cache entry: rebuild it once. */
        say(R, "cached harness does not load (%s); rebuilding", err);
        hbuild_evict(&R->built);
        int rc = compile_harness(R, ho);
        if (rc != CLI_EXIT_OK)
            return rc;
        if (hbuild_load(R->built.so_path, &R->handle, &R->setup, err, sizeof err) == 0)
            return CLI_EXIT_OK;
    }
    return fail(R, R->lang == LANG_HARNESS ? CLI_EXIT_INPUT : CLI_EXIT_INTERNAL,
                "cannot load the harness: %s", err);
}

static int build(run *R)
{
    char inc[HBUILD_PATH_MAX], cache[HBUILD_PATH_MAX], why[HBUILD_PATH_MAX + 128];
    if (hbuild_find_include(inc, sizeof inc) != 0)
        return fail(R, CLI_EXIT_INTERNAL, "cannot find gpumc/harness.h; set "
                    "GPUMC_INCLUDE_DIR to the directory that holds gpumc/");
    if (hbuild_cache_dir(cache, sizeof cache, why, sizeof why) != 0)
        return fail(R, CLI_EXIT_USAGE, "harness cache: %s; gpumc loads the "
                    "code it compiles there, so it must be private: chmod go-w "
                    "it, or set GPUMC_CACHE_DIR to a private directory", why);
    const char *cc = getenv("GPUMC_CC");
    hbuild_opts ho = {
        .cc = cc && *cc ? cc : "cc",
        .include_dir = inc,
        .cache_dir = cache,
        /* Arguments after -- went to the frontend; a user harness gets them. */
        .extra = R->lang == LANG_HARNESS ? R->o->cc_args : NULL,
        .nextra = R->lang == LANG_HARNESS ? R->o->ncc_args : 0,
        .verbose = R->o->verbose,
        .bc = R->bc,
        .bclen = R->bclen,
        .bc_cc = clang_path(),
        .deadline = R->o->timeout > 0 ? R->t_start + R->o->timeout : 0,
        .stop = sigstop_flag(),
    };
    int rc = compile_harness(R, &ho);
    return rc == CLI_EXIT_OK ? load_harness(R, &ho) : rc;
}

/* ---- exploring and reporting ----------------------------------------- */

static void checker_opts_from(const cli_opts *o, checker_options *co)
{
    checker_options_default(co);
    co->model = (checker_model)o->model;
    co->races = o->races;
    co->divergence = o->divergence;
    co->exit_releases = o->exit_releases;
    co->liveness = o->liveness;
    co->uninit = o->uninit == 1;
    co->benign = o->benign_races == 1;
    co->intra_group_races = o->intra_group_races;
    co->warp_sync = o->warp_sync > 0 ? (unsigned)o->warp_sync : 0;
    co->stop_on_error = o->stop_on_error;
    co->max_executions = o->max_executions;
    co->max_memory_mb = o->max_memory_mb;
    co->max_events_per_thread = o->max_events_per_thread;
    co->no_commute = o->no_commute;
    co->commute_float = o->commute_float;
    co->timeout = o->timeout;
    /* Stopping at the first error shows its trace (report_text.h). */
    co->want_trace = o->repair ? 2 : o->verbose || o->format == CLI_FORMAT_JSON ||
                                         o->stop_on_error;
    co->want_dot = o->dump_graph != NULL;
    co->jobs = o->threads > 1 ? (unsigned)o->threads : 1;
    co->estimate = o->estimate > 0 ? (unsigned)o->estimate : 0;
    co->interrupt = sigstop_flag();
}

/* The kernel's own __requires refused the argument values gpumc chose
 * (exit 17), its __assume blocked every execution, or a thread ran past
 * its event budget (a size of gpumc's choosing looping a thread through it
 * is no finding of the program's): lower it again with the next choice
 * (fe_options.value_choice: 1, then 0), if any is left. */
static int other_values(run *R, const char *why)
{
    if (R->h->dist || !hbuild_chose_values(R->handle) || R->value_choice >= 2)
        return 0; /* (ranks of a distributed run would decide apart) */
    R->value_choice++;
    say(R, "%s; checking again with the arguments gpumc chose set to %d", why,
        R->value_choice == 1 ? 1 : 0);
    return 1;
}

static int ran_past_budget(const checker_result *r)
{
    for (unsigned i = 0; i < r->nfindings; i++)
        if (r->findings[i].kind == FINDING_NONTERMINATION)
            return 1;
    return 0;
}

/* What the exploration's callbacks share: the progress line and the
 * kernel's printf output (shown with -v after each complete execution,
 * else counted for a note). */
typedef struct explore_ctx {
    progress p;
    const run *R;
    hbuild_output_fn output;
    uint64_t executions, lines, first_lines;
} explore_ctx;

static void explore_progress(void *ud, uint64_t complete, uint64_t blocked, unsigned size)
{
    progress_update(&((explore_ctx *)ud)->p, complete, blocked, size);
}

static unsigned count_lines(const char *s)
{
    unsigned n = 0;
    for (; *s; s++)
        n += *s == '\n' || (!s[1] && *s != '\n');
    return n;
}

/* A complete execution: what each thread that finished printed. */
static void explore_output(void *ud, const gpumc_exec *x, int blocked)
{
    explore_ctx *e = ud;
    if (blocked)
        return;
    e->executions++;
    int shown = 0, n = gpumc_exec_nthreads(x);
    for (int t = 0; t < n; t++) {
        int k = gpumc_exec_nevents(x, t);
        gpumc_ev_info last;
        if (k <= 0)
            continue;
        gpumc_exec_event(x, t, k - 1, &last);
        const char *text = last.kind == EV_END ? e->output((unsigned)t) : NULL;
        if (!text)
            continue;
        unsigned lines = count_lines(text);
        e->lines += lines;
        e->first_lines += e->executions == 1 ? lines : 0;
        if (e->R->o->verbose && !shown++)
            fprintf(stderr, "gpumc: the kernel's printf output in execution %llu:\n",
                    (unsigned long long)e->executions);
        if (e->R->o->verbose)
            fprintf(stderr, "%s%s", text, text[strlen(text) - 1] == '\n' ? "" : "\n");
    }
}

static void explore_restart(void *ud)
{
    explore_ctx *e = ud;
    e->executions = e->lines = e->first_lines = 0;
}

/* How much the kernel printed, when -v did not show it. */
static void note_output(const run *R, const explore_ctx *e)
{
    if (!e->output || R->o->verbose || !e->lines)
        return;
    note(R, "the kernel's printf wrote %llu line%s in the first execution, %llu in all %llu "
         "explored (-v prints each execution's output)", (unsigned long long)e->first_lines,
         e->first_lines == 1 ? "" : "s", (unsigned long long)e->lines,
         (unsigned long long)e->executions);
}

static int explore(run *R, checker_result *r)
{
    checker_options co;
    explore_ctx e;
    memset(&e, 0, sizeof e);
    e.R = R;
    checker_opts_from(R->o, &co);
    co.warp_exit_releases = R->lang == LANG_CUDA;
    co.opencl_names = R->lang == LANG_OPENCL;
    if (co.timeout > 0) { /* what compiling left of it (never 0: that is no limit) */
        double left = R->o->timeout - (futil_now() - R->t_start);
        co.timeout = left > 1e-3 ? left : 1e-3;
    }
    co.dist = R->h->dist;
    progress_init(&e.p, R->o->progress, R->o->quiet, R->h->label);
    co.on_progress = explore_progress;
    co.ud = &e;
    e.output = co.jobs <= 1 && !co.dist ? hbuild_output(R->handle) : NULL;
    if (e.output) { /* (workers of a parallel run call no on_execution) */
        co.on_execution = explore_output;
        co.on_restart = explore_restart;
    }
    say(R, "exploring with model %s", cli_model_name(R->o->model));
    int rc = checker_run(R->setup, &co, r);
    progress_end(&e.p);
    note_output(R, &e);
    if (r->status >= 0)
        return CLI_EXIT_OK;
    if (r->error_exit == CLI_EXIT_USAGE && other_values(R, r->error))
        return DRIVER_AGAIN;
    /* Setup errors are the harness's (exit 5); the engine says 7 when the
     * fault is its own, 17 when the launch breaks a precondition. */
    (void)rc;
    int code = r->error_exit == CLI_EXIT_INTERNAL || r->error_exit == CLI_EXIT_USAGE
                   ? r->error_exit : CLI_EXIT_INPUT;
    return fail(R, code, "%s", r->error[0] ? r->error : "the harness setup failed");
}

/* The result goes to the hooks while the harness is still loaded: the
 * findings point into it (region names, the source table). */
static int report(run *R, const checker_result *r, double t_start)
{
    R->ctx.timing.total = futil_now() - t_start;
    return R->h->on_result(R->h->ud, &R->ctx, r);
}

static int dims_used(const cli_dims *d)
{
    if (!d->set)
        return 1;
    return d->v[2] > 1 ? 3 : d->v[1] > 1 ? 2 : 1;
}

static void run_init(run *R, const cli_opts *o, const driver_hooks *h)
{
    memset(R, 0, sizeof *R);
    R->o = o;
    R->h = h;
    R->ctx.opts = o;
    R->ctx.src = h->src;
    R->ctx.ngpus = o->gpus;
    int g = dims_used(&o->grid), b = dims_used(&o->block);
    R->ctx.dims = g > b ? g : b;
}

/* After lowering or building: go on (CLI_EXIT_OK), or end the run -- as
 * an incomplete one when --timeout ran out while compiling. */
static int compiled(run *R, checker_result *r, int rc, double t_start)
{
    if (rc == CLI_EXIT_INCOMPLETE && R->ctx.compile_timed_out) {
        r->status = CHECKER_TIMEOUT; /* nothing explored */
        return report(R, r, t_start);
    }
    return rc != CLI_EXIT_OK ? rc : interrupted(R, rc);
}

/* ---- buffers longer than their default ---------------------------------- */

/* A pointer argument given no length has one element per global thread
 * (an OpenCL __local one, per work-group thread).  When the kernel goes
 * past that, the length was gpumc's guess, not the program's: the run
 * starts again with the buffer long enough (eight times, or to the element
 * it touched), as an array with no stated length is unbounded for
 * GPUVerify -- up to GROW_MAX_BYTES in all (every work-group's copy) and
 * GROW_MAX_ROUNDS runs; past that, or before its start, the access is the
 * memory error it looks like. */
#define GROW_MAX_BYTES (256ull << 20)
#define GROW_MAX_ROUNDS 16

/* The grown length of NAME so far (0: none), and its slot. */
static unsigned long long grown_len(const run *R, const char *name, int *at)
{
    size_t n = strlen(name);
    for (*at = 0; *at < R->ngrown; (*at)++)
        if (!strncmp(R->grown[*at], name, n) && R->grown[*at][n] == '=')
            return strtoull(strchr(R->grown[*at], '[') + 1, NULL, 10); /* NAME=[TYPE][N] */
    return 0;
}

/* The kernel argument region names: its name up to "@cta" (an OpenCL
 * __local buffer is one region per work-group, "NAME@ctaK"). */
static void region_param(const char *region, char *name, size_t n, int *per_cta)
{
    const char *at = strstr(region, "@cta");
    *per_cta = at != NULL;
    snprintf(name, n, "%.*s", at ? (int)(at - region) : (int)strlen(region), region);
}

static int grow_one(run *R, const finding_event *e)
{
    char name[128];
    int at, per_cta;
    region_param(e->region, name, sizeof name, &per_cta);
    unsigned long long cur = grown_len(R, name, &at), esize, want;
    if (!cur)
        cur = per_cta ? cli_opts_block_threads(R->o) : cli_opts_threads(R->o);
    esize = cur ? e->region_size / cur : 0;
    if (!esize)
        return 0;
    /* up to its last byte's element: the note then says the length the kernel needs */
    want = (e->offset + (e->size ? e->size : 1) - 1) / esize + 1;
    if (want > GPUMC_MAX_BUFFER_ELEMS)
        return 0;
    if (want < 8 * cur) /* few rounds: the first access past the end is not the last */
        want = 8 * cur;
    if (want > GPUMC_MAX_BUFFER_ELEMS)
        want = GPUMC_MAX_BUFFER_ELEMS;
    unsigned long long copies = per_cta ? cli_opts_threads(R->o) / cli_opts_block_threads(R->o) : 1;
    if (want * esize * copies > GROW_MAX_BYTES)
        return 0;
    /* the element type the user gave without a length, if any ("a=float") */
    int given = cli_opts_find_arg(R->o, name);
    const char *type = given >= 0 ? R->o->args[given].value : "";
    char text[256];
    snprintf(text, sizeof text, "%s=%.*s[%llu]", name, (int)strcspn(type, "[:"), type, want);
    char *dup = strdup(text), **g = realloc(R->grown, sizeof *g * (size_t)(R->ngrown + 1));
    if (g)
        R->grown = g;
    unsigned char *c = realloc(R->grown_cta, (size_t)(R->ngrown + 1));
    if (c)
        R->grown_cta = c;
    if (!dup || !g || !c) {
        free(dup);
        return 0;
    }
    if (at < R->ngrown)
        free(R->grown[at]);
    else
        R->ngrown++;
    R->grown[at] = dup;
    R->grown_cta[at] = (unsigned char)per_cta;
    say(R, "'%s' had %llu elements and the kernel accessed element %llu: checking again "
        "with --arg %s=[%llu]", name, cur, e->offset / esize, name, want);
    return 1;
}

/* A note about the input the run checked: printed (not with -q) and kept
 * for the JSON report. */
static void input_note(run *R, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void input_note(run *R, const char *fmt, ...)
{
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    note(R, "%s", line);
    size_t have = R->notes ? strlen(R->notes) : 0, n = strlen(line);
    char *p = realloc(R->notes, have + n + 2);
    if (!p)
        return; /* the JSON loses the note; the user saw it */
    memcpy(p + have, line, n);
    strcpy(p + have + n, "\n");
    R->notes = p;
    R->ctx.notes = p;
}

#define ZEROED_NOTE " zero-filled, no values given ("

/* The harness names every buffer read with no values given ("... given
 * ('a', 'b'); ..."), including those the user gave a length alone (the
 * zeros are the user's then) and those the driver grew from a default
 * (its --arg is not the user's): keep only the names without a --arg of
 * the user's.  0 when none is left. */
static int keep_zeroed_defaults(const run *R, char *line, size_t size)
{
    char *list = strstr(line, ZEROED_NOTE);
    if (!list)
        return 1;
    list += strlen(ZEROED_NOTE);
    char *end = strchr(list, ')'), kept[1024] = "";
    if (!end)
        return 1;
    for (char *q = list; q < end && (q = strchr(q, '\'')) && q < end;) {
        char *close = strchr(q + 1, '\'');
        if (!close || close > end)
            break;
        char name[256];
        snprintf(name, sizeof name, "%.*s", (int)(close - q - 1), q + 1);
        if (cli_opts_find_arg(R->o, name) < 0)
            snprintf(kept + strlen(kept), sizeof kept - strlen(kept), "%s'%s'",
                     kept[0] ? ", " : "", name);
        q = close + 1;
    }
    if (!kept[0])
        return 0;
    char rest[1024];
    snprintf(rest, sizeof rest, "%s", end);
    snprintf(list, size - (size_t)(list - line), "%s%s", kept, rest);
    return 1;
}

/* The harness's notes on the inputs it chose (kernel arguments given no
 * value, buffers read as zeros), a line each. */
static void note_harness(run *R)
{
    const char *s = hbuild_notes(R->handle);
    while (s && *s) {
        int n = (int)strcspn(s, "\n");
        char line[1024];
        snprintf(line, sizeof line, "%.*s", n, s);
        s += n + (s[n] == '\n');
        if (!keep_zeroed_defaults(R, line, sizeof line))
            continue;
        input_note(R, "%s", line);
        /* (the frontend's wording for what it chose, ir_glue.c emit_notes) */
        R->ctx.chosen_inputs |= strstr(line, " without a value were checked") != NULL ||
                                strstr(line, ZEROED_NOTE) != NULL ||
                                strstr(line, " without a definition (") != NULL;
    }
}

/* A kernel checked without a launch size ran as one thread: say so, since
 * a race or divergence needs more of them to show. */
static void note_launch(run *R)
{
    const cli_opts *o = R->o;
    if ((R->lang != LANG_CUDA && R->lang != LANG_OPENCL) || o->grid.set || o->block.set ||
        o->num_groups.set || o->local_size.set || o->global_size.set)
        return;
    R->ctx.chosen_inputs = 1;
    if (R->lang == LANG_CUDA)
        input_note(R, "no launch size was given, so one CTA of one thread was checked: give "
                   "the kernel's with --grid and --block");
    else
        input_note(R, "no launch size was given, so one work-group of one work-item was "
                   "checked: give the kernel's with --local-size and --num-groups (or "
                   "--global-size)");
}

/* Say which buffers were checked longer than their default. */
static void note_grown(run *R)
{
    for (int i = 0; i < R->ngrown; i++) {
        int n = (int)strcspn(R->grown[i], "="), at;
        char name[128];
        snprintf(name, sizeof name, "%.*s", n, R->grown[i]);
        int cta = R->grown_cta[i];
        uint64_t deflen = cta ? cli_opts_block_threads(R->o) : cli_opts_threads(R->o);
        R->ctx.chosen_inputs = 1;
        input_note(R, "'%s' was checked with %llu elements: the kernel goes past its default "
                   "length (one element per %s thread, %llu); give the length the program "
                   "uses with --arg %s=[N]", name, grown_len(R, name, &at),
                   cta ? "work-group" : "global", (unsigned long long)deflen, name);
    }
}

/* Did the kernel go past a default-length buffer's end (and was it grown)? */
static int grow_defaults(run *R, const checker_result *r, int round)
{
    int grew = 0;
    if (R->h->dist || round >= GROW_MAX_ROUNDS)
        return 0; /* (ranks of a distributed run would decide apart) */
    for (unsigned i = 0; i < r->nfindings; i++) {
        const finding_event *e = &r->findings[i].a;
        int at;
        char name[128];
        int per_cta;
        if (r->findings[i].kind != FINDING_MEMORY || !e->valid || e->below ||
            e->offset + (e->size ? e->size : 1) <= e->region_size)
            continue; /* (inside the buffer: misaligned, say) */
        region_param(e->region, name, sizeof name, &per_cta);
        if (e->default_len || grown_len(R, name, &at))
            grew |= grow_one(R, e);
    }
    return grew;
}

/* Each stage records its own time; a failing stage ends the run. */
static int stages(run *R, checker_result *r, double t_start, int round)
{
    double t = futil_now();
    int rc = read_input(R);
    if (rc == CLI_EXIT_OK)
        rc = lower(R);
    if (rc == CLI_EXIT_OK)
        rc = emit_harness(R);
    R->ctx.timing.lower = futil_now() - t;
    if ((rc = compiled(R, r, rc, t_start)) != CLI_EXIT_OK)
        return rc;
    t = futil_now();
    rc = build(R);
    R->ctx.timing.compile = futil_now() - t;
    if ((rc = compiled(R, r, rc, t_start)) != CLI_EXIT_OK)
        return rc;
    t = futil_now();
    rc = explore(R, r);
    R->ctx.timing.explore = futil_now() - t;
    if (rc == DRIVER_AGAIN)
        return rc;
    if (rc == CLI_EXIT_OK && r->status == CHECKER_EXPLORED && r->complete == 0 &&
        r->blocked > 0 && r->nfindings == 0 && other_values(R, "every execution was blocked"))
        return DRIVER_AGAIN;
    if (rc == CLI_EXIT_OK && ran_past_budget(r) &&
        other_values(R, "a thread ran past its event budget"))
        return DRIVER_AGAIN;
    if (rc == CLI_EXIT_OK && R->h->dist && R->h->dist->rank != 0)
        return CLI_EXIT_OK; /* rank 0 reports for all */
    if (rc == CLI_EXIT_OK && grow_defaults(R, r, round))
        return DRIVER_AGAIN;
    if (rc == CLI_EXIT_OK) {
        note_launch(R);
        note_harness(R);
        note_grown(R);
    }
    return rc == CLI_EXIT_OK ? report(R, r, t_start) : rc;
}

/* One round's harness and result go; the grown buffers stay. */
static void end_round(run *R, checker_result *r)
{
    /* Findings point into the harness (region names, source table), so
     * the result goes first; it exists once the harness was loaded. */
    if (R->setup)
        checker_result_free(r);
    if (R->handle)
        dlclose(R->handle);
    free(R->text);
    free(R->bc);
    free(R->emit_text);
    free(R->input_text);
    free(R->notes);
}

int driver_run_hooks(const cli_opts *o, double t_start, const driver_hooks *h)
{
    run R;
    checker_result r;
    char **grown = NULL;
    unsigned char *grown_cta = NULL;
    int ngrown = 0, value_choice = 0, rc;
    for (int round = 0;; round++) {
        memset(&r, 0, sizeof r);
        run_init(&R, o, h);
        R.t_start = t_start;
        R.grown = grown;
        R.grown_cta = grown_cta;
        R.ngrown = ngrown;
        R.value_choice = value_choice;
        rc = stages(&R, &r, t_start, round);
        end_round(&R, &r);
        grown = R.grown;
        grown_cta = R.grown_cta;
        ngrown = R.ngrown;
        value_choice = R.value_choice;
        if (rc != DRIVER_AGAIN)
            break;
    }
    for (int i = 0; i < ngrown; i++)
        free(grown[i]);
    free(grown);
    free(grown_cta);
    return rc;
}
