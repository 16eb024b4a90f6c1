// A warp-synchronous inclusive scan, the pre-Volta idiom: the lanes of a
// warp step through shared memory with no __syncwarp() between the steps,
// counting on the warp running in lockstep (in `s[t] += s[t - d]` every
// lane reads before any lane writes).  gpumc checks it as written for
// lockstep warps with --warp-sync=32 (GPUVerify's --warp-sync); without
// it threads are scheduled independently, as on Volta and later, and the
// steps race.  -DSYNCWARP adds the __syncwarp() calls Volta needs.
// -DHELPER: the steps are in a __device__ function written above the kernel
// (a lane leaving the kernel's first access for the helper's lines, earlier
// in the file, still waits for its warp there).
#ifndef BLOCK
#define BLOCK 64
#endif

#ifdef HELPER
__device__ void scan_steps(volatile int *s, int t, int lane)
{
    for (int d = 1; d < 32; d *= 2)
        if (lane >= d)
            s[t] += s[t - d];
}
#endif

__global__ void warp_scan(int *data)
{
    __shared__ int s[BLOCK];
    int t = threadIdx.x, lane = t & 31;
    s[t] = data[t];
#ifdef HELPER
    scan_steps(s, t, lane);
    data[t] = s[t];
    return;
#endif
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
