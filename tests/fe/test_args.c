/*
 * test_args.c -- the kernel argument syntax (fe_args.h), without clang.
 */
#include <string.h>

#include "fe_args.h"
#include "fe_test.h"

static void buffers(test_state *t)
{
    fe_bufspec b;
    char err[256];
    check(t, fe_args_buffer("int[4]:1, 2,3", &b, err, sizeof err) == 0 &&
                 !strcmp(b.type, "int") && b.len == 4 && b.nvals == 3 &&
                 !strcmp(b.vals[1], "2"),
          "int[4]:1, 2,3", "%s", err);
    fe_bufspec_free(&b);
    check(t, fe_args_buffer("unsigned int [8]", &b, err, sizeof err) == 0 &&
                 !strcmp(b.type, "unsigned int") && b.len == 8 && b.nvals == 0,
          "unsigned int [8]", "%s '%s'", err, b.type);
    fe_bufspec_free(&b);
    check(t, fe_args_buffer(":5,6", &b, err, sizeof err) == 0 && b.len == -1 &&
                 b.nvals == 2 && !b.type[0],
          ":5,6", "%s", err);
    fe_bufspec_free(&b);
    check(t, fe_args_buffer("[3]", &b, err, sizeof err) == 0 && b.len == 3, "[3]", "%s",
          err);
    fe_bufspec_free(&b);
    check(t, fe_args_buffer("int[2]:1,2,3", &b, err, sizeof err) < 0 &&
                 strstr(err, "do not fit"),
          "too many values", "%s", err);
    check(t, fe_args_buffer("int[0]", &b, err, sizeof err) < 0, "zero length", "%s", err);
    check(t, fe_args_buffer("int[4]:1,,2", &b, err, sizeof err) < 0, "empty value", "%s",
          err);
    check(t, fe_args_buffer("in-t[4]", &b, err, sizeof err) < 0, "bad type", "%s", err);
    /* VALUE*COUNT repeats a value; a char literal '*' is a value */
    check(t, fe_args_buffer("int[8]:7, 1*5 ,2", &b, err, sizeof err) == 0 && b.nvals == 7 &&
                 !strcmp(b.vals[0], "7") && !strcmp(b.vals[1], "1") &&
                 !strcmp(b.vals[5], "1") && !strcmp(b.vals[6], "2"),
          "int[8]:7,1*5,2", "%s (%d values)", err, b.nvals);
    fe_bufspec_free(&b);
    check(t, fe_args_buffer("[3]:'*',-2.5e3*2", &b, err, sizeof err) == 0 &&
                 b.nvals == 3 && !strcmp(b.vals[0], "'*'") && !strcmp(b.vals[2], "-2.5e3"),
          "char literal and a repeated float", "%s (%d values)", err, b.nvals);
    fe_bufspec_free(&b);
    check(t, fe_args_buffer("int[4]:1*5", &b, err, sizeof err) < 0 && strstr(err, "do not fit"),
          "a repeat past the length", "%s", err);
    check(t, fe_args_buffer("int[4]:1*0", &b, err, sizeof err) < 0 && strstr(err, "bad repeat"),
          "a zero repeat", "%s", err);
    check(t, fe_args_buffer("int[4]:*3", &b, err, sizeof err) < 0 && strstr(err, "bad repeat"),
          "a repeat of nothing", "%s",
          err);
    /* extents [D][H][W]: len is their product */
    check(t, fe_args_buffer("float[3][5]", &b, err, sizeof err) == 0 && b.len == 15 &&
                 b.ndims == 2 && b.dims[0] == 3 && b.dims[1] == 5,
          "float[3][5]", "%s (len %lld)", err, b.len);
    fe_bufspec_free(&b);
    check(t, fe_args_buffer("int[2][2][2][2]", &b, err, sizeof err) < 0 && strstr(err, "three"),
          "four extents", "%s", err);
    check(t, fe_args_buffer("int[8192][8193]", &b, err, sizeof err) < 0 &&
                 strstr(err, "67117056 elements: gpumc takes at most 67108864 (2^26)"),
          "too many elements", "%s", err);
    check(t, fe_args_buffer("int[67108865]", &b, err, sizeof err) < 0 && strstr(err, "2^26"),
          "too many elements in one extent", "%s", err);
    check(t, fe_args_buffer("char[16777217]", &b, err, sizeof err) == 0 && b.len == 16777217,
          "more than 2^24 elements", "%s", err);
    fe_bufspec_free(&b);
    /* a vector type's components are listed one by one */
    check(t, fe_args_buffer("float4[2]:1,2,3,4,5,6,7,8", &b, err, sizeof err) == 0 &&
                 b.nvals == 8 && b.len == 2,
          "float4[2] with 8 values", "%s", err);
    fe_bufspec_free(&b);
    check(t, fe_args_buffer("float2[2]:1,2,3,4,5", &b, err, sizeof err) < 0 &&
                 strstr(err, "components"),
          "float2[2] with 5 values", "%s", err);
    fe_ek k;
    int size, comps;
    check(t, fe_args_vtype("uchar4", &k, &size, &comps) == 0 && k == FE_E_UINT && size == 1 &&
                 comps == 4, "uchar4", "%d %d %d", (int)k, size, comps);
    check(t, fe_args_vtype("longlong2", &k, &size, &comps) == 0 && k == FE_E_SINT &&
                 size == 8 && comps == 2, "longlong2", "%d %d %d", (int)k, size, comps);
    check(t, fe_args_vtype("float", &k, &size, &comps) == 0 && comps == 1, "float", "%d", comps);
    check(t, fe_args_vtype("float5", &k, &size, &comps) < 0 &&
                 fe_args_vtype("bool2", &k, &size, &comps) < 0, "not vector types", "%d", comps);
}

