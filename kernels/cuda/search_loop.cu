/*
 * search_loop.cu -- a helper whose loop returns from its first iteration
 * (a linear search that finds its key at once), called again and again
 * with the same arguments: every call enters the loop afresh, so finding
 * its state as the previous call left it is no spin (1 CTA x 4 threads,
 * --block=4, keys = {7, 7, 7, 7}).
 *
 *   (none)   correct: each thread finds key 7 at index 0 three times; no
 *            error, 1 execution
 *   MISSING  thread 1 searches for 8, which is not there: the search
 *            returns -1 and the assertion fails
 */
__device__ int find(const int *keys, int n, int key)
{
    for (int i = 0; i < n; i++)
        if (keys[i] == key)
            return i;
    return -1;
}

__global__ void lookup(const int *keys, int *out)
{
    int key = 7;
#ifdef MISSING
    if (threadIdx.x == 1)
        key = 8;
#endif
    int hits = 0;
    for (int round = 0; round < 3; round++)
        hits += find(keys, 4, key) == 0;
    out[threadIdx.x] = hits;
    assert(hits == 3);
}
