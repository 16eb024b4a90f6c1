/*
 * atomic64.cl -- 64-bit atomics (cl_khr_int64_base_atomics and
 * cl_khr_int64_extended_atomics): a ticket dispenser whose counter starts
 * just below 2^32, so a 32-bit atomic would wrap where the 64-bit one
 * carries, and the OpenCL 2.0 atomic_long of the largest ticket seen.
 * Launch: --local-size=2 --num-groups=2
 *   --arg next=long[1]:4294967295 --arg tickets=long[4] --arg largest=long[1]
 *
 *   (none)  each work-item takes a ticket with atom_inc: the tickets are
 *           2^32 - 1 .. 2^32 + 2 in some order, next ends at 2^32 + 3;
 *           no error
 *   RACY    the counter is read and written plainly: a data race
 */
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable

kernel void take_ticket(global long *next, global long *tickets, global atomic_long *largest)
{
#ifdef RACY
    long t = *next;
    *next = t + 1;
#else
    long t = atom_inc(next);
#endif
    tickets[get_global_id(0)] = t;
    atomic_fetch_max_explicit(largest, t, memory_order_relaxed, memory_scope_device);
}
