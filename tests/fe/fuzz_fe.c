/*
 * fuzz_fe.c -- libFuzzer target for the frontend.
 *
 * The first byte picks the language (.cu, .cl, .c), the rest is the source
 * file.  fe_lower_harness (clang in a child, then the instrumentation pass
 * in process) must return 0 (with a harness), 5 or 17 (with a message),
 * and never crash, hang or leak.  Built with clang
 * -fsanitize=fuzzer,address,undefined when available (tests/fe/CMakeLists).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fe.h"

static const char *const exts[] = { ".cu", ".cl", ".c" };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 8192)
        return 0;
    char path[64];
    snprintf(path, sizeof path, "/tmp/gpumc_fuzz_%d%s", (int)getpid(), exts[data[0] % 3]);
    FILE *f = fopen(path, "wb");
    if (!f)
        return 0;
    fwrite(data + 1, 1, size - 1, f);
    fclose(f);
    fe_options o;
    memset(&o, 0, sizeof o);
    o.input = path;
    o.grid[0] = 1;
    o.block[0] = 2;
    fe_harness h;
    fe_diag d;
    int rc = fe_lower_harness(&o, &h, &d);
    if (!((rc == 0 && h.c && h.bc) || ((rc == 5 || rc == 17) && !h.bc && d.msg[0])))
        abort(); /* a contract violation is a finding */
    fe_harness_free(&h);
    unlink(path);
    return 0;
}
