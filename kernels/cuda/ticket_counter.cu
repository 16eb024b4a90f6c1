// Tickets beside a blind counter: each thread claims PER output slots
// with an atomicAdd whose result it uses (a ticket: the slot) and counts
// its claims with one whose result it ignores.  The tickets' order
// decides who writes which slot, so every order is an execution of its
// own; the counter's order never shows, though a claim taken from another
// thread's ticket orders the claims around it (the counter's add before
// the ticket is before the other thread's next add).
#ifndef PER
#define PER 3
#endif

__global__ void claim(int *next, int *claims, int *owner)
{
    for (int i = 0; i < PER; i++) {
        atomicAdd(claims, 1);
        int slot = atomicAdd(next, 1);
        owner[slot] = threadIdx.x;
    }
}
