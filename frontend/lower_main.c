/*
 * lower_main.c -- gpumc-lower: print the harness fe_lower makes of a file.
 *
 *   gpumc-lower [--kernel=K] [--grid=X[,Y,Z]] [--block=X[,Y,Z]] [--gpus=N]
 *               [--unroll=N] [--lang=cuda|opencl|c] [--arg NAME=VALUE]...
 *               [--post=EXPR]... FILE [-- clang-args...]
 *
 * A development tool (the user-facing command is gpumc): it exits with
 * fe_lower's code and prints its message on stderr.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fe.h"

#define MAX_ARGS 64

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
    if (!eq || eq == s || *n >= MAX_ARGS)
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
                    "[--gpus=N] [--unroll=N] [--lang=cuda|opencl|c] [--arg NAME=VALUE]... "
                    "[--post=EXPR]... FILE [-- clang-args...]\n");
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
    else if (!strncmp(a, "--unroll=", 9))
        o->unroll = atoi(a + 9);
    else if (!strncmp(a, "--lang=", 7))
        return parse_lang(a + 7, &o->lang);
    else if (!strcmp(a, "--arg") && argv[*i + 1])
        return add_arg(argv[++*i], args, &o->nargs);
    else if (!strncmp(a, "--arg=", 6))
        return add_arg(a + 6, args, &o->nargs);
    else if (!strncmp(a, "--post=", 7) && o->npost < MAX_ARGS)
        ((const char **)o->post)[o->npost++] = a + 7;
    else
        return -1;
    return 0;
}

int main(int argc, char **argv)
{
    fe_options o;
    fe_arg args[MAX_ARGS];
    const char *post[MAX_ARGS];
    memset(&o, 0, sizeof o);
    o.args = args;
    o.post = post;
    int i;
    for (i = 1; i < argc && strcmp(argv[i], "--"); i++) {
        if (argv[i][0] == '-' && argv[i][1]) {
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
    char *out = NULL;
    fe_diag d;
    int rc = fe_lower(&o, &out, &d);
    if (rc) {
        fprintf(stderr, "%s\n", d.msg);
        return rc;
    }
    fputs(out, stdout);
    free(out);
    return 0;
}
