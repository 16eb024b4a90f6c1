/*
 * gv_annotated.cu -- a kernel written for GPUVerify, checked unedited: a
 * precondition, loop invariants in the loop condition and assertions.
 * Launch: --grid=1 --block=4 --arg n=4 (a: int[4]).
 *
 *   (none)   no error, 1 execution
 *   with --arg n=3 the precondition is false: an assertion violation at
 *            the __requires (the launch is outside the kernel's contract)
 *   SHARED   every thread increments a[0]: data race
 */
__global__ void count_up(int *a, int n)
{
    __requires(n == 4);
#ifdef SHARED
    unsigned i0 = 0;
#else
    unsigned i0 = threadIdx.x;
#endif
    for (int i = 0; __invariant(i >= 0), __global_invariant(__implies(i > 0, a[i0] > 0)), i < n; i++)
        a[i0] += 1;
    __assert(__implies(threadIdx.x == 0, a[i0] >= n));
}
