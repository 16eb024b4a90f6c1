/* hbuild.c -- see hbuild.h. */
#define _GNU_SOURCE /* mkostemp */
#include "hbuild.h"
#include "futil.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>


#ifndef GPUMC_VERSION
#define GPUMC_VERSION "0.0.0"
#endif

/* -O1: harness code runs once per explored execution, so a little
 * optimisation pays; -g: a crash in kernel code gets a usable backtrace. */
static const char *const base_flags[] = {"-O1", "-g", "-shared", "-fPIC"};
#define NBASE (sizeof base_flags / sizeof base_flags[0])

/* A malloc'd message (NULL if out of memory, which callers tolerate). */
static char *msgf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *s = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (s) {
        va_start(ap, fmt);
        vsnprintf(s, (size_t)n + 1, fmt, ap);
        va_end(ap);
    }
    return s;
}

/* ---- locating things ------------------------------------------------- */

static int has_header(const char *dir)
{
    char p[HBUILD_PATH_MAX];
    snprintf(p, sizeof p, "%s/gpumc/harness.h", dir);
    return dir[0] && access(p, R_OK) == 0;
}

/* <directory of this executable>/../include (an installed gpumc). */
static void exe_include(char *out, size_t n)
{
    char exe[HBUILD_PATH_MAX];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    out[0] = '\0';
    if (len <= 0)
        return;
    exe[len] = '\0';
    char *slash = strrchr(exe, '/');
    if (slash) {
        *slash = '\0';
        if (snprintf(out, n, "%s/../include", exe) >= (int)n)
            out[0] = '\0';
    }
}

int hbuild_find_include(char *out, size_t n)
{
    char rel[HBUILD_PATH_MAX];
    exe_include(rel, sizeof rel);
    const char *env = getenv("GPUMC_INCLUDE_DIR");
    const char *cand[] = {
        env ? env : "",
#ifdef GPUMC_SOURCE_INCLUDE_DIR
        GPUMC_SOURCE_INCLUDE_DIR,
#endif
        rel,
#ifdef GPUMC_INSTALL_INCLUDE_DIR
        GPUMC_INSTALL_INCLUDE_DIR,
#endif
    };
    for (size_t i = 0; i < sizeof cand / sizeof cand[0]; i++)
        if (has_header(cand[i]) && strlen(cand[i]) < n) {
            strcpy(out, cand[i]);
            return 0;
        }
    return -1;
}

/* The directory exists (made 0700 if not), is ours and nobody else can
 * write it.  0, or -1 with the reason in why. */
static int private_dir(const char *dir, char *why, size_t whysz)
{
    struct stat st;
    if (futil_mkdirs(dir, 0700) != 0 || stat(dir, &st) != 0 ||
        access(dir, W_OK | X_OK) != 0) {
        snprintf(why, whysz, "cannot use %s: %s", dir, strerror(errno));
        return -1;
    }
    if (st.st_uid != getuid()) {
        snprintf(why, whysz, "%s belongs to another user (uid %ld)", dir,
                 (long)st.st_uid);
        return -1;
    }
    if (st.st_mode & 022) {
        snprintf(why, whysz, "%s is writable by %s (mode %04o)", dir, (st.st_mode & 002) ? "others" : "its group",
                 (unsigned)(st.st_mode & 07777));
        return -1;
    }
    return 0;
}

int hbuild_cache_dir(char *out, size_t n, char *why, size_t whysz)
{
    const char *env = getenv("GPUMC_CACHE_DIR");
    const char *xdg = getenv("XDG_CACHE_HOME");
    const char *home = getenv("HOME");
    char cand[3][HBUILD_PATH_MAX];
    int k = 0;
    snprintf(why, whysz, "no usable cache directory");
    if (env && *env) /* the user's explicit choice: use it or say why not */
        return snprintf(out, n, "%s", env) < (int)n ? private_dir(out, why, whysz) : -1;
    if (xdg && xdg[0] == '/')
        snprintf(cand[k++], sizeof cand[0], "%s/gpumc", xdg);
    if (home && home[0] == '/')
        snprintf(cand[k++], sizeof cand[0], "%s/.cache/gpumc", home);
    snprintf(cand[k++], sizeof cand[0], "/tmp/gpumc-%ld", (long)getuid());
    for (int i = 0; i < k; i++)
        if (strlen(cand[i]) < n && private_dir(cand[i], why, whysz) == 0) {
            strcpy(out, cand[i]);
            return 0;
        }
    return -1;
}

