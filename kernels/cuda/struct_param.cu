// A struct passed by value, as real launch code bundles sizes and
// factors: --arg g=v1,v2,... lists its scalar members in layout order
// (the nested range and the stride array flattened).  With stride 1 every
// thread scales its own element; with stride 0 they all write x[0].
struct Range {
    int lo, hi;
};

struct Grid {
    int n;
    float scale;
    Range range;
    int stride[2];
    const float *unused; // a pointer member: only 0 can be given
};

__global__ void scale(Grid g, float *x)
{
    int i = g.range.lo + blockIdx.x * blockDim.x + threadIdx.x;
    if (i < g.range.hi && i < g.n)
        x[i * g.stride[0]] *= g.scale;
}
