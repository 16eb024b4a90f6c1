/* repair_step.c -- see repair_step.h. */
#include "repair_step.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "driver.h"
#include "futil.h"
#include "patch.h"
#include "repair.h"
#include "sigstop.h"
#include "verdict.h"

/* --repair=KINDS reaches repair_run() as it is. */
_Static_assert((int)CLI_REPAIR_SCOPE == (int)REPAIR_SCOPE &&
                   (int)CLI_REPAIR_ORDER == (int)REPAIR_ORDER &&
                   (int)CLI_REPAIR_FENCE == (int)REPAIR_FENCE &&
                   (int)CLI_REPAIR_BARRIER == (int)REPAIR_BARRIER &&
                   (int)CLI_REPAIR_ATOMIC == (int)REPAIR_ATOMIC,
               "the repair kinds of cli_opts.h and repair.h differ");

typedef struct rcli {
    const cli_opts *o;
    char dir[PATH_MAX];      /* the temporary directory of a re-check */
    const repair_src *s;
    const repair_edit *applied;
    int napplied;
    repair_races *out;
    char *why;               /* a failed re-check's first message line */
    size_t whysz;
    double deadline;         /* futil_now() when --timeout runs out, 0: none */
} rcli;

static void rc_note(const cli_opts *o, const char *fmt, ...)
{
    if (o->quiet)
        return;
    va_list ap;
    va_start(ap, fmt);
    futil_vmessage("repair: ", fmt, ap);
    va_end(ap);
}

static int has_race(const checker_result *r)
{
    for (unsigned i = 0; i < r->nfindings; i++)
        if (r->findings[i].kind == FINDING_DATA_RACE ||
            r->findings[i].kind == FINDING_HETERO_RACE)
            return 1;
    return 0;
}

/* ---- re-checking a patched program ------------------------------------- */

static const char *base_name(const char *p)
{
    const char *s = strrchr(p, '/');
    return s ? s + 1 : p;
}

/* dir/name into out; -1 when it does not fit. */
static int join_path(char *out, size_t n, const char *dir, const char *name)
{
    int k = snprintf(out, n, "%s/%s", dir, name);
    return k < 0 || (size_t)k >= n ? -1 : 0;
}

static int recheck_result(void *ud, const report_ctx *c, const checker_result *r)
{
    rcli *X = ud;
    (void)c;
    repair_collect(X->out, X->s, r, X->dir, X->applied, X->napplied);
    return verdict_run_exit_code(r);
}

/* A re-check that could not run: keep the first line of its message
 * (the compiler's error in the patched copy, say) for the repair's note,
 * without the temporary directory's path. */
static void recheck_failure(void *ud, const report_ctx *c, int code, const char *msg)
{
    rcli *X = ud;
    (void)c;
    (void)code;
    size_t dl = strlen(X->dir);
    if (!strncmp(msg, X->dir, dl) && msg[dl] == '/')
        msg += dl + 1;
    snprintf(X->why, X->whysz, "%.*s", (int)strcspn(msg, "\n"), msg);
}

/* Where a file goes in the re-check's directory: at its path below the
 * input's directory when it lies there, so that `#include "sub/x.h"`
 * finds the patched copy of sub/x.h; else under its base name. */
static int copy_path(const rcli *X, const char *path, char *out, size_t n)
{
    char dir[PATH_MAX], file[PATH_MAX];
    const char *rel = base_name(path);
    if (realpath(X->o->input, dir) && realpath(path, file)) {
        *strrchr(dir, '/') = '\0'; /* the input's directory */
        size_t k = strlen(dir);
        if (strncmp(file, dir, k) == 0 && file[k] == '/')
            rel = file + k + 1;
    }
    return join_path(out, n, X->dir, rel);
}

/* Remove the directories between path's and X->dir (those write_copies
 * made); rmdir leaves any that still hold something. */
static void remove_parents(const rcli *X, char *path)
{
    char *slash;
    while ((slash = strrchr(path, '/')) && (size_t)(slash - path) > strlen(X->dir)) {
        *slash = '\0';
        rmdir(path);
    }
}

static int write_copies(rcli *X, char *const *texts)
{
    char path[PATH_MAX];
    for (int i = 0; i < X->s->nfiles; i++) {
        if (copy_path(X, X->s->files[i].path, path, sizeof path) != 0)
            return -1;
        char *slash = strrchr(path, '/');
        *slash = '\0';
        int made = futil_mkdirs(path, 0700);
        *slash = '/';
        if (made != 0 || futil_write(path, texts[i], strlen(texts[i])) != 0)
            return -1;
    }
    return 0;
}

