/*
 * fiber.c -- see fiber.h.  On x86-64 the switch is eight instructions of
 * assembly (callee-saved registers only); elsewhere it falls back to
 * ucontext, which is correct but pays a sigprocmask system call per switch.
 */
#define _GNU_SOURCE
#include "fiber.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__) || defined(GPUMC_ASAN)
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#define FIBER_ASAN 1
#else
#define FIBER_ASAN 0
#endif

static size_t page_size(void)
{
    long p = sysconf(_SC_PAGESIZE);
    return p > 0 ? (size_t)p : 4096;
}

int fiber_create(fiber *f, size_t size)
{
    size_t pg = page_size();
    size = (size + pg - 1) / pg * pg;
    char *base = mmap(NULL, size + pg, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    memset(f, 0, sizeof *f);
    if (base == MAP_FAILED)
        return -1;
    if (mprotect(base, pg, PROT_NONE) != 0) {
        munmap(base, size + pg);
        return -1;
    }
    f->stack = base + pg;
    f->size = size;
    return 0;
}

int fiber_pool_create(fiber_pool *p, unsigned long n, size_t size, int lazy)
{
    size_t pg = page_size();
    memset(p, 0, sizeof *p);
    p->stride = (size + pg - 1) / pg * pg + pg;
    p->len = p->stride * (n ? n : 1);
    p->lazy = lazy != 0;
    char *base = mmap(NULL, p->len, lazy ? PROT_NONE : PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (base == MAP_FAILED)
        return -1;
    p->base = base;
    for (unsigned long i = 0; !lazy && i < n; i++)
        if (mprotect(base + i * p->stride, pg, PROT_NONE) != 0) {
            fiber_pool_destroy(p);
            return -1;
        }
    return 0;
}

void fiber_pool_fiber(const fiber_pool *p, unsigned long i, fiber *f)
{
    size_t pg = page_size();
    memset(f, 0, sizeof *f);
    f->stack = p->base + i * p->stride + pg;
    f->size = p->stride - pg;
    f->pooled = 1;
    f->lazy = (unsigned char)p->lazy;
    f->mapped = !p->lazy;
}

void fiber_pool_destroy(fiber_pool *p)
{
#if FIBER_ASAN
    if (p->base)
        ASAN_UNPOISON_MEMORY_REGION(p->base, p->len);
#endif
    if (p->base)
        munmap(p->base, p->len);
    memset(p, 0, sizeof *p);
}

int fiber_pool_owns(const fiber_pool *p, const void *addr)
{
    const char *a = addr;
    return p->base && a >= p->base && a < p->base + p->len;
}

int fiber_map(fiber *f)
{
    if (!f->lazy || f->mapped)
        return 0;
    if (mprotect(f->stack, f->size, PROT_READ | PROT_WRITE) != 0)
        return -1;
    f->mapped = 1;
    return 0;
}

int fiber_owns(const fiber *f, const void *addr)
{
    const char *a = addr;
    return f->stack && a >= f->stack - page_size() && a < f->stack + f->size;
}

#if defined(__x86_64__) && !defined(GPUMC_FIBER_UCONTEXT)

/* gpumc_fiber_swap(void **save_sp, void *load_sp): push callee-saved
 * registers, store rsp, load the other rsp, pop, return into it. */
__asm__(
    ".text\n"
    ".globl gpumc_fiber_swap\n"
    ".type gpumc_fiber_swap,@function\n"
    "gpumc_fiber_swap:\n"
    "    pushq %rbp\n"
    "    pushq %rbx\n"
    "    pushq %r12\n"
    "    pushq %r13\n"
    "    pushq %r14\n"
    "    pushq %r15\n"
    "    movq %rsp, (%rdi)\n"
    "    movq %rsi, %rsp\n"
    "    popq %r15\n"
    "    popq %r14\n"
    "    popq %r13\n"
    "    popq %r12\n"
    "    popq %rbx\n"
    "    popq %rbp\n"
    "    ret\n"
    ".size gpumc_fiber_swap,.-gpumc_fiber_swap\n"
    ".section .note.GNU-stack,\"\",@progbits\n"
    ".text\n");

void gpumc_fiber_swap(void **save_sp, void *load_sp);

/* First code run on a fresh stack: fiber_reset leaves the fiber pointer in
 * r12; the trampoline realigns the stack and calls fiber_start(f). */
__asm__(
    ".text\n"
    ".globl gpumc_fiber_tramp\n"
    ".type gpumc_fiber_tramp,@function\n"
    "gpumc_fiber_tramp:\n"
    "    pushq $0\n"
    "    movq %r12, %rdi\n"
    "    call gpumc_fiber_start\n"
    "    ud2\n"
    ".size gpumc_fiber_tramp,.-gpumc_fiber_tramp\n"
    ".section .note.GNU-stack,\"\",@progbits\n"
    ".text\n");

void gpumc_fiber_tramp(void);
void gpumc_fiber_start(fiber *f);

void gpumc_fiber_start(fiber *f)
{
#if FIBER_ASAN
    __sanitizer_finish_switch_fiber(NULL, NULL, NULL);
#endif
    f->entry(f->arg);
    abort(); /* entry must not return */
}

void fiber_init_main(fiber *main)
{
    memset(main, 0, sizeof *main);
}

void fiber_reset(fiber *f, void (*entry)(void *), void *arg)
{
#if FIBER_ASAN
    /* a fiber abandoned mid-call leaves poisoned frames behind */
    ASAN_UNPOISON_MEMORY_REGION(f->stack, f->size);
#endif
    uintptr_t top = (uintptr_t)(f->stack + f->size);
    top &= ~(uintptr_t)15;
    uint64_t *sp = (uint64_t *)top;
    *--sp = 0;                          /* fake return address slot (alignment) */
    *--sp = (uint64_t)(uintptr_t)gpumc_fiber_tramp; /* ret target */
    *--sp = 0;                          /* rbp */
    *--sp = 0;                          /* rbx */
    *--sp = (uint64_t)(uintptr_t)f;     /* r12 = fiber */
    *--sp = 0;                          /* r13 */
    *--sp = 0;                          /* r14 */
    *--sp = 0;                          /* r15 */
    f->sp = sp;
    f->entry = entry;
    f->arg = arg;
}

void fiber_switch(fiber *from, fiber *to)
{
#if FIBER_ASAN
    const void *bottom = to->stack;
    size_t size = to->size;
    if (!to->stack) { /* switching back to the main context */
        bottom = NULL; size = 0;
    }
    __sanitizer_start_switch_fiber(&from->asan_fake, bottom, size);
    gpumc_fiber_swap(&from->sp, to->sp);
    __sanitizer_finish_switch_fiber(from->asan_fake, NULL, NULL);
#else
    gpumc_fiber_swap(&from->sp, to->sp);
#endif
}

void fiber_destroy(fiber *f)
{
#if FIBER_ASAN
    /* frames abandoned on this stack left poison that would outlive the
     * mapping and trip over whatever is mapped here next */
    if (f->stack)
        ASAN_UNPOISON_MEMORY_REGION(f->stack, f->size);
#endif
    if (f->stack && !f->pooled)
        munmap(f->stack - page_size(), f->size + page_size());
    memset(f, 0, sizeof *f);
}

int fiber_snapshot(const fiber *f, fiber_snap *s)
{
    if (FIBER_ASAN)
        return -1;
    const char *lo = f->sp, *top = f->stack + f->size;
    size_t len = (size_t)(top - lo);
    if (len > s->cap) {
        unsigned char *b = realloc(s->bytes, len);
        if (!b)
            return -1;
        s->bytes = b;
        s->cap = len;
    }
    memcpy(s->bytes, lo, len);
    s->len = len;
    s->sp = f->sp;
    s->stack = f->stack;
    return 0;
}

int fiber_restore(fiber *f, const fiber_snap *s)
{
    if (FIBER_ASAN || !s->bytes || s->stack != f->stack)
        return -1;
    memcpy(f->stack + f->size - s->len, s->bytes, s->len);
    f->sp = s->sp;
    return 0;
}

#else /* portable ucontext path */
#include <ucontext.h>

static void uc_entry(unsigned hi, unsigned lo)
{
    fiber *f = (fiber *)(((uintptr_t)hi << 32) | (uintptr_t)lo);
    f->entry(f->arg);
    abort();
}

void fiber_init_main(fiber *main)
{
    memset(main, 0, sizeof *main);
    main->uctx = calloc(1, sizeof(ucontext_t));
}

void fiber_reset(fiber *f, void (*entry)(void *), void *arg)
{
    if (!f->uctx)
        f->uctx = calloc(1, sizeof(ucontext_t));
    ucontext_t *uc = f->uctx;
    getcontext(uc);
    uc->uc_stack.ss_sp = f->stack;
    uc->uc_stack.ss_size = f->size;
    uc->uc_link = NULL;
    f->entry = entry;
    f->arg = arg;
    uintptr_t p = (uintptr_t)f;
    makecontext(uc, (void (*)(void))uc_entry, 2, (unsigned)(p >> 32),
                (unsigned)(p & 0xffffffffu));
}

void fiber_switch(fiber *from, fiber *to)
{
    swapcontext(from->uctx, to->uctx);
}

void fiber_destroy(fiber *f)
{
    if (f->stack && !f->pooled)
        munmap(f->stack - page_size(), f->size + page_size());
    free(f->uctx);
    memset(f, 0, sizeof *f);
}

int fiber_snapshot(const fiber *f, fiber_snap *s)
{
    (void)f, (void)s;
    return -1;
}

int fiber_restore(fiber *f, const fiber_snap *s)
{
    (void)f, (void)s;
    return -1;
}
#endif

void fiber_snap_free(fiber_snap *s)
{
    free(s->bytes);
    memset(s, 0, sizeof *s);
}
