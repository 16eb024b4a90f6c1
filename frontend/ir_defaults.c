/* ir_defaults.c -- see ir_defaults.h. */
#include "ir_defaults.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Past a comment or a string or character literal starting at s, or s. */
static const char *skip_lexeme(const char *s)
{
    if (s[0] == '/' && s[1] == '/') {
        const char *e = strchr(s, '\n');
        return e ? e : s + strlen(s);
    }
    if (s[0] == '/' && s[1] == '*') {
        const char *e = strstr(s + 2, "*/");
        return e ? e + 2 : s + strlen(s);
    }
    if (*s == '"' || *s == '\'') {
        const char *c = s + 1;
        while (*c && *c != *s)
            c += c[0] == '\\' && c[1] ? 2 : 1;
        return *c ? c + 1 : c;
    }
    return s;
}

static int ident_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

/* The '(' opening name's parameter list, at or after s, or NULL. */
static const char *param_list(const char *s, const char *name)
{
    size_t n = strlen(name);
    while (*s) {
        const char *e = skip_lexeme(s);
        if (e != s) {
            s = e;
            continue;
        }
        if (!strncmp(s, name, n) && !ident_char(s[n]) && (s == name || !ident_char(s[-1]))) {
            const char *c = s + n;
            while (isspace((unsigned char)*c))
                c++;
            if (*c == '(')
                return c;
        }
        s++;
    }
    return NULL;
}

/* The literal in [s, e) as --arg takes it, into out ("" if it is none). */
static void literal_value(const char *s, const char *e, char *out)
{
    while (s < e && isspace((unsigned char)*s))
        s++;
    while (e > s && isspace((unsigned char)e[-1]))
        e--;
    char t[IR_DEFAULT_MAX];
    size_t n = (size_t)(e - s);
    out[0] = '\0';
    if (n == 0 || n >= sizeof t)
        return;
    memcpy(t, s, n);
    t[n] = '\0';
    if (!strcmp(t, "true")) {
        strcpy(out, "1");
    } else if (!strcmp(t, "false") || !strcmp(t, "nullptr") || !strcmp(t, "NULL")) {
        strcpy(out, "0");
    } else if (t[0] == '\'' && n == 3 && t[2] == '\'') {
        snprintf(out, IR_DEFAULT_MAX, "%d", (unsigned char)t[1]);
    } else if (isdigit((unsigned char)t[0]) || t[0] == '.' ||
               ((t[0] == '-' || t[0] == '+') && (isdigit((unsigned char)t[1]) || t[1] == '.'))) {
        int hex = strstr(t, "0x") || strstr(t, "0X");
        int fp = !hex && strpbrk(t, ".eE") != NULL;
        char *end;
        if (fp)
            (void)strtod(t, &end);
        else
            (void)strtoll(t, &end, 0);
        size_t keep = (size_t)(end - t);
        if (keep == 0 || end[strspn(end, fp ? "fFlL" : "uUlL")] != '\0')
            return; /* an expression (1 << 4, N * 2): not a literal */
        snprintf(out, IR_DEFAULT_MAX, "%.*s", (int)keep, t);
    }
}

unsigned ir_param_defaults(const char *text, const char *name, unsigned line, unsigned n,
                           char (*out)[IR_DEFAULT_MAX])
{
    for (unsigned i = 0; i < n; i++)
        out[i][0] = '\0';
    const char *s = text;
    for (unsigned l = 1; l < line && s; l++) {
        s = strchr(s, '\n');
        s = s ? s + 1 : NULL;
    }
    const char *c = s ? param_list(s, name) : NULL;
    if (!c)
        return 0;
    unsigned found = 0, i = 0;
    int depth = 0, angle = 0; /* brackets; template arguments (array<int, 2>) */
    const char *eq = NULL;
    for (c++; *c && i < n; c++) {
        const char *e = skip_lexeme(c);
        if (e != c) {
            c = e - 1;
            continue;
        }
        if (strchr("([{", *c)) {
            depth++;
        } else if (strchr(")]}", *c) && depth > 0) {
            depth--;
        } else if (*c == '<' && ident_char(c[-1]) && c[1] != '<' && c[1] != '=') {
            angle++; /* (not a shift or a comparison: 1 << 4) */
        } else if (*c == '>' && angle > 0) {
            angle--;
        } else if (depth + angle == 0 && *c == '=' && c[1] != '=' && !strchr("=!<>", c[-1])) {
            eq = c;
        } else if (depth + angle == 0 && (*c == ',' || *c == ')')) {
            if (eq) {
                literal_value(eq + 1, c, out[i]);
                found += out[i][0] != '\0';
            }
            eq = NULL;
            i++;
            if (*c == ')')
                break;
        }
    }
    return found;
}
