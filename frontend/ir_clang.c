/*
 * ir_clang.c -- see ir_clang.h.
 */
#include "ir_clang.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

#ifndef GPUMC_CLANG
#define GPUMC_CLANG "clang"
#endif
#ifndef GPUMC_PRELUDE_SOURCE_DIR
#define GPUMC_PRELUDE_SOURCE_DIR ""
#endif

const char *ir_clang_path(void)
{
    const char *env = getenv("GPUMC_CLANG");
    return env && *env ? env : GPUMC_CLANG;
}

/* <directory of this executable>/../share/gpumc/include (an installed gpumc). */
static void installed_dir(char *out, size_t n)
{
    char exe[4096];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    out[0] = '\0';
    if (len <= 0)
        return;
    exe[len] = '\0';
    char *slash = strrchr(exe, '/');
    if (slash) {
        *slash = '\0';
        snprintf(out, n, "%.4000s/../share/gpumc/include", exe);
    }
}

const char *ir_prelude_dir(void)
{
    static char canon[4096];
    char inst[4200];
    const char *env = getenv("GPUMC_PRELUDE_DIR");
    const char *dir = env && *env ? env : GPUMC_PRELUDE_SOURCE_DIR;
    if (!(env && *env) && access(dir, R_OK) != 0) {
        installed_dir(inst, sizeof inst);
        dir = inst;
    }
    /* canonical, so that locations inside it are recognised */
    return realpath(dir, canon) ? canon : GPUMC_PRELUDE_SOURCE_DIR;
}

/* Read everything from fd into buf (cut at n - 1 bytes, NUL-terminated). */
/* Read clang's messages into buf; what does not fit is dropped at a line
 * boundary and said to be (the first errors are the ones that matter). */
static void drain(int fd, char *buf, size_t n)
{
    static const char cut[] = "[further compiler messages cut]\n";
    size_t used = 0;
    int lost = 0;
    char sink[4096];
    for (;;) {
        char *dst = used + 1 < n ? buf + used : sink;
        size_t room = used + 1 < n ? n - 1 - used : sizeof sink;
        ssize_t k = read(fd, dst, room);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            break;
        if (dst != sink)
            used += (size_t)k;
        else
            lost = 1;
    }
    buf[used] = '\0';
    if (!lost || n < 2 * sizeof cut)
        return;
    char *end = buf + n - sizeof cut;
    *end = '\0';
    char *nl = strrchr(buf, '\n');
    snprintf(nl ? nl + 1 : buf, sizeof cut, "%s", cut);
}

static int spawn_clang(const char **argv, fe_diag *d)
{
    int fds[2];
    if (pipe(fds) != 0) {
        snprintf(d->msg, sizeof d->msg, "cannot run clang: %s", strerror(errno));
        return d->code = 7;
    }
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&fa, fds[1], 1);
    posix_spawn_file_actions_adddup2(&fa, fds[1], 2);
    posix_spawn_file_actions_addclose(&fa, fds[0]);
    posix_spawn_file_actions_addclose(&fa, fds[1]);
    pid_t pid;
    int rc = posix_spawnp(&pid, argv[0], &fa, NULL, (char *const *)argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    close(fds[1]);
    if (rc != 0) {
        close(fds[0]);
        snprintf(d->msg, sizeof d->msg, "cannot run clang '%s': %s (set GPUMC_CLANG)",
                 argv[0], strerror(rc));
        return d->code = 7;
    }
    drain(fds[0], d->msg, sizeof d->msg);
    close(fds[0]);
    int st;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR) {
            snprintf(d->msg, sizeof d->msg, "cannot wait for clang: %s", strerror(errno));
            return d->code = 7;
        }
    if (WIFEXITED(st) && WEXITSTATUS(st) == 0) {
        d->msg[0] = '\0';
        return 0;
    }
    if (!WIFEXITED(st)) {
        size_t l = strlen(d->msg);
        snprintf(d->msg + l, sizeof d->msg - l, "%sclang was killed by signal %d while "
                 "compiling the kernel\n", l ? "\n" : "", WTERMSIG(st));
    }
    return d->code = 5;
}

/* The GPU a CUDA file is compiled for: clang's --cuda-gpu-arch=sm_NN or
 * nvcc's -arch=sm_NN / --gpu-architecture=sm_NN (compute_NN alike) among
 * the user's compiler arguments (the last wins), else sm_80 -- code guarded
 * by __CUDA_ARCH__ >= 800 (bfloat16 and tf32 tensor cores, async copies)
 * is then checked, not compiled out.  Marks the arguments that named one
 * in used[0..ARCH_SCAN) (they are not passed on: clang would compile for
 * two GPUs). */
#define ARCH_SCAN 120
static void cuda_arch(const fe_options *opt, char *flag, size_t n, unsigned char *used)
{
    static const char *const forms[] = {"--cuda-gpu-arch=", "-arch=", "--gpu-architecture=",
                                        "-arch", "--gpu-architecture"};
    snprintf(flag, n, "--cuda-gpu-arch=sm_80");
    for (int i = 0; i + 1 < ARCH_SCAN && i < opt->nclang_args; i++)
        for (size_t f = 0; f < sizeof forms / sizeof forms[0]; f++) {
            const char *a = opt->clang_args[i], *v = NULL;
            size_t l = strlen(forms[f]);
            if (forms[f][l - 1] == '=' && !strncmp(a, forms[f], l))
                v = a + l;
            else if (forms[f][l - 1] != '=' && !strcmp(a, forms[f]) && i + 1 < opt->nclang_args)
                v = opt->clang_args[i + 1], used[i + 1] = 1;
            if (!v)
                continue;
            used[i] = 1;
            if (!strncmp(v, "compute_", 8))
                v += 8;
            else if (!strncmp(v, "sm_", 3))
                v += 3;
            snprintf(flag, n, "--cuda-gpu-arch=sm_%s", v);
            break;
        }
}

