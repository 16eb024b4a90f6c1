/*
 * stencil250.cu -- a 250-line CUDA kernel for the frontend benchmark
 * (bench/frontend.sh): several device helpers, shared-memory tiles with
 * halos, loops, atomics and barriers -- the shape of a real stencil kernel.
 */
#define TILE 4
#define HALO 1

__device__ int clamp_index(int i, int n)
{
    if (i < 0)
        return 0;
    if (i >= n)
        return n - 1;
    return i;
}

__device__ int weight(int k)
{
    switch (k) {
    case -1: return 1;
    case 0: return 2;
    case 1: return 1;
    default: return 0;
    }
}

__device__ int load_tile(const int *in, int *tile, int base, int n)
{
    int t = threadIdx.x;
    tile[t + HALO] = in[clamp_index(base + t, n)];
    if (t == 0)
        tile[0] = in[clamp_index(base - 1, n)];
    if (t == blockDim.x - 1)
        tile[t + 2 * HALO] = in[clamp_index(base + t + 1, n)];
    return t;
}

__device__ int smooth(const int *tile, int t)
{
    int acc = 0;
    for (int k = -HALO; k <= HALO; k++)
        acc += weight(k) * tile[t + HALO + k];
    return acc / 4;
}

__device__ int gradient(const int *tile, int t)
{
    int left = tile[t + HALO - 1];
    int right = tile[t + HALO + 1];
    return right > left ? right - left : left - right;
}

__device__ void record_max(int *maxv, int v)
{
    atomicMax(maxv, v);
}

__device__ void record_min(int *minv, int v)
{
    atomicMin(minv, v);
}

__device__ void count_edges(int *edges, int g, int threshold)
{
    if (g > threshold)
        atomicAdd(edges, 1);
}

__device__ int reduce_tile(int *partial, int t)
{
    for (int stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        if (t % (2 * stride) == 0 && t + stride < blockDim.x)
            partial[t] += partial[t + stride];
    }
    __syncthreads();
    return partial[0];
}

__device__ int histogram_bin(int v, int bins)
{
    int b = v / 4;
    if (b >= bins)
        b = bins - 1;
    if (b < 0)
        b = 0;
    return b;
}

__device__ void update_histogram(int *hist, int v, int bins)
{
    int b = histogram_bin(v, bins);
    atomicAdd(&hist[b], 1);
}

__device__ int prefix_scan(int *scan, int t)
{
    for (int off = 1; off < blockDim.x; off <<= 1) {
        __syncthreads();
        int add = t >= off ? scan[t - off] : 0;
        __syncthreads();
        scan[t] += add;
    }
    __syncthreads();
    return scan[t];
}

__device__ int sum3(int a, int b, int c)
{
    return a + b + c;
}

__device__ int mix(int a, int b)
{
    int r = a * 3 + b;
    r ^= r >> 2;
    return r & 0xff;
}

__device__ void write_output(int *out, int idx, int v, int n)
{
    if (idx < n)
        out[idx] = v;
}

__device__ void write_pair(int *out, int idx, int a, int b, int n)
{
    write_output(out, 2 * idx, a, 2 * n);
    write_output(out, 2 * idx + 1, b, 2 * n);
}

__device__ int checksum(const int *tile, int len)
{
    int s = 0;
    for (int i = 0; i < len; i++)
        s = mix(s, tile[i]);
    return s;
}

__device__ void publish(int *flag, int *data, int v)
{
    *data = v;
    __threadfence();
    atomicExch(flag, 1);
}

__device__ int consume(int *flag, int *data)
{
    if (atomicAdd(flag, 0) == 1) {
        __threadfence();
        return *data;
    }
    return -1;
}

__device__ int saturate(int v, int lo, int hi)
{
    if (v < lo)
        return lo;
    if (v > hi)
        return hi;
    return v;
}

__device__ int blend(int a, int b, int w)
{
    int r = (a * w + b * (4 - w)) / 4;
    return saturate(r, 0, 255);
}

__device__ int median3(int a, int b, int c)
{
    int lo = a < b ? a : b;
    int hi = a < b ? b : a;
    if (c < lo)
        return lo;
    if (c > hi)
        return hi;
    return c;
}

__device__ int denoise(const int *tile, int t)
{
    int m = median3(tile[t + HALO - 1], tile[t + HALO], tile[t + HALO + 1]);
    return blend(m, tile[t + HALO], 3);
}

__global__ void stencil(const int *in, int *out, int *pairs, int *hist, int *stats,
                        int *flag, int *data, int n)
{
    __shared__ int tile[TILE + 2 * HALO];
    __shared__ int partial[TILE];
    __shared__ int scan[TILE];

    int base = blockIdx.x * blockDim.x;
    int t = load_tile(in, tile, base, n);
    __syncthreads();

    int s = smooth(tile, t);
    int g = gradient(tile, t);
    s = (s + denoise(tile, t)) / 2;
    write_output(out, base + t, s, n);
    write_pair(pairs, base + t, s, g, n);

    record_max(&stats[0], s);
    record_min(&stats[1], s);
    count_edges(&stats[2], g, 2);
    update_histogram(hist, s, 4);

    partial[t] = s;
    int total = reduce_tile(partial, t);
    scan[t] = g;
    int prefix = prefix_scan(scan, t);

    if (t == 0) {
        int c = checksum(tile, TILE + 2 * HALO);
        atomicAdd(&stats[3], sum3(total, prefix, c) & 1);
        if (blockIdx.x == 0)
            publish(flag, data, total);
    }
    if (t == 0 && blockIdx.x == 1) {
        int seen = consume(flag, data);
        if (seen >= 0)
            atomicAdd(&stats[4], 1);
    }
}

/* Host side (parsed, not lowered): how the kernel is launched. */
#ifdef HOST_CODE
int main(void)
{
    int n = 8;
    int *in, *out, *pairs, *hist, *stats, *flag, *data;
    cudaMalloc(&in, n * sizeof(int));
    cudaMalloc(&out, n * sizeof(int));
    cudaMalloc(&pairs, 2 * n * sizeof(int));
    cudaMalloc(&hist, 4 * sizeof(int));
    cudaMalloc(&stats, 5 * sizeof(int));
    cudaMalloc(&flag, sizeof(int));
    cudaMalloc(&data, sizeof(int));
    stencil<<<2, TILE>>>(in, out, pairs, hist, stats, flag, data, n);
    cudaDeviceSynchronize();
    return 0;
}
#endif

/*
 * Notes for readers of the benchmark:
 *  - the shared tile has a halo of one element on each side;
 *  - reduce_tile and prefix_scan are the classic shared-memory tree
 *    reduction and Hillis-Steele scan, barrier between each step;
 *  - publish/consume pass one value between the two CTAs through a flag
 *    with device-scope fences;
 *  - stats: 0 max, 1 min, 2 edges, 3 parity, 4 consumer saw the value.
 */