static void remove_copies(rcli *X)
{
    char path[PATH_MAX];
    for (int i = 0; i < X->s->nfiles; i++) {
        if (copy_path(X, X->s->files[i].path, path, sizeof path) == 0) {
            unlink(path);
            remove_parents(X, path);
        }
    }
    rmdir(X->dir);
}

/* The run's options for the copy: same launch, quiet, no output files;
 * the original directory stays on the include path. */
static int run_copy(rcli *X)
{
    cli_opts o2 = *X->o;
    char input[PATH_MAX], inc[PATH_MAX];
    if (join_path(input, sizeof input, X->dir, base_name(X->o->input)) != 0)
        return CLI_EXIT_INTERNAL;
    const char *slash = strrchr(X->o->input, '/');
    snprintf(inc, sizeof inc, "-I%.*s", slash ? (int)(slash - X->o->input) : 1,
             slash ? X->o->input : ".");
    char **args = calloc((size_t)X->o->ncc_args + 2, sizeof *args);
    if (!args)
        return CLI_EXIT_INTERNAL;
    for (int i = 0; i < X->o->ncc_args; i++)
        args[i] = X->o->cc_args[i];
    args[X->o->ncc_args] = inc;
    o2.input = input;
    o2.cc_args = args;
    o2.ncc_args = X->o->ncc_args + 1;
    o2.quiet = 1;
    o2.verbose = 0;
    o2.progress = 0;
    o2.emit_harness = o2.dump_graph = o2.sarif_out = o2.patch_out = NULL;
    o2.apply = 0;
    if (X->deadline > 0) { /* --timeout bounds the whole run, re-checks included */
        o2.timeout = X->deadline - futil_now();
        if (o2.timeout <= 0) {
            free(args);
            snprintf(X->why, X->whysz, "--timeout=%g ran out", X->o->timeout);
            return CLI_EXIT_INCOMPLETE;
        }
    }
    driver_hooks h = {recheck_result, recheck_failure, X, NULL, NULL, 1, NULL};
    int rc = driver_run_hooks(&o2, futil_now(), &h);
    if (rc == CLI_EXIT_INCOMPLETE && X->deadline > 0 && futil_now() >= X->deadline && !X->why[0])
        snprintf(X->why, X->whysz, "--timeout=%g ran out", X->o->timeout);
    free(args);
    return rc == CLI_EXIT_OK || rc == CLI_EXIT_VERIFY ? 0 : rc;
}

