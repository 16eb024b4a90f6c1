/*
 * gpumc_irmem.h -- memcpy/memset through shared memory, one access per
 * piece, the message of a private array's bounds check, and the split of a
 * spin check's pieces, for both adapters: the glue pastes it right before
 * the adapter (gpumc_irrt.h or gpumc_scrt.h), which defines the accesses.
 */
#include <stdint.h>
#include <stdio.h>

/* A spin check's pieces (ir_pass.c spin_header): the state first, then
 * the locals whose value at the loop head is dead, their sizes flagged. */
#define IRRT_SPIN_SCRATCH (1ull << 63)

/* How many of the n pieces are state (the rest are scratch). */
static unsigned irmem_spin_pieces(const size_t *sizes, unsigned n)
{
    unsigned k = 0;
    while (k < n && !((uint64_t)sizes[k] & IRRT_SPIN_SCRATCH))
        k++;
    return k;
}

/* The scratch pieces [k, n): writing them is no change of state. */
static void irmem_spin_scratch(gpumc_thread *t, const void *const *state, const size_t *sizes,
                               unsigned k, unsigned n)
{
    for (unsigned i = k; i < n; i++)
        gpumc_spin_scratch(t, state[i], (size_t)((uint64_t)sizes[i] & ~IRRT_SPIN_SCRATCH));
}

uint64_t __gpumc_ir_load(const void *p, unsigned size, unsigned o, unsigned sc, unsigned src);
/* A plain load of a byte copy: copying undefined bytes is no error
 * (gpumc_copying). */
uint64_t __gpumc_ir_copy_load(const void *p, unsigned size, unsigned src);
void __gpumc_ir_store(void *p, unsigned size, uint64_t v, unsigned o, unsigned sc, unsigned src);

/* The widest piece (<= 4 bytes, the common element size of GPU data) that
 * divides both addresses and the length. */
static unsigned irrt_piece(uintptr_t a, uintptr_t b, uint64_t n)
{
    unsigned w = 4;
    while (w > 1 && ((a | b | n) & (w - 1)))
        w /= 2;
    return w;
}

void __gpumc_ir_memcpy(void *d, const void *s, uint64_t n, unsigned src)
{
    unsigned w = irrt_piece((uintptr_t)d, (uintptr_t)s, n);
    for (uint64_t i = 0; i < n; i += w) {
        uint64_t v = __gpumc_ir_copy_load((const char *)s + i, w, src);
        __gpumc_ir_store((char *)d + i, w, v, 0, 3, src);
    }
}

void __gpumc_ir_memset(void *d, unsigned byte, uint64_t n, unsigned src)
{
    unsigned w = irrt_piece((uintptr_t)d, 0, n);
    uint64_t v = 0;
    for (unsigned k = 0; k < w; k++)
        v |= (uint64_t)(byte & 0xffu) << (8 * k);
    for (uint64_t i = 0; i < n; i += w)
        __gpumc_ir_store((char *)d + i, w, v, 0, 3, src);
}

/* "out-of-bounds write to private array 'bins' (32 bytes): 4 bytes at
 * offset 32", for the bounds checks of private arrays and buffers. */
static void irmem_oob_message(char *msg, size_t n, const void *p, const void *base, uint64_t size,
                              unsigned acc, const char *what)
{
    long long off = (long long)((const char *)p - (const char *)base);
    snprintf(msg, n, "out-of-bounds %s (%llu bytes): %u bytes at offset %lld", what,
             (unsigned long long)size, acc, off);
}

/* The pass's check of an access through a pointer a function was given (a
 * kernel's buffer): it must stay in the buffer that pointer points into --
 * an index far past its end would otherwise land in another buffer and be
 * taken for an access to that one.  A base in no region (null, the
 * thread's own memory) is left to the access itself. */
static void irmem_arg_check(gpumc_thread *t, const void *p, const void *base, unsigned size,
                            const char *what, unsigned src)
{
    const void *at;
    size_t n = gpumc_object_size(t, base, &at);
    const char *lo = (const char *)at, *a = (const char *)p;
    if (!lo || (a >= lo && (size_t)(a - lo) <= n && size <= n - (size_t)(a - lo)))
        return;
    char msg[256];
    irmem_oob_message(msg, sizeof msg, p, lo, n, size, what);
    gpumc_memory_error_what(t, p, size, lo, msg, src); /* named from lo: "in+4096" */
}
