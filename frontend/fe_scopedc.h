/*
 * fe_scopedc.h -- scoped-C (GPUMC-style) harnesses: main + pthreads.
 *
 * main is the host thread (thread 0, coordinates host=1).  Threads are
 * created by pthread_create and placed in the GPU hierarchy by the
 * __VERIFIER_thread_*_id calls they make, both at run time, while the ABI
 * wants every thread and its coordinates declared in setup.  So the
 * generated gpumc_harness_setup() first runs the program once natively in
 * "discovery" mode: sequentially, each created thread runs at once up to
 * its end or until it would block (barrier, failed assume, held mutex,
 * loop bound); shared memory is a private shadow copy, asserts are off.
 * Every thread seen is then declared with gpumc_thread_declare and the
 * coordinates it placed itself at; at check time, the k-th pthread_create
 * of thread p spawns the thread discovered as (p, k).  A run that creates
 * or places threads differently from the discovery run fails an assertion
 * at that call (documented limitation: thread structure must not depend
 * on racy values).
 *
 * __VERIFIER_memory_scope_*() sets __c->pend; the access wrappers take it
 * for the next access or fence of that thread only.
 */
#ifndef GPUMC_FE_SCOPEDC_H
#define GPUMC_FE_SCOPEDC_H

#include "fe_ctx.h"

/* Lower main and everything it reaches; declarations go to decl, thread
 * entries and setup to entry. */
int fe_scopedc_lower(fe_ctx *c, fe_buf *decl, fe_buf *entry);
/* The scoped-C runtime (access wrappers, discovery), placed before decl. */
void fe_scopedc_runtime(fe_ctx *c, fe_buf *o);

#endif
