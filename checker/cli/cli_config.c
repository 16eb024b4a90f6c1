/*
 * cli_config.c -- see cli_config.h.  Every JSON value is turned into the
 * same text the command line would carry and handed to the cli_opts
 * parsers, so both spellings are checked by one piece of code.
 */
#include "cli_config.h"
#include "futil.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* A number the way the command line would spell it. */
static void number_text(double d, char *out, size_t n)
{
    if (d == floor(d) && fabs(d) < 9e15)
        snprintf(out, n, "%.0f", d);
    else
        snprintf(out, n, "%.17g", d);
}

/* "v0,v1,..." from an array (may be empty) of numbers and, if `strings`,
 * strings: a literal as the command line takes it ("nan", "0x1p-10",
 * "'a'"), which JSON's numbers cannot all say. */
static int list_text(const cJSON *v, char *out, size_t n, int strings)
{
    size_t used = 0;
    out[0] = '\0';
    const cJSON *e;
    cJSON_ArrayForEach(e, v) {
        char num[64];
        if (strings && cJSON_IsString(e) && e->valuestring[0] &&
            !strpbrk(e->valuestring, ",:") && strlen(e->valuestring) < sizeof num)
            snprintf(num, sizeof num, "%s", e->valuestring);
        else if (cJSON_IsNumber(e))
            number_text(e->valuedouble, num, sizeof num);
        else
            return -1;
        used += (size_t)snprintf(out + used, used < n ? n - used : 0, "%s%s",
                                 used ? "," : "", num);
    }
    return used < n ? 0 : -1;
}

/* "X[,Y,Z]" from a number, an array of numbers, or a string. */
static int dims_text(const cJSON *v, char *out, size_t n)
{
    if (cJSON_IsString(v)) {
        snprintf(out, n, "%s", v->valuestring);
        return 0;
    }
    if (cJSON_IsNumber(v)) {
        number_text(v->valuedouble, out, n);
        return 0;
    }
    if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) < 1)
        return -1;
    return list_text(v, out, n, 0);
}

static int apply_dims(const cJSON *v, cli_dims *d, const char *key,
                      char *err, size_t errsz)
{
    char text[128];
    if (dims_text(v, text, sizeof text) < 0 ||
        cli_dims_parse(text, d, err, errsz, key) != CLI_EXIT_OK)
        return cli_fail_usage(err, errsz, "config: \"%s\" must be a number, an array "
                    "of 1-3 numbers or a string \"X,Y,Z\" (each 1..%d)", key,
                    CLI_MAX_DIM);
    return CLI_EXIT_OK;
}

/* A buffer object {"type":T,"length":N,"init":[..]} in the frontend's
 * syntax T[N]:v0,v1,... (frontend/fe_args.h). */
static int buffer_text(const cJSON *v, char *out, size_t n)
{
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(v, "type");
    const cJSON *len = cJSON_GetObjectItemCaseSensitive(v, "length");
    const cJSON *init = cJSON_GetObjectItemCaseSensitive(v, "init");
    char lenbuf[40] = "", list[8192] = "";
    if ((type && !cJSON_IsString(type)) || (len && !cJSON_IsNumber(len)) ||
        (init && (!cJSON_IsArray(init) || list_text(init, list, sizeof list, 1) < 0)))
        return -1;
    if (len) {
        char num[32];
        number_text(len->valuedouble, num, sizeof num);
        snprintf(lenbuf, sizeof lenbuf, "[%s]", num);
    }
    int used = snprintf(out, n, "%s%s%s%s", type ? type->valuestring : "",
                        lenbuf, list[0] ? ":" : "", list);
    return used > 0 && (size_t)used < n ? 0 : -1;
}

/* One kernel argument as the text --arg NAME=VALUE would carry. */
static int arg_text(const cJSON *v, char *out, size_t n)
{
    char list[8192];
    if (cJSON_IsString(v)) {
        snprintf(out, n, "%s", v->valuestring);
        return strlen(v->valuestring) < n ? 0 : -1;
    }
    if (cJSON_IsBool(v)) {
        snprintf(out, n, "%s", cJSON_IsTrue(v) ? "true" : "false");
        return 0;
    }
    if (cJSON_IsNumber(v)) {
        number_text(v->valuedouble, out, n);
        return 0;
    }
    if (cJSON_IsArray(v)) {
        if (cJSON_GetArraySize(v) == 0 || list_text(v, list, sizeof list, 0) < 0)
            return -1;
        int used = snprintf(out, n, ":%s", list);
        return used >= 0 && (size_t)used < n ? 0 : -1;
    }
    if (cJSON_IsObject(v))
        return buffer_text(v, out, n);
    return -1;
}

