/*
 * lower_main.c -- gpumc-lower: the frontend as its own process.
 *
 *   gpumc-lower [--kernel=K] [--grid=X[,Y,Z]] [--block=X[,Y,Z]] [--gpus=N] [--sub-group-size=N]
 *               [--cooperative] [--shared-mem=BYTES] [--lang=cuda|opencl|c] [--arg NAME=VALUE]...
 *               [--post=EXPR]... [--out=PREFIX [--out-text]] FILE
 *               [-- clang-args...]
 *
 * gpumc runs it (checker/run/fechild.c) so that libclang and LLVM never
 * live in the exploring process.  With --out it writes PREFIX.c (the C
 * glue), PREFIX.bc (instrumented bitcode, compile pipeline only),
 * PREFIX.deps (the files clang read) and with --out-text PREFIX.txt (the
 * harness as text); without it, it prints the harness as text.  It exits
 * with fe_lower_harness's code and prints its message on stderr.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sys/resource.h>

#include "fe.h"


static int parse_dims(const char *s, int d[3])
{
    char *end;
    for (int i = 0; i < 3; i++) {
        long v = strtol(s, &end, 10);
        if (end == s || v < 1 || v > 1 << 20)
            return -1;
        d[i] = (int)v;
        if (!*end)
            return 0;
        if (*end != ',' || i == 2)
            return -1;
        s = end + 1;
    }
    return 0;
}

static int parse_lang(const char *s, fe_lang *l)
{
    if (!strcmp(s, "cuda"))
        *l = FE_LANG_CUDA;
    else if (!strcmp(s, "opencl"))
        *l = FE_LANG_OPENCL;
    else if (!strcmp(s, "c"))
        *l = FE_LANG_SCOPED_C;
    else
        return -1;
    return 0;
}

/* NAME=VALUE into an fe_arg (pointing into argv). */
static int add_arg(char *s, fe_arg *args, int *n)
{
    char *eq = strchr(s, '=');
    if (!eq || eq == s)
        return -1;
    *eq = 0;
    args[*n].name = s;
    args[*n].value = eq + 1;
    (*n)++;
    return 0;
}

static int usage(void)
{
    fprintf(stderr, "usage: gpumc-lower [--kernel=K] [--grid=X[,Y,Z]] [--block=X[,Y,Z]] "
                    "[--gpus=N] [--sub-group-size=N] [--global-offset=X,Y,Z] [--volatile=plain|relaxed] "
                    "[--cooperative] [--shared-mem=BYTES] "
                    "[--lang=cuda|opencl|c] [--arg NAME=VALUE]... "
                    "[--post=EXPR]... [--link=FILE]... FILE [-- clang-args...]\n");
    return 17;
}

static int parse_option(char **argv, int *i, fe_options *o, fe_arg *args)
{
    char *a = argv[*i];
    if (!strncmp(a, "--kernel=", 9))
        o->kernel = a + 9;
    else if (!strncmp(a, "--grid=", 7))
        return parse_dims(a + 7, o->grid);
    else if (!strncmp(a, "--block=", 8))
        return parse_dims(a + 8, o->block);
    else if (!strncmp(a, "--gpus=", 7))
        o->ngpus = atoi(a + 7);
    else if (!strncmp(a, "--sub-group-size=", 17))
        o->subgroup = atoi(a + 17);
    else if (!strncmp(a, "--global-offset=", 16))
        return sscanf(a + 16, "%d,%d,%d", &o->offset[0], &o->offset[1], &o->offset[2]) == 3 ? 0
                                                                                           : -1;
    else if (!strncmp(a, "--value-choice=", 15))
        o->value_choice = atoi(a + 15);
    else if (!strcmp(a, "--volatile=relaxed"))
        o->volatile_relaxed = 1;
    else if (!strcmp(a, "--volatile=plain"))
        o->volatile_relaxed = 0;
    else if (!strcmp(a, "--cooperative"))
        o->cooperative = 1;
    else if (!strncmp(a, "--shared-mem=", 13)) {
        o->shared_mem_given = 1;
        o->shared_mem = (unsigned)strtoul(a + 13, NULL, 10);
    }
    else if (!strncmp(a, "--lang=", 7))
        return parse_lang(a + 7, &o->lang);
    else if (!strcmp(a, "--arg") && argv[*i + 1])
        return add_arg(argv[++*i], args, &o->nargs);
    else if (!strncmp(a, "--arg=", 6))
        return add_arg(a + 6, args, &o->nargs);
    else if (!strncmp(a, "--post=", 7))
        ((const char **)o->post)[o->npost++] = a + 7;
    else if (!strncmp(a, "--link=", 7))
        ((const char **)o->link)[o->nlink++] = a + 7;
    else
        return -1;
    return 0;
}

