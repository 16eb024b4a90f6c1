/*
 * math_constants.h -- the CUDART_* constants of CUDA's math_constants.h:
 * single-precision ones end in _F; each is its value rounded to the type.
 * Written for gpumc from the constants' definitions, not copied.
 */
#ifndef GPUMC_MATH_CONSTANTS_H
#define GPUMC_MATH_CONSTANTS_H

/* single precision */
#define CUDART_INF_F              __builtin_huge_valf()
#define CUDART_NAN_F              __builtin_nanf("")
#define CUDART_MIN_DENORM_F       1.40129846e-45f
#define CUDART_MAX_NORMAL_F       3.40282347e+38f
#define CUDART_NEG_ZERO_F         (-0.0f)
#define CUDART_ZERO_F             0.0f
#define CUDART_ONE_F              1.0f
#define CUDART_SQRT_HALF_F        7.071067691e-01f
#define CUDART_SQRT_TWO_F         1.414213538e+00f
#define CUDART_THIRD_F            3.333333433e-01f
#define CUDART_PIO4_F             7.853981853e-01f
#define CUDART_PIO2_F             1.570796371e+00f
#define CUDART_3PIO4_F            2.356194496e+00f
#define CUDART_2_OVER_PI_F        6.366197467e-01f
#define CUDART_SQRT_2_OVER_PI_F   7.978845835e-01f
#define CUDART_PI_F               3.141592741e+00f
#define CUDART_L2E_F              1.442695022e+00f
#define CUDART_L2T_F              3.321928024e+00f
#define CUDART_LG2_F              3.010300100e-01f
#define CUDART_LGE_F              4.342944920e-01f
#define CUDART_LN2_F              6.931471825e-01f
#define CUDART_LNT_F              2.302585125e+00f
#define CUDART_LNPI_F             1.144729853e+00f
#define CUDART_TWO_TO_M126_F      1.175494351e-38f
#define CUDART_TWO_TO_126_F       8.507059173e+37f
#define CUDART_NORM_HUGE_F        3.399999952e+38f
#define CUDART_TWO_TO_23_F        8.388608000e+06f
#define CUDART_TWO_TO_24_F        1.677721600e+07f
#define CUDART_TWO_TO_31_F        2.147483648e+09f
#define CUDART_TWO_TO_32_F        4.294967296e+09f

/* double precision */
#define CUDART_INF                __builtin_huge_val()
#define CUDART_NAN                __builtin_nan("")
#define CUDART_NEG_ZERO           (-0.0)
#define CUDART_MIN_DENORM         4.9406564584124654e-324
#define CUDART_ZERO               0.0
#define CUDART_ONE                1.0
#define CUDART_SQRT_TWO           1.41421356237309515e+00
#define CUDART_SQRT_HALF          7.07106781186547573e-01
#define CUDART_THIRD              3.33333333333333315e-01
#define CUDART_TWOTHIRD           6.66666666666666630e-01
#define CUDART_PIO4               7.85398163397448279e-01
#define CUDART_PIO2               1.57079632679489656e+00
#define CUDART_3PIO4              2.35619449019234484e+00
#define CUDART_2_OVER_PI          6.36619772367581382e-01
#define CUDART_PI                 3.14159265358979312e+00
#define CUDART_SQRT_PI            1.77245385090551588e+00
#define CUDART_SQRT_2PI           2.50662827463100024e+00
#define CUDART_SQRT_PIO2          1.25331413731550012e+00
#define CUDART_SQRT_2_OVER_PI     7.97884560802865406e-01
#define CUDART_L2E                1.44269504088896339e+00
#define CUDART_L2T                3.32192809488736218e+00
#define CUDART_LG2                3.01029995663981198e-01
#define CUDART_LGE                4.34294481903251817e-01
#define CUDART_LN2                6.93147180559945286e-01
#define CUDART_LNT                2.30258509299404590e+00
#define CUDART_LNPI               1.14472988584940016e+00
#define CUDART_TWO_TO_23          8.38860800000000000e+06
#define CUDART_TWO_TO_52          4.50359962737049600e+15
#define CUDART_TWO_TO_53          9.00719925474099200e+15
#define CUDART_TWO_TO_54          1.80143985094819840e+16
#define CUDART_TWO_TO_63          9.22337203685477581e+18
#define CUDART_TWO_TO_64          1.84467440737095516e+19
#define CUDART_TWO_TO_M54         5.55111512312578270e-17
#define CUDART_TWO_TO_M1022       2.22507385850720138e-308

#endif
