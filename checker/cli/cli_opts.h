/*
 * cli_opts.h -- the gpumc command line: parsing, validation, --help.
 *
 * Contract: cli_opts_parse() turns argv into a cli_opts, owning copies of
 * every string (free with cli_opts_free), and never exits or prints: a bad
 * command line comes back as CLI_EXIT_USAGE with a message in `err` that
 * says how to fix it.  An option given twice must have the same value
 * both times (--arg and --post are repeatable: one per name / many).  Fields a user did not set keep an "unset" value
 * (-1, NULL or .set == 0) so that a --config file can fill them in
 * afterwards (cli_config_apply) -- the command line always wins.
 * cli_opts_finish() then gives every still-unset option its default and
 * derives the launch geometry (grid/block from the CUDA or OpenCL
 * spellings), checking it.
 */
#ifndef GPUMC_CLI_OPTS_H
#define GPUMC_CLI_OPTS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gpumc/checker.h"

/* SPEC section 5 exit codes. */
enum {
    CLI_EXIT_OK = 0,
    CLI_EXIT_INCOMPLETE = 3, /* no error, but not every execution was explored */
    CLI_EXIT_INPUT = 5,     /* input could not be parsed or lowered */
    CLI_EXIT_INTERNAL = 7,
    CLI_EXIT_USAGE = 17,
    CLI_EXIT_VERIFY = 42    /* a verification error was found */
};

#define CLI_DEFAULT_UNROLL 16
/* No dimension, and no launch in all (grid x block x gpus), can exceed
 * the engine's thread limit: checked once, in cli_opts_finish. */
#define CLI_MAX_DIM GPUMC_MAX_THREADS
/* The most dynamic shared memory any CUDA GPU gives a block (sm_90's
 * 227 KiB, opted in with cudaFuncSetAttribute). */
#define CLI_MAX_SHARED_MEM 232448
#define CLI_ERR_MAX 512
#define CLI_MAX_NOTES 16

typedef enum cli_format { CLI_FORMAT_TEXT = 0, CLI_FORMAT_JSON, CLI_FORMAT_SARIF } cli_format;

/* --races: report = collect every race (explore on past races), stop =
 * end at the first race, ignore = no race check.  The engine's values. */
enum { CLI_RACES_REPORT = 0, CLI_RACES_STOP = 1, CLI_RACES_IGNORE = 2 };

/* Up to three launch dimensions; unset dimensions of a set value are 1. */
typedef struct cli_dims {
    int set;
    int v[3];
} cli_dims;

/* One kernel argument NAME=VALUE (both owned). */
typedef struct cli_kv {
    char *name;
    char *value;
} cli_kv;

/* The kinds of edit a repair may make (--repair=scope,order,...). */
enum {
    CLI_REPAIR_SCOPE = 1, CLI_REPAIR_ORDER = 2, CLI_REPAIR_FENCE = 4,
    CLI_REPAIR_BARRIER = 8, CLI_REPAIR_ATOMIC = 16
};

