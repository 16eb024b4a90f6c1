/* sigstop.c -- see sigstop.h. */
#include "sigstop.h"

#include <string.h>
#include <time.h>
#include <unistd.h>

/* A repeat of the first signal this soon after it is the same request
 * delivered twice, not a second one: timeout(1) signals the process and
 * then its whole group, and a person pressing Ctrl-C twice is slower. */
#define SIGSTOP_DUPLICATE_NS 100000000L

static volatile sig_atomic_t received; /* the first signal's number */
static struct timespec first_at;       /* when it came */

static long ns_since(const struct timespec *t0)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now); /* async-signal-safe */
    return (long)(now.tv_sec - t0->tv_sec) * 1000000000L + (now.tv_nsec - t0->tv_nsec);
}

static void on_signal(int sig)
{
    if (!received) {
        clock_gettime(CLOCK_MONOTONIC, &first_at);
        received = sig;
        return;
    }
    if (sig == received && ns_since(&first_at) < SIGSTOP_DUPLICATE_NS)
        return;
    _exit(sigstop_exit_code(sig)); /* a second one: at once */
}

int sigstop_install(void)
{
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    for (unsigned i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
        sigaddset(&sa.sa_mask, sigs[i]);
    sa.sa_flags = SA_RESTART;
    for (unsigned i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        struct sigaction old;
        if (sigaction(sigs[i], NULL, &old) != 0)
            return -1;
        if (old.sa_handler == SIG_IGN)
            continue; /* nohup, a background job: keep ignoring it */
        if (sigaction(sigs[i], &sa, NULL) != 0)
            return -1;
    }
    return 0;
}

const volatile sig_atomic_t *sigstop_flag(void)
{
    return &received;
}

int sigstop_signal(void)
{
    return received;
}

int sigstop_exit_code(int sig)
{
    return 128 + sig;
}

const char *sigstop_name(int sig)
{
    return sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM"
         : sig == SIGHUP ? "SIGHUP" : "a signal";
}
