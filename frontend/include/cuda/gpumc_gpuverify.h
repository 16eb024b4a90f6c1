/*
 * gpumc_gpuverify.h -- GPUVerify's annotations with a meaning for one
 * concrete launch (force-included with the CUDA and OpenCL preludes, so
 * kernels written for GPUVerify are checked unedited).  docs/frontend.md
 * has the table.
 *
 *   __assert, __global_assert        an assertion, checked where written
 *   __invariant, __global_invariant  an assertion too, checked each time
 *                                    the loop condition holding it is
 *                                    evaluated (every visit of the loop head)
 *   __requires, __global_requires    in a kernel's own body: a precondition
 *                                    of the launch (a false one stops the run,
 *                                    exit 17, nothing verified); in another
 *                                    function: an assertion at its entry
 *   __requires_fresh_array(p)        p is not null (every buffer is its own
 *                                    array; a struct argument's pointers are
 *                                    null, so such a launch is refused)
 *   __assume                         an assumption (executions where it is
 *                                    false are blocked, not explored)
 *   __ensures, __global_ensures      an assertion at each return of the
 *                                    function, on the state there, where
 *                                    __return_val_int(), _bool(), _ptr(),
 *                                    _funptr(T) (OpenCL also _int4()) are
 *                                    the value returned and __old_int(x) x's
 *                                    value on entry (frontend/ir_post.c)
 *   candidate and function-wide invariants, barrier
 *   invariants, __array_snapshot     proof aids of GPUVerify's modular,
 *                                    two-thread abstraction: exploring every
 *                                    concrete execution needs none, so they
 *                                    are not evaluated
 *   __implies, __ite, __is_pow2, __mod_pow2     their value
 *   __other_int(e), __other_bool(e)  e in the other thread: every check
 *                                    (assertion, invariant, pre- and
 *                                    postcondition, assumption) that asks
 *                                    for it is evaluated once per other
 *                                    thread of the launch, with e computed
 *                                    from that thread's ids; e may use only
 *                                    ids, launch sizes, constants and kernel
 *                                    arguments (frontend/ir_other.c refuses
 *                                    the rest)
 *   __same_group, __exclusive, __at_most_one    on __other_int: the two
 *                                    threads' groups are one; not both
 *   __uniform_*(x), __distinct_*(x)  x == / != __other_int(x) when the ids
 *                                    determine x (a constant or argument is
 *                                    the same in all threads), else true
 *   __enabled, __dominator_enabled   true
 *   __add_noovfl_T(x, y)             x + y in T, assumed not to overflow
 *   __add_noovfl(a, b, ...)          whether the sum fits a's unsigned type
 *   __add_T(x, y)                    x + y in T
 *   __all(e)                         e (every thread checks its own)
 *   __read, __write, __atomic, __no_read/_write, their _offset(_bytes)
 *                                    the thread's own accesses to p's array
 *                                    since its last barrier (the latest one's
 *                                    offset), from the checker's graph
 *   __ptr_base, __ptr_offset(_bytes) the start of p's array, p's place in it
 *   GPUVerify's --no-annotations, --only-requires and
 *   --invariants-as-candidates  leave out what they say (below)
 *   anything else GPUVerify defines (__reads_from, __writes_to,
 *   __read_permission, __atomic_has_taken_value...)
 *                                    a compile error naming it: unsupported
 */
#ifndef GPUMC_GPUVERIFY_H
#define GPUMC_GPUVERIFY_H

/* GPUVerify's switches (the gpumc command defines these for them):
 * --no-annotations ignores every annotation, --only-requires all but the
 * preconditions, --invariants-as-candidates the loop invariants (a
 * candidate GPUVerify finds false is dropped, never reported). */
#if defined(__GPUMC_GV_NO_ANNOTATIONS) || defined(__GPUMC_GV_ONLY_REQUIRES)
#define __GPUMC_GV_CHECKS 0
#else
#define __GPUMC_GV_CHECKS 1
#endif
/* A check over every pair of threads: evaluated once, and again for each
 * other thread of the launch when it asked for the other's values
 * (__other_int), as GPUVerify's two threads may be any two. */
