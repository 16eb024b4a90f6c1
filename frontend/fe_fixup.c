/* fe_fixup.c -- see fe_fixup.h. */
#include "fe_fixup.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Declaration specifiers an alignment specifier may follow in nvcc. */
static const char *const specifiers[] = {
    "__shared__", "__device__", "__constant__", "__managed__", "static", "extern",
    "const", "volatile", "constexpr", "thread_local", "inline", "__forceinline__",
    NULL};

static int ident_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

/* code[i]: byte i is program text, not a comment or a literal. */
static char *code_mask(const char *s, size_t n)
{
    char *code = malloc(n + 1);
    if (!code)
        return NULL;
    size_t i = 0;
    while (i < n) {
        if (s[i] == '/' && s[i + 1] == '/') {
            while (i < n && s[i] != '\n')
                code[i++] = 0;
        } else if (s[i] == '/' && s[i + 1] == '*') {
            code[i++] = 0;
            code[i++] = 0;
            while (i < n && !(s[i] == '*' && s[i + 1] == '/'))
                code[i++] = 0;
            for (int k = 0; k < 2 && i < n; k++)
                code[i++] = 0;
        } else if (s[i] == '"' || s[i] == '\'') {
            char q = s[i];
            code[i++] = 0;
            while (i < n && s[i] != q && s[i] != '\n') {
                if (s[i] == '\\' && i + 1 < n)
                    code[i++] = 0;
                code[i++] = 0;
            }
            if (i < n)
                code[i++] = 0;
        } else {
            code[i++] = 1;
        }
    }
    return code;
}

static int is_specifier(const char *s, size_t len)
{
    for (size_t k = 0; specifiers[k]; k++)
        if (strlen(specifiers[k]) == len && !memcmp(specifiers[k], s, len))
            return 1;
    return 0;
}

/* The end of the parenthesised group starting at s[i] == '(', or 0. */
static size_t group_end(const char *s, const char *code, size_t n, size_t i)
{
    int depth = 0;
    for (; i < n; i++) {
        if (!code[i])
            continue;
        if (s[i] == '(')
            depth++;
        else if (s[i] == ')' && --depth == 0)
            return i + 1;
    }
    return 0;
}

/* The start of the run of specifiers that ends just before `at`
 * (whitespace between them), or `at` when there is none. */
static size_t specifiers_before(const char *s, const char *code, size_t at, size_t *run_end)
{
    size_t start = at, p = at;
    *run_end = at;
    for (;;) {
        while (p > 0 && code[p - 1] && isspace((unsigned char)s[p - 1]))
            p--;
        size_t e = p;
        while (p > 0 && code[p - 1] && ident_char(s[p - 1]))
            p--;
        if (p == e || !is_specifier(s + p, e - p))
            return start;
        if (start == at)
            *run_end = e;
        start = p;
    }
}

/* Swap s[a, b) and s[c, d) around the text between them (b <= c). */
static void trade_places(char *s, size_t a, size_t b, size_t c, size_t d, char *tmp)
{
    size_t n1 = b - a, gap = c - b, n2 = d - c;
    memcpy(tmp, s + c, n2);
    memcpy(tmp + n2, s + b, gap);
    memcpy(tmp + n2 + gap, s + a, n1);
    memcpy(s + a, tmp, d - a);
}

char *fe_fixup_cuda(const char *text)
{
    if (!strstr(text, "alignas"))
        return NULL;
    size_t n = strlen(text);
    char *code = code_mask(text, n), *out = malloc(n + 1), *tmp = malloc(n + 1);
    int changed = 0;
    if (!code || !out || !tmp)
        goto done;
    memcpy(out, text, n + 1);
    for (size_t i = 0; i + 7 <= n; i++) {
        if (!code[i] || memcmp(text + i, "alignas", 7) != 0 || (i > 0 && ident_char(text[i - 1])) ||
            ident_char(text[i + 7]))
            continue;
        size_t p = i + 7;
        while (p < n && code[p] && isspace((unsigned char)text[p]))
            p++;
        size_t end = p < n && code[p] && text[p] == '(' ? group_end(text, code, n, p) : 0;
        size_t run_end, run = end ? specifiers_before(text, code, i, &run_end) : i;
        if (run == i)
            continue;
        trade_places(out, run, run_end, i, end, tmp);
        changed = 1;
        i = end - 1;
    }
done:
    free(code);
    free(tmp);
    if (!changed) {
        free(out);
        return NULL;
    }
    return out;
}
