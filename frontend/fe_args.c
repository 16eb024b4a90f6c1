/*
 * fe_args.c -- parsing of kernel argument values.  See fe_args.h.
 */
#include "fe_args.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
    const char *name;
    fe_ek kind;
    int size;
} types[] = {
    { "bool", FE_E_BOOL, 1 }, { "_Bool", FE_E_BOOL, 1 },
    { "char", FE_E_SINT, 1 }, { "signed char", FE_E_SINT, 1 },
    { "unsigned char", FE_E_UINT, 1 }, { "uchar", FE_E_UINT, 1 },
    { "short", FE_E_SINT, 2 }, { "unsigned short", FE_E_UINT, 2 },
    { "ushort", FE_E_UINT, 2 },
    { "int", FE_E_SINT, 4 }, { "signed", FE_E_SINT, 4 },
    { "unsigned", FE_E_UINT, 4 }, { "unsigned int", FE_E_UINT, 4 },
    { "uint", FE_E_UINT, 4 },
    { "long", FE_E_SINT, 8 }, { "unsigned long", FE_E_UINT, 8 },
    { "ulong", FE_E_UINT, 8 }, { "long long", FE_E_SINT, 8 },
    { "unsigned long long", FE_E_UINT, 8 }, { "size_t", FE_E_UINT, 8 },
    { "longlong", FE_E_SINT, 8 }, { "ulonglong", FE_E_UINT, 8 },
    { "short int", FE_E_SINT, 2 }, { "unsigned short int", FE_E_UINT, 2 },
    { "long int", FE_E_SINT, 8 }, { "unsigned long int", FE_E_UINT, 8 },
    { "long long int", FE_E_SINT, 8 }, { "unsigned long long int", FE_E_UINT, 8 },
    { "schar", FE_E_SINT, 1 },
    { "ptrdiff_t", FE_E_SINT, 8 }, { "intptr_t", FE_E_SINT, 8 }, { "uintptr_t", FE_E_UINT, 8 },
    { "int8_t", FE_E_SINT, 1 }, { "uint8_t", FE_E_UINT, 1 },
    { "int16_t", FE_E_SINT, 2 }, { "uint16_t", FE_E_UINT, 2 },
    { "int32_t", FE_E_SINT, 4 }, { "uint32_t", FE_E_UINT, 4 },
    { "int64_t", FE_E_SINT, 8 }, { "uint64_t", FE_E_UINT, 8 },
    { "float", FE_E_FLOAT, 4 }, { "double", FE_E_DOUBLE, 8 },
    { "half", FE_E_HALF, 2 }, { "__half", FE_E_HALF, 2 },
    { "bfloat16", FE_E_BF16, 2 }, { "__nv_bfloat16", FE_E_BF16, 2 },
    { NULL, FE_E_NONE, 0 }
};

int fe_args_type(const char *name, fe_ek *kind, int *size)
{
    for (int i = 0; types[i].name; i++)
        if (!strcmp(types[i].name, name)) {
            *kind = types[i].kind;
            *size = types[i].size;
            return 0;
        }
    return -1;
}

int fe_args_vtype(const char *name, fe_ek *kind, int *size, int *comps)
{
    static const char *const bases[] = {"char", "uchar", "short", "ushort", "int", "uint",
                                        "long", "ulong", "longlong", "ulonglong", "float",
                                        "double", NULL};
    *comps = 1;
    if (fe_args_type(name, kind, size) == 0)
        return 0;
    size_t n = strlen(name);
    if (n < 2 || name[n - 1] < '1' || name[n - 1] > '4')
        return -1;
    char base[32];
    if (n - 1 >= sizeof base)
        return -1;
    memcpy(base, name, n - 1);
    base[n - 1] = 0;
    for (int i = 0; bases[i]; i++)
        if (!strcmp(base, bases[i])) {
            if (fe_args_type(base, kind, size) < 0)
                return -1;
            *comps = name[n - 1] - '0';
            return 0;
        }
    return -1;
}