static int apply_args(cli_opts *o, const cJSON *args, char *err, size_t errsz)
{
    if (!cJSON_IsObject(args))
        return cli_fail_usage(err, errsz, "config: \"args\" must be an object "
                    "{\"NAME\": VALUE, ...}");
    const cJSON *a;
    cJSON_ArrayForEach(a, args) {
        char text[16384];
        if (cli_opts_find_arg(o, a->string) >= 0)
            continue; /* the command line wins */
        if (arg_text(a, text, sizeof text) < 0)
            return cli_fail_usage(err, errsz, "config: args.%s: expected a number, a "
                        "boolean, a string, a non-empty array of numbers, or "
                        "{\"type\": T, \"length\": N, \"init\": [...]}",
                        a->string);
        int rc = cli_opts_add_arg(o, a->string, text, err, errsz);
        if (rc != CLI_EXIT_OK)
            return rc;
    }
    return CLI_EXIT_OK;
}

static int apply_cc_args(cli_opts *o, const cJSON *v, char *err, size_t errsz)
{
    if (!cJSON_IsArray(v))
        return cli_fail_usage(err, errsz, "config: \"compiler_args\" must be an array "
                    "of strings");
    /* The file's arguments go first so that the command line's -D/-U win. */
    char **cli = o->cc_args;
    int ncli = o->ncc_args;
    o->cc_args = NULL;
    o->ncc_args = o->capcc_args = 0;
    const cJSON *e;
    int rc = CLI_EXIT_OK;
    cJSON_ArrayForEach(e, v) {
        if (!cJSON_IsString(e)) {
            rc = cli_fail_usage(err, errsz, "config: \"compiler_args\" must be an "
                      "array of strings");
            break;
        }
        cli_opts_add_cc_arg(o, e->valuestring);
    }
    for (int i = 0; i < ncli; i++) {
        cli_opts_add_cc_arg(o, cli[i]);
        free(cli[i]);
    }
    free(cli);
    return rc;
}

/* "post": ["expr", ...]; the command line's --post come after these. */
static int apply_post(cli_opts *o, const cJSON *v, char *err, size_t errsz)
{
    if (!cJSON_IsArray(v))
        return cli_fail_usage(err, errsz, "config: \"post\" must be an array of strings");
    const cJSON *e;
    cJSON_ArrayForEach(e, v) {
        if (!cJSON_IsString(e) || !*e->valuestring)
            return cli_fail_usage(err, errsz, "config: \"post\" must be an array of "
                                  "non-empty strings");
    }
    int ncli = o->npost;
    char **cli = o->post;
    o->post = NULL;
    o->npost = o->cappost = 0;
    cJSON_ArrayForEach(e, v)
        cli_opts_add_post(o, e->valuestring);
    for (int i = 0; i < ncli; i++) {
        cli_opts_add_post(o, cli[i]);
        free(cli[i]);
    }
    free(cli);
    return CLI_EXIT_OK;
}

static int apply_string(const cJSON *v, const char *key, char **slot,
                        char *err, size_t errsz)
{
    if (!cJSON_IsString(v))
        return cli_fail_usage(err, errsz, "config: \"%s\" must be a string", key);
    if (!*slot) {
        *slot = strdup(v->valuestring);
        if (!*slot)
            abort();
    }
    return CLI_EXIT_OK;
}

static int apply_int(const cJSON *v, const char *key, int *slot, int min,
                     char *err, size_t errsz)
{
    if (!cJSON_IsNumber(v) || v->valuedouble != floor(v->valuedouble) ||
        v->valuedouble < min || v->valuedouble > 1e9)
        return cli_fail_usage(err, errsz, "config: \"%s\" must be an integer >= %d",
                    key, min);
    if (*slot < 0)
        *slot = (int)v->valuedouble;
    return CLI_EXIT_OK;
}

static int apply_bool(const cJSON *v, const char *key, int *slot, char *err, size_t errsz)
{
    if (!cJSON_IsBool(v))
        return cli_fail_usage(err, errsz, "config: \"%s\" must be true or false", key);
    if (*slot < 0)
        *slot = cJSON_IsTrue(v);
    return CLI_EXIT_OK;
}

static int apply_model(cli_opts *o, const cJSON *v, char *err, size_t errsz)
{
    int m = cJSON_IsString(v) ? cli_model_parse(v->valuestring) : -1;
    if (m < 0)
        return cli_fail_usage(err, errsz, "config: \"model\" must be \"src11\", "
                    "\"rc11\" or \"sc\"");
    if (o->model < 0)
        o->model = m;
    return CLI_EXIT_OK;
}

