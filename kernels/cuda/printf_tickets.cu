// Each thread takes a ticket with atomicAdd and prints it; thread 0 also
// prints a line in two calls.  Every order of the tickets is an execution
// (the values printed differ), and gpumc shows each execution's output
// with -v.  Launch: --grid=1 --block=3, next: int[1].
#include <cstdio>

__global__ void tickets(int *next)
{
    int mine = atomicAdd(next, 1);
    printf("thread %d has ticket %d (%s, %.2f, %lld, %c, %x)\n", threadIdx.x, mine, "fmt", 0.5,
           (long long)mine - 10, 'a' + mine, 255u);
    if (threadIdx.x == 0) {
        printf("%*s, ", 12, "first part"); // a width given as an argument
        printf("second part\n");
    }
}
