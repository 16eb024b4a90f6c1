// Warp collectives over part of a warp: after a full-warp ballot, the lower 16 lanes
// sum their lane ids with __shfl_down_sync over their own mask (0x0000ffff), while the
// upper 16 sum theirs over 0xffff0000 and synchronise once more on their own; then the
// whole warp meets again with __syncwarp().  Lane 0 and lane 16 check their sums
// (0+...+15 = 120, 16+...+31 = 376) into out[2 * warp] and out[2 * warp + 1], and every
// lane checks the ballot (so the block is whole warps).
// -DMISSING_LANE: lane 15 skips the lower half's shuffles its mask names it in: barrier
// divergence.  -DNOT_NAMED: lane 16 joins the lower half's first shuffle with the lower
// mask, which does not name it: barrier divergence.
__global__ void halves(int *out)
{
    unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    unsigned lower = __ballot_sync(0xffffffffu, lane < 16);
    assert(lower == 0x0000ffffu);
    int v = lane;
    if (lane < 16) {
#ifdef MISSING_LANE
        if (lane != 15)
#endif
            for (int off = 8; off > 0; off >>= 1)
                v += __shfl_down_sync(lower, v, off);
        if (lane == 0) {
            assert(v == 120);
            out[2 * warp] = v;
        }
    } else {
        unsigned upper = ~lower;
#ifdef NOT_NAMED
        if (lane == 16)
            v += __shfl_down_sync(lower, v, 8);
#endif
        for (int off = 8; off > 0; off >>= 1)
            v += __shfl_down_sync(upper, v, off);
        __syncwarp(upper);
        if (lane == 16) {
            assert(v == 376);
            out[2 * warp + 1] = v;
        }
    }
    __syncwarp();
}
