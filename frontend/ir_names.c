/*
 * ir_names.c -- see ir_names.h.
 */
#include "ir_names.h"

#include <stdio.h>
#include <stdlib.h>
#include <ctype.h>
#include <string.h>

char *__cxa_demangle(const char *mangled, char *buf, size_t *len, int *status);

/* The position of the '(' that opens the outermost trailing parameter
 * list of a demangled function name, or NULL. */
static char *param_list(char *s)
{
    size_t n = strlen(s);
    if (!n || s[n - 1] != ')')
        return NULL;
    int depth = 0;
    for (size_t i = n; i-- > 0;) {
        if (s[i] == ')')
            depth++;
        else if (s[i] == '(' && --depth == 0)
            return s + i;
    }
    return NULL;
}

static int ident_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

/* Skip a leading return type: the last space outside <> and (). */
static const char *skip_return_type(const char *s)
{
    int depth = 0;
    const char *start = s;
    for (const char *c = s; *c; c++) {
        if (*c == '<' || *c == '(')
            depth++;
        else if ((*c == '>' || *c == ')') && depth > 0)
            depth--;
        else if (*c == ' ' && depth == 0)
            start = c + 1;
    }
    return start;
}

/* _Z<len><identifier>...: the identifier of a plain (not nested) mangled
 * name, which the demangler may not take whole (OpenCL's vendor
 * qualifiers such as U7_Atomic, U3AS1). */
static int plain_identifier(const char *mangled, char *out, size_t n)
{
    if (strncmp(mangled, "_Z", 2)) /* first: a name may be 1 character long */
        return -1;
    const char *s = mangled + 2;
    char *end;
    long len = strtol(s, &end, 10);
    if (end == s || len <= 0 || (size_t)len > strlen(end))
        return -1;
    snprintf(out, n, "%.*s", (int)len, end);
    return 0;
}

/* The demangler writes a function as a template argument as its address
 * with its signature, "&(twice(float*, int))": rewrite each to the name
 * users write, "twice", in place. */
static void function_arguments(char *s)
{
    char *w = s;
    for (const char *c = s; *c;) {
        const char *id = c + 2, *e = id;
        while (c[0] == '&' && c[1] == '(' && (ident_char(*e) || (e[0] == ':' && e[1] == ':')))
            e += *e == ':' ? 2 : 1;
        const char *close = NULL;
        if (e > id && *e == '(') { /* the signature's ')' and then the group's */
            int depth = 0;
            const char *q = e;
            for (; *q && (*q != ')' || --depth > 0); q++)
                depth += *q == '(';
            close = q[0] == ')' && q[1] == ')' ? q + 2 : NULL;
        }
        if (!close) {
            *w++ = *c++;
            continue;
        }
        memmove(w, id, (size_t)(e - id));
        w += e - id;
        c = close;
    }
    *w = '\0';
}

void ir_demangle(const char *mangled, char *out, size_t n)
{
    int status = -1;
    char *d = strncmp(mangled, "_Z", 2) ? NULL : __cxa_demangle(mangled, NULL, NULL, &status);
    if (!d || status != 0) {
        free(d);
        if (n && plain_identifier(mangled, out, n) != 0)
            snprintf(out, n, "%s", mangled);
        return;
    }
    char *paren = param_list(d);
    if (paren)
        *paren = '\0';
    function_arguments(d);
    snprintf(out, n, "%s", skip_return_type(d));
    free(d);
}

const char *ir_first_value_type(const char *mangled)
{
    if (strncmp(mangled, "_Z", 2))
        return "";
    const char *s = mangled + 2;
    char *end;
    long len = strtol(s, &end, 10);
    if (end == s || len <= 0 || (size_t)len > strlen(end))
        return "";
    s = end + len;
    while (*s == 'P' || *s == 'V' || *s == 'K' || *s == 'U') {
        if (*s++ != 'U')
            continue;
        len = strtol(s, &end, 10); /* vendor qualifier U<len><name> */
        if (end == s || (size_t)len > strlen(end))
            return "";
        s = end + len;
    }
    return s;
}

void ir_demangle_full(const char *mangled, char *out, size_t n)
{
    int status = -1;
    char *d = strncmp(mangled, "_Z", 2) ? NULL : __cxa_demangle(mangled, NULL, NULL, &status);
    snprintf(out, n, "%s", d && status == 0 ? d : mangled);
    free(d);
}

void ir_var_name(const char *mangled, char *out, size_t n)
{
    char full[512];
    ir_demangle(mangled, full, sizeof full);
    /* "reduce(int const*, int*)::s" for a static local: keep what follows
     * the last "::" outside <> and (). */
    int depth = 0;
    const char *last = full;
    for (const char *c = full; *c; c++) {
        if (*c == '<' || *c == '(')
            depth++;
        else if ((*c == '>' || *c == ')') && depth > 0)
            depth--;
        else if (depth == 0 && c[0] == ':' && c[1] == ':')
            last = c + 2;
    }
    /* C names a function's static (an OpenCL kernel's __local) "k.buf", and
     * a second one of that name in it "k.buf.1": keep "buf" */
    const char *dot = last == full ? strchr(full, '.') : NULL;
    size_t len = strlen(last);
    if (dot && dot > full && dot[1]) {
        last = dot + 1;
        len = strlen(last);
        const char *tail = strrchr(last, '.');
        if (tail && tail[1] && strspn(tail + 1, "0123456789") == strlen(tail + 1))
            len = (size_t)(tail - last);
    }
    snprintf(out, n, "%.*s", (int)len, last);
}

/* Copy s without spaces and without the suffixes of integer literals: the
 * demangler writes an unsigned template argument as 4u, which users write
 * as 4 (or 4U). */
static void squeeze(const char *s, char *out, size_t n)
{
    size_t k = 0;
    for (const char *c = s; *c && k + 1 < n; c++) {
        if (*c == ' ' || (*c == '&' && k > 0 && (out[k - 1] == '<' || out[k - 1] == ',')))
            continue; /* and k<&f> is k<f>: a function argument's & is optional */
        out[k++] = *c;
        if (!isdigit((unsigned char)*c) || (c > s && ident_char(c[-1])))
            continue;
        while (isalnum((unsigned char)c[1]) && k + 1 < n && !strchr("uUlL", c[1]))
            out[k++] = *++c; /* the rest of the number (0x1F) */
        const char *e = c + 1;
        while (*e && strchr("uUlL", *e))
            e++;
        if (!ident_char(*e))
            c = e - 1; /* the suffix goes */
    }
    out[k] = '\0';
}

const char *ir_name_params(const char *name)
{
    int depth = 0;
    for (const char *c = name; *c; c++) {
        if (*c == '<')
            depth++;
        else if (*c == '>' && depth > 0)
            depth--;
        else if (*c == '(' && depth == 0)
            return c;
    }
    return NULL;
}

int ir_name_matches(const char *name, const char *want)
{
    char a[512], b[512];
    squeeze(name, a, sizeof a);
    squeeze(want, b, sizeof b);
    if (!strcmp(a, b))
        return 1;
    /* without template arguments: the template's name */
    char *lt = strchr(a, '<');
    if (lt && !strchr(b, '<')) {
        *lt = '\0';
        if (!strcmp(a, b))
            return 1;
    }
    /* without namespace: the last component */
    const char *colon = strrchr(a, ':');
    return colon && !strchr(b, ':') && !strcmp(colon + 1, b);
}
