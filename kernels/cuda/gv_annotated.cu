/*
 * gv_annotated.cu -- a kernel written for GPUVerify, checked unedited: a
 * precondition, loop invariants in the loop condition and assertions.
 * Launch: --grid=1 --block=4 --arg n=4 (a: int[4]).
 *
 *   (none)   no error, 1 execution
 *   with --arg n=3 the kernel's precondition is false: the launch is
 *            outside its contract, a usage error (exit 17) at the __requires
 *   SHARED   every thread increments a[0]: data race
 *   LOOSE    the loop invariant claims i < n on every visit of the loop
 *            head: false at the last one, an assertion violation there
 *   CALLER   a helper's own __requires (step > 0) is broken by its caller:
 *            an assertion violation (the callee's contract, not the launch's)
 *   NO_WRITE the loop invariant claims the thread has not written a since
 *            its last barrier (__no_write(a)): false from the second visit
 *            of the loop head on, an assertion violation
 *
 * The access-log annotations (__write_implies, __write_offset_bytes,
 * __ptr_base, __ptr_offset_bytes) are evaluated on the thread's own
 * accesses and pointers.
 */
__device__ int step_of(int step)
{
    __requires(step > 0);
    return step;
}

__global__ void count_up(int *a, int n)
{
    __requires(n == 4);
#ifdef CALLER
    int step = step_of((int)threadIdx.x);
#else
    int step = step_of(1);
#endif
#ifdef SHARED
    unsigned i0 = 0;
#else
    unsigned i0 = threadIdx.x;
#endif
#ifdef LOOSE
    for (int i = 0; __invariant(i < n), i < n; i++)
#elif defined(NO_WRITE)
    for (int i = 0; __invariant(__no_write(a)), i < n; i++)
#else
    for (int i = 0; __invariant(i >= 0), __global_invariant(__implies(i > 0, a[i0] > 0)),
                    __invariant(__write_implies(a, __write_offset_bytes(a) / sizeof(int) == i0)),
                    __invariant(__implies(i > 0, __write(a) && __read(a))), i < n; i++)
#endif
        a[i0] += step;
    __assert(__ptr_base(&a[i0]) == a && __ptr_offset_bytes(&a[i0]) == (long)(i0 * sizeof(int)));
    __assert(__implies(threadIdx.x == 0, a[i0] >= n));
}
