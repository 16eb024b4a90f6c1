// Block statistics through one helper the kernel calls twice, on x and on
// y: the helper leaves its result in shared scratch, which the second call
// overwrites.  With -DRACE the barrier between the calls is missing, so
// the second call's first write races with a slow thread still reading
// the first call's result -- a report must say which call each access
// came through, as the helper is reached from two lines.
struct stats { float sum, lo, hi; };

__device__ stats block_stats(const float *v, float *scratch)
{
  unsigned t = threadIdx.x, n = blockDim.x;
  float s = v[t], lo = v[t], hi = v[t];
  for (int off = 16; off > 0; off >>= 1) {
    s += __shfl_down_sync(0xffffffffu, s, off);
    lo = fminf(lo, __shfl_down_sync(0xffffffffu, lo, off));
    hi = fmaxf(hi, __shfl_down_sync(0xffffffffu, hi, off));
  }
  if (t % 32 == 0) {
    scratch[3 * (t / 32)] = s;
    scratch[3 * (t / 32) + 1] = lo;
    scratch[3 * (t / 32) + 2] = hi;
  }
  __syncthreads();
  stats r = {0.0f, scratch[1], scratch[2]};
  for (unsigned w = 0; w < n / 32; w++) {
    r.sum += scratch[3 * w];
    r.lo = fminf(r.lo, scratch[3 * w + 1]);
    r.hi = fmaxf(r.hi, scratch[3 * w + 2]);
  }
  return r;
}

__global__ void spread(const float *x, const float *y, float *out)
{
  __shared__ float scratch[3 * 32];
  const float *bx = x + blockIdx.x * blockDim.x, *by = y + blockIdx.x * blockDim.x;
  stats a = block_stats(bx, scratch);
#ifndef RACE
  __syncthreads();
#endif
  stats b = block_stats(by, scratch);
  if (threadIdx.x == 0) {
    out[2 * blockIdx.x] = (a.hi - a.lo) / a.sum;
    out[2 * blockIdx.x + 1] = (b.hi - b.lo) / b.sum;
  }
}
