// cub::BlockExchange and cub::BlockAdjacentDifference: a block of 4 threads
// loads 16 values striped (item i of thread t is element 4i + t), turns them
// into the blocked arrangement (thread t holds 4t .. 4t+3), differences each
// item with its left neighbour in that order (the first item is kept), and
// stores them blocked; then it differences the squares with their right
// neighbours (the last is kept) into a second array.  Launch: --grid=1
// --block=4, in = int[16] of 0..15, left = int[16], right = int[16]; --post pins:
// left = 0, 1, 1, ..., right[i] = i^2 - (i+1)^2 = -2i - 1 but right[15] = 225.
// -DNO_SYNC: the second collective reuses the first one's storage without the
//            __syncthreads() CUB requires in between: a data race.
// -DWARP: the exchange is a cub::WarpExchange over logical warps of 2 lanes
//         (elements 0..7 and 8..15 striped within each pair): thread t again
//         holds 4t .. 4t+3, so left and right are the same.
#include <cub/cub.cuh>

struct Minus {
    __device__ int operator()(int &a, int &b) { return a - b; }
};

__global__ void exchange(const int *in, int *left, int *right)
{
    typedef cub::BlockExchange<int, 4, 4> Exchange;
    typedef cub::BlockAdjacentDifference<int, 4> Adjacent;
    __shared__ union {
        Exchange::TempStorage exchange;
        Adjacent::TempStorage adjacent;
    } temp;
    int t = threadIdx.x, v[4];
#ifdef WARP
    typedef cub::WarpExchange<int, 4, 2> PairExchange;
    __shared__ PairExchange::TempStorage pairs[2];
    for (int i = 0; i < 4; i++)
        v[i] = in[8 * (t / 2) + 2 * i + t % 2]; /* striped within the pair */
    PairExchange(pairs[t / 2]).StripedToBlocked(v, v);
#else
    for (int i = 0; i < 4; i++)
        v[i] = in[4 * i + t]; /* striped */
    Exchange(temp.exchange).StripedToBlocked(v, v);
#endif
#ifndef NO_SYNC
    __syncthreads();
#endif
    int d[4];
    Adjacent(temp.adjacent).SubtractLeft(v, d, Minus());
    for (int i = 0; i < 4; i++) {
        left[4 * t + i] = d[i];
        v[i] *= v[i];
    }
    __syncthreads();
    Adjacent(temp.adjacent).SubtractRight(v, v, Minus());
    for (int i = 0; i < 4; i++)
        right[4 * t + i] = v[i];
}
