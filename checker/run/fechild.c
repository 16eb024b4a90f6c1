/*
 * fechild.c -- see fechild.h.
 */
#include "fechild.h"
#include "futil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>


const char *fechild_path(void)
{
    static char path[4096];
    const char *env = getenv("GPUMC_LOWER");
    if (env && *env)
        return env;
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = '\0';
        char *slash = strrchr(exe, '/');
        if (slash) {
            *slash = '\0';
            snprintf(path, sizeof path, "%.4000s/gpumc-lower", exe);
            if (access(path, X_OK) == 0)
                return path;
        }
    }
    return "gpumc-lower"; /* on PATH */
}

/* The frontend's command line, as long as the request needs (any number
 * of --arg and --post); oom once something could not be stored. */
typedef struct argv_buf {
    char **v;
    int n, cap;
    char **owned; /* formatted arguments to free */
    int nowned, capowned;
    int oom;
} argv_buf;

static int grow(char ***v, int *cap, int need)
{
    if (need <= *cap)
        return 0;
    int c = *cap ? 2 * *cap : 64;
    while (c < need)
        c *= 2;
    char **p = realloc(*v, (size_t)c * sizeof *p);
    if (!p)
        return -1;
    *v = p;
    *cap = c;
    return 0;
}

static void push(argv_buf *a, const char *s)
{
    if (grow(&a->v, &a->cap, a->n + 2) < 0) { /* and the NULL at the end */
        a->oom = 1;
        return;
    }
    a->v[a->n++] = (char *)s;
}

static void pushf(argv_buf *a, const char *fmt, const char *s)
{
    size_t n = strlen(fmt) + (s ? strlen(s) : 0) + 1;
    char *p = grow(&a->owned, &a->capowned, a->nowned + 1) == 0 ? malloc(n) : NULL;
    if (!p) {
        a->oom = 1;
        return;
    }
    snprintf(p, n, fmt, s ? s : "");
    a->owned[a->nowned++] = p;
    push(a, p);
}

static void argv_free(argv_buf *a)
{
    for (int i = 0; i < a->nowned; i++)
        free(a->owned[i]);
    free(a->owned);
    free(a->v);
}

static void push_dims(argv_buf *a, const char *opt, const int *d)
{
    char v[96];
    if (!d)
        return;
    snprintf(v, sizeof v, "%d,%d,%d", d[0] ? d[0] : 1, d[1] ? d[1] : 1, d[2] ? d[2] : 1);
    char fmt[32];
    snprintf(fmt, sizeof fmt, "%s=%%s", opt);
    pushf(a, fmt, v);
}

static void push_int(argv_buf *a, const char *opt, int v)
{
    char s[32], fmt[32];
    if (!v)
        return;
    snprintf(s, sizeof s, "%d", v);
    snprintf(fmt, sizeof fmt, "%s=%%s", opt);
    pushf(a, fmt, s);
}

static void build_argv(const fechild_req *rq, const char *dir, argv_buf *a)
{
    char path[4200], off[96];
    push(a, fechild_path());
    pushf(a, "--lang=%s", rq->lang);
    if (rq->kernel)
        pushf(a, "--kernel=%s", rq->kernel);
    push_dims(a, "--grid", rq->grid);
    push_dims(a, "--block", rq->block);
    push_int(a, "--gpus", rq->gpus);
    push_int(a, "--sub-group-size", rq->sub_group);
    if (rq->offset) {
        snprintf(off, sizeof off, "%d,%d,%d", rq->offset[0], rq->offset[1], rq->offset[2]);
        pushf(a, "--global-offset=%s", off);
    }
    push_int(a, "--value-choice", rq->value_choice);
    for (int i = 0; i < rq->nmore_inputs; i++)
        pushf(a, "--link=%s", rq->more_inputs[i]);
    if (rq->volatile_relaxed)
        push(a, "--volatile=relaxed");
    if (rq->cooperative)
        push(a, "--cooperative");
    if (rq->shared_mem >= 0) { /* 0 is a size here */
        char n[32];
        snprintf(n, sizeof n, "%d", rq->shared_mem);
        pushf(a, "--shared-mem=%s", n);
    }
    for (int i = 0; i < rq->nargs; i++) {
        push(a, "--arg");
        push(a, rq->args[i]);
    }
    for (int i = 0; i < rq->npost; i++)
        pushf(a, "--post=%s", rq->post[i]);
    snprintf(path, sizeof path, "%s/h", dir);
    pushf(a, "--out=%s", path);
    if (rq->want_text)
        push(a, "--out-text");
    push(a, rq->input);
    push(a, "--");
    for (int i = 0; i < rq->ncc_args; i++)
        push(a, rq->cc_args[i]);
    if (a->v)
        a->v[a->n] = NULL;
}

static char *read_out(const char *dir, const char *name, size_t *len)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return futil_read(path, len);
}

static int collect(const char *dir, const fechild_req *rq, fechild_out *out, char **msg)
{
    out->c = read_out(dir, "h.c", NULL);
    out->bc = read_out(dir, "h.bc", &out->bclen); /* absent: an all-C harness */
    out->deps = read_out(dir, "h.deps", NULL);
    out->text = rq->want_text ? read_out(dir, "h.txt", NULL) : NULL;
    if (out->c && (!rq->want_text || out->text))
        return 0;
    fechild_out_free(out);
    *msg = strdup("internal error: the frontend (gpumc-lower) wrote no harness");
    return 7;
}

int fechild_lower(const fechild_req *rq, fechild_out *out, char **msg)
{
    memset(out, 0, sizeof *out);
    *msg = NULL;
    const char *tmp = getenv("TMPDIR");
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/gpumc-lower-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir)) {
        *msg = strdup("internal error: cannot create a temporary directory");
        return 7;
    }
    argv_buf a;
    memset(&a, 0, sizeof a);
    build_argv(rq, dir, &a);
    if (a.oom || !a.v) {
        argv_free(&a);
        futil_remove_tree(dir);
        *msg = strdup("internal error: out of memory");
        return 7;
    }
    char *output = NULL;
    int st = futil_run_captured_until(a.v, &output, rq->deadline, rq->stop);
    const char *frontend = a.v[0];
    int rc;
    if (st == FUTIL_TIMED_OUT || st == FUTIL_STOPPED) {
        rc = st == FUTIL_TIMED_OUT ? FECHILD_TIMED_OUT : FECHILD_STOPPED;
        free(output);
    } else if (st == 0) {
        rc = collect(dir, rq, out, msg);
        free(output);
    } else if (st == 5 || st == 17 || st == 7) {
        rc = st;
        *msg = output;
    } else {
        char m[600];
        if (st < 0)
            snprintf(m, sizeof m, "internal error: cannot run the frontend '%s' (set GPUMC_LOWER)",
                     frontend);
        else
            snprintf(m, sizeof m, "%s: error: the frontend failed on this file (%s %d); gpumc "
                     "cannot lower it", rq->input, st >= 128 ? "signal" : "exit status",
                     st >= 128 ? st - 128 : st);
        rc = st < 0 ? 7 : 5;
        free(output);
        *msg = strdup(m);
    }
    argv_free(&a);
    futil_remove_tree(dir);
    return rc;
}

void fechild_out_free(fechild_out *o)
{
    free(o->c);
    free(o->bc);
    free(o->deps);
    free(o->text);
    memset(o, 0, sizeof *o);
}
