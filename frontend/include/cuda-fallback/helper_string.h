/*
 * helper_string.h -- a stand-in for the CUDA samples' command-line helpers
 * (see helper_cuda.h beside it): flags are never found and files never
 * located, as for a program gpumc compiles and never runs.  Written for
 * gpumc.
 */
#ifndef GPUMC_HELPER_STRING_H
#define GPUMC_HELPER_STRING_H

#include <stdlib.h>

static inline int stringRemoveDelimiter(char delimiter, const char *s)
{
    int n = 0;
    while (s[n] == delimiter)
        n++;
    return n;
}
static inline bool checkCmdLineFlag(const int argc, const char **argv, const char *flag)
{
    (void)argc, (void)argv, (void)flag;
    return false;
}
static inline int getCmdLineArgumentInt(const int argc, const char **argv, const char *flag)
{
    (void)argc, (void)argv, (void)flag;
    return 0;
}
static inline float getCmdLineArgumentFloat(const int argc, const char **argv, const char *flag)
{
    (void)argc, (void)argv, (void)flag;
    return 0.0f;
}
static inline bool getCmdLineArgumentString(const int argc, const char **argv, const char *flag,
                                            char **value)
{
    (void)argc, (void)argv, (void)flag;
    *value = NULL;
    return false;
}
static inline char *sdkFindFilePath(const char *file, const char *exe)
{
    (void)file, (void)exe;
    return NULL;
}

#endif
