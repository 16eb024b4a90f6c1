/*
 * sigstop.h -- SIGINT, SIGTERM and SIGHUP end a run cleanly.
 *
 * Contract: after sigstop_install(), the first of these signals only
 * records its number in a flag (async-signal-safe); the checker polls the
 * flag (checker_options.interrupt) between events and inside long model
 * checks and ends the exploration, and the run prints (and writes) the
 * report of what it explored so far, marked incomplete, and exits with
 * 128 + the signal's number (130 SIGINT, 143 SIGTERM, 129 SIGHUP).  A
 * second signal ends the process at once with that code; the same signal
 * again within 0.1 s is the first one delivered twice (timeout(1) sends it
 * to the process and to its group) and is ignored.  A signal that
 * was ignored when gpumc started (nohup, `&` in a script) stays ignored.  The flag and a
 * counter are the only globals: the handler needs them.
 */
#ifndef GPUMC_SIGSTOP_H
#define GPUMC_SIGSTOP_H

#include <signal.h>

/* 0, or -1 if a handler could not be installed (errno set). */
int sigstop_install(void);

/* The flag the checker polls: 0, or the number of the signal received. */
const volatile sig_atomic_t *sigstop_flag(void);

/* The signal received so far, or 0. */
int sigstop_signal(void);

/* The exit code of a run the signal stopped: 128 + sig. */
int sigstop_exit_code(int sig);

/* "SIGINT", "SIGTERM", "SIGHUP" (else "a signal"). */
const char *sigstop_name(int sig);

#endif
