/*
 * bench_progs.h -- the benchmark harness programs.
 *
 * Three families, each sized by a thread count n, all threads in one CTA
 * with gpu-scope atomics on 32-bit words of one region:
 *  - LB-n   (GPUMC's form) thread i: r = load_acquire(x[(i+1) % n]);
 *           store_release(x[i], 1).       2^n - 1 executions.
 *  - SB-n   store-buffer ring, relaxed: thread i: x[i] = 1;
 *           r = x[(i+1) % n].             2^n executions (SC: 2^n - 1).
 *  - lock-n CAS spin lock: CAS(lock, 0 -> 1, acq) + spin-assume, counter++
 *           (non-atomic), store_release(lock, 0).  n! complete executions.
 *
 * bench_select() picks the program; bench_setup() is the checker_setup_fn
 * that declares it.  The selection is a module static because a
 * checker_setup_fn has no user pointer; the benchmark runs one program per
 * process.
 */
#ifndef BENCH_PROGS_H
#define BENCH_PROGS_H

#include <stdint.h>
#include "gpumc/harness.h"

#define BENCH_MAX_THREADS 64

typedef enum bench_kind { BENCH_LB = 0, BENCH_SB, BENCH_LOCK } bench_kind;

/* Returns 0, or -1 if n is out of range for the kind. */
int bench_select(bench_kind kind, int n);
int bench_setup(gpumc_setup *s);

/* The expected number of complete executions under SRC11/RC11 (sc != 0:
 * under the SC model); 0 when unknown (overflow). */
uint64_t bench_expected(bench_kind kind, int n, int sc);

#endif