/* clang's error for a construct gpumc does not model gets a first line
 * that says so: a kernel launched from device code (dynamic parallelism)
 * reads "reference to __global__ function in __global__ function". */
static void explain_unsupported(const fe_options *opt, fe_diag *d)
{
    if (!strstr(d->msg, "reference to __global__ function"))
        return;
    char clang[sizeof d->msg];
    memcpy(clang, d->msg, sizeof clang);
    int n = snprintf(d->msg, sizeof d->msg, "%.1000s: error: unsupported: a kernel launched from "
                     "device code (dynamic parallelism) is not modelled\n", opt->input);
    if (n > 0 && (size_t)n < sizeof d->msg) /* then clang's own words, as far as they fit */
        memcpy(d->msg + n, clang, sizeof d->msg - (size_t)n - 1);
    d->msg[sizeof d->msg - 1] = '\0';
}

int ir_clang_compile(const fe_options *opt, fe_lang lang, const char *bc_path, fe_diag *d)
{
    char inc[4096], fallback[4096], arch[96];
    const char *argv[64 + 64];
    unsigned char used[ARCH_SCAN] = {0};
    int k = 0;
    argv[k++] = ir_clang_path();
    if (lang == FE_LANG_CUDA)
        cuda_arch(opt, arch, sizeof arch, used);
    static const char *const cuda[] = {
        "-x", "cuda", "--cuda-device-only", "-nocudainc",
        "-nocudalib", "-std=c++17", "-Wno-unknown-cuda-version",
        "-Wno-register", /* C++17 dropped `register`; nvcc still takes it */
        /* "v="FMT"\n": a macro glued to a string literal (nvcc takes it) */
        "-Wno-reserved-user-defined-literal",
        /* uchar4 v = {int_expr, ...}: nvcc warns of the narrowing, clang refuses */
        "-Wno-c++11-narrowing",
        "-include", "gpumc_cuda.h",
        NULL};
    static const char *const opencl[] = {
        "-x", "cl", "-cl-std=CL2.0", "-target", "nvptx64-nvidia-cuda",
        "-Xclang", "-fdeclare-opencl-builtins", "-Xclang", "-finclude-default-header",
        /* the 64-bit atomics (atom_add on long ...): without them nvptx
         * declares only the int overloads, and a long pointer passed to one
         * is a mere warning -- a 32-bit atomic on a 64-bit location */
        "-Xclang", "-cl-ext=+cl_khr_int64_base_atomics,+cl_khr_int64_extended_atomics",
        "-include", "gpumc_opencl.h", NULL};
    static const char *const scoped_c[] = {"-x", "c", "-std=gnu17", "-fPIC", "-include", "gpumc_c.h",
                                           NULL}; /* for the host, as GPUMC compiles them */
    const char *const *lang_flags = lang == FE_LANG_CUDA     ? cuda
                                    : lang == FE_LANG_OPENCL ? opencl
                                                             : scoped_c;
    for (size_t i = 0; lang_flags[i]; i++)
        argv[k++] = lang_flags[i];
    if (lang == FE_LANG_CUDA)
        argv[k++] = arch;
    snprintf(inc, sizeof inc, "-I%s/%s", ir_prelude_dir(),
             lang == FE_LANG_CUDA ? "cuda" : lang == FE_LANG_OPENCL ? "opencl" : "c");
    argv[k++] = inc;
    if (lang == FE_LANG_CUDA) { /* stand-ins for headers of the CUDA samples, last */
        snprintf(fallback, sizeof fallback, "%s/cuda-fallback", ir_prelude_dir());
        argv[k++] = "-idirafter";
        argv[k++] = fallback;
    }
    static const char *const common[] = {
        "-g", "-O1", "-Xclang", "-disable-llvm-passes", "-fno-discard-value-names",
        "-fno-exceptions", "-emit-llvm", "-c", "-fdiagnostics-color=never",
        "-w"}; /* warnings would crowd out the error that matters (exit 5 only) */
    for (size_t i = 0; i < sizeof common / sizeof common[0]; i++)
        argv[k++] = common[i];
    for (int i = 0; i < opt->nclang_args && k < 120; i++)
        if (i >= ARCH_SCAN || !used[i])
            argv[k++] = opt->clang_args[i];
    char deps[4200];
    snprintf(deps, sizeof deps, "%s.d", bc_path);
    argv[k++] = "-MD";
    argv[k++] = "-MF";
    argv[k++] = deps;
    argv[k++] = "-o";
    argv[k++] = bc_path;
    argv[k++] = opt->input;
    argv[k] = NULL;
    int rc = spawn_clang(argv, d);
    if (rc == 5 && lang == FE_LANG_CUDA)
        explain_unsupported(opt, d);
    return rc;
}
