/*
 * hbuild.h -- turning harness C text into a loaded shared object.
 *
 * Contract:
 *  - The cache key is an FNV-1a 64 hash of everything that decides the
 *    object: gpumc version, the harness ABI header's contents, compiler,
 *    flags, extra compiler arguments and the harness text.  A hit skips the
 *    compiler entirely.  Objects appear in the cache only by rename(), so a
 *    concurrent or interrupted run never leaves a half-written .so there.
 *  - Nothing is written outside the cache directory; on failure only cache
 *    files remain (the generated <hash>.c is kept there on purpose, for bug
 *    reports).
 *  - The cache holds code that gpumc loads and runs, so it is trusted only
 *    when private: the directory must belong to the user and be writable
 *    by nobody else (else hbuild_cache_dir refuses it, saying why), and an
 *    entry is loaded only if it is a regular file (no symlink) of the user
 *    that nobody else can write; anything else there is removed and
 *    rebuilt.  Files are created under random names with O_EXCL (never
 *    through a planted file or symlink) and renamed into place.
 *  - Errors are values: HBUILD_OK, HBUILD_COMPILE (the compiler rejected the
 *    harness; its output is in *diag), HBUILD_SYSTEM (no compiler, no cache
 *    directory, ...; message in *diag).  *diag is malloc'd, caller frees.
 */
#ifndef GPUMC_HBUILD_H
#define GPUMC_HBUILD_H

#include <limits.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "gpumc/checker.h"

enum { HBUILD_OK = 0, HBUILD_COMPILE = 1, HBUILD_SYSTEM = 2,
       HBUILD_TIMED_OUT = 3, HBUILD_STOPPED = 4 /* the deadline passed / *stop was set */ };

#define HBUILD_PATH_MAX 4096

typedef struct hbuild_opts {
    const char *cc;          /* compiler program (GPUMC_CC, default "cc") */
    const char *include_dir; /* directory holding gpumc/harness.h */
    const char *cache_dir;
    char *const *extra;      /* extra compiler arguments (-D, -I, ...) */
    int nextra;
    int verbose;             /* say on stderr what is compiled or cached */
    /* Compile-pipeline harnesses: instrumented LLVM bitcode linked with the
     * C text, built by bc_cc (a clang of the version that wrote it). */
    const void *bc;
    size_t bclen;
    const char *bc_cc;
    double deadline;                   /* futil_now() seconds to give up at, 0: none */
    const volatile sig_atomic_t *stop; /* give up once set (may be NULL) */
} hbuild_opts;

typedef struct hbuild_out {
    char so_path[HBUILD_PATH_MAX];
    char c_path[HBUILD_PATH_MAX]; /* the compiled C file */
    int cached;                   /* 1: no compile was needed */
} hbuild_out;

/* The directory holding gpumc/harness.h: $GPUMC_INCLUDE_DIR, the source
 * tree (compile-time), <exe>/../include, the install prefix.  0 or -1. */
int hbuild_find_include(char *out, size_t n);

/* The cache directory (created 0700): $GPUMC_CACHE_DIR, else the first
 * usable private one of $XDG_CACHE_HOME/gpumc, ~/.cache/gpumc,
 * /tmp/gpumc-$UID.  0, or -1 with the reason in why (a GPUMC_CACHE_DIR
 * that is not private is refused, not skipped). */
int hbuild_cache_dir(char *out, size_t n, char *why, size_t whysz);

/* Build `text`.  src_path != NULL: the text is that user file and is
 * compiled in place (diagnostics point at it); NULL: the text is written
 * to the cache as <hash>.c first. */
int hbuild_compile(const hbuild_opts *o, const char *src_path,
                   const char *text, hbuild_out *out, char **diag);

/* Forget a cached object that failed to load (so the next build redoes it). */
void hbuild_evict(const hbuild_out *out);

/* dlopen the object and find gpumc_harness_setup.  0, or -1 with the
 * loader's message in err. */
int hbuild_load(const char *so_path, void **handle, checker_setup_fn *setup,
                char *err, size_t errsz);

/* The loaded harness's gpumc_harness_notes (lines), or NULL: it has none. */
const char *hbuild_notes(void *handle);
/* Did the loaded harness choose kernel argument values (harness.h)? */
int hbuild_chose_values(void *handle);
/* The loaded harness's gpumc_harness_output, or NULL: its threads do not
 * print. */
typedef const char *(*hbuild_output_fn)(unsigned thread);
hbuild_output_fn hbuild_output(void *handle);

#endif
