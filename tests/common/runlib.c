/* runlib.c -- see runlib.h. */
#define _GNU_SOURCE
#include "runlib.h"

#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

char *runlib_read_all(int fd)
{
    size_t used = 0, cap = 65536;
    char *buf = malloc(cap);
    ssize_t n;
    while (buf && (n = read(fd, buf + used, cap - used - 1)) != 0) {
        if (n < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        used += (size_t)n;
        if (cap - used < 4096) {
            char *b = realloc(buf, cap *= 2);
            if (!b)
                break;
            buf = b;
        }
    }
    if (buf)
        buf[used] = '\0';
    return buf;
}

/* stderr goes to an unlinked temporary file, so a chatty child cannot
 * block on a full pipe while we read its stdout. */
static int temp_fd(void)
{
    const char *tmp = getenv("TMPDIR");
    char path[512];
    snprintf(path, sizeof path, "%s/gpumc-run-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    int fd = mkstemp(path);
    if (fd >= 0)
        unlink(path);
    return fd;
}

int runlib_capture(char *const argv[], char **out, char **err, int *exit_code)
{
    int fds[2], efd = -1;
    *out = NULL;
    if (err) {
        *err = NULL;
        if ((efd = temp_fd()) < 0)
            return -1;
    }
    if (pipe(fds) != 0) {
        if (efd >= 0)
            close(efd);
        return -1;
    }
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, fds[1], 1);
    if (efd >= 0) {
        posix_spawn_file_actions_adddup2(&fa, efd, 2);
        posix_spawn_file_actions_addclose(&fa, efd);
    }
    posix_spawn_file_actions_addclose(&fa, fds[0]);
    posix_spawn_file_actions_addclose(&fa, fds[1]);
    pid_t pid;
    int rc = posix_spawn(&pid, argv[0], &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    close(fds[1]);
    if (rc == 0) {
        *out = runlib_read_all(fds[0]);
        int st;
        while ((rc = waitpid(pid, &st, 0)) < 0 && errno == EINTR)
            ;
        if (rc >= 0) {
            rc = 0;
            *exit_code = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
        }
    }
    close(fds[0]);
    if (efd >= 0) {
        if (rc == 0) {
            lseek(efd, 0, SEEK_SET);
            *err = runlib_read_all(efd);
        }
        close(efd);
    }
    return rc == 0 && *out && (!err || *err) ? 0 : -1;
}

int runlib_last_lines(char *text, char **lines, int n)
{
    int count = 0;
    char *end = text + strlen(text);
    while (end > text && end[-1] == '\n')
        *--end = '\0';
    while (count < n && end > text) {
        char *start = end;
        while (start > text && start[-1] != '\n')
            start--;
        lines[n - 1 - count++] = start;
        if (start > text)
            start[-1] = '\0';
        end = start > text ? start - 1 : text;
    }
    return count;
}

int runlib_in_list(const cJSON *list, const char *s, size_t n)
{
    const cJSON *e;
    cJSON_ArrayForEach(e, list) {
        if (cJSON_IsString(e) && strlen(e->valuestring) == n &&
            strncmp(e->valuestring, s, n) == 0)
            return 1;
    }
    return 0;
}

int runlib_is_race(const char *kind)
{
    return strcmp(kind, "Data race") == 0 || strcmp(kind, "Heterogeneous race") == 0;
}
