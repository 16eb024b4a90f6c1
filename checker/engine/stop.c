/* stop.c -- see stop.h. */
#include "stop.h"

#include <time.h>

double stop_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

int stop_poll(struct gpumc_exec *x)
{
    if (x->stop)
        return x->stop;
    int sig = x->opt.interrupt ? (int)*x->opt.interrupt : 0;
    if (!sig && x->split)
        sig = x->split->interrupted(x);
    if (sig) {
        x->stop = CHECKER_INTERRUPTED;
        x->stop_signal = sig;
    } else if (x->opt.timeout > 0 && stop_now() - x->t0 > x->opt.timeout) {
        x->stop = CHECKER_TIMEOUT;
    }
    return x->stop;
}
