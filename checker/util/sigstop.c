/* sigstop.c -- see sigstop.h. */
#include "sigstop.h"

#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t received; /* the first signal's number */

static void on_signal(int sig)
{
    if (received)
        _exit(sigstop_exit_code(sig)); /* the second one: at once */
    received = sig;
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