#define __GPUMC_PAIRS(check)                                                                   \
    ({                                                                                         \
        __gpumc_pairs_begin();                                                                 \
        do                                                                                     \
            check;                                                                             \
        while (__gpumc_pairs_next());                                                          \
    })
#if __GPUMC_GV_CHECKS
#define __assert(e) __GPUMC_PAIRS(__gpumc_assert(!!(e)))
#define __global_assert(e) __GPUMC_PAIRS(__gpumc_assert(!!(e)))
#define __assume(e) __GPUMC_PAIRS(__gpumc_assume(!!(e)))
#define __ensures(e)                                                                           \
    if (__gpumc_postcondition())                                                               \
    __GPUMC_PAIRS(__gpumc_assert_what(!!(e), "postcondition " #e))
#else
#define __assert(e) ((void)0)
#define __global_assert(e) ((void)0)
#define __assume(e) ((void)0)
#define __ensures(e) ((void)0)
#endif
#ifndef __GPUMC_GV_NO_ANNOTATIONS
#define __requires(e) __GPUMC_PAIRS(__gpumc_require(!!(e)))
#define __global_requires(e) __GPUMC_PAIRS(__gpumc_require(!!(e)))
#define __requires_fresh_array(p) __gpumc_require((p) != 0)
#else
#define __requires(e) ((void)0)
#define __global_requires(e) ((void)0)
#define __requires_fresh_array(p) ((void)0)
#endif
#define __global_ensures(e) __ensures(e)
#define __return_val_int() __gpumc_return_val_int()
#define __return_val_bool() __gpumc_return_val_bool()
#define __return_val_ptr() __gpumc_return_val_ptr()
#define __return_val_funptr(T) ((T)__gpumc_return_val_ptr())
#define __old_int(x) __gpumc_old_int(x)
#ifdef __OPENCL_C_VERSION__
int4 __gpumc_return_val_int4(void);
#define __return_val_int4() __gpumc_return_val_int4()
#endif
#if __GPUMC_GV_CHECKS && !defined(__GPUMC_GV_CANDIDATE_INVARIANTS)
#define __invariant(e) __GPUMC_PAIRS(__gpumc_assert(!!(e)))
#define __global_invariant(e) __GPUMC_PAIRS(__gpumc_assert(!!(e)))
#else
#define __invariant(e) ((void)0)
#define __global_invariant(e) ((void)0)
#endif
#define __candidate_invariant(e) ((void)0)
#define __candidate_global_invariant(e) ((void)0)
#define __function_wide_invariant(e) ((void)0)
#define __function_wide_candidate_invariant(e) ((void)0)
#define __barrier_invariant(...) ((void)0)
#define __barrier_invariant_binary(...) ((void)0)
/* __barrier_invariant_N(e, i1..iN): N instantiations (GPUVerify's form) */
#define __barrier_invariant_1(...) ((void)0)
#define __barrier_invariant_2(...) ((void)0)
#define __barrier_invariant_3(...) ((void)0)
#define __barrier_invariant_4(...) ((void)0)
#define __barrier_invariant_5(...) ((void)0)
#define __barrier_invariant_6(...) ((void)0)
#define __barrier_invariant_7(...) ((void)0)
#define __barrier_invariant_8(...) ((void)0)
#define __barrier_invariant_9(...) ((void)0)
#define __barrier_invariant_10(...) ((void)0)
#define __barrier_invariant_11(...) ((void)0)
#define __barrier_invariant_12(...) ((void)0)
#define __barrier_invariant_13(...) ((void)0)
#define __barrier_invariant_14(...) ((void)0)
#define __barrier_invariant_15(...) ((void)0)
#define __barrier_invariant_16(...) ((void)0)
#define __barrier_invariant_binary_1(...) ((void)0)
#define __barrier_invariant_binary_2(...) ((void)0)
#define __barrier_invariant_binary_3(...) ((void)0)
#define __barrier_invariant_binary_4(...) ((void)0)
#define __barrier_invariant_17(...) ((void)0)
#define __barrier_invariant_18(...) ((void)0)
#define __barrier_invariant_19(...) ((void)0)
#define __barrier_invariant_20(...) ((void)0)
#define __barrier_invariant_21(...) ((void)0)
#define __barrier_invariant_22(...) ((void)0)
#define __barrier_invariant_23(...) ((void)0)
#define __barrier_invariant_24(...) ((void)0)
#define __barrier_invariant_25(...) ((void)0)
#define __barrier_invariant_26(...) ((void)0)
#define __barrier_invariant_27(...) ((void)0)
#define __barrier_invariant_28(...) ((void)0)
#define __barrier_invariant_29(...) ((void)0)
#define __barrier_invariant_30(...) ((void)0)
#define __barrier_invariant_31(...) ((void)0)
#define __barrier_invariant_32(...) ((void)0)
#define __barrier_invariant_binary_5(...) ((void)0)
#define __barrier_invariant_binary_6(...) ((void)0)
#define __barrier_invariant_binary_7(...) ((void)0)
#define __barrier_invariant_binary_8(...) ((void)0)
#define __barrier_invariant_binary_9(...) ((void)0)
#define __barrier_invariant_binary_10(...) ((void)0)
#define __barrier_invariant_binary_11(...) ((void)0)
#define __barrier_invariant_binary_12(...) ((void)0)
#define __barrier_invariant_binary_13(...) ((void)0)
#define __barrier_invariant_binary_14(...) ((void)0)
#define __barrier_invariant_binary_15(...) ((void)0)
#define __barrier_invariant_binary_16(...) ((void)0)
#define __array_snapshot(dst, src) ((void)0)
#define __implies(a, b) (!(a) || (b))
#define __ite(c, a, b) ((c) ? (a) : (b))
#define __is_pow2(x) ((x) != 0 && ((x) & ((x) - 1)) == 0)
#define __mod_pow2(x, y) ((x) & ((y) - 1))
#define __enabled() 1
#define __dominator_enabled() 1
/* The other thread: e evaluated with its ids (e may use only ids,
 * constants and kernel arguments: the pass refuses anything else). */
#define __other_int(e) __gpumc_other_int((int)(e))
#define __other_bool(e) (__gpumc_other_int(!!(e)) != 0)
#define __exclusive(e) (!((e) && __other_bool(e)))
#define __at_most_one(e) __exclusive(e)
#ifdef __OPENCL_C_VERSION__
#define __same_group                                                                           \
    ((int)get_group_id(0) == __other_int(get_group_id(0)) &&                                   \
     (int)get_group_id(1) == __other_int(get_group_id(1)) &&                                   \
     (int)get_group_id(2) == __other_int(get_group_id(2)))
#else
#define __same_group                                                                           \
    ((int)blockIdx.x == __other_int(blockIdx.x) && (int)blockIdx.y == __other_int(blockIdx.y) && \
     (int)blockIdx.z == __other_int(blockIdx.z))
#endif
/* compared with the other thread's when its ids determine x, else 1 */
#define __uniform_int(x) (__gpumc_uniform((int)(x)) != 0)
#define __uniform_bool(x) (__gpumc_uniform(!!(x)) != 0)
#define __distinct_int(x) (__gpumc_distinct((int)(x)) != 0)
#define __distinct_bool(x) (__gpumc_distinct(!!(x)) != 0)
/* __add_noovfl_T(x, y): x + y in T, the addition assumed not to overflow
 * (an execution where it does is not one GPUVerify considers). */
#define __GPUMC_ADD_NOOVFL(T, x, y)                                                            \
    ({                                                                                         \
        T __gpumc_sum;                                                                         \
        __gpumc_assume(!__builtin_add_overflow((T)(x), (T)(y), &__gpumc_sum));                 \
        __gpumc_sum;                                                                           \
    })
#define __add_noovfl_char(x, y) __GPUMC_ADD_NOOVFL(signed char, x, y)
#define __add_noovfl_short(x, y) __GPUMC_ADD_NOOVFL(short, x, y)
#define __add_noovfl_int(x, y) __GPUMC_ADD_NOOVFL(int, x, y)
#define __add_noovfl_long(x, y) __GPUMC_ADD_NOOVFL(long, x, y)
#define __add_noovfl_unsigned_char(x, y) __GPUMC_ADD_NOOVFL(unsigned char, x, y)
#define __add_noovfl_unsigned_short(x, y) __GPUMC_ADD_NOOVFL(unsigned short, x, y)
#define __add_noovfl_unsigned_int(x, y) __GPUMC_ADD_NOOVFL(unsigned int, x, y)
#define __add_noovfl_unsigned_long(x, y) __GPUMC_ADD_NOOVFL(unsigned long, x, y)
/* __add_noovfl(a, b, ...): does the sum of 2 to 6 values fit the first's
 * unsigned type?  (Partial sums of unsigned values never exceed the whole,
 * so adding one at a time is exact.)  One macro per count: a braced list
 * of the values would be a narrowing error in C++ for an int among them. */
#define __GPUMC_NARGS(...) __GPUMC_NARGS_(__VA_ARGS__, 6, 5, 4, 3, 2, 1, 0)
#define __GPUMC_NARGS_(_1, _2, _3, _4, _5, _6, n, ...) n
#define __GPUMC_CAT(a, b) __GPUMC_CAT_(a, b)
#define __GPUMC_CAT_(a, b) a##b
#define __GPUMC_ADD_TO(x)                                                                      \
    (__gpumc_fits &= !__builtin_add_overflow(__gpumc_acc, (__typeof__(__gpumc_acc))(x),        \
                                             &__gpumc_acc))
#define __GPUMC_NOOVFL_OF(a, adds)                                                             \
    ({                                                                                         \
        __typeof__((a) + 0u) __gpumc_acc = (a);                                                \
        int __gpumc_fits = 1;                                                                  \
        adds;                                                                                  \
        __gpumc_fits;                                                                          \
    })
#define __GPUMC_NOOVFL_2(a, b) __GPUMC_NOOVFL_OF(a, __GPUMC_ADD_TO(b))
#define __GPUMC_NOOVFL_3(a, b, c) __GPUMC_NOOVFL_OF(a, (__GPUMC_ADD_TO(b), __GPUMC_ADD_TO(c)))
#define __GPUMC_NOOVFL_4(a, b, c, d)                                                           \
    __GPUMC_NOOVFL_OF(a, (__GPUMC_ADD_TO(b), __GPUMC_ADD_TO(c), __GPUMC_ADD_TO(d)))
#define __GPUMC_NOOVFL_5(a, b, c, d, e)                                                        \
    __GPUMC_NOOVFL_OF(a, (__GPUMC_ADD_TO(b), __GPUMC_ADD_TO(c), __GPUMC_ADD_TO(d),             \
                          __GPUMC_ADD_TO(e)))
#define __GPUMC_NOOVFL_6(a, b, c, d, e, f)                                                     \
    __GPUMC_NOOVFL_OF(a, (__GPUMC_ADD_TO(b), __GPUMC_ADD_TO(c), __GPUMC_ADD_TO(d),             \
                          __GPUMC_ADD_TO(e), __GPUMC_ADD_TO(f)))
#define __add_noovfl(...) __GPUMC_CAT(__GPUMC_NOOVFL_, __GPUMC_NARGS(__VA_ARGS__))(__VA_ARGS__)
/* __add_T(x, y): plain (wrapping) addition in T */
#define __add_char(x, y) ((signed char)((x) + (y)))
#define __add_short(x, y) ((short)((x) + (y)))
#define __add_int(x, y) ((int)((x) + (y)))
#define __add_long(x, y) ((long)((x) + (y)))
#define __add_unsigned_char(x, y) ((unsigned char)((unsigned char)(x) + (unsigned char)(y)))
#define __add_unsigned_short(x, y) ((unsigned short)((unsigned short)(x) + (unsigned short)(y)))
#define __add_unsigned_int(x, y) ((unsigned int)(x) + (unsigned int)(y))
#define __add_unsigned_long(x, y) ((unsigned long)(x) + (unsigned long)(y))
#define __all(e) (e)
/* The access log of the thread since its last barrier (gpumc_accessed):
 * plain reads, plain writes and atomics apart, as GPUVerify keeps them; an
 * offset is the latest such access's, in bytes from the array's start.
 * In C++ functions, so that glibc's own __read declaration still compiles. */
#ifdef __cplusplus
static __inline__ __attribute__((device)) bool __read(const volatile void *p)
{ return __gpumc_accessed(p, 1) != 0; }
static __inline__ __attribute__((device)) bool __write(const volatile void *p)
{ return __gpumc_accessed(p, 2) != 0; }
static __inline__ __attribute__((device)) bool __atomic(const volatile void *p)
{ return __gpumc_accessed(p, 4) != 0; }
static __inline__ __attribute__((device)) bool __no_read(const volatile void *p) { return !__read(p); }
static __inline__ __attribute__((device)) bool __no_write(const volatile void *p) { return !__write(p); }
static __inline__ __attribute__((device)) unsigned long __read_offset_bytes(const volatile void *p)
{ return (unsigned long)(__gpumc_accessed(p, 1) - 1); }
static __inline__ __attribute__((device)) unsigned long __write_offset_bytes(const volatile void *p)
{ return (unsigned long)(__gpumc_accessed(p, 2) - 1); }
#else
#define __read(p) (__gpumc_accessed((p), 1) != 0)
#define __write(p) (__gpumc_accessed((p), 2) != 0)
#define __atomic(p) (__gpumc_accessed((p), 4) != 0)
#define __no_read(p) (!__read(p))
#define __no_write(p) (!__write(p))
#define __read_offset_bytes(p) ((unsigned long)(__gpumc_accessed((p), 1) - 1))
#define __write_offset_bytes(p) ((unsigned long)(__gpumc_accessed((p), 2) - 1))
#endif
/* element offsets: the byte offset over the pointee's size */
#define __read_offset(p) (__read_offset_bytes(p) / sizeof(*(p)))
#define __write_offset(p) (__write_offset_bytes(p) / sizeof(*(p)))
#define __ptr_base(p) (__gpumc_object_base(p))
#define __ptr_offset_bytes(p) ((long)((const char *)(p) - (const char *)__gpumc_object_base(p)))
#define __ptr_offset(p) (__ptr_offset_bytes(p) / (long)sizeof(*(p)))
#define __read_implies(p, e) __implies(__read(p), (e))
#define __write_implies(p, e) __implies(__write(p), (e))
#define __atomic_implies(p, e) __implies(__atomic(p), (e))

/* What has no concrete meaning here yet: a clear compile error at the use. */
#ifdef __cplusplus
#define __GPUMC_GV_UNSUPPORTED                                                                   \
    __attribute__((device, unavailable("GPUVerify annotation not supported by gpumc")))
#else
#define __GPUMC_GV_UNSUPPORTED                                                                   \
    __attribute__((unavailable("GPUVerify annotation not supported by gpumc")))
#endif
__GPUMC_GV_UNSUPPORTED int __reads_from(const volatile void *p);
__GPUMC_GV_UNSUPPORTED int __writes_to(const volatile void *p);
__GPUMC_GV_UNSUPPORTED int __read_permission(const volatile void *p);
__GPUMC_GV_UNSUPPORTED int __write_permission(const volatile void *p);
__GPUMC_GV_UNSUPPORTED int __atomic_has_taken_value(const volatile void *p, unsigned long off,
                                                    int v);

#endif
