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

/* Is s[i] '%' starting a PTX name clang would read as an unknown operand
 * modifier?  Clang's escapes are %%, %=, %<digit>, %[name] and a modifier
 * letter before a digit or '[' (%c0, %l[label]); `%globaltimer` is none. */
static int lone_percent(const char *s, size_t i, size_t end)
{
    return s[i] == '%' && i + 2 < end && isalpha((unsigned char)s[i + 1]) &&
           !isdigit((unsigned char)s[i + 2]) && s[i + 2] != '[';
}

/* Can the space at s[i] of a PTX literal [lo, end) go?  One after a comma
 * (operands need none) or after another blank. */
static int spare_space(const char *s, size_t lo, size_t i)
{
    return s[i] == ' ' && i > lo && (s[i - 1] == ',' || s[i - 1] == ' ' || s[i - 1] == '\t');
}

/* One inline-PTX string literal s[lo, end) (without its quotes) into
 * out[lo, end): each lone '%' doubled, as many spare spaces dropped -- and
 * if they are too few, the ';' that ends the template's `last` literal
 * (the final instruction needs none).  Returns 1 when rewritten, 0 when
 * it needs nothing or has too little to spare (then clang reports the
 * escape, as before). */
static int fix_ptx_literal(char *out, const char *s, size_t lo, size_t end, int last)
{
    int lone = 0, spare = 0;
    for (size_t i = lo; i < end; i++) {
        if (s[i] == '%' && i + 1 < end && s[i + 1] == '%') {
            i++;
            continue;
        }
        lone += lone_percent(s, i, end);
        spare += spare_space(s, lo, i);
    }
    int semicolon = last && end > lo && s[end - 1] == ';' && spare < lone;
    if (!lone || spare + semicolon < lone)
        return 0;
    size_t k = lo;
    int drop = lone - semicolon;
    for (size_t i = lo; i < end - (size_t)semicolon; i++) {
        if (drop && spare_space(s, lo, i)) {
            drop--;
            continue;
        }
        if (s[i] == '%' && i + 1 < end && s[i + 1] == '%') {
            out[k++] = s[i++];
            out[k++] = s[i];
            continue;
        }
        if (lone_percent(s, i, end))
            out[k++] = '%';
        out[k++] = s[i];
    }
    return 1;
}

/* Is s[i, ...) the keyword of an asm statement (asm, __asm, __asm__)? */
static size_t asm_keyword(const char *s, const char *code, size_t n, size_t i)
{
    static const char *const kw[] = {"__asm__", "__asm", "asm", NULL};
    if (!code[i] || (i > 0 && ident_char(s[i - 1])))
        return 0;
    for (size_t k = 0; kw[k]; k++) {
        size_t len = strlen(kw[k]);
        if (i + len <= n && !memcmp(s + i, kw[k], len) && !ident_char(s[i + len]))
            return len;
    }
    return 0;
}

/* nvcc passes a PTX special register written with one '%' through
 * (`asm("mov.u64 %0, %globaltimer;" : "=l"(t))`); clang wants '%%'.  The
 * template's literals (up to the first ':') get it, each giving up a
 * spare space for every '%' it gains, so that the length stays. */
static int fix_asm_percents(char *out, const char *s, const char *code, size_t n)
{
    int changed = 0;
    for (size_t i = 0; i < n; i++) {
        size_t len = asm_keyword(s, code, n, i);
        if (!len)
            continue;
        size_t p = i + len;
        while (p < n && code[p] && s[p] != '(' && s[p] != ';' && s[p] != '{')
            p++; /* volatile, goto, inline, blanks */
        size_t end = p < n && code[p] && s[p] == '(' ? group_end(s, code, n, p) : 0;
        for (size_t q = p + 1; end && q < end; q++) {
            if (code[q] && s[q] == ':')
                break;
            if (code[q] || s[q] != '"')
                continue;
            size_t close = q + 1, next;
            while (close < end && !(s[close] == '"' && s[close - 1] != '\\'))
                close++;
            for (next = close + 1; next < end && code[next] && isspace((unsigned char)s[next]);)
                next++; /* after the literal: ':' or ')' if it is the last */
            int last = next < end && code[next] && (s[next] == ':' || s[next] == ')');
            changed |= fix_ptx_literal(out, s, q + 1, close, last);
            q = close;
        }
        i = end ? end - 1 : p;
    }
    return changed;
}

/* Is s[i, ...) code "cc" + blanks + "c" (`<< <`)?  Returns the blanks'
 * length, 0 if not. */
static size_t split_triple(const char *s, const char *code, size_t n, size_t i, char c)
{
    if (i + 3 >= n || !code[i] || s[i] != c || s[i + 1] != c)
        return 0;
    size_t b = i + 2;
    while (b < n && code[b] && (s[b] == ' ' || s[b] == '\t'))
        b++;
    return b > i + 2 && b < n && code[b] && s[b] == c ? b - (i + 2) : 0;
}

/* Was s[0, i) "... operator" (an `operator<< <T>` specialisation)? */
static int after_operator(const char *s, size_t i)
{
    while (i > 0 && isspace((unsigned char)s[i - 1]))
        i--;
    return i >= 8 && !memcmp(s + i - 8, "operator", 8) && (i == 8 || !ident_char(s[i - 9]));
}

/* A launch written `k << < grid, block >> > (args)` (a formatter's
 * spacing; nvcc takes it): `k <<<  grid, block >>>  (args)`, the blanks
 * moved after the chevrons.  Only up to the statement's end. */
static int fix_spaced_launches(char *out, const char *s, const char *code, size_t n)
{
    int changed = 0;
    for (size_t i = 0; i < n; i++) {
        size_t bl = split_triple(s, code, n, i, '<');
        if (!bl || after_operator(s, i))
            continue;
        size_t j = i + 3 + bl, bl2 = 0;
        while (j < n && !(code[j] && s[j] == ';') && !(bl2 = split_triple(s, code, n, j, '>')))
            j++;
        if (!bl2)
            continue;
        memcpy(out + i, "<<<", 3);
        memcpy(out + i + 3, s + i + 2, bl); /* the blanks, after the chevrons */
        memcpy(out + j, ">>>", 3);
        memcpy(out + j + 3, s + j + 2, bl2);
        changed = 1;
        i = j + 2 + bl2;
    }
    return changed;
}

char *fe_fixup_cuda(const char *text)
{
    int aligned = strstr(text, "alignas") != NULL, percents = strstr(text, "asm") != NULL;
    int launches = strstr(text, "<< ") != NULL || strstr(text, "<<\t") != NULL;
    if (!aligned && !percents && !launches)
        return NULL;
    size_t n = strlen(text);
    char *code = code_mask(text, n), *out = malloc(n + 1), *tmp = malloc(n + 1);
    int changed = 0;
    if (!code || !out || !tmp)
        goto done;
    memcpy(out, text, n + 1);
    if (percents)
        changed = fix_asm_percents(out, text, code, n);
    if (launches)
        changed |= fix_spaced_launches(out, text, code, n);
    for (size_t i = 0; aligned && i + 7 <= n; i++) {
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