static int write_file(const char *prefix, const char *ext, const void *data, size_t n)
{
    char path[4200];
    snprintf(path, sizeof path, "%s%s", prefix, ext);
    FILE *f = fopen(path, "wb");
    int ok = f && fwrite(data, 1, n, f) == n;
    if (f && fclose(f) != 0)
        ok = 0;
    if (!ok)
        fprintf(stderr, "gpumc-lower: cannot write %s\n", path);
    return ok ? 0 : 7;
}

static int write_outputs(const char *prefix, int want_text, const fe_harness *h)
{
    int rc = write_file(prefix, ".c", h->c, strlen(h->c));
    if (!rc && h->bc)
        rc = write_file(prefix, ".bc", h->bc, h->bclen);
    if (!rc && h->deps)
        rc = write_file(prefix, ".deps", h->deps, strlen(h->deps));
    if (!rc && want_text) {
        char *text = fe_harness_text(h);
        rc = text ? write_file(prefix, ".txt", text, strlen(text)) : 7;
        free(text);
    }
    return rc;
}

static int lower(int argc, char **argv, fe_arg *args, const char **post, const char **link)
{
    fe_options o;
    memset(&o, 0, sizeof o);
    o.args = args;
    o.post = post;
    o.link = link;
    int i;
    const char *out_prefix = NULL;
    int want_text = 0;
    for (i = 1; i < argc && strcmp(argv[i], "--"); i++) {
        if (!strncmp(argv[i], "--out=", 6)) {
            out_prefix = argv[i] + 6;
        } else if (!strcmp(argv[i], "--out-text")) {
            want_text = 1;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            if (parse_option(argv, &i, &o, args) < 0)
                return usage();
        } else if (!o.input) {
            o.input = argv[i];
        } else {
            return usage();
        }
    }
    if (i < argc) {
        o.clang_args = (const char *const *)argv + i + 1;
        o.nclang_args = argc - i - 1;
    }
    if (!o.input)
        return usage();
    /* deeply nested input must not exhaust the stack of libclang's parser */
    struct rlimit rl;
    if (getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY &&
        rl.rlim_cur < 256ul << 20) {
        rl.rlim_cur = rl.rlim_max == RLIM_INFINITY || rl.rlim_max >= 256ul << 20 ? 256ul << 20
                                                                                : rl.rlim_max;
        setrlimit(RLIMIT_STACK, &rl);
    }
    fe_harness h;
    fe_diag d;
    int rc = fe_lower_harness(&o, &h, &d);
    if (rc) {
        fprintf(stderr, "%s%s", d.msg, d.msg[0] && d.msg[strlen(d.msg) - 1] == '\n' ? "" : "\n");
        fe_harness_free(&h);
        return rc;
    }
    if (out_prefix) {
        rc = write_outputs(out_prefix, want_text, &h);
    } else {
        char *text = fe_harness_text(&h);
        if (text)
            fputs(text, stdout);
        rc = text ? 0 : 7;
        free(text);
    }
    fe_harness_free(&h);
    return rc;
}

int main(int argc, char **argv)
{
    /* every --arg, --post and --link takes at least one of argv's words */
    fe_arg *args = calloc((size_t)argc, sizeof *args);
    const char **post = calloc((size_t)argc, sizeof *post);
    const char **link = calloc((size_t)argc, sizeof *link);
    int rc = 7;
    if (args && post && link)
        rc = lower(argc, argv, args, post, link);
    else
        fprintf(stderr, "gpumc-lower: out of memory\n");
    free(args);
    free(post);
    free(link);
    return rc;
}
