// A struct passed by value, as real launch code bundles sizes, factors and
// device pointers: --arg g=v1,v2,... lists its scalar members in layout
// order (the nested range and the stride array flattened; a pointer member
// takes 0 or a zero-filled buffer such as float[1]).  With stride 1 every
// thread scales its own element; with stride 0 they all write x[0].  The
// total is summed with atomicAdd (with -DPLAIN: a racy +=).
struct Range {
    int lo, hi;
};

struct Grid {
    int n;
    float scale;
    Range range;
    int stride[2];
    float *total; // a device pointer: 0, or a buffer (region g#7)
};

__global__ void scale(Grid g, float *x)
{
    int i = g.range.lo + blockIdx.x * blockDim.x + threadIdx.x;
    if (i < g.range.hi && i < g.n) {
        x[i * g.stride[0]] *= g.scale;
        if (g.total) {
#ifdef PLAIN
            *g.total += 1.0f;
#else
            atomicAdd(g.total, 1.0f);
#endif
        }
    }
}
