/*
 * prog.h -- the tiny program IR of the property test.
 *
 * Contract:
 *  - A prog is 1..PROG_MAX_THREADS straight-line threads of at most
 *    PROG_MAX_INSTR instructions each, all on GPU 0, each thread in CTA 0
 *    or 1.  Memory is one region of PROG_NLOCS 4-byte ints (offsets 0, 4,
 *    8), initially 0.
 *  - Every instruction has a unique source id `src` (its global number in
 *    emission order); the brute-force enumerator and the engine both name
 *    events by it, so canonical executions are comparable.
 *  - Orders are restricted to the ones that make sense for the kind (see
 *    prog_order_ok); the generator only produces those.  A CAS's failure
 *    order is derived from its order by prog_cas_fail_order, on both sides.
 *  - The generator is deterministic: the same seed gives the same program
 *    on every platform (own xorshift PRNG, no rand()).
 *  - Values: stores / exchanges / CAS-desired write distinct values >= 1
 *    (so rf shows in values), fetch_add adds a small operand.
 *  - An await (OP_AWAIT, OP_AWAIT_RMW, OP_AWAIT_CAS) is a loop that repeats
 *    its access until it reads `value` (OP_AWAIT_CAS: `expected`, when the
 *    CAS succeeds and writes `value`).  Both sides give it spin-assume semantics: an
 *    iteration that reads another value ends the thread there, blocked;
 *    the execution is a liveness error (FINDING_DEADLOCK at the first such
 *    thread's await) when every blocked await read the co-latest write
 *    (for the fetch_add form: its write is co-latest).  Awaits are generated
 *    only in programs without barriers.
 *  - A split barrier per CTA (OP_ARRIVE, OP_WAIT: gpumc_barrier_arrive and
 *    _wait on object PROG_SPLIT_ID + cta, counting every thread of the
 *    CTA): a thread's k-th wait waits for round k, complete once every
 *    thread of the CTA made its k-th arrival; what precedes an arrival then
 *    happens before what follows the waits of its round.  Which rounds
 *    complete does not depend on values (straight-line code), as for CTA
 *    barriers; a wait whose round never completes blocks its thread (a
 *    divergence finding, as a barrier that never fills).
 *  - A counted loop (reps > 1, at most one instruction per thread, never
 *    an await, fence or barrier) runs its instruction reps times; each
 *    iteration is its own event, named by (src, iteration) in canonical
 *    executions.  The harness loops as compiled code does: a spin check at
 *    the head with the counter as loop state, so the engine must not take
 *    the repeated access for an await.
 */
#ifndef PROP_PROG_H
#define PROP_PROG_H

#include <stdint.h>
#include <stdio.h>
#include "gpumc/harness.h"

#define PROG_MAX_THREADS 4
#define PROG_MAX_INSTR 4
#define PROG_NLOCS 3
#define PROG_MAX_REPS 2 /* iterations of a counted loop */

typedef enum prog_op {
    OP_LOAD = 0,
    OP_STORE,
    OP_FADD,   /* fetch_add(value) */
    OP_XCHG,   /* exchange(value) */
    OP_CAS,    /* strong CAS(expected, value) */
    OP_FENCE,
    OP_BARRIER, /* CTA barrier, statement id bar_id */
    OP_AWAIT,   /* loop { load } until it reads `value` */
    OP_AWAIT_RMW, /* loop { fetch_add(0) } until it reads `value` (an RMW
                     that writes back what it read, as atomicAdd(p, 0)) */
    OP_ARRIVE,    /* arrive at the CTA's split barrier */
    OP_WAIT,      /* wait for the round of the thread's next wait */
    OP_AWAIT_CAS  /* loop { CAS(expected -> value) } until it succeeds (a CAS
                     lock's acquire: a failed iteration writes nothing) */
} prog_op;
#define PROG_SPLIT_ID 100 /* + cta: the object of a CTA's split barrier */

typedef struct prog_instr {
    prog_op op;
    gpumc_order order;
    gpumc_scope scope;
    int loc;           /* 0..PROG_NLOCS-1; unused by fence/barrier */
    uint32_t value;    /* store value, rmw operand, CAS desired */
    uint32_t expected; /* CAS only */
    unsigned bar_id;   /* barrier only */
    int blind;         /* fetch_add, exchange, CAS: the harness says its result
                          is unused (GPUMC_RMW_UNUSED, GPUMC_CAS_UNUSED); the
                          semantics are the same */
    int reps;          /* counted loop: runs reps times (0 and 1: once) */
    unsigned src;      /* unique source id */
} prog_instr;

