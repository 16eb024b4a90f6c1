/*
 * test_lowp.c -- the 16-bit float adds of the __half and bfloat16 atomics
 * (lowp.c): every bit pattern converts to a double and back to itself,
 * rounding agrees with independent references (bfloat16: the
 * round-to-nearest-even bit trick on a float; binary16: the compiler's
 * _Float16 where it has one), and sums are rounded once.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "lowp.h"
#include "tap.h"

static int is_nan(lowp_format fmt, uint16_t b)
{
    uint16_t e = fmt == LOWP_HALF ? 0x7c00 : 0x7f80;
    return (b & e) == e && (b & ~(0x8000 | e));
}

static void test_round_trip(tap *T, lowp_format fmt, const char *name)
{
    int bad = 0;
    for (uint32_t b = 0; b < 0x10000; b++) {
        uint16_t x = (uint16_t)b, y = lowp_from_double(fmt, lowp_to_double(fmt, x));
        if (is_nan(fmt, x) ? !is_nan(fmt, y) : y != x)
            bad++;
    }
    CHECK(T, bad == 0, "%s: %d patterns do not convert back to themselves", name, bad);
}

static uint32_t next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return (uint32_t)(*s >> 11);
}

/* Round to nearest even of a float's top 16 bits (not for NaNs). */
static uint16_t bf16_of_float(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return (uint16_t)((u + 0x7fff + ((u >> 16) & 1)) >> 16);
}

static void test_bf16_rounding(tap *T)
{
    uint64_t s = 88172645463325252ull;
    int bad = 0;
    for (int i = 0; i < 1000000; i++) {
        uint32_t u = next(&s);
        float f;
        memcpy(&f, &u, 4);
        if (isnan(f))
            continue;
        if (lowp_from_double(LOWP_BF16, f) != bf16_of_float(f))
            bad++;
    }
    CHECK(T, bad == 0, "bfloat16: %d floats rounded unlike the reference", bad);
    CHECK(T, lowp_add(LOWP_BF16, 0x4380, 0x3f80) == 0x4380, "256 + 1 ties to 256");
    CHECK(T, lowp_add(LOWP_BF16, 0x4380, 0x4040) == 0x4382, "256 + 3 ties to 260");
    CHECK(T, lowp_add(LOWP_BF16, 0x7f7f, 0x7f7f) == 0x7f80, "the largest twice: infinity");
}

static void test_half_rounding(tap *T)
{
    CHECK(T, lowp_add(LOWP_HALF, 0x6800, 0x3c00) == 0x6800, "2048 + 1 ties to 2048");
    CHECK(T, lowp_add(LOWP_HALF, 0x6800, 0x4200) == 0x6802, "2048 + 3 ties to 2052");
    CHECK(T, lowp_add(LOWP_HALF, 0x7bff, 0x4c00) == 0x7c00, "65504 + 16: infinity");
    CHECK(T, lowp_add(LOWP_HALF, 0x7bff, 0x4800) == 0x7bff, "65504 + 8 stays");
    CHECK(T, lowp_add(LOWP_HALF, 0x0001, 0x0001) == 0x0002, "subnormals add exactly");
    CHECK(T, lowp_add(LOWP_HALF, 0x03ff, 0x0001) == 0x0400, "into the normals");
    CHECK(T, lowp_add(LOWP_HALF, 0x7c00, 0xbc00) == 0x7c00, "infinity - 1");
    CHECK(T, is_nan(LOWP_HALF, lowp_add(LOWP_HALF, 0x7c00, 0xfc00)), "inf - inf is NaN");
    CHECK(T, lowp_add(LOWP_HALF, 0x3c00, 0xbc00) == 0x0000, "1 - 1 is +0");
    /* 1 + 2^-11 + 2^-40 rounds up once (down if rounded to 2^-11 first) */
    CHECK(T, lowp_from_double(LOWP_HALF, 1.0 + 0x1p-11 + 0x1p-40) == 0x3c01, "rounded once");
#ifdef __FLT16_MAX__
    uint64_t s = 0x9e3779b97f4a7c15ull;
    int bad = 0;
    for (int i = 0; i < 1000000; i++) {
        uint16_t a = (uint16_t)next(&s), b = (uint16_t)next(&s);
        if (is_nan(LOWP_HALF, a) || is_nan(LOWP_HALF, b))
            continue;
        _Float16 x, y, z;
        memcpy(&x, &a, 2);
        memcpy(&y, &b, 2);
        z = (_Float16)((double)x + (double)y);
        uint16_t want;
        memcpy(&want, &z, 2);
        uint16_t got = lowp_add(LOWP_HALF, a, b);
        if (is_nan(LOWP_HALF, want) ? !is_nan(LOWP_HALF, got) : got != want)
            bad++;
    }
    CHECK(T, bad == 0, "binary16: %d sums unlike the compiler's _Float16", bad);
#endif
}

int main(void)
{
    tap T = {0, 0};
    test_round_trip(&T, LOWP_HALF, "binary16");
    test_round_trip(&T, LOWP_BF16, "bfloat16");
    test_bf16_rounding(&T);
    test_half_rounding(&T);
    return tap_done(&T);
}
