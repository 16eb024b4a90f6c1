/*
 * fiber.h -- user-space execution contexts for simulated threads.
 *
 * A fiber is a stack plus a saved register set.  fiber_switch() saves the
 * caller's context into `from` and resumes `to`.  fiber_reset() (re)arms a
 * fiber so that the next switch into it calls entry(arg) on a fresh stack;
 * resetting is O(1) and allocation-free, which is what lets the checker
 * restart every thread for each explored execution.  Stacks are mmap'd with
 * a PROT_NONE guard page below them so a runaway thread faults cleanly.
 * entry must never return: it switches away for the last time instead.
 */
#ifndef GPUMC_FIBER_H
#define GPUMC_FIBER_H

#include <stddef.h>

typedef struct fiber {
    void *sp;          /* saved stack pointer (x86-64 path) */
    void *uctx;        /* ucontext_t* (portable path) */
    char *stack;       /* lowest usable byte */
    size_t size;
    void (*entry)(void *);
    void *arg;
    void *asan_fake;   /* sanitizer bookkeeping */
    unsigned char pooled; /* its stack belongs to a fiber_pool */
    unsigned char lazy;   /* ... one whose stacks take memory only when mapped */
    unsigned char mapped; /* its stack is usable (always, unless lazy) */
} fiber;

/* Prepare `main` to represent the calling (scheduler) context. */
void fiber_init_main(fiber *main);
/* Allocate a stack of `size` bytes; returns 0 or -1 (errno set). */
int fiber_create(fiber *f, size_t size);
void fiber_destroy(fiber *f);
/* Next switch into f starts entry(arg) from scratch. */
void fiber_reset(fiber *f, void (*entry)(void *), void *arg);
void fiber_switch(fiber *from, fiber *to);
/* The stacks of many fibers in one mapping, each above a guard page.  A
 * lazy pool's stacks take neither memory nor a kernel memory map entry
 * until fiber_map(), and only the stacks used are ever mapped (the runtime
 * lends them to the threads alive).  That is what lets a launch of a
 * million threads run when only a block or so of them is ever alive at
 * once (one mapping per stack would also exhaust the kernel's map count
 * near 32,000 threads).  An eager pool's stacks are usable at once, and
 * fiber_map does nothing: small launches pay no system call per
 * execution. */
typedef struct fiber_pool {
    char *base;
    size_t len, stride;
    unsigned lazy;
} fiber_pool;
int fiber_pool_create(fiber_pool *p, unsigned long n, size_t size, int lazy);
/* Make f the i-th stack's fiber (unmapped if the pool is lazy). */
void fiber_pool_fiber(const fiber_pool *p, unsigned long i, fiber *f);
void fiber_pool_destroy(fiber_pool *p);
/* Is addr in one of the pool's stacks or guard pages? */
int fiber_pool_owns(const fiber_pool *p, const void *addr);
/* Make f's stack usable before f is reset or restored: 0, or -1 when the
 * system refuses (errno set). */
int fiber_map(fiber *f);

/* Is addr inside f's stack or guard page (for crash diagnosis)? */
int fiber_owns(const fiber *f, const void *addr);

/* A suspended fiber's state kept aside: its saved stack pointer and the
 * live part of its stack.  fiber_restore() puts it back, so that the next
 * switch into the fiber continues from where it was saved, however far it
 * ran meanwhile.  Only memory on the fiber's own stack is restored: code
 * running on it must keep nothing else that later changes, and it must be
 * the same stack (the saved frames point into it).  Both return 0,
 * or -1 where snapshots are not available (the ucontext path, and under
 * ASan, whose shadow of the stack a copy cannot restore) or on allocation
 * failure; the snapshot owns its bytes (fiber_snap_free). */
typedef struct fiber_snap {
    void *sp;
    char *stack;  /* the stack it was taken on: it restores only there */
    unsigned char *bytes;
    size_t len, cap;
} fiber_snap;
int fiber_snapshot(const fiber *f, fiber_snap *s);
int fiber_restore(fiber *f, const fiber_snap *s);
void fiber_snap_free(fiber_snap *s);

#endif
