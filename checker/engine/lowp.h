/*
 * lowp.h -- 16-bit floating point for the RMWs on __half and bfloat16
 * values (GPUMC_RMW_HADD, GPUMC_RMW_BFADD).
 *
 * lowp_add(fmt, a, b) adds two values of format fmt given as their bits
 * and rounds the sum once, to nearest even, as the hardware's atomic add
 * does.  Infinities and NaNs follow IEEE 754 (a NaN result is the
 * format's quiet NaN).  Pure functions, no state.
 */
#ifndef GPUMC_LOWP_H
#define GPUMC_LOWP_H

#include <stdint.h>

typedef enum lowp_format {
    LOWP_HALF, /* IEEE binary16: 5 exponent bits, 10 fraction bits */
    LOWP_BF16  /* bfloat16: 8 exponent bits, 7 fraction bits */
} lowp_format;

/* The value of bits as a double (exact: every value is one). */
double lowp_to_double(lowp_format fmt, uint16_t bits);

/* d rounded to nearest even in fmt (overflow gives an infinity). */
uint16_t lowp_from_double(lowp_format fmt, double d);

/* a + b rounded once. */
uint16_t lowp_add(lowp_format fmt, uint16_t a, uint16_t b);

#endif
