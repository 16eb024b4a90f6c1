/*
 * found_flag.cu -- a search that raises a flag: every thread whose key
 * matches sets `found` with atomicExch, and every thread counts its probe
 * with atomicInc on a counter that wraps at 1024.  Neither result is used,
 * and identical exchanges (or incs) leave the same value in any order, so
 * the postcondition that reads both sees one order of them.
 * Launch: --grid=2 --block=4 --arg keys=int[8]:3,7,3,1,3,9,3,3 --arg key=3
 *         --arg found=int[1] --arg probes=unsigned[1]
 *         --post 'found[0] != 0 && probes[0] == 8'
 *
 *   (none)   no error, 1 execution (5 matching threads, 8 probes: one order)
 *   STAMP    each finder writes its own index + 1: the value left depends on
 *            the order, 5! = 120 executions (the probes still one order)
 */
__global__ void find(const int *keys, int key, int *found, unsigned *probes)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    atomicInc(probes, 1023);
    if (keys[i] == key)
#ifdef STAMP
        atomicExch(found, (int)i + 1);
#else
        atomicExch(found, 1);
#endif
}