static int recheck(void *ud, const repair_src *s, char *const *texts,
                   const repair_edit *applied, int napplied, repair_races *out,
                   char *why, size_t whysz)
{
    rcli *X = ud;
    X->why = why;
    X->whysz = whysz;
    const char *tmp = getenv("TMPDIR");
    snprintf(X->dir, sizeof X->dir, "%s/gpumc-repair-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(X->dir))
        return CLI_EXIT_INTERNAL;
    X->s = s;
    X->applied = applied;
    X->napplied = napplied;
    X->out = out;
    int rc = write_copies(X, texts) == 0 ? run_copy(X) : CLI_EXIT_INTERNAL;
    remove_copies(X);
    return rc;
}

/* ---- the report's fixes ---------------------------------------------------- */

typedef struct rfixes {
    report_fix *fix;
    report_edit *edits;   /* per fix, nedits of them, consecutive */
    unsigned nfix;
    char desc[2200];
} rfixes;

static void fixes_build(rfixes *F, const repair_src *s, const repair_outcome *ro)
{
    memset(F, 0, sizeof *F);
    if (ro->verified)
        snprintf(F->desc, sizeof F->desc, "%d edit(s) in all; verified: the "
                 "patched program checks free of races", ro->nedits);
    else
        snprintf(F->desc, sizeof F->desc, "%d edit(s) in all; not verified: %s",
                 ro->nedits, ro->note);
    unsigned total = 0;
    for (unsigned i = 0; i < ro->nfindings; i++)
        total += (unsigned)__builtin_popcountll(ro->fix_of[i]);
    F->fix = calloc(ro->nfindings + 1, sizeof *F->fix);
    F->edits = calloc(total + 1, sizeof *F->edits);
    if (!F->fix || !F->edits)
        return;
    unsigned k = 0;
    for (unsigned i = 0; i < ro->nfindings; i++) {
        if (!ro->fix_of[i])
            continue;
        report_fix *fx = &F->fix[F->nfix++];
        *fx = (report_fix){i, F->desc, &F->edits[k], 0};
        for (int e = 0; e < ro->nedits; e++) {
            if (!(ro->fix_of[i] >> e & 1))
                continue;
            const repair_edit *x = &ro->edits[e];
            F->edits[k++] = (report_edit){s->files[x->file].path, x->line, x->col,
                                          x->line, x->col + (int)x->len, x->text,
                                          x->desc};
            fx->nedits++;
        }
    }
}

/* ---- patch files ------------------------------------------------------------ */

static int write_patch(const cli_opts *o, const repair_src *s, char *const *texts)
{
    const char **paths = calloc((size_t)s->nfiles, sizeof *paths);
    const char **old = calloc((size_t)s->nfiles, sizeof *old);
    int rc = CLI_EXIT_INTERNAL;
    if (paths && old) {
        for (int i = 0; i < s->nfiles; i++) {
            paths[i] = s->files[i].path;
            old[i] = s->files[i].text;
        }
        rc = CLI_EXIT_OK;
        char *diff = patch_diff_text(paths, old, texts, s->nfiles);
        if (o->patch_out && (!diff || futil_write(o->patch_out, diff, strlen(diff)) != 0)) {
            fprintf(stderr, "gpumc: error: --patch=%s: cannot write it: %s\n",
                    o->patch_out, strerror(errno));
            rc = CLI_EXIT_USAGE;
        }
        free(diff);
        char err[PATH_MAX + 200];
        if (rc == CLI_EXIT_OK && o->apply &&
            patch_apply_files(paths, old, texts, s->nfiles, err, sizeof err) != 0) {
            fprintf(stderr, "gpumc: error: --apply: %s\n", err);
            rc = CLI_EXIT_USAGE;
        }
    }
    free(paths);
    free(old);
    return rc;
}

static int outputs_files(const cli_opts *o, const repair_src *s, const repair_outcome *ro)
{
    if (ro->nedits == 0 || (!o->patch_out && !o->apply))
        return CLI_EXIT_OK;
    char **texts = repair_apply(s, ro->edits, ro->nedits);
    if (!texts)
        return CLI_EXIT_INTERNAL;
    int rc = write_patch(o, s, texts);
    repair_texts_free(texts, s->nfiles);
    if (rc == CLI_EXIT_OK && o->apply)
        rc_note(o, "applied to the input files (originals kept as FILE.orig, or "
                "FILE.orig.N when that exists)");
    return rc;
}

static void summary(const cli_opts *o, const repair_outcome *ro)
{
    if (ro->nedits == 0)
        rc_note(o, "no repair found: %s", ro->note[0] ? ro->note : "no candidate edit");
    else if (ro->verified)
        rc_note(o, "%d edit(s) remove every race (verified by re-checking the "
                "patched program, %d check(s))", ro->nedits, ro->rounds);
    else
        rc_note(o, "%d edit(s) proposed, not verified: %s", ro->nedits, ro->note);
}

static int repair_and_report(outputs *out, const report_ctx *c, const checker_result *r)
{
    const cli_opts *o = c->opts;
    double t0 = futil_now();
    repair_src s;
    char err[256];
    if (repair_src_open(&s, o->input, o->cc_args, o->ncc_args, err, sizeof err) != 0) {
        rc_note(o, "%s", err);
        return outputs_result(out, c, r);
    }
    repair_races first = {0};
    repair_collect(&first, &s, r, NULL, NULL, 0);
    rcli X;
    memset(&X, 0, sizeof X);
    X.o = o;
    X.deadline = o->timeout > 0 ? futil_now() - c->timing.total + o->timeout : 0;
    repair_outcome ro;
    repair_run(&s, &first, r->nfindings, X.o->repair_kinds, recheck, &X, &ro);
    rfixes F;
    fixes_build(&F, &s, &ro);
    report_ctx c2 = *c;
    c2.fixes = F.fix;
    c2.nfixes = F.nfix;
    c2.timing.total += futil_now() - t0; /* the whole run: the re-checks too */
    summary(o, &ro);
    int rc = outputs_result(out, &c2, r);
    int frc = outputs_files(o, &s, &ro);
    if (sigstop_signal()) /* the re-checks were cut short */
        rc = sigstop_exit_code(sigstop_signal());
    free(F.fix);
    free(F.edits);
    repair_outcome_free(&ro);
    repair_races_free(&first);
    repair_src_free(&s);
    return frc != CLI_EXIT_OK ? frc : rc;
}

int repair_step_result(outputs *out, const report_ctx *c, const checker_result *r)
{
    const cli_opts *o = c->opts;
    if (!o->repair || !has_race(r))
        return outputs_result(out, c, r);
    if (strcmp(c->language, "harness") == 0) {
        rc_note(o, "a pre-lowered harness has no kernel source to repair");
        return outputs_result(out, c, r);
    }
    return repair_and_report(out, c, r);
}
