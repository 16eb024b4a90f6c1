// Not repairable by an atomic: `c[0] = c[0] - v + 1` is not c[0] -= (v + 1)
// -- the repair declines rewrites it cannot prove equal (--grid=1 --block=2).
__global__ void count(int *c, const int *in)
{
    int v = in[threadIdx.x];
    c[0] = c[0] - v + 1;
}