typedef struct prog_thread {
    int cta; /* 0 or 1 (GPU 0) */
    int n;
    prog_instr ins[PROG_MAX_INSTR];
} prog_thread;

typedef struct prog {
    int nthreads;
    unsigned nsrc; /* number of instructions = next source id */
    prog_thread th[PROG_MAX_THREADS];
} prog;

/* ---- deterministic PRNG (xorshift64*) ------------------------------- */
typedef struct prog_rng {
    uint64_t s;
} prog_rng;

void prog_rng_seed(prog_rng *r, uint64_t seed);
uint64_t prog_rng_next(prog_rng *r);
/* Uniform in [0, n) (n > 0). */
unsigned prog_rng_below(prog_rng *r, unsigned n);

/* ---- building by hand (the selftest's litmus shapes) ---------------- */
void prog_init(prog *p);
/* Adds a thread in CTA `cta`; returns its index. */
int prog_thread_add(prog *p, int cta);
/* Appends an instruction to thread t, assigns and returns its src. */
unsigned prog_emit(prog *p, int t, prog_op op, gpumc_order o, gpumc_scope sc,
                   int loc, uint32_t value, uint32_t expected);

/* Shorthands for prog_emit. */
unsigned prog_ld(prog *p, int t, int loc, gpumc_order o, gpumc_scope sc);
unsigned prog_st(prog *p, int t, int loc, uint32_t v, gpumc_order o,
                 gpumc_scope sc);
unsigned prog_fadd(prog *p, int t, int loc, uint32_t v, gpumc_order o,
                   gpumc_scope sc);
unsigned prog_xchg(prog *p, int t, int loc, uint32_t v, gpumc_order o,
                   gpumc_scope sc);
unsigned prog_cas(prog *p, int t, int loc, uint32_t expected,
                  uint32_t desired, gpumc_order o, gpumc_scope sc);
unsigned prog_fence(prog *p, int t, gpumc_order o, gpumc_scope sc);
unsigned prog_bar(prog *p, int t, unsigned id);
unsigned prog_arrive(prog *p, int t);
unsigned prog_wait(prog *p, int t);

/* ---- generation ----------------------------------------------------- */
typedef struct prog_gen_opts {
    int threads_max; /* 2..PROG_MAX_THREADS */
    int no_awaits;   /* never generate awaits */
    int no_loops;    /* never generate counted loops */
    int no_split;    /* never generate split barriers */
    int awaits;      /* every program has await loops (and so no barriers) */
    int plain;       /* mostly plain accesses between barriers; atomics, if
                        any, on location 0 alone (kernels' shape: one
                        execution, races or none) */
} prog_gen_opts;

void prog_generate(prog *p, prog_rng *r, const prog_gen_opts *o);

/* ---- semantics shared by both sides ---------------------------------- */
/* 1 if order o is allowed for op (na only for plain load/store). */
int prog_order_ok(prog_op op, gpumc_order o);
/* The order of a failed CAS: acq_rel -> acq, rel -> rlx, others as is. */
gpumc_order prog_cas_fail_order(gpumc_order o);
/* Is the instruction a memory access (has a location)? */
int prog_is_mem(prog_op op);
/* Is it an await loop (OP_AWAIT, OP_AWAIT_RMW, OP_AWAIT_CAS)? */
int prog_is_await(prog_op op);
/* How many times the instruction runs (its counted loop's trip count). */
int prog_reps(const prog_instr *in);
/* Is it a barrier (CTA barrier, split arrival or wait)? */
int prog_is_barrier(prog_op op);
/* The threads of a CTA (a split barrier's count). */
int prog_cta_size(const prog *p, int cta);

/* ---- printing -------------------------------------------------------- */
const char *prog_order_str(gpumc_order o);
const char *prog_scope_str(gpumc_scope s);
/* Compact listing, one line per instruction. */
void prog_print(const prog *p, FILE *f);
/* The same program as C thread bodies against the harness ABI, ready to
 * paste into a litmus harness (region pointer named `x`). */
void prog_print_c(const prog *p, FILE *f);

#endif