/* A cache entry is trusted only as a regular file of ours that nobody
 * else can write (lstat: a symlink is not followed). */
static int trusted_entry(const char *path)
{
    struct stat st;
    return lstat(path, &st) == 0 && S_ISREG(st.st_mode) &&
           st.st_uid == getuid() && (st.st_mode & 022) == 0;
}

/* ---- the cache key --------------------------------------------------- */

/* Strings are hashed with their NUL so that field boundaries count. */
static uint64_t fnv_str(uint64_t h, const char *s)
{
    return futil_fnv(h, s, strlen(s) + 1);
}

static uint64_t cache_key(const hbuild_opts *o, const char *text)
{
    uint64_t h = 0xcbf29ce484222325ull;
    char hdr[HBUILD_PATH_MAX];
    snprintf(hdr, sizeof hdr, "%s/gpumc/harness.h", o->include_dir);
    char *abi = futil_read(hdr, NULL);
    h = fnv_str(h, GPUMC_VERSION);
    h = fnv_str(h, abi ? abi : "");
    free(abi);
    h = fnv_str(h, o->bc ? o->bc_cc : o->cc);
    if (o->bc)
        h = futil_fnv(h, o->bc, o->bclen);
    for (size_t i = 0; i < NBASE; i++)
        h = fnv_str(h, base_flags[i]);
    for (int i = 0; i < o->nextra; i++)
        h = fnv_str(h, o->extra[i]);
    return fnv_str(h, text);
}

/* ---- running the compiler -------------------------------------------- */

static void say_command(char *const argv[])
{
    fprintf(stderr, "gpumc: compiling harness:");
    for (int i = 0; argv[i]; i++)
        fprintf(stderr, " %s", argv[i]);
    fputc('\n', stderr);
}

/* A fresh empty temporary next to path, under a random name (O_EXCL). */
static int make_temp(const char *path, char *tmp, size_t n)
{
    if (snprintf(tmp, n, "%s.tmp.XXXXXX", path) >= (int)n) {
        errno = ENAMETOOLONG;
        return -1;
    }
    int fd = mkostemp(tmp, O_CLOEXEC);
    return fd < 0 ? -1 : close(fd);
}

/* Compile c_path into so_path (through a temporary renamed into place). */
static int compile(const hbuild_opts *o, const char *c_path, const char *bc_path,
                   const char *so_path, char **diag)
{
    char tmp[HBUILD_PATH_MAX + 32];
    if (make_temp(so_path, tmp, sizeof tmp) != 0)
        return *diag = msgf("cannot create a file in the harness cache (%s): %s",
                            so_path, strerror(errno)), HBUILD_SYSTEM;
    const char **argv = calloc(NBASE + (size_t)o->nextra + 12, sizeof *argv);
    if (!argv) {
        unlink(tmp);
        return *diag = msgf("out of memory"), HBUILD_SYSTEM;
    }
    int k = 0;
    const char *cc = o->bc ? o->bc_cc : o->cc;
    argv[k++] = cc;
    for (size_t i = 0; i < NBASE; i++)
        argv[k++] = base_flags[i];
    argv[k++] = "-I";
    argv[k++] = o->include_dir;
    for (int i = 0; i < o->nextra; i++)
        argv[k++] = o->extra[i];
    argv[k++] = "-o";
    argv[k++] = tmp;
    argv[k++] = c_path;
    if (bc_path) {
        argv[k++] = "-Wno-override-module";
        argv[k++] = bc_path;
        argv[k++] = "-lm";
    }
    if (o->verbose)
        say_command((char *const *)argv);
    char *out;
    int st = futil_run_captured_until((char *const *)argv, &out, o->deadline, o->stop);
    int err = errno;
    free(argv);
    /* private whatever the umask: the cache trusts only such entries */
    if (st == 0 && chmod(tmp, 0700) == 0 && rename(tmp, so_path) == 0) {
        if (o->verbose && out && *out)
            fputs(out, stderr);
        free(out);
        return HBUILD_OK;
    }
    unlink(tmp);
    if (st == FUTIL_TIMED_OUT || st == FUTIL_STOPPED) {
        free(out);
        *diag = NULL;
        return st == FUTIL_TIMED_OUT ? HBUILD_TIMED_OUT : HBUILD_STOPPED;
    }
    if (st < 0) {
        free(out);
        *diag = msgf("cannot run the C compiler '%s': %s (set %s)", cc, strerror(err),
                     o->bc ? "GPUMC_CLANG to clang" : "GPUMC_CC to a C compiler");
        return HBUILD_SYSTEM;
    }
    *diag = out ? out : msgf("the C compiler failed with status %d", st);
    return HBUILD_COMPILE;
}

