/*
 * genmc.h -- gpumc scoped-C prelude for programs written for GenMC, which
 * include <genmc.h> for its verification API.  gpumc's own version of that
 * interface, as far as gpumc models it:
 *   - threads: __VERIFIER_spawn/_join (and their _symmetric forms, which
 *     GenMC uses for symmetry reduction) are pthread_create/pthread_join;
 *   - hints that only speed GenMC up or name what a statement is for
 *     (spin and loop markers, method markers, the local/final/helping/
 *     confirming annotations) keep the statement and drop the hint: gpumc
 *     finds spin loops itself, and the others change no execution;
 *   - hazard pointers: protect is the acquire load it stands for, and
 *     retiring or freeing releases nothing (gpumc's free releases nothing
 *     either), so no execution is lost;
 *   - __VERIFIER_plock_t is a pthread mutex.
 * What gpumc does not model is declared so that a program using it parses
 * and is then rejected at the call ("unsupported: call to ..."):
 * nondeterministic values, optional blocks, persistency (palloc, pbarrier,
 * recovery routines).  __VERIFIER_assume comes from gpumc_c.h, which the
 * pipeline includes first.
 */
#ifndef GPUMC_GENMC_H
#define GPUMC_GENMC_H
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef pthread_t __VERIFIER_thread_t;

static inline __attribute__((always_inline)) __VERIFIER_thread_t
__VERIFIER_spawn(void *(*fn)(void *), void *arg)
{
    pthread_t t = 0;
    pthread_create(&t, NULL, fn, arg);
    return t;
}

static inline __attribute__((always_inline)) __VERIFIER_thread_t
__VERIFIER_spawn_symmetric(void *(*fn)(void *), void *arg, __VERIFIER_thread_t like)
{
    (void)like;
    return __VERIFIER_spawn(fn, arg);
}

static inline __attribute__((always_inline)) void *__VERIFIER_join(__VERIFIER_thread_t t)
{
    void *ret = NULL;
    pthread_join(t, &ret);
    return ret;
}

static inline __attribute__((always_inline)) void
__VERIFIER_join_symmetric(__VERIFIER_thread_t t)
{
    (void)__VERIFIER_join(t);
}

/* Hints: the statement stays, the hint goes. */
static inline __attribute__((always_inline)) void __VERIFIER_loop_begin(void) {}
static inline __attribute__((always_inline)) void __VERIFIER_spin_start(void) {}
static inline __attribute__((always_inline)) void __VERIFIER_spin_end(bool cond)
{
    (void)cond;
}
static inline __attribute__((always_inline)) void
__VERIFIER_method_begin(const char *name, int32_t arg)
{
    (void)name;
    (void)arg;
}
static inline __attribute__((always_inline)) void
__VERIFIER_method_end(const char *name, int32_t ret)
{
    (void)name;
    (void)ret;
}
#define __VERIFIER_local_write(s) do { s; } while (0)
#define __VERIFIER_final_write(s) do { s; } while (0)
#define __VERIFIER_helped_CAS(c) do { c; } while (0)
#define __VERIFIER_helping_CAS(c) do { c; } while (0)
#define __VERIFIER_speculative_read(c) (c)
#define __VERIFIER_confirming_read(c) (c)
#define __VERIFIER_confirming_CAS(c) (c)
#define __VERIFIER_final_CAS(c) (c)

/* Hazard pointers: memory is never reused, so protecting is loading. */
typedef struct __VERIFIER_hazptr { int unused; } __VERIFIER_hazptr_t;
typedef __VERIFIER_hazptr_t __VERIFIER_hp_t;
static __VERIFIER_hazptr_t __gpumc_genmc_hazptr;
#define __VERIFIER_hp_alloc() (&__gpumc_genmc_hazptr)
#define __VERIFIER_hp_protect(hp, p) ((void)(hp), __atomic_load_n((void **)(p), __ATOMIC_ACQUIRE))
#define __VERIFIER_hp_clear(hp) ((void)(hp))
#define __VERIFIER_hp_free(hp) ((void)(hp))
#define __VERIFIER_hp_retire(p) ((void)(p))

/* A lock GenMC treats specially in persistency checks: a mutex here. */
typedef struct __VERIFIER_plock { pthread_mutex_t lock; } __VERIFIER_plock_t;
static inline __attribute__((always_inline)) int __VERIFIER_plock_lock(__VERIFIER_plock_t *l)
{
    return pthread_mutex_lock(&l->lock);
}
static inline __attribute__((always_inline)) int __VERIFIER_plock_unlock(__VERIFIER_plock_t *l)
{
    return pthread_mutex_unlock(&l->lock);
}

/* Not modelled: rejected where called. */
int __VERIFIER_nondet_int(void);
unsigned int __VERIFIER_nondet_uint(void);
int __VERIFIER_opt_begin(void);
#define __VERIFIER_optional(x) do { if (__VERIFIER_opt_begin()) { x; __VERIFIER_assume(0); } } while (0)
void *__VERIFIER_palloc(size_t size);
void __VERIFIER_recovery_routine(void);
void __VERIFIER_pbarrier(void);
#define __VERIFIER_persistent_storage(d) d

#endif
