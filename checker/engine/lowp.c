/* lowp.c -- see lowp.h. */
#include "lowp.h"

#include <math.h>

static unsigned frac_bits(lowp_format fmt)
{
    return fmt == LOWP_HALF ? 10 : 7;
}

static int exp_bias(lowp_format fmt)
{
    return fmt == LOWP_HALF ? 15 : 127;
}

double lowp_to_double(lowp_format fmt, uint16_t bits)
{
    unsigned fb = frac_bits(fmt), emask = fmt == LOWP_HALF ? 0x1f : 0xff;
    unsigned e = (bits >> fb) & emask, f = bits & ((1u << fb) - 1);
    double mag;
    if (e == emask)
        mag = f ? NAN : INFINITY;
    else if (e == 0) /* subnormal: f units of the least one */
        mag = ldexp((double)f, 1 - exp_bias(fmt) - (int)fb);
    else
        mag = ldexp((double)(f | 1u << fb), (int)e - exp_bias(fmt) - (int)fb);
    return bits & 0x8000 ? -mag : mag;
}

uint16_t lowp_from_double(lowp_format fmt, double d)
{
    unsigned fb = frac_bits(fmt);
    int bias = exp_bias(fmt);
    uint16_t sign = signbit(d) ? 0x8000 : 0, inf = (uint16_t)((2 * bias + 1) << fb);
    double a = fabs(d);
    if (isnan(d))
        return (uint16_t)(sign | inf | 1u << (fb - 1));
    if (a == 0)
        return sign;
    if (isinf(a))
        return (uint16_t)(sign | inf);
    int e;
    frexp(a, &e);
    e--; /* a = 1.f x 2^e */
    if (e < 1 - bias)
        e = 1 - bias; /* subnormal: the least exponent's quantum */
    /* a in units of the quantum at exponent e, rounded to nearest even
     * (rint, in the default rounding mode); scaling by 2^k is exact */
    uint64_t m = (uint64_t)rint(ldexp(a, (int)fb - e));
    if (m >> (fb + 1)) { /* rounded up to the next binade */
        m >>= 1;
        e++;
    }
    if (e > bias)
        return (uint16_t)(sign | inf);
    unsigned biased = m >> fb ? (unsigned)(e + bias) : 0;
    return (uint16_t)(sign | biased << fb | (m & ((1u << fb) - 1)));
}

/* The exact sum of two binary16 values fits a double (40 bits at most);
 * a bfloat16 sum is rounded to double first, harmless for one addition
 * since 53 >= 2 x 8 + 2 bits (a second rounding through a format that
 * wide never changes a correctly rounded sum). */
uint16_t lowp_add(lowp_format fmt, uint16_t a, uint16_t b)
{
    return lowp_from_double(fmt, lowp_to_double(fmt, a) + lowp_to_double(fmt, b));
}