int hbuild_compile(const hbuild_opts *o, const char *src_path,
                   const char *text, hbuild_out *out, char **diag)
{
    *diag = NULL;
    unsigned long long key = (unsigned long long)cache_key(o, text);
    snprintf(out->so_path, sizeof out->so_path, "%s/%016llx.so", o->cache_dir, key);
    if (src_path)
        snprintf(out->c_path, sizeof out->c_path, "%s", src_path);
    else
        snprintf(out->c_path, sizeof out->c_path, "%s/%016llx.c", o->cache_dir, key);
    out->cached = trusted_entry(out->so_path);
    if (!out->cached && unlink(out->so_path) == 0 && o->verbose)
        fprintf(stderr, "gpumc: untrusted cache entry removed: %s\n", out->so_path);
    if (out->cached) {
        if (o->verbose)
            fprintf(stderr, "gpumc: harness cached: %s\n", out->so_path);
        return HBUILD_OK;
    }
    if (!src_path && futil_write_atomic(out->c_path, text, strlen(text), 0600) != 0) {
        *diag = msgf("cannot write %s: %s", out->c_path, strerror(errno));
        return HBUILD_SYSTEM;
    }
    char bc_path[HBUILD_PATH_MAX];
    snprintf(bc_path, sizeof bc_path, "%s/%016llx.bc", o->cache_dir, key);
    if (o->bc && futil_write_atomic(bc_path, (const char *)o->bc, o->bclen, 0600) != 0) {
        *diag = msgf("cannot write %s: %s", bc_path, strerror(errno));
        return HBUILD_SYSTEM;
    }
    return compile(o, out->c_path, o->bc ? bc_path : NULL, out->so_path, diag);
}

void hbuild_evict(const hbuild_out *out)
{
    unlink(out->so_path);
}

int hbuild_load(const char *so_path, void **handle, checker_setup_fn *setup,
                char *err, size_t errsz)
{
    *handle = dlopen(so_path, RTLD_NOW | RTLD_LOCAL);
    if (!*handle) {
        snprintf(err, errsz, "%s", dlerror());
        return -1;
    }
    /* POSIX lets a data pointer carry a function address from dlsym. */
    void *sym = dlsym(*handle, "gpumc_harness_setup");
    if (!sym) {
        snprintf(err, errsz, "%s defines no gpumc_harness_setup", so_path);
        dlclose(*handle);
        *handle = NULL;
        return -1;
    }
    const unsigned *abi = (const unsigned *)dlsym(*handle, "gpumc_harness_abi");
    if (!abi || *abi != GPUMC_ABI_STAMP) {
        snprintf(err, errsz, "%s was compiled against another gpumc/harness.h than this gpumc's "
                 "(ABI stamp %#x, expected %#x): point GPUMC_INCLUDE_DIR at the include "
                 "directory of this build", so_path, abi ? *abi : 0u, GPUMC_ABI_STAMP);
        dlclose(*handle);
        *handle = NULL;
        return -1;
    }
    memcpy(setup, &sym, sizeof sym);
    return 0;
}

const char *hbuild_notes(void *handle)
{
    return handle ? (const char *)dlsym(handle, "gpumc_harness_notes") : NULL;
}

hbuild_output_fn hbuild_output(void *handle)
{
    void *f = handle ? dlsym(handle, "gpumc_harness_output") : NULL;
    hbuild_output_fn fn;
    memcpy(&fn, &f, sizeof fn); /* ISO C has no object-to-function cast */
    return fn;
}

int hbuild_chose_values(void *handle)
{
    const int *p = handle ? (const int *)dlsym(handle, "gpumc_harness_chose_values") : NULL;
    return p && *p;
}
