/*
 * main.c -- the gpumc command: parse options, merge --config, run (or,
 * for `gpumc check`, run the CI gate over the config's kernels).  Every
 * failure before the run is a usage error (exit 17) with a message that
 * says how to fix it.  SIGINT/SIGTERM/SIGHUP end a run cleanly
 * (sigstop.h).
 */
#include <stdio.h>

#include "check.h"
#include "cli_config.h"
#include "cli_opts.h"
#include "dist.h"
#include "driver.h"
#include "futil.h"
#include "outputs.h"
#include "repair_step.h"
#include "sigstop.h"
#include "srccache.h"

static int on_result(void *out, const report_ctx *c, const checker_result *r)
{
    return repair_step_result(out, c, r);
}

static void on_failure(void *out, const report_ctx *c, int code, const char *msg)
{
    outputs_failure(out, c, code, msg);
}

/* One run with its report on stdout in o->format, plus the files that
 * options ask for (--dump-error-graph, --sarif), repaired with --repair. */
static int run_one(const cli_opts *o, double t_start, const checker_dist *dist)
{
    srccache src;
    srccache_init(&src);
    outputs out;
    outputs_init(&out, o);
    driver_hooks h = {on_result, on_failure, &out, &src, NULL, 0, dist};
    int rc = driver_run_hooks(o, t_start, &h);
    outputs_free(&out);
    srccache_free(&src);
    return rc;
}

int main(int argc, char **argv)
{
    double t0 = futil_now();
    char err[CLI_ERR_MAX] = "";
    cli_opts o;
    cli_opts_init(&o);
    int rc = cli_opts_parse(&o, argc, argv, err, sizeof err);
    if (rc == CLI_EXIT_OK && (o.want_help || o.want_version)) {
        if (o.want_help)
            cli_print_help(stdout);
        else
            cli_print_version(stdout);
        cli_opts_free(&o);
        return CLI_EXIT_OK;
    }
    if (rc == CLI_EXIT_OK && sigstop_install() != 0) {
        fprintf(stderr, "gpumc: internal error: cannot install the signal handlers\n");
        cli_opts_free(&o);
        return CLI_EXIT_INTERNAL;
    }
    if (rc == CLI_EXIT_OK && o.check) {
        rc = check_run(&o, argc, argv);
        cli_opts_free(&o);
        return rc;
    }
    if (rc == CLI_EXIT_OK)
        rc = cli_config_apply(&o, err, sizeof err);
    if (rc == CLI_EXIT_OK)
        rc = cli_opts_finish(&o, err, sizeof err);
    dist_ctx *dist = NULL;
    if (rc == CLI_EXIT_OK && o.distributed &&
        !(dist = dist_start(&argc, &argv, (unsigned)o.threads, o.max_executions,
                            sigstop_flag(), err, sizeof err)))
        rc = CLI_EXIT_USAGE;
    if (rc == CLI_EXIT_OK)
        rc = run_one(&o, t0, dist ? dist_hooks(dist) : NULL);
    else
        fprintf(stderr, "gpumc: error: %s\n(run 'gpumc --help' for the "
                "options)\n", err);
    dist_end(dist, rc);
    cli_opts_free(&o);
    return rc;
}
