/*
 * gv_noovfl.cl -- GPUVerify's overflow annotations, checked unedited: each
 * work-item writes base + its local id, added with __add_noovfl_unsigned_int
 * under the precondition that base + n fits (__add_noovfl).
 * Launch: --global-size=4 --local-size=4 --arg out=uint[4] --arg base=1 --arg n=4
 *
 *   (none)           no error, 1 execution; out = {1, 2, 3, 4}
 *   base=4294967295  the precondition __add_noovfl(base, n) is false: a usage
 *                    error (exit 17), the launch is outside the kernel's contract
 *   WRAP (base=4294967294, n=0)  __add_unsigned_int wraps for local ids 2 and 3:
 *                    the assertion off >= base fails, an assertion violation
 */
__kernel void offsets(__global uint *out, uint base, uint n)
{
    __requires(__add_noovfl(base, n));
    uint lid = get_local_id(0);
#ifdef WRAP
    uint off = __add_unsigned_int(base, lid);
#else
    uint off = __add_noovfl_unsigned_int(base, lid);
#endif
    __assert(off >= base);
    out[lid] = off;
}
