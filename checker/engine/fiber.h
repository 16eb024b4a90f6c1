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
} fiber;

/* Prepare `main` to represent the calling (scheduler) context. */
void fiber_init_main(fiber *main);
/* Allocate a stack of `size` bytes; returns 0 or -1 (errno set). */
int fiber_create(fiber *f, size_t size);
void fiber_destroy(fiber *f);
/* Next switch into f starts entry(arg) from scratch. */
void fiber_reset(fiber *f, void (*entry)(void *), void *arg);
void fiber_switch(fiber *from, fiber *to);
/* Is addr inside f's stack or guard page (for crash diagnosis)? */
int fiber_owns(const fiber *f, const void *addr);

#endif