typedef struct cli_opts {
    char *input;            /* the kernel or harness file */
    char **more_inputs;     /* CUDA/OpenCL files compiled and linked with it (the */
    int nmore_inputs;       /* other files of a program built with -rdc) */
    /* exploration; -1 = unset (checker default) */
    int model;              /* checker_model */
    int unroll;
    int races;              /* CLI_RACES_*; unset: stop, or report with --keep-going */
    int divergence;         /* 0 report, 1 ignore */
    int liveness;           /* 0 report, 1 ignore (spins that never exit) */
    int uninit;             /* 1 report reads of undefined shared memory, 0 ignore */
    int warp_sync;          /* > 0: warps of that many threads run in lockstep
                               (GPUVerify's --warp-sync); 0 independent threads */
    int benign_races;       /* 1 tolerate races whose accesses have equal values,
                               0 report them (the default) */
    int volatile_relaxed;   /* 1: volatile loads and stores are relaxed atomics at
                               system scope (PTX's ld/st.volatile); 0 plain accesses,
                               as in C++ and OpenCL (the default) */
    int intra_group_races;  /* 1: races across CTAs are not checked
                               (GPUVerify's --only-intra-group) */
    /* First error fast (SPEC 5): after cli_opts_finish exactly one of these
     * is set.  Parsed: --stop-on-error / --keep-going as given (0 = not
     * given); finished: keep_going when --keep-going, --races=report (without
     * --stop-on-error), --repair (it needs every race), or `gpumc check`
     * (its SARIF log lists every error, so that it can serve as a baseline;
     * unless --stop-on-error or --races=stop, which --baseline refuses) asks
     * to explore past the first error. */
    int stop_on_error;
    int keep_going;
    int no_commute;         /* --no-commute */
    int commute_float;      /* --commute-float */
    int exit_releases;      /* --exit-releases-barriers */
    int threads;            /* worker processes exploring (per rank) */
    int distributed;        /* --distributed: one rank of an MPI job (dist.h) */
    int estimate;           /* --estimate[=N]: N random walks, no exploration (0: off) */
    double timeout;         /* seconds, 0 none */
    uint64_t max_executions;
    uint64_t max_memory_mb; /* 0: none; default: half the machine's memory */
    uint64_t max_events_per_thread; /* 0: the checker's default */
    /* output */
    cli_format format;
    int progress;           /* -1 auto (stderr is a tty), 0 off, 1 on */
    int quiet, verbose;
    /* options taken with no effect (--unroll, GPUVerify's prover options):
     * their notes, printed once the command line is read unless -q */
    const char *notes[CLI_MAX_NOTES];
    int nnotes;
    char *emit_harness;
    char *dump_graph;       /* --dump-error-graph=FILE.dot */
    char *sarif_out;        /* --sarif=FILE: also write the SARIF log */
    /* repair (docs/repair.md): --patch and --apply imply --repair */
    int repair;
    unsigned repair_kinds;  /* CLI_REPAIR_* it may use (--repair=KINDS); 0: all */
    char *patch_out;        /* --patch=FILE: the unified diff */
    int apply;              /* --apply: patch the user's files (FILE.orig kept) */
    /* `gpumc check` (the CI gate): kernels come from the --config file */
    int check;
    char *baseline;         /* --baseline=FILE.sarif (check only) */
    /* launch configuration */
    char *config;           /* --config=FILE.json */
    char *kernel;
    cli_dims grid, block, num_groups, global_size, local_size;
    cli_dims global_offset; /* OpenCL: unset, or offsets (0 allowed) */
    int gpus;               /* -1 unset */
    int sub_group_size;     /* --sub-group-size (OpenCL): -1 unset; finished: 0 = 32 */
    int cooperative;        /* --cooperative (CUDA): -1 unset; finished: 0 or 1 */
    int shared_mem;         /* --shared-mem=BYTES (CUDA): -1 unset (48 KiB) */
    cli_kv *args;
    int nargs, capargs;
    char **cc_args;         /* after "--" (and config "compiler_args") */
    int ncc_args, capcc_args;
    char **post;            /* --post=EXPR host-side postconditions (and config "post") */
    int npost, cappost;
    /* actions */
    int want_help, want_version;
} cli_opts;

/* Format a usage error into err; returns CLI_EXIT_USAGE. */
int cli_fail_usage(char *err, size_t errsz, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void cli_opts_init(cli_opts *o);
void cli_opts_free(cli_opts *o);

/* Parse argv; returns CLI_EXIT_OK or CLI_EXIT_USAGE (message in err).
 * A first non-option word "check" selects the CI gate (o->check): no FILE, --config
 * required, no launch options (they belong in the config's entries), no
 * per-run outputs (--emit-harness, --dump-error-graph, --format=json);
 * --baseline is accepted only there. */
int cli_opts_parse(cli_opts *o, int argc, char **argv, char *err, size_t errsz);

/* After the config file is merged: defaults, grid/block from the OpenCL
 * spellings, consistency, the thread limit (GPUMC_MAX_THREADS threads in
 * all).  Returns CLI_EXIT_OK or CLI_EXIT_USAGE. */
int cli_opts_finish(cli_opts *o, char *err, size_t errsz);

/* Helpers shared with the config-file reader. */
int cli_dims_parse(const char *text, cli_dims *d, char *err, size_t errsz,
                   const char *what);
int cli_opts_add_arg(cli_opts *o, const char *name, const char *value,
                     char *err, size_t errsz);
int cli_opts_find_arg(const cli_opts *o, const char *name);
/* Threads of the launch: all of them (grid x block x gpus), and per block. */
uint64_t cli_opts_threads(const cli_opts *o);
uint64_t cli_opts_block_threads(const cli_opts *o);
void cli_opts_add_cc_arg(cli_opts *o, const char *arg);
void cli_opts_add_post(cli_opts *o, const char *expr);
int cli_model_parse(const char *s);  /* -1 if unknown */
const char *cli_model_name(int model);

void cli_print_help(FILE *f);
void cli_print_version(FILE *f);

#endif
