/*
 * pthread.h -- gpumc scoped-C prelude.  The subset of POSIX threads that
 * gpumc models (create/join/exit, mutexes, barriers).  The frontend lowers
 * these calls by name; other pthread functions are declared so that they
 * parse and are then rejected with an "unsupported" diagnostic.
 */
#ifndef GPUMC_PTHREAD_H
#define GPUMC_PTHREAD_H
#include <stddef.h> /* NULL, as the system header provides */
/* This header is force-included (gpumc_c.h) before anything else, so the
 * C library's own pthread types (pulled in by <stdlib.h>, <sys/types.h>...)
 * must stand aside: these are the ones the frontend models. */
#define _BITS_PTHREADTYPES_COMMON_H 1
typedef unsigned int pthread_key_t;
typedef int pthread_once_t;
typedef volatile int pthread_spinlock_t;
typedef struct { int __unused; } pthread_rwlock_t;
typedef struct { int __unused; } pthread_rwlockattr_t;
typedef unsigned long pthread_t;
typedef struct { int __unused; } pthread_attr_t;
typedef struct { int __lock; } pthread_mutex_t;
typedef struct { int __unused; } pthread_mutexattr_t;
typedef struct { int __count; } pthread_barrier_t;
typedef struct { int __unused; } pthread_barrierattr_t;
typedef struct { int __unused; } pthread_cond_t;
typedef struct { int __unused; } pthread_condattr_t;
#define PTHREAD_MUTEX_INITIALIZER { 0 }
#define PTHREAD_COND_INITIALIZER { 0 }
#define PTHREAD_BARRIER_SERIAL_THREAD (-1)
int pthread_create(pthread_t *t, const pthread_attr_t *attr,
                   void *(*fn)(void *), void *arg);
int pthread_join(pthread_t t, void **ret);
void pthread_exit(void *ret);
pthread_t pthread_self(void);
int pthread_mutex_init(pthread_mutex_t *m, const pthread_mutexattr_t *a);
int pthread_mutex_destroy(pthread_mutex_t *m);
int pthread_mutex_lock(pthread_mutex_t *m);
int pthread_mutex_trylock(pthread_mutex_t *m);
int pthread_mutex_unlock(pthread_mutex_t *m);
int pthread_barrier_init(pthread_barrier_t *b, const pthread_barrierattr_t *a,
                         unsigned count);
int pthread_barrier_destroy(pthread_barrier_t *b);
int pthread_barrier_wait(pthread_barrier_t *b);
int pthread_cond_init(pthread_cond_t *c, const pthread_condattr_t *a);
int pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m);
int pthread_cond_signal(pthread_cond_t *c);
int pthread_cond_broadcast(pthread_cond_t *c);
int pthread_cond_destroy(pthread_cond_t *c);
int pthread_attr_init(pthread_attr_t *a);
int pthread_attr_destroy(pthread_attr_t *a);
int pthread_detach(pthread_t t);
#endif
