// A warp-synchronous inclusive scan, the pre-Volta idiom: the lanes of a
// warp step through shared memory with no __syncwarp() between the steps,
// counting on the warp running in lockstep (in `s[t] += s[t - d]` every
// lane reads before any lane writes).  gpumc checks it as written for
// lockstep warps with --warp-sync=32 (GPUVerify's --warp-sync); without
// it threads are scheduled independently, as on Volta and later, and the
// steps race.  -DSYNCWARP adds the __syncwarp() calls Volta needs.
#ifndef BLOCK
#define BLOCK 64
#endif

__global__ void warp_scan(int *data)
{
    __shared__ int s[BLOCK];
    int t = threadIdx.x, lane = t & 31;
    s[t] = data[t];
#ifdef SYNCWARP
    __syncwarp();
#endif
    for (int d = 1; d < 32; d *= 2) {
#ifdef SYNCWARP
        int v = lane >= d ? s[t - d] : 0;
        __syncwarp();
        s[t] += v;
        __syncwarp();
#else
        if (lane >= d)
            s[t] += s[t - d];
#endif
    }
    data[t] = s[t];
}
