// A long loop of plain shared accesses: on shadow state they make no
// events, so --timeout must be polled inside the loop (harden_test.sh).
__global__ void count_up(int *a, long n)
{
    for (long i = 0; i < n; i++)
        a[threadIdx.x] += 1;
}