static void values(test_state *t)
{
    char out[64], err[256];
    check(t, fe_args_value("-2147483648", FE_E_SINT, 4, out, sizeof out, err, sizeof err) == 0 &&
                 !strcmp(out, "(-2147483647LL - 1)"),
          "INT_MIN", "%s %s", out, err);
    check(t, fe_args_value("2147483648", FE_E_SINT, 4, out, sizeof out, err, sizeof err) < 0,
          "int overflow", "%s", out);
    check(t, fe_args_value("0xff", FE_E_UINT, 1, out, sizeof out, err, sizeof err) == 0 &&
                 !strcmp(out, "255ULL"),
          "hex", "%s", out);
    check(t, fe_args_value("256", FE_E_UINT, 1, out, sizeof out, err, sizeof err) < 0,
          "uchar overflow", "%s", out);
    check(t, fe_args_value("-1", FE_E_UINT, 4, out, sizeof out, err, sizeof err) < 0,
          "negative unsigned", "%s", out);
    check(t, fe_args_value("0.5", FE_E_FLOAT, 4, out, sizeof out, err, sizeof err) == 0 &&
                 !strcmp(out, "0x1p-1"),
          "float", "%s", out);
    check(t, fe_args_value("true", FE_E_BOOL, 1, out, sizeof out, err, sizeof err) == 0 &&
                 !strcmp(out, "1"),
          "bool", "%s", out);
    check(t, fe_args_value("'a'", FE_E_SINT, 1, out, sizeof out, err, sizeof err) == 0 &&
                 !strcmp(out, "97"),
          "char", "%s", out);
    check(t, fe_args_value("12abc", FE_E_SINT, 4, out, sizeof out, err, sizeof err) < 0,
          "garbage", "%s", out);
    /* half and bfloat16: their bits, rounded to nearest even */
    static const struct { const char *lit; fe_ek kind; const char *bits; } narrow[] = {
        {"1.0", FE_E_HALF, "0x3c00"}, {"-2", FE_E_HALF, "0xc000"}, {"0.1", FE_E_HALF, "0x2e66"},
        {"65504", FE_E_HALF, "0x7bff"}, {"65519.99", FE_E_HALF, "0x7bff"},
        {"65520", FE_E_HALF, "0x7c00"}, {"-1e9", FE_E_HALF, "0xfc00"},
        {"0x1p-24", FE_E_HALF, "0x0001"}, {"0x1p-25", FE_E_HALF, "0x0000"},
        {"0x3p-25", FE_E_HALF, "0x0002"}, {"0x1.ffcp-15", FE_E_HALF, "0x0400"},
        {"0x1.002p0", FE_E_HALF, "0x3c00"}, {"0x1.006p0", FE_E_HALF, "0x3c02"},
        {"-0.0", FE_E_HALF, "0x8000"}, {"nan", FE_E_HALF, "0x7e00"}, {"1e-30", FE_E_HALF, "0x0000"},
        {"1.0", FE_E_BF16, "0x3f80"}, {"2.5", FE_E_BF16, "0x4020"}, {"-2.5", FE_E_BF16, "0xc020"},
        {"4294967296", FE_E_BF16, "0x4f80"}, {"0.3333333333", FE_E_BF16, "0x3eab"},
        {"0x1.01p0", FE_E_BF16, "0x3f80"}, {"0x1.03p0", FE_E_BF16, "0x3f82"},
        {"3.4e38", FE_E_BF16, "0x7f80"}, {"inf", FE_E_BF16, "0x7f80"},
    };
    for (size_t i = 0; i < sizeof narrow / sizeof narrow[0]; i++)
        check(t, fe_args_value(narrow[i].lit, narrow[i].kind, 2, out, sizeof out, err,
                               sizeof err) == 0 && !strcmp(out, narrow[i].bits),
              "half/bfloat16 bits", "%s -> %s, not %s", narrow[i].lit, out, narrow[i].bits);
    check(t, fe_args_value("1e400", FE_E_HALF, 2, out, sizeof out, err, sizeof err) < 0,
          "half overflowing a double", "%s", out);
    fe_ek k;
    int size;
    check(t, fe_args_type("half", &k, &size) == 0 && k == FE_E_HALF && size == 2, "half", "%d %d",
          k, size);
    check(t, fe_args_type("uint32_t", &k, &size) == 0 && k == FE_E_UINT && size == 4,
          "uint32_t", "%d %d", k, size);
    check(t, fe_args_type("struct x", &k, &size) < 0, "unknown type", "%d", k);
}

void test_args(test_state *t)
{
    buffers(t);
    values(t);
}