void fe_bufspec_free(fe_bufspec *b)
{
    for (int i = 0; i < b->nvals; i++)
        if (i == 0 || b->vals[i] != b->vals[i - 1]) /* a repeat shares its text */
            free(b->vals[i]);
    free(b->vals);
    memset(b, 0, sizeof *b);
}

static const char *skip_ws(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

/* TYPE: words until '[' or ':' (spaces collapsed). */
static const char *parse_type(const char *s, fe_bufspec *b, char *err, size_t nerr)
{
    size_t n = 0;
    s = skip_ws(s);
    while (*s && *s != '[' && *s != ':') {
        if (*s == ' ' || *s == '\t') {
            s = skip_ws(s);
            if (*s && *s != '[' && *s != ':' && n && n + 1 < sizeof b->type)
                b->type[n++] = ' ';
            continue;
        }
        if (!isalnum((unsigned char)*s) && *s != '_') {
            snprintf(err, nerr, "unexpected '%c' in the element type", *s);
            return NULL;
        }
        if (n + 1 >= sizeof b->type) {
            snprintf(err, nerr, "element type name too long");
            return NULL;
        }
        b->type[n++] = *s++;
    }
    b->type[n] = 0;
    return s;
}

/* '[' LEN ']', up to three of them ([rows][columns]): len is their product. */
static const char *parse_len(const char *s, fe_bufspec *b, char *err, size_t nerr)
{
    while (*s == '[') {
        char *end;
        errno = 0;
        long long v = strtoll(s + 1, &end, 10);
        if (end == s + 1 || *skip_ws(end) != ']' || errno || v <= 0) {
            snprintf(err, nerr, "the length in [...] must be a positive integer");
            return NULL;
        }
        if (b->ndims == 3) {
            snprintf(err, nerr, "at most three extents [D][H][W]");
            return NULL;
        }
        if (v > GPUMC_MAX_BUFFER_ELEMS || (b->ndims && b->len * v > GPUMC_MAX_BUFFER_ELEMS)) {
            snprintf(err, nerr, "%lld elements: gpumc takes at most %d (2^26) in a buffer",
                     b->ndims ? b->len * v : v, GPUMC_MAX_BUFFER_ELEMS);
            return NULL;
        }
        b->dims[b->ndims++] = v;
        b->len = b->ndims == 1 ? v : b->len * v;
        s = skip_ws(skip_ws(end) + 1);
    }
    return s;
}

/* '+' OFFSET after the extents: the kernel's pointer is that many
 * elements into the buffer (host code that launches with d_buf + 1). */
static const char *parse_offset(const char *s, fe_bufspec *b, char *err, size_t nerr)
{
    if (*s != '+')
        return s;
    char *end;
    errno = 0;
    long long v = strtoll(s + 1, &end, 10);
    if (end == s + 1 || errno || v < 0 || !b->ndims || v > b->len) {
        snprintf(err, nerr, b->ndims ? "the offset in [LEN]+OFFSET must be an integer from 0 "
                                       "to LEN"
                                     : "an offset needs the buffer's length: TYPE[LEN]+OFFSET");
        return NULL;
    }
    b->offset = v;
    return skip_ws(end);
}

/* Append text (owned by the list from now on; `reps` entries share it,
 * VALUE*COUNT costing one pointer per element).  The array doubles at
 * powers of two, so a long list is built in linear time. */
static int push_vals(fe_bufspec *b, char *text, long long reps)
{
    for (long long r = 0; r < reps; r++) {
        int n = b->nvals;
        if ((n & (n - 1)) == 0) {
            char **v = realloc(b->vals, (size_t)(n ? 2 * n : 1) * sizeof *v);
            if (!v) {
                if (r == 0)
                    free(text);
                return -1;
            }
            b->vals = v;
        }
        b->vals[b->nvals++] = text;
    }
    return 0;
}

/* VALUE*COUNT, a value repeated (a large buffer's contents on one command
 * line): the count of a token ending in '*' and digits, else 1 (and a char
 * literal such as '*' is a value).  -1 when the count is out of range. */
static long long repeat_count(const char *s, size_t *n)
{
    size_t k = *n;
    while (k > 0 && s[k - 1] >= '0' && s[k - 1] <= '9')
        k--;
    if (k == *n || k < 1 || s[k - 1] != '*')
        return 1;
    char *end;
    long long c = strtoll(s + k, &end, 10);
    if (end != s + *n || c < 1 || c > (1ll << 28))
        return -1;
    *n = k - 1;
    while (*n > 0 && (s[*n - 1] == ' ' || s[*n - 1] == '\t'))
        (*n)--;
    return *n ? c : -1;
}

static int parse_vals(const char *s, fe_bufspec *b, char *err, size_t nerr)
{
    s = skip_ws(s);
    if (!*s)
        return 0;
    if (*s != ':') {
        snprintf(err, nerr, "expected ':' before the initial values");
        return -1;
    }
    s++;
    for (;;) {
        s = skip_ws(s);
        const char *e = s;
        while (*e && *e != ',')
            e++;
        const char *t = e;
        while (t > s && (t[-1] == ' ' || t[-1] == '\t'))
            t--;
        if (t == s) {
            snprintf(err, nerr, "empty value in the list");
            return -1;
        }
        size_t n = (size_t)(t - s);
        long long reps = repeat_count(s, &n);
        if (reps < 0 || reps > (1ll << 28) - b->nvals) {
            snprintf(err, nerr, "bad repeat '%.*s': write VALUE*COUNT, COUNT from 1 to 2^28",
                     (int)(t - s), s);
            return -1;
        }
        char *text = malloc(n + 1);
        if (text) {
            memcpy(text, s, n);
            text[n] = 0;
        }
        if (!text || push_vals(b, text, reps) < 0) {
            snprintf(err, nerr, "out of memory");
            return -1;
        }
        if (!*e)
            return 0;
        s = e + 1;
    }
}

int fe_args_buffer(const char *spec, fe_bufspec *out, char *err, size_t nerr)
{
    if (fe_args_buffer_of(spec, 1, out, err, nerr) < 0)
        return -1;
    if (out->offset) {
        snprintf(err, nerr, "[LEN]+OFFSET is for a buffer a kernel's pointer parameter points "
                 "into");
        fe_bufspec_free(out);
        return -1;
    }
    return 0;
}

int fe_args_buffer_of(const char *spec, int per, fe_bufspec *out, char *err, size_t nerr)
{
    memset(out, 0, sizeof *out);
    out->len = -1;
    const char *s = parse_type(spec, out, err, nerr);
    if (s)
        s = parse_len(skip_ws(s), out, err, nerr);
    if (s)
        s = parse_offset(s, out, err, nerr);
    if (!s || parse_vals(s, out, err, nerr) < 0) {
        fe_bufspec_free(out);
        return -1;
    }
    fe_ek kind;
    int size, comps = out->type[0] ? 1 : per;
    if (out->type[0] && fe_args_vtype(out->type, &kind, &size, &comps) < 0)
        comps = per; /* the caller says what is wrong with the type (a struct's name?) */
    if (out->len >= 0 && out->nvals > out->len * comps) {
        if (!out->type[0] && comps > 1)
            snprintf(err, nerr, "%d values do not fit in %lld elements of %d members",
                     out->nvals, out->len, comps);
        else
            snprintf(err, nerr, "%d values do not fit in %lld elements%s", out->nvals,
                     out->len, comps > 1 ? " (of that many components each)" : "");
        fe_bufspec_free(out);
        return -1;
    }
    return 0;
}

static int int_value(const char *lit, fe_ek kind, int size, char *out, size_t n,
                     char *err, size_t nerr)
{
    char *end;
    errno = 0;
    int neg = lit[0] == '-';
    unsigned long long u = strtoull(neg ? lit + 1 : lit, &end, 0);
    while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L')
        end++;
    if (end == lit + neg || *end || errno) {
        snprintf(err, nerr, "'%s' is not an integer", lit);
        return -1;
    }
    unsigned long long max = size >= 8 ? ~0ULL : (1ULL << (8 * size)) - 1;
    if (kind == FE_E_SINT)
        max = max >> 1;
    if ((neg && kind == FE_E_UINT && u != 0) || (!neg && u > max) ||
        (neg && u > max + 1)) {
        snprintf(err, nerr, "'%s' does not fit in %d bytes%s", lit, size,
                 kind == FE_E_UINT ? " unsigned" : "");
        return -1;
    }
    if (neg && u == max + 1)
        snprintf(out, n, "(-%lluLL - 1)", max); /* the most negative value */
    else if (neg)
        snprintf(out, n, "(-%lluLL)", u);
    else
        snprintf(out, n, "%lluULL", u);
    return 0;
}

/* The bits of d rounded to nearest even in a binary format of `mant`
 * fraction bits and exponents emin..emax, whose exponent field is `ebits`
 * wide (binary16: 10, -14, 15, 5; bfloat16: 7, -126, 127, 8). */
static unsigned short narrow_bits(double d, int mant, int emin, int emax, int ebits)
{
    unsigned sign = signbit(d) ? 1u << (mant + ebits) : 0, inf = ((1u << ebits) - 1) << mant;
    double a = fabs(d);
    if (isnan(d))
        return (unsigned short)(inf | 1u << (mant - 1));
    if (a >= ldexp(2.0 - ldexp(1.0, -mant - 1), emax))
        return (unsigned short)(sign | inf);
    if (a == 0)
        return (unsigned short)sign;
    int e;
    frexp(a, &e);
    e -= 1; /* a = 1.f x 2^e */
    if (e < emin) /* subnormal (a carry out of it is the least normal, bit for bit) */
        return (unsigned short)(sign | (unsigned)rint(ldexp(a, mant - emin)));
    /* n counts the implicit bit: a carry into the exponent comes out right */
    unsigned n = (unsigned)rint(ldexp(a, mant - e));
    return (unsigned short)(sign | (((unsigned)(e - emin) << mant) + n));
}

int fe_args_value(const char *lit, fe_ek kind, int size, char *out, size_t n,
                  char *err, size_t nerr)
{
    if (kind == FE_E_BOOL) {
        if (!strcmp(lit, "true") || !strcmp(lit, "1")) {
            snprintf(out, n, "1");
            return 0;
        }
        if (!strcmp(lit, "false") || !strcmp(lit, "0")) {
            snprintf(out, n, "0");
            return 0;
        }
        snprintf(err, nerr, "'%s' is not a boolean (true/false)", lit);
        return -1;
    }
    if (kind == FE_E_FLOAT || kind == FE_E_DOUBLE || kind == FE_E_HALF || kind == FE_E_BF16) {
        char *end;
        errno = 0;
        double d = strtod(lit, &end);
        if (end == lit || (*end && strcmp(end, "f") && strcmp(end, "F")) ||
            (errno && fabs(d) > 1)) { /* underflow is a number: it rounds to 0 */
            snprintf(err, nerr, "'%s' is not a floating-point number", lit);
            return -1;
        }
        if (kind == FE_E_HALF || kind == FE_E_BF16)
            snprintf(out, n, "0x%04x", kind == FE_E_HALF ? narrow_bits(d, 10, -14, 15, 5)
                                                          : narrow_bits(d, 7, -126, 127, 8));
        else if (isnan(d))
            snprintf(out, n, "__builtin_nan(\"\")");
        else if (isinf(d))
            snprintf(out, n, "%s__builtin_inf()", d < 0 ? "-" : "");
        else
            snprintf(out, n, "%a", d);
        return 0;
    }
    if (lit[0] == '\'' && lit[1] && lit[1] != '\\' && lit[2] == '\'' && !lit[3]) {
        snprintf(out, n, "%d", (int)(unsigned char)lit[1]);
        return 0;
    }
    return int_value(lit, kind, size, out, n, err, nerr);
}
