/*
 * tap.h -- the smallest test harness that can fail: CHECK records a failure
 * with file:line and keeps going; tap_done prints "N passed, M failed" and
 * returns the exit status.  Shared by the unit tests.
 */
#ifndef GPUMC_TAP_H
#define GPUMC_TAP_H

#include <stdio.h>

typedef struct tap {
    int passed, failed;
} tap;

#define CHECK(T, cond, ...)                                                    \
    do {                                                                       \
        if (cond) {                                                            \
            (T)->passed++;                                                     \
        } else {                                                               \
            (T)->failed++;                                                     \
            fprintf(stderr, "%s:%d: FAILED: %s: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                      \
            fputc('\n', stderr);                                               \
        }                                                                      \
    } while (0)

static inline int tap_done(const tap *t)
{
    printf("%d passed, %d failed\n", t->passed, t->failed);
    return t->failed ? 1 : 0;
}

#endif