/* The launch-size keys; `group` 0 = grid-like, 1 = block-like. */
static cli_dims *dims_slot(cli_opts *o, const char *key, int *group)
{
    static const struct { const char *key; size_t off; int group; } t[] = {
        {"grid", offsetof(cli_opts, grid), 0},
        {"num_groups", offsetof(cli_opts, num_groups), 0},
        {"global_size", offsetof(cli_opts, global_size), 0},
        {"block", offsetof(cli_opts, block), 1},
        {"local_size", offsetof(cli_opts, local_size), 1},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
        if (strcmp(key, t[i].key) == 0) {
            *group = t[i].group;
            return (cli_dims *)((char *)o + t[i].off);
        }
    return NULL;
}

static int apply_key(cli_opts *o, const cJSON *v, const int cli_set[2],
                     char *err, size_t errsz)
{
    const char *k = v->string;
    int group;
    cli_dims *d = dims_slot(o, k, &group);
    if (d) {
        cli_dims parsed;
        int rc = apply_dims(v, &parsed, k, err, errsz);
        if (rc == CLI_EXIT_OK && !cli_set[group])
            *d = parsed;
        return rc;
    }
    if (strcmp(k, "kernel") == 0)
        return apply_string(v, k, &o->kernel, err, errsz);
    if (strcmp(k, "gpus") == 0)
        return apply_int(v, k, &o->gpus, 1, err, errsz);
    if (strcmp(k, "sub_group_size") == 0)
        return apply_int(v, k, &o->sub_group_size, 1, err, errsz);
    if (strcmp(k, "shared_mem") == 0)
        return apply_int(v, k, &o->shared_mem, 0, err, errsz);
    if (strcmp(k, "cooperative") == 0)
        return apply_bool(v, k, &o->cooperative, err, errsz);
    if (strcmp(k, "unroll") == 0)
        return apply_int(v, k, &o->unroll, 1, err, errsz);
    if (strcmp(k, "model") == 0)
        return apply_model(o, v, err, errsz);
    if (strcmp(k, "args") == 0)
        return apply_args(o, v, err, errsz);
    if (strcmp(k, "compiler_args") == 0)
        return apply_cc_args(o, v, err, errsz);
    if (strcmp(k, "post") == 0)
        return apply_post(o, v, err, errsz);
    return cli_fail_usage(err, errsz, "config: unknown key \"%s\" (known: kernel, grid, "
                "block, num_groups, global_size, local_size, gpus, sub_group_size, "
                "cooperative, shared_mem, unroll, model, args, compiler_args, post)", k);
}

static int line_of(const char *text, const char *at)
{
    int line = 1;
    for (const char *p = text; p < at && *p; p++)
        line += *p == '\n';
    return line;
}

/* Key errors are written as "config: ..."; say which file they are about. */
static void name_file(const char *path, char *err, size_t errsz)
{
    static const char pre[] = "config: ";
    if (strncmp(err, pre, sizeof pre - 1) != 0)
        return;
    char msg[CLI_ERR_MAX];
    snprintf(msg, sizeof msg, "%s", err + sizeof pre - 1);
    snprintf(err, errsz, "--config=%s: %s", path, msg);
}

static int skipped(const char *key, const char *const *skip)
{
    for (; skip && *skip; skip++)
        if (strcmp(key, *skip) == 0)
            return 1;
    return 0;
}

int cli_config_apply_object(cli_opts *o, const cJSON *obj,
                            const char *const *skip, char *err, size_t errsz)
{
    int cli_set[2] = {o->grid.set || o->num_groups.set || o->global_size.set,
                      o->block.set || o->local_size.set};
    const cJSON *v;
    cJSON_ArrayForEach(v, obj) {
        if (skipped(v->string, skip))
            continue;
        int rc = apply_key(o, v, cli_set, err, errsz);
        if (rc != CLI_EXIT_OK)
            return rc;
    }
    return CLI_EXIT_OK;
}

int cli_config_read_error(const char *path, char *err, size_t errsz)
{
    if (errno == EINVAL || errno == EISDIR)
        return cli_fail_usage(err, errsz, "--config=%s: not a regular file; give a "
                              "JSON file", path);
    if (errno == EFBIG)
        return cli_fail_usage(err, errsz, "--config=%s: larger than %zu KiB; a "
                              "configuration file is small JSON", path,
                              CLI_CONFIG_MAX >> 10);
    return cli_fail_usage(err, errsz, "--config=%s: cannot read it: %s", path,
                          strerror(errno));
}

int cli_config_apply(cli_opts *o, char *err, size_t errsz)
{
    if (!o->config)
        return CLI_EXIT_OK;
    char *text = futil_read_regular(o->config, CLI_CONFIG_MAX, NULL);
    if (!text)
        return cli_config_read_error(o->config, err, errsz);
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithOpts(text, &end, 1);
    int rc = CLI_EXIT_OK;
    if (!root)
        rc = cli_fail_usage(err, errsz, "--config=%s:%d: not valid JSON", o->config,
                  line_of(text, end ? end : text));
    else if (!cJSON_IsObject(root))
        rc = cli_fail_usage(err, errsz, "--config=%s: expected a JSON object {...}",
                  o->config);
    if (rc == CLI_EXIT_OK)
        rc = cli_config_apply_object(o, root, NULL, err, errsz);
    cJSON_Delete(root);
    free(text);
    if (rc != CLI_EXIT_OK)
        name_file(o->config, err, errsz);
    return rc;
}
